"""Self check-in (the hall's week): a couple types its names on its own phone
while it waits in line; a volunteer confirms it at the door, and only then is
the couple registered and numbered, as the door form registers it."""

import datetime
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from cardnight.errors import Conflict
from tables import services
from tables.models import CheckinEntry, Couple, Evening
from tables.services import checkin
from tables.services.checkin import NotFound

from .conftest import add_couples

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_evening(evening):
    """An evening of a hall with self check-in on, still registering."""
    evening.hall.self_checkin = True
    evening.hall.save()
    return Evening.objects.select_related("hall").get(pk=evening.pk)


def page(evening) -> str:
    return reverse("checkin", args=[evening.checkin_token])


def door(evening) -> str:
    return reverse("door", args=[evening.slug])


def confirm_url(evening, entry) -> str:
    return reverse("checkin-confirm", args=[evening.slug, entry.pk])


def send(client: Client, evening, one="Mary", two="Jim"):
    return client.post(page(evening), {"player1": one, "player2": two})


def key_for(html: str, entry) -> str:
    block = html.split(f'id="checkin-{entry.pk}"', 1)[1]
    return re.search(r'name="request_id" value="([^"]+)"', block).group(1)


# --- The phone ----------------------------------------------------------------


def test_a_phone_registers_itself_and_waits_without_a_number(open_evening):
    phone = Client()
    response = send(phone, open_evening, "  Mary   MacNeil ", "Jim")
    assert response.status_code == 302
    entry = CheckinEntry.objects.get()
    assert (entry.player1, entry.player2, entry.confirmed_at) == ("Mary MacNeil", "Jim", None)
    assert not open_evening.couples.exists()  # no couple, no number until confirmed
    html = phone.get(page(open_evening)).content.decode()
    assert "Mary MacNeil &amp; Jim" in html and "On the door's list since" in html
    assert "You are couple" not in html


def test_the_page_is_refused_when_the_hall_has_self_checkin_off(evening):
    response = send(Client(), evening)
    assert response.status_code == 409
    assert "Self check-in is off" in response.content.decode()
    assert not CheckinEntry.objects.exists()
    assert 'id="checkin-form"' not in Client().get(page(evening)).content.decode()


def test_entries_are_refused_once_play_has_started(open_evening):
    add_couples(open_evening, 4)
    services.start_evening(open_evening, seed=1)
    response = send(Client(), open_evening)
    assert response.status_code == 409
    assert "Play has started" in response.content.decode()
    assert not CheckinEntry.objects.exists()


def test_a_made_up_link_is_a_404_that_names_nothing():
    response = Client().get(reverse("checkin", args=["x" * 32]))
    assert response.status_code == 404
    assert "not valid" in response.content.decode()


def test_the_phone_page_shows_no_other_couple_and_no_other_phone(open_evening):
    services.register_couple(open_evening, "Hidden Person", "Another Secret")
    first, second = Client(), Client()
    send(first, open_evening, "Mary", "Jim")
    send(second, open_evening, "Ann", "Joe")
    html = second.get(page(open_evening)).content.decode()
    assert "Ann &amp; Joe" in html
    assert "Mary" not in html and "Hidden Person" not in html and "Another Secret" not in html


def test_a_phone_withdraws_its_own_entry_but_not_another_phones(open_evening):
    mine, theirs = Client(), Client()
    send(mine, open_evening, "Mary", "Jim")
    entry = CheckinEntry.objects.get()
    send(theirs, open_evening, "Ann", "Joe")  # a phone with entries of its own
    url = reverse("checkin-withdraw", args=[open_evening.checkin_token, entry.pk])
    refused = theirs.post(url)
    assert refused.status_code == 404
    assert CheckinEntry.objects.filter(pk=entry.pk).exists()
    assert mine.post(url).status_code == 302
    assert list(CheckinEntry.objects.values_list("player1", flat=True)) == ["Ann"]


def test_the_same_names_sent_twice_are_one_entry(open_evening):
    phone = Client()
    send(phone, open_evening, "Mary", "Jim")
    send(phone, open_evening, "jim", "MARY")
    assert CheckinEntry.objects.count() == 1


