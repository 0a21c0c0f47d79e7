"""The "Français" / "English" switch on every page: a POST to Django's
set_language that remembers the choice in a cookie and comes back to the
same page, now in the other language."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tables.models import Table

from .conftest import visible_text

pytestmark = pytest.mark.django_db

SWITCH = f'action="{reverse("set_language")}"'


def pages(evening) -> list[str]:
    table = Table.objects.filter(evening=evening).first()
    slug = evening.slug
    return [
        reverse("home"),
        reverse("login"),
        reverse("evening-list"),
        reverse("evening-detail", args=[slug]),
        reverse("door", args=[slug]),
        reverse("game-screen", args=[slug]),
        reverse("standings", args=[slug]),
        reverse("prizes", args=[slug]),
        reverse("jar", args=[slug]),
        reverse("print-index", args=[slug]),
        reverse("tableside", args=[table.token]),
        reverse("board", args=[slug]),
        reverse("board-couple", args=[slug, 1]),
        reverse("board-tv", args=[slug]),
        reverse("dispute"),
        reverse("evening-dispute-legal", args=[slug]),
    ]


def test_every_page_offers_french_to_an_english_browser_and_english_to_a_french_one(
    running, organizer
):
    for language, offered in (("en", 'value="fr"'), ("fr", 'value="en"')):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(organizer)
        for url in pages(running):
            html = client.get(url).content.decode()
            assert SWITCH in html, url
            assert offered in html, (language, url)


def test_the_switch_sets_french_and_returns_to_the_same_page(running, organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    for url in pages(running):
        response = client.post(reverse("set_language"), {"language": "fr", "next": url})
        assert response.status_code == 302
        assert response["Location"] == url
        assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
        page = client.get(url)
        assert page["Content-Language"] == "fr", url
        client.cookies.pop(settings.LANGUAGE_COOKIE_NAME)


def test_the_choice_outlasts_the_browsers_own_language(played):
    client = Client(HTTP_ACCEPT_LANGUAGE="en-CA,en")
    url = reverse("board", args=[played.slug])
    client.post(reverse("set_language"), {"language": "fr", "next": url})
    assert "Classement final" in visible_text(client.get(url).content)
    client.post(reverse("set_language"), {"language": "en", "next": url})
    assert "Final standings" in visible_text(client.get(url).content)


def test_a_french_browser_can_switch_to_english(played):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    url = reverse("prizes", args=[played.slug])
    response = client.post(reverse("set_language"), {"language": "en", "next": url})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"


def test_the_switch_never_sends_anyone_to_another_site(db):
    client = Client()
    response = client.post(
        reverse("set_language"), {"language": "fr", "next": "https://example.com/"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_an_unknown_language_is_ignored(played):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    url = reverse("board", args=[played.slug])
    client.post(reverse("set_language"), {"language": "de", "next": url})
    assert client.get(url)["Content-Language"] == "en"
