"""The cookie jar across weeks: players see the pot and where it came from
(the evening's name AND date, names as the hall's privacy setting allows) on
the board, the home page, the hall's page, its calendar and the season."""

import datetime
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring.models import JarOutcome
from scoring.results import evening_results
from scoring.services.jar import reveal
from tables.models import Evening, Hall
from tests.scoring.conftest import finish, make_couples

pytestmark = pytest.mark.django_db

WEEK1 = datetime.date(2026, 11, 20)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def jar_evening(hall, date, **extra) -> Evening:
    settings = {
        "name": "Friday 45s",
        "slug": f"friday-{date:%m%d}",
        "cookie_jar": True,
        "jar_buy_in": Decimal("2"),
        "published": True,
    } | extra
    return Evening.objects.create(hall=hall, date=date, **settings)


@pytest.fixture
def weeks(hall):
    """Week 1: 14 couples in at $2, nobody won: $28 carried over. Week 2
    (coming up): 15 couples in so far, $30 + $28 = $58."""
    week1 = jar_evening(hall, WEEK1)
    make_couples(week1, 14, jar_buy_in=True)
    finish(week1)
    Evening.objects.filter(pk=week1.pk).update(jar_numbers=[1, 2], jar_revealed=True)
    week1.refresh_from_db()
    reveal(week1)
    week2 = jar_evening(hall, datetime.date.today() + datetime.timedelta(days=3))
    make_couples(week2, 15, jar_buy_in=True)
    return week1, week2


def page(url, french=False) -> str:
    client = Client()
    if french:
        client.cookies["django_language"] = "fr"
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_week_one_carries_28_dollars(weeks):
    assert JarOutcome.objects.get(evening=weeks[0]).carried_over == Decimal("28.00")


def test_the_board_says_where_the_pot_came_from(weeks):
    html = page(reverse("board", args=[weeks[1].slug]))
    assert "$58.00" in html
    assert "($28.00 carried over from Friday 45s, 20 Nov)" in html
    french = page(reverse("board", args=[weeks[1].slug]), french=True)
    assert "(28,00 $ reportés de Friday 45s, 20 nov)" in french.replace("\xa0", " ")


@pytest.mark.parametrize("where", ["home", "hall"])
def test_the_home_and_hall_pages_show_the_pot_not_only_the_buy_in(weeks, where):
    url = reverse("home") if where == "home" else reverse("hall-page", args=[weeks[0].hall.slug])
    html = page(url)
    assert "Cookie jar ($2.00 to buy in)" in html
    assert "In the cookie jar so far: <strong>$58.00</strong>" in html
    assert "($28.00 carried over from Friday 45s, 20 Nov)" in html


def test_the_calendar_says_what_is_already_in_the_jar(weeks):
    feed = page(reverse("hall-calendar", args=[weeks[0].hall.slug]))
    unfolded = feed.replace("\r\n ", "")
    assert "$28.00 already in the jar\\, carried over from Friday 45s\\, 20 Nov" in unfolded


def test_settling_a_jar_moves_the_next_jar_evenings_board_and_calendar_on(weeks):
    week1, week2 = weeks
    before = Evening.objects.values_list("version", "calendar_sequence").get(pk=week2.pk)
    Evening.objects.filter(pk=week1.pk).update(jar_buy_in=Decimal("3"))
    week1.refresh_from_db()
    reveal(week1)  # $42 now carries over
    after = Evening.objects.values_list("version", "calendar_sequence").get(pk=week2.pk)
    assert after[0] > before[0] and after[1] == before[1] + 1
    reveal(week1)  # nothing changed: nothing to tell
    again = Evening.objects.values_list("version", "calendar_sequence").get(pk=week2.pk)
    assert again == after


@pytest.mark.parametrize(
    ("privacy", "shown", "hidden"),
    [
        (Hall.Privacy.FULL, "Couple 3: Player 3a &amp; Player 3b", None),
        (Hall.Privacy.NUMBERS, "Couple 3", "Player 3a"),
    ],
)
def test_the_season_says_who_won_the_jar_by_name_as_the_hall_allows(
    organizer_client, hall, privacy, shown, hidden
):
    Hall.objects.filter(pk=hall.pk).update(privacy=privacy)
    week3 = jar_evening(hall, WEEK1 + datetime.timedelta(days=14))
    make_couples(week3, 4, jar_buy_in=True)
    finish(week3)
    JarOutcome.objects.create(
        evening=week3,
        buy_ins=Decimal("8"),
        carried_in=Decimal("58"),
        pot=Decimal("66"),
        winners=[3],
        carried_over=Decimal("0"),
    )
    html = organizer_client.get(reverse("season", args=[hall.pk])).content.decode()
    public = page(reverse("hall-page", args=[hall.slug]))
    assert shown in html and shown in public
    assert "couple 3<" not in html  # not the bare number any more
    if hidden:  # (the organizer's own season table lists every couple's names)
        assert hidden not in public


def test_the_season_balance_names_the_evening_with_its_date(organizer_client, weeks):
    html = organizer_client.get(reverse("season", args=[weeks[0].hall.pk])).content.decode()
    assert "Carried over from Friday 45s, 20 Nov." in html


def test_a_cancelled_evening_between_two_jar_evenings_passes_the_jar_on(weeks):
    """A snowed-out Friday is not played: the $28 week 1 carried over goes
    to the next evening played, not into the cancelled one (where it was
    lost, with a warning that the cancelled evening's jar was never settled)."""
    week1, week2 = weeks
    snowed_out = jar_evening(hall=week1.hall, date=WEEK1 + datetime.timedelta(days=1))
    Evening.objects.filter(pk=snowed_out.pk).update(cancelled=True)
    week2.refresh_from_db()
    jar = evening_results(week2).jar
    assert (jar.carried_in, jar.pot, jar.carried_from_date) == (
        Decimal("28.00"),
        Decimal("58.00"),
        WEEK1,
    )
    assert evening_results(week2).warnings == ()
    # Settling week 1 again tells the evening played next, not the cancelled one.
    before = Evening.objects.values_list("version", flat=True).get(pk=week2.pk)
    Evening.objects.filter(pk=week1.pk).update(jar_buy_in=Decimal("3"))
    week1.refresh_from_db()
    reveal(week1)
    assert Evening.objects.values_list("version", flat=True).get(pk=week2.pk) > before
