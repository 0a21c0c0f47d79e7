"""A hall's season across its evenings, and the jar's carried-over balance."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from scoring import season as season_module
from scoring.models import Target
from scoring.season import couple_key, season
from scoring.services import jar as cookiejar
from scoring.services import ties as tiebreaks
from scoring.services.prizes import set_prize
from scoring.views import season as season_views
from tables.models import Couple, Evening
from tests.i18n.conftest import visible_text

from .conftest import finish, punch_counts

pytestmark = pytest.mark.django_db


def night(hall, day, names_and_wins, jar_numbers=None):
    evening = Evening.objects.create(
        hall=hall,
        name=f"Night {day}",
        slug=f"night-{day}",
        date=datetime.date(2026, 11, day),
        cookie_jar=jar_numbers is not None,
        jar_draw_size=2,
        jar_buy_in=Decimal("5"),
        jar_numbers=jar_numbers or [],
    )
    couples = [
        Couple.objects.create(
            evening=evening, number=n, player1=a, player2=b, jar_buy_in=jar_numbers is not None
        )
        for n, (a, b, _wins) in enumerate(names_and_wins, start=1)
    ]
    punch_counts(evening, couples, [wins for _a, _b, wins in names_and_wins])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="30")
    return finish(evening)


def test_the_season_counts_evenings_games_and_prizes(hall):
    night(hall, 6, [("Mary", "John", 15), ("Ann", "Joe", 12)])
    night(hall, 13, [("john ", "MARY", 10), ("Rita", "Angus", 14)])
    table = season(hall)
    rows = {row.key: row for row in table.rows}
    mary = rows[couple_key("Mary", "John")]
    assert (mary.evenings, mary.games, mary.prize_count, mary.cash) == (2, 25, 1, Decimal("30.00"))
    assert rows[couple_key("Rita", "Angus")].prize_count == 1
    assert [e.name for e in table.evenings] == ["Night 6", "Night 13"]


def test_an_unsettled_tie_is_not_counted_as_a_prize_until_settled(hall):
    evening = night(hall, 6, [("A", "B", 9), ("C", "D", 9)])
    assert all(row.prize_count == 0 for row in season(hall).rows)
    tiebreak = tiebreaks.open_tiebreak(evening, Target.PLACE, 1)
    tiebreaks.record_choices(tiebreak, {1: "split", 2: "split"})
    assert [row.cash for row in season(hall).rows] == [Decimal("15.00"), Decimal("15.00")]


def test_the_jar_carries_over_from_evening_to_evening(hall):
    first = night(hall, 6, [("A", "B", 3), ("C", "D", 2)], jar_numbers=[20, 21])
    cookiejar.reveal(first)
    second = night(hall, 13, [("A", "B", 3), ("C", "D", 2)], jar_numbers=[1, 25])
    cookiejar.reveal(second)
    table = season(hall)
    assert table.jar_balance == Decimal("20.00")
    assert [e.jar_pot for e in table.evenings] == [Decimal("10.00"), Decimal("20.00")]
    third = night(hall, 20, [("A", "B", 3), ("C", "D", 2)], jar_numbers=[1, 3])
    cookiejar.reveal(third)  # only couple A & B holds games 1 and 3
    table = season(hall)
    assert table.jar_balance == Decimal("0.00")
    assert table.evenings[-1].jar_winners == (1,)
    rows = {row.key: row for row in table.rows}
    assert rows[couple_key("A", "B")].cash == Decimal("30.00") * 3 + Decimal("30.00")


def test_the_season_page(volunteer_client, outsider_client, hall):
    night(hall, 6, [("Mary", "John", 15), ("Ann", "Joe", 12)])
    url = reverse("season", args=[hall.pk])
    response = volunteer_client.get(url)
    assert response.status_code == 200
    assert "Mary &amp; John" in response.content.decode()
    assert outsider_client.get(url).status_code == 404  # no role in the hall
    assert volunteer_client.post(url).status_code == 405
    assert volunteer_client.get(reverse("season", args=[9999])).status_code == 404


def test_the_season_costs_a_constant_number_of_queries(hall, django_assert_max_num_queries):
    for day in range(1, 9):
        night(hall, day, [(f"P{n}", f"Q{n}", n) for n in range(1, 12)], jar_numbers=[1, 2])
    with django_assert_max_num_queries(12):
        table = season(hall)
    assert len(table.evenings) == 8


def test_the_season_pages_its_lists_latest_evenings_first(volunteer_client, hall, monkeypatch):
    """Lists that grow with the hall's history come a page at a time (issue 47)."""
    monkeypatch.setattr(season_views, "SHOWN", 2)
    for day in (6, 13, 20):
        night(hall, day, [(f"Ann {day}", f"Joe {day}", 15), (f"Bea {day}", f"Cy {day}", 9)])
    url = reverse("season", args=[hall.pk])
    text = visible_text(volunteer_client.get(url).content)
    assert "Night 20" in text and "Night 13" in text and "Night 6" not in text
    assert "Page 1 of 2" in text and "Page 1 of 6" in text and "Page 1 of 3" in text
    older = visible_text(volunteer_client.get(url + "?evenings=2").content)
    assert "Night 6" in older and "Night 20" not in older
    for odd in ("?players=²", "?couples=0", "?evenings=99999999999999999999999"):
        assert volunteer_client.get(url + odd).status_code == 200


def test_the_season_is_built_once_until_an_evening_or_the_register_changes(
    volunteer_client, hall, monkeypatch
):
    built = []
    real = season_module.season
    monkeypatch.setattr(season_module, "season", lambda *a, **k: built.append(1) or real(*a, **k))
    night(hall, 6, [("Ann", "Joe", 15), ("Bea", "Cy", 9)])
    url = reverse("season", args=[hall.pk])
    for _ in range(3):
        volunteer_client.get(url)
    assert len(built) == 1
    night(hall, 13, [("Ann", "Joe", 12), ("Bea", "Cy", 10)])
    volunteer_client.get(url)
    assert len(built) == 2
