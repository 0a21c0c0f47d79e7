"""Start game against the size of the database: the backup after every game.

    .venv/bin/python bench/backup_bench.py [--past 52] [--couples 100] [--rounds 3]

Two throwaway SQLite databases (temporary CARDNIGHT_VAR_DIRs): one with no
past evening, one with a year of weekly evenings (--past evenings of
--couples couples, 25 games each: one played by `simulate_evening`, the
others imported from its JSON). In each, a fresh evening of 40 couples is
played for 6 games; the organizer's "Start the next game" is timed through
the Django test client (the whole request: the view, the transaction, and
whatever runs when it commits). Two ways, alternating, each in its own
process: the backup taken inside the request when the game commits (as
before), and the backup asked of the background thread (as now; the bench
waits for it, untimed, before the next game, as the minutes between games
would). The backup alone (`take_backup`) is timed in each database too.

Printed: medians over --rounds alternating rounds, in ms, and the ratios a
year / empty (the aim: Start game does not grow with the past, ~1.0) and
now / before. Wall-clock times on a shared machine: read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = 6


def setup(var: str) -> None:
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ["CARDNIGHT_VAR_DIR"] = var
    os.environ["CARDNIGHT_BACKUP_KEEP"] = "2"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def build(var: str, past: int, couples: int) -> None:
    """The database: migrated, and `past` finished evenings."""
    setup(var)
    from django.core.management import call_command

    from cardnight.backup import wait_for_backups
    from scoring.exchange import export_evening_data, import_evening_data
    from tables.models import Evening

    call_command("migrate", verbosity=0)
    if past:
        with open(os.devnull, "w") as quiet:
            call_command("simulate_evening", couples=couples, seed=45, stdout=quiet)
        data = json.loads(json.dumps(export_evening_data(Evening.objects.get())))
        for n in range(past - 1):
            data.update(slug="", name=f"Week {n + 2}")
            import_evening_data(data)
    wait_for_backups()


def measure(var: str, mode: str) -> list[tuple[float, float]]:
    """Start game's request time for GAMES games of a new evening: (wall ms,
    CPU ms of the request's thread)."""
    setup(var)
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from cardnight import backup
    from tables import services
    from tables.models import Evening, Membership

    if mode == "before":  # the backup inside the request, as it was
        backup.backup_soon = lambda label: backup.take_backup(label)
    with open(os.devnull, "w") as quiet:
        call_command(
            "simulate_evening", couples=40, seed=7, stop_after=1, name=f"Now {mode}", stdout=quiet
        )
    evening = Evening.objects.filter(status=Evening.Status.RUNNING).latest("pk")
    user, _ = User.objects.get_or_create(username="bench-organizer")
    Membership.objects.get_or_create(user=user, hall=evening.hall, role=Membership.Role.ORGANIZER)
    client = Client()
    client.force_login(user)
    backup.wait_for_backups()
    times = []
    for game in range(1, GAMES + 1):
        evening.refresh_from_db()
        for seating in evening.game_set.get(number=game).seatings.select_related(
            "table", "couple_a"
        ):
            services.record_result(evening, game, seating.table.number, seating.couple_a.number)
        connection.close()  # each request starts as a new one would
        started, cpu = time.perf_counter(), time.thread_time()
        response = client.post(f"/evenings/{evening.slug}/game/next/", {"game": game})
        times.append(((time.perf_counter() - started) * 1000, (time.thread_time() - cpu) * 1000))
        assert response.status_code == 302, response.status_code
        backup.wait_for_backups()  # the minutes between games (untimed)
    return times


def backup_alone(var: str) -> list[tuple[float, float]]:
    setup(var)
    from cardnight.backup import take_backup

    times = []
    for _ in range(3):
        started, cpu = time.perf_counter(), time.thread_time()
        take_backup("bench")
        times.append(((time.perf_counter() - started) * 1000, (time.thread_time() - cpu) * 1000))
    return times


def worker(argv: list[str]) -> int:
    kind, var, *rest = argv
    if kind == "build":
        build(var, int(rest[0]), int(rest[1]))
        return 0
    times = backup_alone(var) if kind == "alone" else measure(var, rest[0])
    print(json.dumps(times))
    return 0


def run(*args: str) -> list[list[float]]:
    result = subprocess.run(
        [sys.executable, __file__, "--worker", *args],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    if argv[:1] == ["--worker"]:
        return worker(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--past", type=int, default=52)
    parser.add_argument("--couples", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory(prefix="cardnight-backup-bench-") as empty,
        tempfile.TemporaryDirectory(prefix="cardnight-backup-bench-") as year,
    ):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, __file__, "--worker", "build", empty, "0", "0"], cwd=ROOT, check=True
        )
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--worker",
                "build",
                year,
                str(args.past),
                str(args.couples),
            ],
            cwd=ROOT,
            check=True,
        )
        sizes = {
            name: (Path(var) / "cardnight.sqlite3").stat().st_size / 1e6
            for name, var in (("empty", empty), ("year", year))
        }
        print(
            f"databases: no past evening {sizes['empty']:.1f} MB, a year of {args.past} "
            f"evenings of {args.couples} couples {sizes['year']:.1f} MB "
            f"(built in {time.perf_counter() - started:.0f} s); Start game timed over "
            f"{GAMES} games, {args.rounds} alternating rounds, medians"
        )
        samples: dict[tuple[str, str], list[list[float]]] = {}
        for _ in range(args.rounds):
            for db, var in (("empty", empty), ("year", year)):
                for mode in ("before", "now"):
                    samples.setdefault((mode, db), []).extend(run("measure", var, mode))
                samples.setdefault(("alone", db), []).extend(run("alone", var))
        for column, title in ((0, "wall ms"), (1, "CPU ms of the request's thread")):
            m = {
                key: statistics.median(v[column] for v in values) for key, values in samples.items()
            }
            print(f"{title + ' (median)':<44} {'empty':>7} {'a year':>7} {'year/empty':>10}")
            for key, label in (
                ("before", "Start game, backup inside the request"),
                ("now", "Start game, backup in the background"),
                ("alone", "the backup alone (take_backup)"),
            ):
                print(
                    f"{label:<44} {m[key, 'empty']:>7.1f} {m[key, 'year']:>7.1f} "
                    f"{m[key, 'year'] / m[key, 'empty']:>10.2f}"
                )
            print(
                f"Start game now / before: empty {m['now', 'empty'] / m['before', 'empty']:.2f}, "
                f"a year {m['now', 'year'] / m['before', 'year']:.2f}"
            )
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
