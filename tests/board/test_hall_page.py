"""A hall's public page /h/<hall>/: where and when, what is coming up, past
results and the season table, only of published evenings and with names only
as the hall's privacy setting allows."""

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from scoring import season as season_module
from scoring.board import hall as hall_views
from tables.models import Evening, Hall, Player
from tables.services.register import record_couple, rename_player
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


# --- Nothing on the page grows with the hall's history (issue 47) -------------------


def test_a_phone_that_has_the_page_gets_a_304_until_something_changes(client, hall_with_evenings):
    url = f"/h/{hall_with_evenings.slug}/"
    client.get(url)  # the first visit is given its cookies (CSRF, for the language switch)
    first = client.get(url)
    assert first.has_header("ETag") and "no-cache" in first["Cache-Control"]
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    # A result, a renamed player, a new evening: the page is new.
    week = _played(hall_with_evenings, "this-week", -1, NAMES, [11, 7])
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and "This-Week" in visible_text(changed.content)
    with Evening.changing(week):
        for couple in week.couples.all():
            record_couple(couple, hall_with_evenings.pk)
    registered = client.get(url)
    rita = Player.objects.get(hall=hall_with_evenings, name="Rita Landry")
    rename_player(rita, "Rita Landry-Boutin")
    renamed = client.get(url, HTTP_IF_NONE_MATCH=registered["ETag"])
    assert renamed.status_code == 200
    assert "Rita Landry-Boutin" in visible_text(renamed.content)


def test_the_season_is_built_once_for_what_it_is_made_of(client, hall_with_evenings, monkeypatch):
    built = []
    real = season_module.season
    monkeypatch.setattr(season_module, "season", lambda *a, **k: built.append(1) or real(*a, **k))
    for _ in range(3):
        page(client, hall_with_evenings)
    assert len(built) == 1
    _played(hall_with_evenings, "this-week", -1, NAMES, [11, 7])
    page(client, hall_with_evenings)
    assert len(built) == 2


def test_past_evenings_and_the_season_come_a_page_at_a_time(client, hall, monkeypatch):
    monkeypatch.setattr(hall_views, "PAST_SHOWN", 3)
    monkeypatch.setattr(hall_views, "SEASON_SHOWN", 2)
    Hall.objects.filter(pk=hall.pk).update(privacy="full")
    for n in range(5):
        names = [(f"Ann {n}", f"Joe {n}"), (f"Bea {n}", f"Cy {n}")]
        _played(hall, f"week-{n}", -30 + n, names, [10 + n, 3])
    text = page(client, hall)
    assert "Week-4" in text and "Week-2" in text and "Week-1" not in text
    assert "Page 1 of 2" in text and "Older evenings" in text
    older = visible_text(client.get(f"/h/{hall.slug}/?past=2").content)
    assert "Week-1" in older and "Week-0" in older and "Week-4" not in older
    assert "Ann 4" in text and "Ann 0" not in text  # most games won first
    last = visible_text(client.get(f"/h/{hall.slug}/?season=10").content)
    assert "Page 10 of 10" in last and "Next" not in last  # 20 players, 2 a page
    for odd in ("?past=²", "?season=0", "?past=99999999999999999999"):
        assert client.get(f"/h/{hall.slug}/{odd}").status_code == 200
