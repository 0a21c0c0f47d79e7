"""The home page answers "where is a game tonight": every hall with its page,
and the published evenings coming up, soonest first; members also see their
own halls' evenings, unpublished ones included."""

import datetime
from decimal import Decimal

from django.utils import timezone

from tables.models import Evening, Hall
from tests.i18n.conftest import visible_text


def _evening(hall, slug, days, **fields):
    return Evening.objects.create(
        hall=hall, name=fields.pop("name", slug), slug=slug,
        date=timezone.localdate() + datetime.timedelta(days=days), **fields,
    )  # fmt: skip


def test_the_halls_are_listed_with_their_address_note_and_page(client, hall):
    Hall.objects.filter(pk=hall.pk).update(address="85 Main Street", note="Bring a plate")
    response = client.get("/")
    text = visible_text(response.content)
    assert "St. Joseph's Parish Hall" in text
    assert "85 Main Street" in text and "Bring a plate" in text
    assert b'href="/h/st-josephs-parish-hall/"' in response.content


def test_upcoming_published_evenings_in_date_order(client, hall):
    other = Hall.objects.create(name="Legion Branch 12", address="12 Legion Road")
    _evening(hall, "in-two-weeks", 14, published=True)
    _evening(other, "tomorrow", 1, published=True, entry_fee=Decimal("10"), cookie_jar=True,
             jar_buy_in=Decimal("2"), start_time=datetime.time(19, 0))  # fmt: skip
    _evening(hall, "tonight", 0, published=True)
    text = visible_text(client.get("/").content)
    coming_up = text.split("Games coming up")[1].split("Halls")[0]
    assert (
        coming_up.index("tonight") < coming_up.index("tomorrow") < coming_up.index("in-two-weeks")
    )
    assert "Legion Branch 12" in coming_up and "12 Legion Road" in coming_up
    assert "Entry $10.00 a couple · Cookie jar ($2.00 to buy in)" in coming_up
    assert "No entry fee · No cookie jar" in coming_up
    assert "7 p.m." in coming_up


def test_a_cancelled_evening_is_marked_cancelled(client, hall):
    _evening(hall, "called-off", 2, published=True, cancelled=True)
    text = visible_text(client.get("/").content)
    assert "Cancelled called-off" in text
    assert "This evening will not be played." in text


def test_unpublished_past_and_finished_evenings_are_not_listed_to_the_public(client, hall):
    _evening(hall, "secret", 2, published=False)
    _evening(hall, "last-week", -7, published=True)
    _evening(hall, "done-today", 0, published=True, status=Evening.Status.FINISHED)
    text = visible_text(client.get("/").content)
    assert "secret" not in text and "last-week" not in text and "done-today" not in text
    assert "No game is on the calendar yet." in text


def test_a_game_still_played_after_midnight_is_still_listed(client, hall):
    _evening(hall, "late-night", -1, published=True, status=Evening.Status.RUNNING)
    text = visible_text(client.get("/").content)
    assert "late-night Playing now" in text


def test_members_still_see_their_halls_evenings_unpublished_included(organizer_client, hall):
    _evening(hall, "not-public-yet", 5, published=False)
    text = visible_text(organizer_client.get("/").content)
    assert "Your halls' evenings" in text
    assert "not-public-yet" in text
    assert "not public" in text


def test_the_query_count_does_not_grow_with_halls_and_evenings(
    client, organizer_client, hall, django_assert_max_num_queries
):
    _evening(hall, "first", 3, published=True)
    for person in (client, organizer_client):
        with django_assert_max_num_queries(10) as few:
            assert person.get("/").status_code == 200
        counts = len(few.captured_queries)
        for n in range(6):
            other = Hall.objects.create(name=f"Hall {n} {id(person)}")
            for days in (1, 8, 15):
                _evening(other, f"e-{n}-{days}-{id(person)}", days, published=True)
        with django_assert_max_num_queries(counts):
            assert person.get("/").status_code == 200