def a_minute_later(entries=None) -> None:
    """Move every entry (or `entries`) a minute and a second into the past."""
    rows = CheckinEntry.objects.filter(pk__in=[e.pk for e in entries]) if entries else None
    (rows or CheckinEntry.objects.all()).update(
        created_at=timezone.now() - checkin.MINUTE - datetime.timedelta(seconds=1)
    )


def test_a_phone_is_capped_per_minute_and_per_evening(open_evening):
    phone = Client()
    for n in range(checkin.PER_MINUTE):
        assert send(phone, open_evening, f"Ann {n}", "Joe").status_code == 302
    refused = send(phone, open_evening, "One", "More")
    assert refused.status_code == 409 and "in a minute" in refused.content.decode()
    a_minute_later()
    for n in range(checkin.ENTRIES_PER_PHONE - checkin.PER_MINUTE):
        assert send(phone, open_evening, f"Bea {n}", "Joe").status_code == 302
    a_minute_later()
    refused = send(phone, open_evening, "Last", "Try")
    assert refused.status_code == 409 and "entries tonight" in refused.content.decode()
    assert send(Client(), open_evening, "Other", "Phone").status_code == 302  # per phone


def test_the_limits_hold_across_server_processes(open_evening, settings):
    """Counted from the entries, not in a process's memory: two workers of
    the laptop's server (each its own cache) see the same counts."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
        "fragments": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    phone = Client()
    for n in range(checkin.PER_MINUTE):
        assert send(phone, open_evening, f"Ann {n}", "Joe").status_code == 302
    assert send(phone, open_evening, "One", "More").status_code == 409


def test_a_script_with_a_fresh_cookie_each_time_cannot_fill_the_door(
    open_evening, organizer_client, volunteer_client
):
    """A prankster's script sends entries as fast as it can, a new phone each
    time: it gets ALL_PER_MINUTE a minute, not the door's whole list in
    seconds; the organizer clears them in one tap; the door registers real
    couples all along."""
    sent = [send(Client(), open_evening, f"Prank {n}", "Joke").status_code for n in range(40)]
    assert sent.count(302) == checkin.ALL_PER_MINUTE
    refused = send(Client(), open_evening, "Real", "Couple")
    assert refused.status_code == 409
    assert "Many phones are sending names right now" in refused.content.decode()
    # The door's own registration is never blocked.
    response = volunteer_client.post(door(open_evening), {"player1": "Mary", "player2": "John"})
    assert response.status_code == 302
    assert open_evening.couples.filter(player1="Mary").exists()
    # One tap takes the whole waiting list away, and says how many.
    page = organizer_client.get(door(open_evening)).content.decode()
    assert f"Clear the waiting list ({checkin.ALL_PER_MINUTE})" in page
    response = organizer_client.post(
        reverse("checkin-clear", args=[open_evening.slug]), follow=True
    )
    assert f"{checkin.ALL_PER_MINUTE} entries taken off the waiting list." in (
        response.content.decode()
    )
    assert checkin.waiting_entries(open_evening) == []
    assert open_evening.couples.count() == 1  # the registered couple stays
    a_minute_later()
    assert send(Client(), open_evening, "Real", "Couple").status_code == 302


def test_the_list_holds_at_most_max_waiting(open_evening, monkeypatch):
    monkeypatch.setattr(checkin, "MAX_WAITING", 3)
    for n in range(3):
        checkin.submit_entry(open_evening, f"{n:064d}", f"Ann {n}", "Joe")
    with pytest.raises(Conflict, match="list is full"):
        checkin.submit_entry(open_evening, "9" * 64, "Bea", "Joe")


def test_only_an_organizer_clears_the_waiting_list(open_evening, volunteer_client):
    checkin.submit_entry(open_evening, "d" * 64, "Mary", "Jim")
    assert "Clear the waiting list" not in volunteer_client.get(door(open_evening)).content.decode()
    response = volunteer_client.post(reverse("checkin-clear", args=[open_evening.slug]))
    assert response.status_code in (403, 404)
    assert len(checkin.waiting_entries(open_evening)) == 1
    assert volunteer_client.get(reverse("checkin-clear", args=[open_evening.slug])).status_code in (
        403,
        404,
        405,
    )


def test_an_entry_expires_after_two_hours_and_when_play_starts(open_evening):
    entry = checkin.submit_entry(open_evening, "d" * 64, "Mary", "Jim")
    assert checkin.waiting_entries(open_evening) == [entry]
    CheckinEntry.objects.filter(pk=entry.pk).update(
        created_at=timezone.now() - checkin.EXPIRES - datetime.timedelta(minutes=1)
    )
    assert checkin.waiting_entries(open_evening) == []
    with pytest.raises(Conflict, match="expired"):
        checkin.confirm_entry(open_evening, entry.pk, "k" * 12)
    assert not open_evening.couples.exists()
    fresh = checkin.submit_entry(open_evening, "e" * 64, "Ann", "Joe")
    assert not CheckinEntry.objects.filter(pk=entry.pk).exists()  # the old names are gone
    add_couples(open_evening, 4)
    services.start_evening(open_evening, seed=1)
    open_evening.refresh_from_db()
    assert checkin.waiting_entries(open_evening) == []
    assert checkin.state_of(CheckinEntry.objects.get(pk=fresh.pk), open_evening) == "expired"


# --- The door -----------------------------------------------------------------


def test_the_door_confirms_an_entry_paid_and_the_phone_gets_its_number(
    open_evening, volunteer_client
):
    Evening.objects.filter(pk=open_evening.pk).update(cookie_jar=True)
    phone = Client()
    send(phone, open_evening, "Mary", "Jim")
    entry = CheckinEntry.objects.get()
    html = volunteer_client.get(door(open_evening)).content.decode()
    assert "Waiting at the door: 1" in html and "Mary &amp; Jim" in html
    data = {"paid": "1", "jar_buy_in": "1", "request_id": key_for(html, entry)}
    response = volunteer_client.post(confirm_url(open_evening, entry), data)
    assert response.status_code == 302
    couple = Couple.objects.get()
    assert (couple.number, couple.names, couple.paid, couple.jar_buy_in) == (
        1,
        "Mary & Jim",
        True,
        True,
    )
    assert "You are couple <strong>1</strong>" in phone.get(page(open_evening)).content.decode()
    assert "Waiting at the door: 0" in volunteer_client.get(door(open_evening)).content.decode()


def test_confirm_tapped_twice_registers_one_couple(open_evening, volunteer_client):
    send(Client(), open_evening)
    entry = CheckinEntry.objects.get()
    html = volunteer_client.get(door(open_evening)).content.decode()
    data = {"request_id": key_for(html, entry)}
    headers = {"HX-Request": "true"}
    first = volunteer_client.post(confirm_url(open_evening, entry), data, headers=headers)
    second = volunteer_client.post(confirm_url(open_evening, entry), data, headers=headers)
    other_key = volunteer_client.post(
        confirm_url(open_evening, entry), {"request_id": "another-id-1234"}, headers=headers
    )
    assert first.status_code == second.status_code == other_key.status_code == 200
    assert Couple.objects.count() == 1
    assert "Couple 1: Mary &amp; Jim is registered." in other_key.content.decode()


def test_a_duplicate_is_warned_about_and_registered_only_anyway(open_evening, volunteer_client):
    services.register_couple(open_evening, "Mary", "Jim")
    send(Client(), open_evening, "jim", "mary")
    entry = CheckinEntry.objects.get()
    html = volunteer_client.get(door(open_evening)).content.decode()
    response = volunteer_client.post(
        confirm_url(open_evening, entry), {"request_id": key_for(html, entry)}
    )
    assert response.status_code == 409
    warned = response.content.decode()
    assert "already registered as couple 1" in warned
    assert 'name="anyway" value="1"' in warned
    assert Couple.objects.count() == 1
    data = {"request_id": key_for(warned, entry), "anyway": "1"}
    assert volunteer_client.post(confirm_url(open_evening, entry), data).status_code == 302
    assert Couple.objects.count() == 2


def test_remove_takes_an_entry_off_the_list_and_registers_nobody(open_evening, volunteer_client):
    phone = Client()
    send(phone, open_evening)
    entry = CheckinEntry.objects.get()
    url = reverse("checkin-remove", args=[open_evening.slug, entry.pk])
    assert volunteer_client.post(url).status_code == 302
    assert volunteer_client.post(url).status_code == 302  # a second tap: nothing to do
    assert not CheckinEntry.objects.exists() and not Couple.objects.exists()


def test_the_door_of_another_hall_cannot_confirm_an_entry(open_evening, outsider_client):
    send(Client(), open_evening)
    entry = CheckinEntry.objects.get()
    assert outsider_client.post(confirm_url(open_evening, entry)).status_code == 404
    assert outsider_client.get(door(open_evening)).status_code == 404
    assert not Couple.objects.exists()


def test_an_entry_of_another_evening_cannot_be_confirmed_here(open_evening, volunteer_client):
    other = Evening.objects.create(
        hall=open_evening.hall, name="Saturday", slug="saturday", date=open_evening.date
    )
    entry = checkin.submit_entry(other, "d" * 64, "Mary", "Jim")
    with pytest.raises(NotFound):
        checkin.confirm_entry(open_evening, entry.pk)
    assert volunteer_client.post(confirm_url(open_evening, entry)).status_code == 404


# --- Query counts ---------------------------------------------------------------


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_door_and_the_phone_page_cost_the_same_however_many_wait(
    open_evening, volunteer_client, monkeypatch
):
    monkeypatch.setattr(checkin, "ALL_PER_MINUTE", 100)
    phone = Client()
    send(phone, open_evening, "Mary", "Jim")
    send(Client(), open_evening, "Ann", "Joe")
    door_few, phone_few = (
        _queries(volunteer_client, door(open_evening)),
        _queries(phone, page(open_evening)),
    )
    for n in range(12):
        checkin.submit_entry(open_evening, f"{n:064d}", f"Bea {n}", "Joe")
    add_couples(open_evening, 6)
    send(phone, open_evening, "Kay", "Lou")
    assert _queries(volunteer_client, door(open_evening)) == door_few
    assert _queries(phone, page(open_evening)) == phone_few


def test_a_phone_checked_in_shows_its_couple_not_the_form_again(open_evening):
    """Issue 48, point 8: once confirmed (and while waiting) the phone still
    showed "While you wait in line: type both names" under its number, and
    the "You are on the door" message. A phone lends itself to a
    second couple through a link."""
    phone = Client()
    html = phone.get(page(open_evening)).content.decode()
    assert 'id="checkin-form"' in html  # nothing sent yet: the form
    send(phone, open_evening)
    html = phone.get(page(open_evening)).content.decode()
    assert "On the door's list since" in html
    assert 'id="checkin-form"' not in html and "While you wait in line" not in html
    assert "Check in another couple" in html
    entry = CheckinEntry.objects.get()
    checkin.confirm_entry(open_evening, entry.pk, "k" * 12)
    for response in (
        phone.get(page(open_evening)),
        phone.get(page(open_evening), headers={"HX-Request": "true"}),  # the poll
    ):
        html = response.content.decode()
        assert "You are couple <strong>1</strong>" in html
        assert 'id="checkin-form"' not in html
        assert "You are on the door" not in html
    another = phone.get(page(open_evening), {"another": "1"}).content.decode()
    assert 'id="checkin-form"' in another
    assert "You are couple <strong>1</strong>" in another
    # The message of a check-in is in the region the poll replaces: its
    # first changed answer takes it away.
    fresh = Client()
    send(fresh, open_evening, "Rita", "Angus")
    shown = fresh.get(page(open_evening)).content.decode()
    region = shown[shown.index('id="my-entries"') :]
    assert "You are on the door" in region
    polled = fresh.get(page(open_evening), headers={"HX-Request": "true"}).content.decode()
    assert "You are on the door" not in polled and "On the door's list since" in polled


def test_the_time_on_the_doors_list_ends_no_sentence_with_two_full_stops(open_evening, settings):
    """ "On the door's list since 4:51 p.m.." (issue 48, point 8). The entry
    is made now, in a time zone where now is in the afternoon."""
    offset = (16 - timezone.now().hour + 12) % 24 - 12  # hours ahead of UTC
    settings.TIME_ZONE = f"Etc/GMT{-offset:+d}"
    phone = Client()
    send(phone, open_evening)
    html = phone.get(page(open_evening)).content.decode()
    assert "p.m." in html and "p.m.." not in html
