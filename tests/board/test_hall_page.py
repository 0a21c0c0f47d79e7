"""A hall's public page /h/<hall>/: where and when, what is coming up, past
results and the season table, only of published evenings and with names only
as the hall's privacy setting allows."""

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from tables.models import Evening, Hall
from tests.i18n.conftest import visible_text
from tests.scoring.conftest import finish, make_couples, punch_counts


def _evening(hall, slug, days, **fields):
    today = timezone.localdate()
    return Evening.objects.create(
        hall=hall, name=fields.pop("name", slug.title()), slug=slug,
        date=today + datetime.timedelta(days=days), **fields,
    )  # fmt: skip


def _played(hall, slug, days, names, counts, **fields):
    evening = _evening(hall, slug, days, published=True, **fields)
    couples = make_couples(evening, len(names))
    for couple, (player1, player2) in zip(couples, names, strict=True):
        couple.player1, couple.player2 = player1, player2
        couple.save()
    punch_counts(evening, couples, counts)
    return finish(evening)


NAMES = [("Mary MacNeil", "John Boudreau"), ("Rita Landry", "Angus MacDonald")]


@pytest.fixture
def hall_with_evenings(hall):
    Hall.objects.filter(pk=hall.pk).update(
        address="85 Main Street, Glace Bay", note="Bring a plate"
    )
    hall.refresh_from_db()
    _evening(hall, "next-friday", 3, published=True, entry_fee=Decimal("5"), cookie_jar=True,
             jar_buy_in=Decimal("2"), start_time=datetime.time(19, 0))  # fmt: skip
    _evening(hall, "called-off", 10, published=True, cancelled=True)
    _evening(hall, "secret-evening", 5, published=False)
    _played(hall, "last-friday", -4, NAMES, [14, 9])
    played_private = _played(hall, "private-played", -11, [("Zed Zinck", "Yves Young")], [20])
    Evening.objects.filter(pk=played_private.pk).update(published=False)
    return hall


def page(client, hall):
    response = client.get(f"/h/{hall.slug}/")
    assert response.status_code == 200
    return visible_text(response.content)


def test_the_page_says_where_and_what_is_coming_up(client, hall_with_evenings):
    text = page(client, hall_with_evenings)
    assert "St. Joseph's Parish Hall" in text
    assert "85 Main Street, Glace Bay" in text
    assert "Bring a plate" in text
    assert "Next-Friday" in text
    assert "Entry $5.00 a couple" in text
    assert "Cookie jar ($2.00 to buy in)" in text
    assert "7 p.m." in text


def test_a_cancelled_evening_is_marked_cancelled(client, hall_with_evenings):
    text = page(client, hall_with_evenings)
    assert "Cancelled Called-Off" in text
    assert "This evening will not be played." in text


def test_unpublished_evenings_never_show(client, hall_with_evenings):
    text = page(client, hall_with_evenings)
    assert "Secret-Evening" not in text
    assert "Private-Played" not in text
    assert "Zed" not in text


def test_past_evenings_link_to_their_results_with_the_winners(client, hall_with_evenings):
    response = client.get(f"/h/{hall_with_evenings.slug}/")
    assert b'href="/e/last-friday/"' in response.content
    text = visible_text(response.content)
    assert "First place: Couple 1: Mary MacNeil & John Boudreau" in text


def test_the_season_table_counts_only_published_evenings(client, hall_with_evenings):
    text = page(client, hall_with_evenings)
    assert "Rita Landry & Angus MacDonald" in text
    assert "Yves" not in text


@pytest.mark.parametrize(
    ("privacy", "shown", "hidden"),
    [
        (Hall.Privacy.FULL, ["Mary MacNeil & John Boudreau"], []),
        (Hall.Privacy.FIRST, ["Mary & John", "Rita & Angus"], ["MacNeil", "Boudreau", "Landry"]),
        (Hall.Privacy.NUMBERS, ["Couple 1", "couple numbers only"], ["Mary", "John", "Rita"]),
    ],
)
def test_the_season_table_follows_the_halls_privacy_setting(
    client, hall_with_evenings, privacy, shown, hidden
):
    Hall.objects.filter(pk=hall_with_evenings.pk).update(privacy=privacy)
    text = page(client, hall_with_evenings)
    for words in shown:
        assert words in text
    for words in hidden:
        assert words not in text


def test_the_page_offers_the_calendar_feed(client, hall_with_evenings):
    response = client.get(f"/h/{hall_with_evenings.slug}/")
    feed = "http://127.0.0.1:8000/h/st-josephs-parish-hall/evenings.ics"
    assert f'href="webcal://{feed.split("://")[1]}"'.encode() in response.content
    assert feed in visible_text(response.content)
    assert "Add to your phone's calendar" in visible_text(response.content)


def test_the_calendar_links_use_the_halls_address_for_phones(client, hall_with_evenings):
    Hall.objects.filter(pk=hall_with_evenings.pk).update(phone_address="https://cards.example.org/")
    text = page(client, hall_with_evenings)
    assert "https://cards.example.org/h/st-josephs-parish-hall/evenings.ics" in text


@pytest.mark.parametrize("path", ["/h/no-such-hall/", "/h/no-such-hall/evenings.ics"])
def test_an_unknown_hall_is_not_found(client, db, path):
    response = client.get(path)
    assert response.status_code == 404


@pytest.mark.parametrize("path", ["/h/%00/", "/h/a%20b/", "/h/" + "x" * 500 + "/", "/h//"])
def test_odd_hall_addresses_are_not_found_not_an_error(client, db, path):
    assert client.get(path).status_code == 404


def test_the_page_is_public_and_needs_no_sign_in(client, hall_with_evenings):
    assert client.get(f"/h/{hall_with_evenings.slug}/").status_code == 200


def test_writes_are_refused(client, hall_with_evenings):
    assert client.post(f"/h/{hall_with_evenings.slug}/").status_code == 405


def test_the_query_count_does_not_grow_with_evenings(
    client, hall_with_evenings, django_assert_max_num_queries
):
    with django_assert_max_num_queries(20) as few:
        client.get(f"/h/{hall_with_evenings.slug}/")
    for n in range(8):
        _played(hall_with_evenings, f"more-{n}", -20 - n, NAMES, [10, 12])
        _evening(hall_with_evenings, f"soon-{n}", 20 + n, published=True)
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(f"/h/{hall_with_evenings.slug}/")
