"""Recording results and starting the next game, at 10, 100 and 500 tables.

    .venv/bin/python bench/tables_bench.py [--tables 10 100 500] [--games 3]

For each size, on a throwaway database: an evening of 2 x T couples, game 1
drawn by `tables.services.start_evening`; then, for --games games, every
table's result recorded one tap at a time (`services.record_result`, what the
game screen's tap calls) and the next game started (`services.advance`).
Printed per size: the time and the SQL queries to record all T results (and
per result), and to advance one game (the slowest of the games measured).

It runs on SQLite (a temporary file, WAL mode, as `make run` uses it) and, when
DATABASE_URL names a PostgreSQL server, on PostgreSQL too (in a temporary
`test_...` database that is dropped afterwards). Each database runs in its own
child process, because Django reads its settings once.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def parse(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--games", type=int, default=3, help="games played per size")
    parser.add_argument("--child", choices=["sqlite", "postgresql"], help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def main(argv) -> int:
    args = parse(argv)
    if args.child:
        return child(args)
    rest = ["--tables", *map(str, args.tables), "--games", str(args.games)]
    status = 0
    with tempfile.TemporaryDirectory(prefix="cardnight-bench-") as var:
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env |= {"CARDNIGHT_VAR_DIR": var, "CARDNIGHT_PLAIN_STATIC": "true"}
        status |= subprocess.run(
            [sys.executable, __file__, "--child", "sqlite", *rest], cwd=ROOT, env=env, check=False
        ).returncode
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        status |= subprocess.run(
            [sys.executable, __file__, "--child", "postgresql", *rest], cwd=ROOT, check=False
        ).returncode
    else:
        print("PostgreSQL: skipped (set DATABASE_URL=postgres://... to measure it too)")
    return status


def child(args) -> int:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    if args.child == "postgresql":
        # A test_<name> database of its own, dropped at the end.
        old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    else:
        call_command("migrate", verbosity=0)
        old_name = None
    try:
        print(f"\n{connection.vendor} {connection.Database.__name__} — {args.games} games per size")
        print(
            f"{'tables':>7} | {'record all results':>20} | {'per result':>18} | "
            f"{'advance one game':>18}"
        )
        for tables in args.tables:
            measure(tables, args.games)
    finally:
        if old_name is not None:
            connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0


def measure(tables: int, games: int) -> None:
    import datetime

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tables import services
    from tables.models import Couple, Evening, Hall, Seating

    hall, _ = Hall.objects.get_or_create(name="Bench hall")
    evening = Evening.objects.create(
        hall=hall,
        name=f"Bench {tables} tables",
        slug=f"bench-{tables}-{time.time_ns()}",
        date=datetime.date.today(),
        games=games + 1,
        last_couple_number=2 * tables,
    )
    Couple.objects.bulk_create(
        Couple(evening=evening, number=n, player1=f"A{n}", player2=f"B{n}")
        for n in range(1, 2 * tables + 1)
    )
    services.start_evening(evening, seed=1)

    record_times, record_queries, advance_times, advance_queries = [], [], [], []
    for game in range(1, games + 1):
        rows = list(
            Seating.objects.filter(game__evening=evening, game__number=game).values_list(
                "table__number", "couple_a__number"
            )
        )
        connection.queries_log.clear()  # the log keeps 9000 queries at most
        with CaptureQueriesContext(connection) as recorded:
            started = time.perf_counter()
            for table, couple in rows:
                services.record_result(evening, game, table, couple)
            record_times.append(time.perf_counter() - started)
        record_queries.append(len(recorded))
        connection.queries_log.clear()
        with CaptureQueriesContext(connection) as advanced:
            started = time.perf_counter()
            services.advance(evening, from_game=game)
            advance_times.append(time.perf_counter() - started)
        advance_queries.append(len(advanced))

    record = max(record_times)
    queries = max(record_queries)
    print(
        f"{tables:>7} | {record * 1000:>8.0f} ms {queries:>6} q | "
        f"{record / tables * 1000:>6.2f} ms {queries / tables:>5.1f} q | "
        f"{max(advance_times) * 1000:>8.1f} ms {max(advance_queries):>4} q",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
