"""The same report id arriving several times AT ONCE (two tabs flushing one
outbox, a retry crossing the first copy): one effect, the same answer.
Threads against PostgreSQL, and real HTTP requests to gunicorn on SQLite."""

import threading

import pytest
from django.db import connection

from tables.models import Receipt, ResultChange, TableReport
from tables.services import receipts
from tests.support.hall import Browser
from tests.tables.conftest import seatings, started
from tests.tables.test_concurrency_postgres import at_once


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_same_report_id_three_times_at_once_on_postgres(evening):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    a, b = seating.couple_a.number, seating.couple_b.number
    receipts.report_result_once(seating.table, "first-report", 1, a, a)
    answers = at_once(
        *[lambda: receipts.report_result_once(seating.table, "confirm-at-once", 1, b, a)[0]] * 3
    )
    assert answers == [{"code": receipts.CONFIRMED, "winner": a}] * 3
    assert ResultChange.objects.count() == 1
    assert TableReport.objects.filter(status="confirmed").count() == 2
    assert Receipt.objects.count() == 2


def test_the_same_report_id_three_times_at_once_over_http(served_hall):
    _number, token, a, b = served_hall.tables[0]
    path = f"/t/{token}/report/"
    phones = [Browser(served_hall.url) for _ in range(3)]
    for phone in phones:  # each gets the CSRF cookie, as a reloaded page would
        phone.get(f"/t/{token}/")
    barrier = threading.Barrier(3)
    answers = [None] * 3

    def send(i):
        barrier.wait(timeout=10)
        data = {"game": 1, "reporter": a, "winner": a, "request_id": "same-id-at-once"}
        status, _headers, body = phones[i].fetch("POST", path, data, {"HX-Request": "true"})
        answers[i] = (status, "Now the other couple confirms it" in body)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert answers == [(200, True)] * 3
    assert served_hall.count("select count(*) from tables_tablereport") == 1
    assert served_hall.count("select count(*) from tables_receipt") == 1
