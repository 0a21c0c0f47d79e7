"""Both couples of a table report through the server at the same moment.

The browser tests' server answers each request in a thread of its own, as
gunicorn's threads do in the hall. Each request must be its own transaction
(the evening's row lock, BEGIN IMMEDIATE on SQLite): two agreeing reports
then always record the result, never leave both "pending". With Django's
default in-memory SQLite test database every server thread shared ONE
connection, the two reports ran inside each other's transaction, and the
Wi-Fi test with two phones failed now and then; the tests' SQLite database is
a file now (cardnight/settings.py), as the hall's is.
"""

import http.cookiejar
import re
import threading
import urllib.parse
import urllib.request

import pytest

from tables.models import ResultChange, TableReport
from tests.tables.conftest import seatings, started

pytestmark = pytest.mark.django_db(transaction=True)

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Phone:
    """One couple's phone: its own cookies, a page loaded, a form to send."""

    def __init__(self, base: str, token: str, couple: int):
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.url = f"{base}/t/{token}/"
        self.couple = couple
        with self.opener.open(f"{self.url}?as={couple}", timeout=30) as page:
            self.csrf = TOKEN.search(page.read().decode()).group(1)

    def report(self, winner: int, ready: threading.Barrier, statuses: list) -> None:
        body = urllib.parse.urlencode(
            {"game": 1, "reporter": self.couple, "winner": winner, "csrfmiddlewaretoken": self.csrf}
        ).encode()
        request = urllib.request.Request(
            f"{self.url}report/", data=body, headers={"Referer": self.url}
        )
        ready.wait(timeout=30)
        with self.opener.open(request, timeout=30) as answer:
            statuses.append(answer.status)


def test_two_agreeing_reports_sent_at_the_same_moment_record_the_result(live_server, evening):
    evening = started(evening, 24)  # 12 tables, each a try at the race
    tables = seatings(evening)
    for seating in tables:
        a, b = seating.couple_a.number, seating.couple_b.number
        phones = [Phone(live_server.url, seating.table.token, n) for n in (a, b)]
        ready, statuses = threading.Barrier(2), []
        threads = [
            threading.Thread(target=phone.report, args=(a, ready, statuses)) for phone in phones
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert statuses == [200, 200]
        seating.refresh_from_db()
        reports = TableReport.objects.filter(seating=seating)
        assert sorted(reports.values_list("status", flat=True)) == ["confirmed", "confirmed"], (
            f"table {seating.table.number}"
        )
        assert seating.winner_id == seating.couple_a_id
    assert ResultChange.objects.count() == len(tables)
