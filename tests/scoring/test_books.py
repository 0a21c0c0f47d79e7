"""The hall's books over a simulated year (tests/support/books.py): each
evening's row is its own signed money summary to the cent, the totals are
those rows summed (and the summaries summed, the other way), an open and a
cancelled evening are shown apart and never summed, the jar is followed
through three carry-overs and a win, and the books agree with the season."""

import datetime
from decimal import Decimal

import pytest

from scoring import books
from scoring import results as results_module
from scoring.results import evening_results
from scoring.rules import books as rules
from scoring.season import season
from scoring.services.jar import reveal
from tables.models import Evening
from tests.support import books as year_of

pytestmark = pytest.mark.django_db

MONEY_FIELDS = {
    "entries": "entries",
    "jar_buy_ins": "jar_buy_ins",
    "fifty_fifty_takings": "fifty_fifty_takings",
    "fifty_fifty_paid": "fifty_fifty_paid",
    "prizes_paid": "prizes_paid",
    "items": "items",
    "jar_carried_in": "jar_carried_in",
    "jar_paid_out": "jar_paid_out",
    "jar_carried_over": "jar_carried_over",
    "hall_keeps": "hall_keeps",
}


@pytest.fixture
def year(hall):
    return year_of.build_year(hall)


@pytest.fixture
def year_books(hall, year):
    return books.hall_books(hall, books.financial_year(2026, 1))


def week(year, number: int) -> Evening:
    return year[number]  # year[0] is the last Friday of 2025


def test_each_finished_evening_is_its_own_signed_summary_to_the_cent(year, year_books):
    assert len(year_books.finished) == 50
    for row in year_books.finished:
        evening = Evening.objects.select_related("hall").get(pk=row.id)
        result = evening_results(evening)
        summary = result.money
        assert result.finished
        assert {field: getattr(row.figures, field) for field in MONEY_FIELDS} == {
            field: getattr(summary, name) for field, name in MONEY_FIELDS.items()
        }, row.date
        assert row.figures.couples == len(result.standings)
        assert row.warnings == (), (row.date, row.warnings)
    # The prize in kind of each evening, by name.
    third = week(year, 3)
    assert next(row for row in year_books.finished if row.id == third.pk).figures.items == (
        year_of.ITEMS[3],
    )


def test_the_totals_are_the_rows_summed_and_the_summaries_summed(year, year_books):
    totals = year_books.totals
    finished = [e for e in year[1:] if e.is_finished and not e.cancelled]
    summaries = [evening_results(evening).money for evening in finished]
    for field, name in MONEY_FIELDS.items():
        if field == "items":
            continue
        by_rows = sum((getattr(row.figures, field) for row in year_books.finished), Decimal(0))
        by_summaries = sum((getattr(money, name) for money in summaries), Decimal(0))
        assert getattr(totals, field) == by_rows == by_summaries, field
    assert totals.items == tuple(item for money in summaries for item in money.items)
    assert totals.couples == sum(row.figures.couples for row in year_books.finished)
    # The cash box: what came in less what went out is what the hall kept
    # plus the jar it holds at the end, less the jar it held at the start.
    cash_in = sum((money.cash_in for money in summaries), Decimal(0))
    cash_out = sum((money.cash_out for money in summaries), Decimal(0))
    assert totals.cash_in == cash_in and totals.cash_out == cash_out
    jar = year_books.jar
    assert cash_in - cash_out == totals.hall_keeps + jar.end - jar.start


def test_an_open_and_a_cancelled_evening_are_shown_apart_and_never_summed(year, year_books):
    (still_open,) = year_books.open
    (cancelled,) = year_books.cancelled
    assert still_open.id == week(year, year_of.OPEN_WEEK).pk and still_open.status == "running"
    assert cancelled.id == week(year, year_of.CANCELLED_WEEK).pk
    assert cancelled.warnings == ("1 couple is marked paid: refund it or count it by hand.",)
    summed = {row.id for row in year_books.finished}
    assert still_open.id not in summed and cancelled.id not in summed
    # Its figures as they stand, shown for what they are: not in the totals.
    assert still_open.figures.entries > 0
    assert year_books.totals == rules.total(row.figures for row in year_books.finished)
    assert [row.id for row in year_books.evenings] == [evening.pk for evening in year[1:]]


def test_the_jar_carried_over_three_times_then_won(year, year_books):
    rows = {row.id: row.figures for row in year_books.finished}
    start = rows[week(year, 9).pk]
    assert start.jar_paid_out > 0 and start.jar_carried_over == 0
    carried = Decimal(0)
    for number in year_of.CARRIED_WEEKS[:3]:
        figures = rows[week(year, number).pk]
        assert figures.jar_carried_in == carried
        assert figures.jar_paid_out == 0
        carried = figures.jar_carried_over
        assert carried == figures.jar_carried_in + figures.jar_buy_ins
    won = rows[week(year, year_of.WON_AFTER_CARRYING).pk]
    assert won.jar_carried_in == carried == Decimal("66.00")
    assert won.jar_paid_out == carried + won.jar_buy_ins
    assert won.jar_carried_over == 0
    # The year starts with what the last Friday of 2025 carried over, and
    # ends with what week 51 carried into the evening still open.
    jar = year_books.jar
    assert jar.start == week(year, 0).jar_outcome.carried_over > 0
    assert jar.end == rows[week(year, 51).pk].jar_carried_over > 0
    assert rows[week(year, 1).pk].jar_carried_in == jar.start
    assert jar.gap == 0
    assert year_books.warnings == ()


