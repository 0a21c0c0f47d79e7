"""The hall's books for a year against its first evening (issue 49): what the
page, the spreadsheet and the statement cost, as CPU against /healthz's.

    .venv/bin/python bench/books_bench.py [--rounds 5]

In one process, on a throwaway SQLite database (a temporary CARDNIGHT_VAR_DIR,
the file cache `make run` uses, no Redis): the year of tests/support/books.py
(52 Friday evenings with 8 to 14 couples, a cancelled one, one still being
played, a jar and a 50/50 every week), an organizer signed in on Django's
test client. Asked, in turn, each round: /healthz (20 times), then the books
page for the first evening alone (2 January) and for the whole year, the
year's CSV and the year's statement PDF (4 times each, half in English, half
in French). Printed: each one's median CPU (the thread's CPU time) in ms, as
a ratio to /healthz's and to the first evening's page (median over the
rounds), and its SQL queries.

The year's page keeps each finished evening's figures in the cache under its
version (scoring/books/figures.py); the evening still being played is built
on every request, as it may change at any time. The first build of a year,
before anything is kept, is printed on its own ("year, first build").
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.pages_bench import setup  # noqa: E402 - Django set up on a scratch data folder


def the_year():
    from django.contrib.auth.models import User
    from django.test import Client

    from tables.models import Hall, Membership
    from tests.support.books import build_year

    hall = Hall.objects.create(name="St. Joseph's Parish Hall")
    build_year(hall)
    user = User.objects.create(username="treasurer")
    Membership.objects.create(user=user, hall=hall, role=Membership.Role.ORGANIZER)
    client = Client()
    client.force_login(user)
    return hall, client


def one(client, path: str, language: str) -> tuple[float, int]:
    """The thread's CPU seconds for one request, and its queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        cpu = time.thread_time()
        response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        spent = time.thread_time() - cpu
    assert response.status_code == 200, (path, response.status_code)
    return spent, len(queries)


def measure(rounds: int) -> tuple[dict, float]:
    from django.core.cache import cache

    hall, client = the_year()
    books = f"/halls/{hall.pk}/books/"
    kinds = {
        "healthz": "/healthz",
        "first evening": f"{books}?start=2026-01-01&end=2026-01-02",
        "year": f"{books}?year=2026",
        "year CSV": f"{books}books.csv?year=2026",
        "year PDF": f"{books}statement.pdf?year=2026",
    }
    cache.clear()
    first_build, _queries = one(client, kinds["year"], "en")
    for path in kinds.values():  # warm up: templates compiled, fonts loaded, figures kept
        for language in ("en", "fr"):
            one(client, path, language)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    queries: dict[str, int] = {}
    for _ in range(rounds):
        for kind, path in kinds.items():
            count = 20 if kind == "healthz" else 4
            spent = []
            for n in range(count):
                cpu, queries[kind] = one(client, path, ("en", "fr")[n % 2])
                spent.append(cpu)
            times[kind].append(statistics.median(spent))
    medians = {kind: statistics.median(values) for kind, values in times.items()}
    return {
        kind: (
            medians[kind],
            medians[kind] / medians["healthz"],
            medians[kind] / medians["first evening"],
            queries[kind],
        )
        for kind in kinds
    }, first_build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardnight-books-bench-") as var:
        setup(var)
        results, first_build = measure(args.rounds)
        print(f"test client, SQLite, file cache, {args.rounds} rounds; CPU of one request, median")
        header = f"{'asked':<15}{'CPU ms':>9}{'x /healthz':>12}{'x first':>9}{'queries':>9}"
        print(header)
        for kind, (cpu, ratio, to_first, queries) in results.items():
            print(f"{kind:<15}{cpu * 1000:>9.2f}{ratio:>12.1f}{to_first:>9.2f}{queries:>9}")
        print(f"{'year, first build':<15}{first_build * 1000:>9.2f}  (nothing kept yet)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
