"""What one change costs the site when every couple card is polled once.

    .venv/bin/python bench/cards_bench.py [--couples 200,400] [--rounds 9]
                                          [--clients 6] [--database-url URL]

Issue 27, goal 1: after one result, serving every couple card of the evening
once must cost, beyond what the same number of 304 answers costs, at most
twice the CPU of one board rebuild, whatever the number of server processes.

What it does, all on 127.0.0.1: a throwaway database (SQLite, or the
PostgreSQL database given by --database-url; REDIS_URL from the environment
is passed on), an evening of each size left in game 13
(`simulate_evening`), the production server as `make run` starts it (3
processes x 4 threads, tests/support/hall.py `Server`). Then, round after
round, for each evening, in turn:

- "rebuild": one change (a result: the next table of the current game
  reported, `record_result`), then the board's htmx poll once: the board
  rebuilt;
- "cards": one change (the next table's result), then every couple card's
  htmx poll once (with its old ETag, as a phone sends it), from --clients
  connections at once, so every process gets its share;
- "304": every couple card's poll with its current ETag (304s), just before
  the change and again right after the cards: the mean of the two.

CPU is the server's own (every thread of every process in its process group,
from /proc/<pid>/task/*/schedstat), read before and after each kind, so the
load generator and the rest of the machine are not counted. Printed per
evening: the median over the rounds of each kind's CPU and of the ratio
(cards - 304) / rebuild, with the aim (at most 2). A change is followed by
1.5 s of quiet before it is measured.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.board_bench import fetch, make_evening  # noqa: E402
from bench.evening import prepared_env  # noqa: E402
from tests.support.hall import Server, manage  # noqa: E402

AIM = 2.0
QUIET = 1.5  # seconds after a change


def server_cpu(pgid: int) -> float:
    """Seconds of CPU every thread of every process in `pgid` has used."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[2]) != pgid:  # field 5, the process group
                continue
            for task in os.scandir(f"/proc/{entry.name}/task"):
                with open(f"/proc/{entry.name}/task/{task.name}/schedstat") as sched:
                    total += int(sched.read().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return total / 1e9


# One result: the first table of the current game without one is won by
# its first couple (what a volunteer's tap does).
RESULT = """
from tables.models import Evening, Seating
from tables.services import record_result
evening = Evening.objects.get(slug={slug!r})
seating = (
    Seating.objects.filter(game__evening=evening, game__number=evening.current_game,
                           winner__isnull=True)
    .select_related("table", "couple_a").order_by("table__number").first()
)
record_result(evening, evening.current_game, seating.table.number, seating.couple_a.number)
"""


def change(env: dict, slug: str) -> None:
    """One result of the evening's current game, as a volunteer records it."""
    manage(env, "shell", "--no-imports", "-c", RESULT.format(slug=slug))


def poll_all(port: int, paths: list[str], etags: dict, clients: int) -> dict:
    """Every path's htmx poll once, spread over `clients` connections.
    Returns {path: (status, etag)}."""
    answers: dict[str, tuple[int, str]] = {}
    lock = threading.Lock()
    todo = list(paths)

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            while True:
                with lock:
                    if not todo:
                        return
                    path = todo.pop()
                headers = {"HX-Request": "true", "Accept-Encoding": "gzip"}
                if etags.get(path):
                    headers["If-None-Match"] = etags[path]
                connection.request("GET", path, headers=headers)
                response = connection.getresponse()
                response.read()
                with lock:
                    answers[path] = (response.status, response.getheader("ETag") or "")
        finally:
            connection.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return answers


def version_of(etag: str) -> str:
    """The evening version a board ETag names (`board.etag`: pk.version...)."""
    return etag.removeprefix("W/").strip('"').split(".")[1]


def every_card_once(
    server: Server, cards: list[str], etags: dict, clients: int, current: bool = False
) -> dict:
    """Every card's poll once after a change, each answered with the new
    version (`current`: or 304, when nothing may have changed); returns the
    new ETags. One card first: its poll builds the pass, which the others
    then take from the cache."""
    first = poll_all(server.port, cards[:1], etags, 1)
    answers = {**poll_all(server.port, cards[1:], etags, clients), **first}
    fine = (200, 304) if current else (200,)
    wrong = [p for p, (status, _) in answers.items() if status not in fine]
    assert not wrong and len(answers) == len(cards), f"{len(wrong)} cards not rebuilt"
    new = {path: tag for path, (status, tag) in answers.items() if status == 200}
    shown = {version_of(tag) for tag in new.values()}
    assert len(shown) <= 1, f"cards of several versions were served: {shown}"
    return {**etags, **new}


def three_o_fours(server: Server, cards: list[str], etags: dict, clients: int) -> float:
    """The server's CPU for every card's poll answered 304."""
    before = server_cpu(server.process.pid)
    answers = poll_all(server.port, cards, etags, clients)
    bad = [path for path, (status, _) in answers.items() if status != 304]
    assert not bad, f"{len(bad)} cards not answered 304, e.g. {bad[0]}"
    return server_cpu(server.process.pid) - before


def measure(env: dict, server: Server, slug: str, couples: int, rounds: int, clients: int):
    pgid = server.process.pid
    board = f"/e/{slug}/"
    cards = [f"/e/{slug}/couple/{n}/" for n in range(1, couples + 1)]
    etags = {path: tag for path, (_, tag) in poll_all(server.port, cards, {}, clients).items()}
    figures: dict[str, list[float]] = {"rebuild": [], "cards": [], "304": [], "ratio": []}
    for round_number in range(rounds):
        kinds = ["rebuild", "cards"] if round_number % 2 == 0 else ["cards", "rebuild"]
        spent = {}
        for kind in kinds:
            if kind == "cards":  # the cards' polls while nothing changed: 304s
                etags = every_card_once(server, cards, etags, clients, current=True)
                not_modified = [three_o_fours(server, cards, etags, clients)]
            change(env, slug)
            time.sleep(QUIET)
            before = server_cpu(pgid)
            if kind == "rebuild":
                status, _, _ = fetch(server.port, board, {"HX-Request": "true"})
                assert status == 200, status
            else:
                etags = every_card_once(server, cards, etags, clients)
            spent[kind] = server_cpu(pgid) - before
            if kind == "cards":  # the same polls again, right away: 304s
                not_modified.append(three_o_fours(server, cards, etags, clients))
                spent["304"] = statistics.mean(not_modified)  # before and after
        for kind, value in spent.items():
            figures[kind].append(value)
        figures["ratio"].append((spent["cards"] - spent["304"]) / spent["rebuild"])
        print(
            f"  round {round_number + 1}: rebuild {spent['rebuild'] * 1000:.0f} ms, "
            f"{couples} cards {spent['cards'] * 1000:.0f} ms, "
            f"{couples} 304s {spent['304'] * 1000:.0f} ms",
            flush=True,
        )
    return {kind: statistics.median(values) for kind, values in figures.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--couples", default="200,400", help="evening sizes, comma-separated")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--clients", type=int, default=6, help="concurrent connections")
    parser.add_argument("--workers", type=int, default=3, help="server processes")
    parser.add_argument("--database-url", default="", help="PostgreSQL instead of SQLite")
    options = parser.parse_args()
    sizes = [int(n) for n in options.couples.split(",")]
    extra = {"DEBUG": "false", "LOG_LEVEL": "ERROR"}
    with prepared_env(options.database_url or None, **extra) as env:
        if not os.environ.get("REDIS_URL"):
            env.pop("REDIS_URL", None)
        slugs = {n: make_evening(env, n) for n in sizes}
        database = "PostgreSQL" if options.database_url else "SQLite"
        cache = "Redis" if env.get("REDIS_URL") else "no Redis"
        print(f"database: {database}; {cache}; {options.workers} processes x 4 threads")
        results = {}
        with Server(env, workers=options.workers, threads=4) as server:
            for n in sizes:
                print(f"evening of {n} couples:", flush=True)
                results[n] = measure(env, server, slugs[n], n, options.rounds, options.clients)
    print()
    print(
        f"{'couples':>8}{'rebuild':>10}{'cards':>10}{'304s':>10}{'(cards-304)/rebuild':>22}{'aim':>6}"
    )
    met = True
    for n, figures in results.items():
        ok = figures["ratio"] <= AIM
        met &= ok
        print(
            f"{n:>8}{figures['rebuild'] * 1000:>8.0f}ms{figures['cards'] * 1000:>8.0f}ms"
            f"{figures['304'] * 1000:>8.0f}ms{figures['ratio']:>21.2f}x"
            f"{'<=' + str(AIM):>6}{'' if ok else '!'}"
        )
    print("(CPU of the server's processes; medians over the rounds)")
    print("aim met" if met else "aim NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
