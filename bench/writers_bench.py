"""Writers at SQLite's one write lock: Django's own backend against the
hall's (cardnight/backends/sqlite3), side by side in one run.

Several server-like processes, each with several threads, write at once to
one SQLite file in WAL mode, as a hall's server does while results come in:
each write is a transaction (BEGIN IMMEDIATE, as the hall's settings) that
updates a row and then does a few milliseconds of work while it holds the
lock (a result's own work). Between writes each thread does work outside
any transaction (the polls and pages that share the CPU), then waits
(--idle-ms: a server that is not always busy). Prints, for each
backend, the writes done and how long a write took from asking to commit,
as multiples of the same write done alone (measured first, in the same
run), so the figures mean the same on a faster or slower machine. The two
backends are played in turn, --rounds times each.

    .venv/bin/python bench/writers_bench.py [--processes 3] [--threads 4]
        [--seconds 8] [--work-ms 3] [--between-ms 20] [--idle-ms 0] [--rounds 2]
"""

import argparse
import multiprocessing
import os
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.phones import percentile  # noqa: E402

BACKENDS = {
    "Django's sqlite3": "django.db.backends.sqlite3",
    "the hall's (cardnight.backends.sqlite3)": "cardnight.backends.sqlite3",
}


def burn(ms: float) -> None:
    """`ms` milliseconds of this thread's CPU time (pure Python, holding the
    interpreter as a request's work does)."""
    end = time.thread_time() + ms / 1000
    while time.thread_time() < end:
        sum(range(200))


def setup_django(engine: str, path: str) -> None:
    import django
    from django.conf import settings

    settings.configure(
        DATABASES={
            "default": {
                "ENGINE": engine,
                "NAME": path,
                "CONN_MAX_AGE": None,
                "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
            }
        },
        INSTALLED_APPS=[],
        USE_TZ=True,
    )
    django.setup()


def write(work_ms: float) -> float:
    """One write; the seconds from asking for the transaction to its commit."""
    from django.db import connection, transaction

    asked = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE results SET n = n + 1 WHERE id = 1")
        burn(work_ms)
    return time.perf_counter() - asked


def server(engine, path, threads, seconds, work_ms, between_ms, idle_ms, start, queue) -> None:
    """One server process: `threads` threads writing until `seconds` pass."""
    setup_django(engine, path)
    from django.db import connection

    took: list[float] = []
    lock = threading.Lock()

    def worker() -> None:
        mine = []
        start.wait()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            mine.append(write(work_ms))
            burn(between_ms)
            time.sleep(idle_ms / 1000)
        connection.close()
        with lock:
            took.extend(mine)

    running = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    queue.put(took)


def alone(engine: str, path: str, work_ms: float, queue) -> None:
    setup_django(engine, path)
    for _ in range(5):
        write(work_ms)
    queue.put([write(work_ms) for _ in range(40)])


def fresh_database(folder: str) -> str:
    path = os.path.join(folder, f"writers-{time.monotonic_ns()}.sqlite3")
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
    db.execute("INSERT INTO results VALUES (1, 0)")
    db.commit()
    db.close()
    return path


def play(engine: str, folder: str, args, context) -> tuple[list[float], float]:
    path = fresh_database(folder)
    queue = context.Queue()
    start = context.Event()
    processes = [
        context.Process(
            target=server,
            args=(
                engine,
                path,
                args.threads,
                args.seconds,
                args.work_ms,
                args.between_ms,
                args.idle_ms,
                start,
                queue,
            ),
        )  # fmt: skip
        for _ in range(args.processes)
    ]
    for process in processes:
        process.start()
    time.sleep(1.0)  # every process set up before the clock starts
    start.set()
    took = [t for _ in processes for t in queue.get()]
    for process in processes:
        process.join()
    return took, args.seconds


def measure_alone(engine: str, folder: str, work_ms: float, context) -> float:
    queue = context.Queue()
    process = context.Process(target=alone, args=(engine, fresh_database(folder), work_ms, queue))
    process.start()
    took = queue.get()
    process.join()
    return statistics.median(took)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=3, help="server processes (as make run)")
    parser.add_argument("--threads", type=int, default=4, help="threads per process")
    parser.add_argument("--seconds", type=float, default=8.0, help="each round's length")
    parser.add_argument(
        "--work-ms", type=float, default=3.0, help="CPU work inside each write's transaction"
    )
    parser.add_argument(
        "--between-ms", type=float, default=20.0, help="CPU work between a thread's writes"
    )
    parser.add_argument(
        "--idle-ms", type=float, default=0.0, help="a thread's wait after that work (no CPU)"
    )
    parser.add_argument("--rounds", type=int, default=2, help="rounds per backend, in turn")
    args = parser.parse_args()
    if min(args.processes, args.threads, args.rounds) < 1 or args.seconds <= 0:
        parser.error("--processes, --threads and --rounds must be at least 1, --seconds > 0")
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory() as folder:
        base = measure_alone(BACKENDS["Django's sqlite3"], folder, args.work_ms, context)
        print(
            f"one write alone (Django's backend): {base * 1000:.1f} ms; "
            f"{args.processes} processes x {args.threads} threads, {args.work_ms:g} ms of work "
            f"in each write, {args.between_ms:g} ms of work and {args.idle_ms:g} ms idle between a "
            f"thread's writes, "
            f"{args.seconds:g} s a round, {os.cpu_count()} processors"
        )
        print(f"{'backend':42}{'round':>6}{'writes/s':>10}{'p50 x':>8}{'p95 x':>8}{'max x':>8}")
        summary: dict[str, list[tuple[float, float]]] = {name: [] for name in BACKENDS}
        for round_ in range(1, args.rounds + 1):
            for name, engine in BACKENDS.items():
                took, seconds = play(engine, folder, args, context)
                p50, p95 = statistics.median(took) / base, percentile(took, 0.95) / base
                summary[name].append((p50, p95))
                print(
                    f"{name:42}{round_:6d}{len(took) / seconds:10.0f}{p50:8.1f}{p95:8.1f}"
                    f"{max(took) / base:8.1f}"
                )
        print("medians of the rounds (a write's time, x one alone):")
        for name, rows in summary.items():
            p50 = statistics.median(r[0] for r in rows)
            p95 = statistics.median(r[1] for r in rows)
            print(f"  {name:40} p50 {p50:.1f}x, p95 {p95:.1f}x")


if __name__ == "__main__":
    main()
