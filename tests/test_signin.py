"""Signing in, and the limit on wrong passwords."""

import pytest
from django.test import Client

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def attempt(client: Client, username: str, password: str):
    return client.post("/accounts/login/", {"username": username, "password": password})


def test_a_volunteer_signs_in_and_lands_on_the_evenings(volunteer):
    response = attempt(Client(), "vince", PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == "/evenings/"


def test_a_wrong_password_gets_a_message(volunteer):
    response = attempt(Client(), "vince", "nope")
    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()


def test_five_wrong_passwords_lock_that_name_for_a_while(volunteer):
    client = Client()
    for _ in range(5):
        attempt(client, "vince", "wrong")
    response = attempt(client, "vince", PASSWORD)
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_lock_is_per_name_so_others_can_still_sign_in(volunteer, organizer):
    client = Client()
    for _ in range(5):
        attempt(client, "vince", "wrong")
    assert attempt(client, "olive", PASSWORD).status_code == 302


def test_signing_out_needs_a_post(volunteer_client):
    assert volunteer_client.get("/accounts/logout/").status_code == 405
    assert volunteer_client.post("/accounts/logout/").status_code == 302
