"""The reads of the game screen and the table side are not ordered through
another model's ordering: a Game ordered by ("evening", "number"), a
Seating by ("game", ...), a table report by ("seating", ...) join up to the
evening and sort by its date, for a read of one row or one game's rows."""

import re
import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.models import Evening

from .conftest import seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
_FROM = re.compile(r'\bFROM\s+"(\w+)"')
_INNERMOST = re.compile(r"\([^()]*\)")


def main_table(sql: str) -> str | None:
    """The table a query reads from, its subqueries (in brackets) left out."""
    while True:
        shorter = _INNERMOST.sub("", sql)
        if shorter == sql:
            break
        sql = shorter
    found = _FROM.search(sql)
    return found.group(1) if found else None


def ordered_through_the_evening(queries) -> list[str]:
    """The queries of another table than the evenings' that sort by the
    evening's columns."""
    found = []
    for query in queries:
        sql = query["sql"]
        if main_table(sql) != "tables_evening" and 'ORDER BY "tables_evening"' in sql:
            found.append(sql)
    return found


def test_the_game_screen_and_the_table_side_never_sort_by_the_evenings_dates(
    evening, volunteer_client
):
    evening = started(evening, 8)
    table = seatings(evening)[0]
    page = reverse("tableside", args=[table.table.token])
    report = reverse("tableside-report", args=[table.table.token])
    phone_a, phone_b = Client(), Client()
    with CaptureQueriesContext(connection) as queries:
        assert volunteer_client.get(reverse("game-screen", args=[evening.slug])).status_code == 200
        assert phone_a.get(f"{page}?as={table.couple_a.number}").status_code == 200
        assert phone_b.get(f"{page}?as={table.couple_b.number}").status_code == 200
        for phone, reporter in ((phone_a, table.couple_a), (phone_b, table.couple_b)):
            data = {
                "game": 1,
                "reporter": reporter.number,
                "winner": table.couple_a.number,
                "request_id": uuid.uuid4().hex,
            }
            assert phone.post(report, data, headers=HTMX).status_code == 200
        assert phone_a.get(page, headers=HTMX).status_code in (200, 304)
    assert Evening.objects.get(pk=evening.pk).version > evening.version  # the result is in
    assert ordered_through_the_evening(queries.captured_queries) == []