def test_the_books_agree_with_the_season_page_on_every_count(hall, year, year_books):
    table = season(hall)
    by_id = {row.id: row for row in year_books.evenings}
    in_2026 = [e for e in table.evenings if e.date.year == 2026]
    assert {e.id for e in in_2026} == {row.id for row in (*year_books.finished, *year_books.open)}
    for evening in in_2026:
        row = by_id[evening.id]
        assert row.figures.couples == evening.couples
        assert row.finished == evening.finished
        assert row.figures.jar_carried_in == evening.jar_carried_in
        if row.finished:
            assert row.figures.jar_carried_over == evening.jar_carried_over
            paid_out = evening.jar_pot if evening.jar_winners else Decimal(0)
            assert row.figures.jar_paid_out == paid_out
    assert year_books.jar.end == table.jar_balance
    assert sum(row.figures.couples for row in year_books.finished) == sum(
        e.couples for e in in_2026 if e.finished
    )


def test_a_period_of_two_dates_starts_with_what_the_jar_held_then(hall, year):
    period = books.period_from(
        hall, {"start": "2026-03-07", "end": "2026-04-30"}, datetime.date(2026, 12, 6)
    )
    part = books.hall_books(hall, period)
    assert [row.date for row in part.finished][:1] == [datetime.date(2026, 3, 13)]
    assert part.jar.start == Decimal("20.00")  # week 10 (6 March) carried it over
    assert part.jar.gap == 0
    assert part.open == () and part.cancelled == ()


def test_a_financial_year_that_starts_in_july(hall, year):
    hall.books_year_start = 7
    hall.save()
    period = books.period_from(hall, {}, datetime.date(2026, 3, 1))
    assert (period.start, period.end, period.year_name) == (
        datetime.date(2025, 7, 1), datetime.date(2026, 6, 30), "2025\u20132026",
    )  # fmt: skip
    part = books.hall_books(hall, period)
    assert part.finished[0].date == year_of.LAST_OF_2025
    assert part.finished[-1].date == datetime.date(2026, 6, 26)
    assert part.jar.start == 0 and part.jar.gap == 0


def test_a_year_of_evenings_is_built_once_then_read_from_the_cache(
    hall, year, monkeypatch, django_assert_max_num_queries
):
    period = books.financial_year(2026, 1)
    first = books.hall_books(hall, period)
    built = []
    real = results_module.compute
    monkeypatch.setattr(results_module, "compute", lambda data: built.append(data) or real(data))
    with django_assert_max_num_queries(2):  # the evenings, the jar's chain
        again = books.hall_books(hall, period)
    assert built == []
    assert again == first
    # A change to the evening still being played: it alone is built again.
    still_open = week(year, year_of.OPEN_WEEK)
    with Evening.changing(still_open) as evening:
        evening.change(fifty_fifty_takings=Decimal("12.00"))
    with django_assert_max_num_queries(2 + 1 + 10):  # and it, and its rows (results.load)
        books.hall_books(hall, period)
    assert [data.evening.pk for data in built] == [still_open.pk]
    # Another period: its evenings' figures are those already kept.
    built.clear()
    books.hall_books(
        hall, books.period_from(hall, {"start": "2026-03-01", "end": "2026-06-30"}, None)
    )
    assert built == []


def test_a_change_to_a_finished_evening_shows_at_once(hall, year):
    period = books.financial_year(2026, 1)
    before = books.hall_books(hall, period)
    first = week(year, 1)
    with Evening.changing(first) as evening:
        evening.change(fifty_fifty_takings=Decimal("100.00"))
    after = books.hall_books(hall, period)
    row = next(row for row in after.finished if row.id == first.pk)
    assert row.figures.fifty_fifty_takings == Decimal("100.00")
    assert after.totals.fifty_fifty_takings > before.totals.fifty_fifty_takings


def test_settling_a_jar_again_moves_the_next_evenings_carry_in(hall, year):
    """The next jar evening's row is kept under a key that holds what its jar
    came from: settling the evening before again shows in it at once."""
    period = books.financial_year(2026, 1)
    books.hall_books(hall, period)
    twelve, thirteen = week(year, 12), week(year, 13)
    Evening.objects.filter(pk=twelve.pk).update(jar_buy_in=Decimal("3.00"))
    twelve.refresh_from_db()
    reveal(twelve)
    rows = {row.id: row.figures for row in books.hall_books(hall, period).finished}
    assert rows[thirteen.pk].jar_carried_in == rows[twelve.pk].jar_carried_over
    assert rows[thirteen.pk].jar_carried_in > Decimal("66.00")
