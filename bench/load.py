"""`make load`: a busy hall night against the production server.

Plays the first games of a 100-table evening (200 couples), compressed
(15 s of cards, then all 100 tables' results within 6 s), on gunicorn started exactly as
`make run` starts it, once on SQLite and once on PostgreSQL (when a server
answers on 127.0.0.1:5432): 300 phones poll the public scoreboard every 5
seconds (as htmx does, with If-None-Match) while volunteers tap results on the
game screen, table-side phones report and confirm their own tables, and the
organizer starts each next game. Prints requests per second, p50/p95/p99
latency per kind of request, and errors.

With --halls N (bench/halls.py): one site for many halls. N halls, each with
its own organizer and volunteers and an evening of 30 tables, played at once
on PostgreSQL with Redis as the shared cache, 300 phones per hall, for
--seconds; volunteers also ask for another hall's game screen (it must be
"not found").

Traffic goes only to 127.0.0.1; every loop is bounded in count and time.

    .venv/bin/python bench/load.py [--games 10] [--phones 300] [--poll 5]
                                   [--db sqlite|postgres|both] [--max-seconds 600]
                                   [--phone-processes 1] [--capacity 1000,2000,3000]
                                   [--tables 100] [--volunteers 4]
                                   [--play-seconds 15] [--game-seconds 6]
    .venv/bin/python bench/load.py --halls 10 [--seconds 150] [--servers 1]
                                   [--redis-url redis://127.0.0.1:6379/11]
"""

import argparse
import contextlib
import os
import queue
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.phones import Stats, percentile, start_phones, stop_phones, timed  # noqa: E402
from tests.support.hall import Browser, Server, manage, open_tables, server_env  # noqa: E402

PASSWORD = "load-test-45"  # noqa: S105 -- a throw-away account on a throw-away database
SLUG = "load-night"
TOKEN_ROW = re.compile(r'id="table-(\d+)".*?/t/([A-Za-z0-9_-]{20,})/', re.S)
GAME_FIELD = re.compile(r'name="game" value="(\d+)"')

SETUP = """
import datetime
from django.contrib.auth.models import User
from tables.models import Evening, Hall, Membership
from tables.services import register_couple
hall = Hall.objects.create(name="Load Test Hall")
Membership.objects.create(
    user=User.objects.create_user("olive", password="{password}"), hall=hall, role="organizer")
for n in range({volunteers}):
    Membership.objects.create(user=User.objects.create_user(f"vol{{n}}", password="{password}"),
                              hall=hall, role="volunteer")
evening = Evening.objects.create(
    hall=hall, name="Load night", slug="{slug}", date=datetime.date(2026, 11, 27),
    games={games}, published=True,
)
for n in range({couples}):
    register_couple(evening, f"Player {{n}}a", f"Player {{n}}b", paid=True)
"""


# --- Volunteers, table-side phones and the organizer ------------------------


def signed_in(url: str, username: str) -> Browser:
    browser = Browser(url)
    browser.sign_in(username, PASSWORD)
    return browser


def volunteer_task(browser: Browser, stats: Stats, task) -> None:
    url, _game, _table, couples = task
    timed(stats, "volunteer: record result", lambda: browser.post(url, {"winner": couples[0]}))


def tableside_task(url: str, stats: Stats, task) -> None:
    token, couples, winner = task
    for reporter in couples:  # one couple reports, the other confirms on its own phone
        browser = Browser(url)
        page = timed(
            stats, "table side: page", lambda r=reporter, b=browser: b.get(f"/t/{token}/?as={r}")
        )
        if not page:
            return
        game = GAME_FIELD.search(page[1])
        if not game:
            stats.add("table side: page", 0, False)
            return
        data = {"game": game.group(1), "reporter": reporter, "winner": winner}
        timed(
            stats, "table side: report", lambda d=data, b=browser: b.post(f"/t/{token}/report/", d)
        )


def worker(n: int, tasks: queue.Queue, crew: list[Browser], url: str, stats: Stats) -> None:
    while True:
        try:
            due, kind, task = tasks.get_nowait()
        except queue.Empty:
            return
        time.sleep(max(0.0, due - time.monotonic()))
        if kind == "volunteer":
            volunteer_task(crew[n % len(crew)], stats, task)
        else:
            tableside_task(url, stats, task)


