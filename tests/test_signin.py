"""Signing in, and the limit on wrong passwords."""

import re
from urllib.parse import quote

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tables import services
from tables.models import Membership, OneTimePassword
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


def test_wrong_names_from_a_halls_address_lock_nobody_else_there(volunteer, organizer):
    """A hall's phones reach the laptop from one address (its Wi-Fi, or the
    proxy's): a dozen mistyped or guessed names lock those names there, not
    the organizer or the volunteers."""
    client = Client(REMOTE_ADDR="192.168.1.20")
    for n in range(12):
        for _ in range(5):
            attempt(client, f"guess{n}", "wrong")
    assert attempt(client, "guess0", "wrong").status_code == 429
    assert attempt(Client(REMOTE_ADDR="192.168.1.20"), "vince", PASSWORD).status_code == 302
    assert attempt(Client(REMOTE_ADDR="192.168.1.20"), "olive", PASSWORD).status_code == 302


# --- A one-time password is changed at the first sign-in ----------------------


def new_volunteer(hall) -> tuple[str, str]:
    """A volunteer added by an organizer: her user name and one-time password."""
    added = services.add_member(hall, "vera", Membership.Role.VOLUNTEER)
    return added.username, added.password


def test_a_one_time_password_leads_to_choosing_ones_own_first(hall, evening):
    name, password = new_volunteer(hall)
    client = Client()
    hub = reverse("evening-detail", args=[evening.slug])
    response = client.post(
        f"{reverse('login')}?next={hub}", {"username": name, "password": password}
    )
    assert response.status_code == 302 and response["Location"] == hub
    # Every page leads to choosing a password, and back to where she was going.
    response = client.get(hub)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('password_change')}?next={quote(hub, safe='')}"
    assert client.get(reverse("evening-list"))["Location"].startswith(reverse("password_change"))
    page = client.get(response["Location"]).content.decode()
    assert "Choose your own password" in page and f'value="{hub}"' in page
    response = client.post(
        reverse("password_change"),
        {"old_password": password, "new_password1": "kitchen-table-45",
         "new_password2": "kitchen-table-45", "next": hub},
    )  # fmt: skip
    assert response.status_code == 302 and response["Location"] == hub
    assert client.get(hub).status_code == 200
    assert not OneTimePassword.objects.exists()
    # Next time, nothing in the way.
    again = Client()
    assert attempt(again, name, "kitchen-table-45").status_code == 302
    assert again.get(reverse("evening-list")).status_code == 200


def test_signing_out_and_the_language_stay_open_with_a_one_time_password(hall):
    name, password = new_volunteer(hall)
    client = Client()
    attempt(client, name, password)
    assert client.post(reverse("set_language"), {"language": "fr", "next": "/"}).status_code == 302
    assert client.get(reverse("password_change")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("evening-list"))["Location"].startswith(reverse("login"))


def test_a_posted_form_with_a_one_time_password_is_not_saved(hall, evening):
    name, password = new_volunteer(hall)
    client = Client()
    attempt(client, name, password)
    response = client.post(reverse("door", args=[evening.slug]), {"player1": "A", "player2": "B"})
    assert response.status_code == 302 and response["Location"] == reverse("password_change")
    assert not evening.couples.exists()


def test_the_printed_first_organizer_password_is_changed_at_first_sign_in(db, capsys):
    call_command("ensure_organizer")
    password = re.search(r"password: (\S+)", capsys.readouterr().out).group(1)
    client = Client()
    attempt(client, "organizer", password)
    assert client.get(reverse("evening-list"))["Location"].startswith(reverse("password_change"))


def test_a_chosen_superuser_password_is_not_one_time(db, monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_USERNAME", "admin")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", PASSWORD)
    call_command("ensure_organizer")
    client = Client()
    attempt(client, "admin", PASSWORD)
    assert client.get(reverse("evening-list")).status_code == 200


def test_a_password_someone_chose_is_not_one_time(volunteer_client):
    assert volunteer_client.get(reverse("evening-list")).status_code == 200
