"""A flurry's requests send SQL compiled once per process, not built afresh.

Building and compiling a query cost the ORM several times what SQLite takes
to answer the short reads of a result (cardnight/prepared.py); on SQLite the
writes' reads are compiled while the one writer's lock is held. After the
first request of each kind, the table side's page, report and confirmation
compile no read at all, and a volunteer's tap and game screen only Django's
own read of the signed-in user (the session is read by cardnight/sessions.py)."""

import contextlib

import pytest
from django.db.models.sql import compiler
from django.test import Client
from django.urls import reverse

from tables import services

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
WRITES = (
    compiler.SQLInsertCompiler,
    compiler.SQLUpdateCompiler,
    compiler.SQLDeleteCompiler,
    compiler.SQLAggregateCompiler,
)


@contextlib.contextmanager
def compiled_reads(monkeypatch):
    """The SQL of the reads compiled inside the block (subqueries included)."""
    compiled: list[str] = []
    as_sql = compiler.SQLCompiler.as_sql

    def counted(self, *args, **kwargs):
        sql, params = as_sql(self, *args, **kwargs)
        if not isinstance(self, WRITES):
            compiled.append(sql)
        return sql, params

    with monkeypatch.context() as patch:
        patch.setattr(compiler.SQLCompiler, "as_sql", counted)
        yield compiled


def test_the_table_side_compiles_no_read_after_its_first_request(make_evening, monkeypatch):
    evening = started(make_evening(), 12)
    play_game(evening)
    services.advance(evening, from_game=1)
    first, second, *others = seatings(evening)
    page = reverse("tableside", args=[first.table.token])
    report = reverse("tableside-report", args=[first.table.token])
    a, b = first.couple_a.number, first.couple_b.number
    # Every kind of request once, at another table (the first compiles).
    warm_page = reverse("tableside", args=[second.table.token])
    warm_report = reverse("tableside-report", args=[second.table.token])
    c, d = second.couple_a.number, second.couple_b.number
    phones = Client(), Client()
    phones[0].get(f"{warm_page}?as={c}")
    phones[0].post(
        warm_report, {"game": 2, "reporter": c, "winner": c, "request_id": "warm-up-report-1"}
    )
    phones[1].post(
        warm_report, {"game": 2, "reporter": d, "winner": c, "request_id": "warm-up-report-2"}
    )
    phones[0].get(f"{warm_page}?as={c}")

    with compiled_reads(monkeypatch) as compiled:
        assert phones[0].get(f"{page}?as={a}").status_code == 200
        data = {"game": 2, "reporter": a, "winner": a, "request_id": "flurry-report-1"}
        assert phones[0].post(report, data, headers=HTMX).status_code == 200
        data = {"game": 2, "reporter": b, "winner": a, "request_id": "flurry-report-2"}
        html = phones[1].post(report, data, headers=HTMX).content.decode()
        assert "Confirmed: the result is in." in html
        assert "won." in phones[0].get(f"{page}?as={a}").content.decode()
    assert compiled == []


def test_a_volunteers_tap_compiles_only_the_signed_in_users_read_after_the_first(
    volunteer_client, evening, monkeypatch
):
    started(evening, 12)
    first, second, third, *others = seatings(evening)
    path = reverse("game-result", args=[evening.slug, 1, first.table.number])
    data = {"winner": first.couple_a.number, "request_id": "tap-one-000000000000001"}
    assert volunteer_client.post(path, data, headers=HTMX).status_code == 200
    with compiled_reads(monkeypatch) as compiled:
        for n, seating in enumerate((second, third)):
            path = reverse("game-result", args=[evening.slug, 1, seating.table.number])
            data = {"winner": seating.couple_b.number, "request_id": f"tap-two-00000000000000{n}"}
            assert volunteer_client.post(path, data, headers=HTMX).status_code == 200
    # Each tap: its user, read by Django's own authentication backend.
    assert len(compiled) == 2
    assert all('FROM "auth_user"' in sql for sql in compiled)


def test_the_game_screen_compiles_few_reads_after_the_first(volunteer_client, evening, monkeypatch):
    started(evening, 12)
    play_game(evening)
    services.advance(evening, from_game=1)
    screen = reverse("game-screen", args=[evening.slug])
    assert volunteer_client.get(screen).status_code == 200
    with compiled_reads(monkeypatch) as compiled:
        assert volunteer_client.get(screen).status_code == 200
    # Its user, read by Django's own authentication backend; nothing else.
    assert len(compiled) == 1 and 'FROM "auth_user"' in compiled[0]
