"""A signed-in volunteer's session, read as Django reads it, for less."""

import datetime

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

pytestmark = pytest.mark.django_db


def test_a_signed_in_volunteer_stays_signed_in_until_the_session_expires(volunteer_client, evening):
    page = reverse("game-screen", args=[evening.slug])
    assert volunteer_client.get(page).status_code == 200
    key = volunteer_client.cookies["sessionid"].value
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - datetime.timedelta(seconds=1)
    )
    response = volunteer_client.get(page)
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_an_unknown_session_key_is_no_session(client, evening):
    client.cookies["sessionid"] = "x" * 32
    response = client.get(reverse("game-screen", args=[evening.slug]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_session_store_is_the_prepared_one(settings):
    from django.contrib.sessions.backends.db import SessionStore

    from cardnight.sessions import SessionStore as Ours

    assert settings.SESSION_ENGINE == "cardnight.sessions" and issubclass(Ours, SessionStore)