def play_evening(
    url: str,
    games: int,
    volunteers: int,
    play_seconds: float,
    game_seconds: float,
    stats: Stats,
    deadline: float,
    slug: str = SLUG,
    names: tuple[str, str] = ("olive", "vol"),
    each_game=None,
) -> int:
    """Plays `games` games of the evening `slug` (or until `deadline`): the
    organizer `names[0]` starts each, volunteers `names[1]0`, `names[1]1`, …
    tap half the results, table-side phones report the other half.
    `each_game(crew)`, if given, runs once a game with the signed-in crew."""
    rng = random.Random(45)
    organizer = signed_in(url, names[0])
    crew = [signed_in(url, f"{names[1]}{n}") for n in range(volunteers)]
    status, _ = organizer.post(f"/evenings/{slug}/game/start/", {})
    assert status in (200, 302), f"could not start the evening: {status}"
    links = organizer.get(f"/evenings/{slug}/tables/")[1]
    tokens = {int(table): token for table, token in TOKEN_ROW.findall(links)}
    played = 0
    for game in range(1, games + 1):
        if time.monotonic() > deadline:
            break
        todo: list = []
        screens = [
            timed(stats, "volunteer: game screen", lambda b=b: b.get(f"/evenings/{slug}/game/"))
            for b in crew
        ]
        if each_game:
            each_game(crew)
        for found in open_tables(screens[0][1] if screens[0] else ""):
            _url, _game, table, couples = found
            if table % 2 and table in tokens:
                todo.append(("table", (tokens[table], couples, couples[0])))
            else:
                todo.append(("volunteer", found))
        # Tables finish at random moments through the game, as in a hall.
        rng.shuffle(todo)
        # The cards are played first; results trickle in over game_seconds.
        begin = time.monotonic() + play_seconds
        tasks: queue.Queue = queue.Queue()
        for n, item in enumerate(todo):
            tasks.put((begin + game_seconds * n / max(1, len(todo)), *item))
        workers = [
            threading.Thread(target=worker, args=(n, tasks, crew, url, stats))
            for n in range(volunteers * 2)
        ]
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
        action = "finish" if game == games else "next"
        kind = "organizer: finish" if game == games else "organizer: start next game"
        timed(
            stats,
            kind,
            lambda a=action, g=game: organizer.post(f"/evenings/{slug}/game/{a}/", {"game": g}),
            ok=lambda status: status in (200, 302),
        )
        played = game
    return played


@contextlib.contextmanager
def scratch_postgres():
    """A database of its own on 127.0.0.1:5432 (its DATABASE_URL), dropped after."""
    dbname = f"cn_load_{uuid.uuid4().hex[:8]}"
    psql = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-q", "-c"]
    subprocess.run([*psql, f"CREATE DATABASE {dbname}"], check=True, capture_output=True)
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{dbname}"
    finally:
        subprocess.run([*psql, f"DROP DATABASE IF EXISTS {dbname} WITH (FORCE)"],
                       capture_output=True)  # fmt: skip


@contextlib.contextmanager
def prepared_env(database_url: str | None, **extra: str):
    """The server's environment, its database migrated and static files
    collected, as `make run` does; its temporary folder removed afterwards."""
    var_dir = Path(tempfile.mkdtemp(prefix="cardnight-load-"))
    try:
        env = server_env(var_dir, database_url, **extra)
        env.pop("CARDNIGHT_PLAIN_STATIC", None)
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        yield env
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def run(db: str, args) -> None:
    if db == "postgres":
        with scratch_postgres() as database_url:
            return run_on(db, database_url, args)
    return run_on(db, None, args)


def run_on(db: str, database_url: str | None, args) -> None:
    with prepared_env(database_url) as env:
        couples = args.tables * 2
        script = SETUP.format(
            password=PASSWORD, volunteers=args.volunteers, slug=SLUG, games=args.games,
            couples=couples,
        )  # fmt: skip
        manage(env, "shell", "--no-imports", "-c", script)
        with Server(env, workers=3, threads=4) as server:  # as `make run`
            stats = Stats()
            phones = [(server.port, SLUG, couples, n) for n in range(args.phones)]
            crowds, stop, results = start_phones(phones, args.phone_processes, args.poll)
            time.sleep(args.poll)  # let the phones settle into their rhythm
            started = time.perf_counter()
            played = play_evening(
                server.url,
                args.games,
                args.volunteers,
                args.play_seconds,
                args.game_seconds,
                stats,
                time.monotonic() + args.max_seconds,
            )
            elapsed = time.perf_counter() - started
            stop_phones(crowds, stop, results, stats)
        return report(db, args, played, couples, elapsed, stats)


