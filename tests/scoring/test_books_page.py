"""The hall's books page: the period (the hall's financial year by default,
any year, any two dates), the rows, the totals, the evenings left out, in
English and French, in a number of queries that does not grow with the
number of evenings."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import books
from scoring.results import money_text
from scoring.rules import books as rules
from tests.support import books as year_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def year(hall):
    return year_of.build_year(hall)


def page(client, hall, **query) -> str:
    response = client.get(reverse("books", args=[hall.pk]), query)
    assert response.status_code == 200
    return response.content.decode()


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_page_shows_each_evening_the_totals_the_jar_and_what_is_left_out(
    organizer_client, hall, year
):
    html = page(organizer_client, hall, year="2026")
    table = books.hall_books(hall, books.financial_year(2026, 1))
    text = text_of(html)
    assert "Financial year 2026" in text and "1 January 2026 to 31 December 2026" in text
    for row in table.finished:
        assert reverse("prizes", args=[row.slug]) + "#money" in html
    assert "Total of 50 finished evenings" in text
    totals = table.totals
    for amount in (totals.entries, totals.hall_keeps, totals.prizes_paid, totals.jar_paid_out):
        assert money_text(amount) in text
    assert "A turkey × 12" in text
    assert "In the jar at the start (carried over) " + money_text(table.jar.start) in text
    assert "In the jar at the end (carried over) " + money_text(table.jar.end) in text
    # Apart, and said to be apart.
    assert "Still open: not in the totals" in text and "Playing" in text
    assert "Cancelled: no money counted" in text
    assert "1 couple is marked paid: refund it or count it by hand." in text
    assert text.index("Still open") > text.index("Total of 50 finished evenings")
    # The files for the same period.
    for name in ("books-csv", "books-couples-csv", "books-statement"):
        assert reverse(name, args=[hall.pk]) + "?year=2026" in html


def test_the_default_period_is_the_financial_year_holding_today(organizer_client, hall):
    hall.books_year_start = 7
    hall.save()
    start, end = rules.financial_year(timezone.localdate(), 7)
    text = text_of(page(organizer_client, hall))
    assert f"Financial year {start.year}\u2013{start.year + 1}" in text
    assert "The hall's financial year starts in July" in text
    assert f"{start:%-d} July {start.year} to {end:%-d} June {end.year}" in text
    # A year before and after, a tap away.
    assert f"?year={start.year - 1}" in page(organizer_client, hall)


def test_any_two_dates(organizer_client, hall, year):
    html = page(organizer_client, hall, start="2026-03-07", end="2026-04-30")
    text = text_of(html)
    assert "From one date to another" in text
    assert "7 March 2026 to 30 April 2026" in text
    assert "Total of 7 finished evenings" in text
    assert "start=2026-03-07&amp;end=2026-04-30" in html


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ({"start": "yesterday", "end": "2026-12-31"}, "The first date “yesterday” is not a date"),
        ({"start": "2026-01-01", "end": "2026-02-30"}, "The last date “2026-02-30” is not a date"),
        ({"end": "2026-12-31"}, "Give both dates, the first and the last, or neither."),
        ({"start": "2026-05-01", "end": "2026-04-01"}, "The first date is after the last one"),
        ({"start": "1999-01-01", "end": "2026-04-01"}, "Choose dates in the years 2000 to 2100."),
        ({"year": "٢٠٢٦"}, "Choose a year from 2000 to 2100."),
    ],
)
def test_a_period_that_is_not_one_is_a_clear_400(organizer_client, hall, query, words):
    response = organizer_client.get(reverse("books", args=[hall.pk]), query)
    assert response.status_code == 400
    assert words in response.content.decode()


def test_in_french(organizer_client, hall, year):
    organizer_client.cookies["django_language"] = "fr"
    text = text_of(page(organizer_client, hall, year="2026"))
    assert "Les comptes de la salle" in text
    assert "Exercice financier 2026" in text
    assert "Total de 50 soirées terminées" in text
    assert "La salle garde" in text and "Prix donnés en nature" in text
    table = books.hall_books(hall, books.financial_year(2026, 1))
    with_french = text.replace("\u202f", " ").replace("\xa0", " ")
    french = f"{table.totals.hall_keeps:,.2f}".replace(",", " ").replace(".", ",")
    assert f"{french} $" in with_french


def test_a_hall_with_no_evening_in_the_period(organizer_client, hall):
    text = text_of(page(organizer_client, hall, year="2031"))
    assert "No evening of this period is finished yet." in text


def test_the_queries_do_not_grow_with_the_evenings(
    organizer_client, hall, django_assert_max_num_queries
):
    """A year of finished evenings, once built, costs what one evening
    costs: the session, the user and the hall, the evenings, the jar's chain."""
    one = books.period_from(hall, {"start": "2026-01-01", "end": "2026-01-02"}, None)
    year_of.build_year(hall)
    closed = {"start": "2026-01-01", "end": "2026-12-18"}
    page(organizer_client, hall, **closed)
    page(organizer_client, hall, start=one.start.isoformat(), end=one.end.isoformat())
    with django_assert_max_num_queries(5):
        page(organizer_client, hall, start=one.start.isoformat(), end=one.end.isoformat())
    with django_assert_max_num_queries(5):
        page(organizer_client, hall, **closed)


def test_the_hall_settings_take_the_first_month_and_the_licence(organizer_client, hall):
    data = {
        "name": hall.name,
        "paper_size": "letter",
        "privacy": "full",
        "books_year_start": "4",
        "lottery_licence": "  NS-LL-2026-0457 ",
    }
    response = organizer_client.post(reverse("hall-edit", args=[hall.pk]), data)
    assert response.status_code == 302
    hall.refresh_from_db()
    assert (hall.books_year_start, hall.lottery_licence) == (4, "NS-LL-2026-0457")
    bad = organizer_client.post(
        reverse("hall-edit", args=[hall.pk]), {**data, "books_year_start": "13"}
    )
    assert bad.status_code == 400
    hall.refresh_from_db()
    assert hall.books_year_start == 4
    start = books.this_year(hall, datetime.date(2026, 3, 31)).start
    assert start == datetime.date(2025, 4, 1)
