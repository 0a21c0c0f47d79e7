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


def proxied(forwarded_for: str, proxy: str = "10.0.0.1") -> Client:
    """A client whose requests reach CardNight through a reverse proxy."""
    return Client(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR=forwarded_for)


def test_behind_a_trusted_proxy_a_lockout_is_per_client_not_for_everyone(
    volunteer, organizer, settings
):
    settings.CARDNIGHT_TRUSTED_PROXIES = 1
    attacker = proxied("203.0.113.9")
    for _ in range(5):
        attempt(attacker, "olive", "wrong")
    assert attempt(attacker, "olive", PASSWORD).status_code == 429
    # The organizer, through the same proxy from her own phone, still signs in.
    assert attempt(proxied("198.51.100.7"), "olive", PASSWORD).status_code == 302


def test_a_forged_forwarded_for_is_not_believed(volunteer, organizer, settings):
    settings.CARDNIGHT_TRUSTED_PROXIES = 1
    for n in range(5):
        # The client sends its own X-Forwarded-For; the proxy appends the real address.
        attempt(proxied(f"192.0.2.{n}, 203.0.113.9"), "olive", "wrong")
    assert attempt(proxied("192.0.2.77, 203.0.113.9"), "olive", PASSWORD).status_code == 429


def test_without_a_trusted_proxy_the_header_is_ignored(volunteer, settings):
    from django.test import RequestFactory

    from cardnight.signin import client_ip

    settings.CARDNIGHT_TRUSTED_PROXIES = 0
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert client_ip(request) == "10.0.0.5"
    settings.CARDNIGHT_TRUSTED_PROXIES = 2
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.5", HTTP_X_FORWARDED_FOR="6.6.6.6, 1.2.3.4, 10.0.0.9"
    )
    assert client_ip(request) == "1.2.3.4"


def test_one_address_may_try_only_so_many_new_user_names(volunteer, settings):
    settings.CARDNIGHT_SIGNIN_NAMES_PER_ADDRESS = 3
    client = Client()
    for name in ("ann", "bob", "cy"):
        assert attempt(client, name, "guess").status_code == 200
    response = attempt(client, "dot", "guess")
    assert response.status_code == 429
    assert "Too many wrong sign-ins from this phone" in response.content.decode()
    # A name already tried is still judged by its own count (it has not hit 5).
    assert attempt(client, "ann", "guess").status_code == 200
    # Another address is not affected.
    assert attempt(Client(REMOTE_ADDR="10.9.9.9"), "vince", PASSWORD).status_code == 302