def report(db, args, played, couples, elapsed, stats: Stats) -> None:
    total = sum(len(v) for v in stats.latency.values())
    errors = sum(stats.errors.values())
    print(
        f"\n{db}: {played} games, {couples} couples ({couples // 2} tables), "
        f"{args.phones} phones polling every {args.poll:g} s; each game: {args.play_seconds:g} s "
        f"of play, then results over {args.game_seconds:g} s; {elapsed:.0f} s in all"
    )
    columns = ("count", "req/s", "p50 ms", "p95 ms", "p99 ms", "errors")
    print(f"{'request':32}" + "".join(f"{c:>9}" for c in columns))
    for kind in sorted(stats.latency):
        values = stats.latency[kind]
        print(
            f"{kind:32}{len(values):9d}{len(values) / elapsed:9.1f}"
            f"{statistics.median(values) * 1000:9.1f}{percentile(values, 0.95) * 1000:9.1f}"
            f"{percentile(values, 0.99) * 1000:9.1f}{stats.errors.get(kind, 0):9d}"
        )
    volunteer = [
        v for kind, values in stats.latency.items() if not kind.startswith("phone") for v in values
    ]
    p95 = percentile(volunteer, 0.95) * 1000
    print(
        f"all requests: {total} in {elapsed:.0f} s = {total / elapsed:.1f} req/s, {errors} errors; "
        f"volunteers' and table-side requests p95 {p95:.0f} ms "
        f"(aim: under 300 ms)"
    )
    return p95, errors


def postgres_available() -> bool:
    return (
        subprocess.run(
            ["pg_isready", "-h", "127.0.0.1", "-p", "5432", "-q"], capture_output=True
        ).returncode
        == 0
    )


def capacity(args) -> None:
    """How many phones polling every --poll seconds SQLite serves while the
    volunteers' p95 stays under 300 ms: each number of phones in turn (at
    most 10, each run bounded by --max-seconds), stopping at the first that
    misses."""
    served = 0
    for phones in [int(n) for n in args.capacity.split(",")][:10]:
        args.phones = phones
        p95, errors = run("sqlite", args)
        if p95 >= 300 or errors:
            print(f"\n{phones} phones: volunteers' p95 {p95:.0f} ms, {errors} errors: over")
            break
        served = phones
    print(f"\ncapacity on SQLite: {served} phones polling every {args.poll:g} s "
          "with volunteers' p95 under 300 ms and no errors")  # fmt: skip


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games played (default 10; 25 with --halls)")
    parser.add_argument(
        "--tables", type=int, help="tables per evening (default 100; 30 with --halls)"
    )
    parser.add_argument(
        "--phones", type=int, default=300, help="phones polling (per hall with --halls)"
    )
    parser.add_argument("--poll", type=float, default=5.0)
    parser.add_argument(
        "--volunteers", type=int, help="volunteers (default 4; 2 per hall with --halls)"
    )
    parser.add_argument(
        "--play-seconds", type=float, default=15.0, help="how long the cards are played before"
    )
    parser.add_argument(
        "--game-seconds",
        type=float,
        default=6.0,
        help="how long the results of one game trickle in",
    )
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument(
        "--phone-processes",
        type=int,
        help="processes the phones are spread over (default 1; 2 with --halls)",
    )
    parser.add_argument(
        "--capacity",
        default="",
        help="capacity on SQLite: comma-separated numbers of phones, tried in turn "
        "(e.g. 1000,2000,3000); prints the most served with volunteers' p95 < 300 ms, 0 errors",
    )
    parser.add_argument("--max-seconds", type=float, default=600)
    many = parser.add_argument_group("many halls on one site (PostgreSQL and Redis)")
    many.add_argument("--halls", type=int, default=0, help="halls playing at once (e.g. 10)")
    many.add_argument("--seconds", type=float, default=150, help="how long the halls play")
    many.add_argument("--servers", type=int, default=1, help="app servers sharing the load")
    many.add_argument(
        "--in-step", action="store_true", help="start every hall's game on the same second"
    )
    many.add_argument("--redis-url", default="redis://127.0.0.1:6379/11", help="the shared cache")
    args = parser.parse_args(argv)
    if args.halls < 0 or args.servers < 1 or args.phones < 0 or args.seconds <= 0:
        parser.error("--halls, --phones must be >= 0, --servers >= 1, --seconds > 0")
    if args.halls and args.capacity:
        parser.error("--halls and --capacity are different runs: choose one")
    halls = bool(args.halls)
    defaults = {
        "games": (10, 25),
        "tables": (100, 30),
        "volunteers": (4, 2),
        "phone_processes": (1, 2),
    }
    for name, (alone, many_halls) in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, many_halls if halls else alone)
    return args


def main() -> None:
    args = parse_args()
    os.chdir(Path(__file__).resolve().parent.parent)
    if args.halls:
        from bench.halls import run_halls

        sys.exit(run_halls(args))
    if args.capacity:
        capacity(args)
        return
    databases = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    for db in databases:
        if db == "postgres" and not postgres_available():
            print("\npostgres: no server on 127.0.0.1:5432, skipped")
            continue
        run(db, args)


if __name__ == "__main__":
    main()
