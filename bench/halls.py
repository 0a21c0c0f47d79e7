"""`bench/load.py --halls N`: one site for many halls, under load.

N halls, each with its own organizer and volunteers (Membership rows) and an
evening of --tables tables (30: 60 couples), all played at once against
gunicorn as `make run` starts it (--servers of them, sharing the work), on a
scratch PostgreSQL database with Redis as the shared cache. Each hall is a
process of its own running the same evening as the default mode
(`play_evening`: the organizer starts each game, volunteers tap half the
results on the game screen, table-side phones report and confirm the other
half); --phones phones per hall poll their hall's board or a couple's card
with If-None-Match. The halls start spread over one game's length, as real
halls do not start on the same second (--in-step starts them together).

Each game, every volunteer also asks for the next hall's game screen and
posts a result to one of its tables: both must answer 404 (no role in that
hall). These are counted as checks, apart from the requests' errors.

Bounded: the halls play until --seconds have passed (the game under way
finishes), then the phones stop.
"""

import multiprocessing
import os
import queue
import socket
import subprocess
import threading
import time
from contextlib import ExitStack

from bench.evening import PASSWORD, play_evening, prepared_env, scratch_postgres
from bench.phones import Stats, percentile, start_phones, stop_phones
from cardnight.server import THREADS, WORKERS
from tests.support.hall import Server, manage

SETUP = """
import datetime
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from tables.models import Evening, Hall, Membership
from tables.services import register_couple
hashed = make_password("{password}")  # one hash for every account: setup stays quick
for h in range({halls}):
    hall = Hall.objects.create(name=f"Hall {{h}}")
    people = [(f"org{{h}}", "organizer")]
    people += [(f"vol{{h}}_{{n}}", "volunteer") for n in range({volunteers})]
    for name, role in people:
        user = User.objects.create(username=name, password=hashed)
        Membership.objects.create(user=user, hall=hall, role=role)
    evening = Evening.objects.create(
        hall=hall, name=f"Night at hall {{h}}", slug=f"hall-{{h}}-night",
        date=datetime.date(2026, 11, 27), games={games}, published=True,
    )
    for n in range({couples}):
        register_couple(evening, f"Player {{h}}.{{n}}a", f"Player {{h}}.{{n}}b", paid=True)
"""
OTHER_SCREEN = "another hall's game screen is 404"
OTHER_RESULT = "another hall's result form is 404"


def slug(hall: int) -> str:
    return f"hall-{hall}-night"


def unreachable(redis_url: str) -> str:
    """Why PostgreSQL or Redis cannot be used, or '' when both answer."""
    ready = subprocess.run(
        ["pg_isready", "-h", "127.0.0.1", "-p", "5432", "-q"], capture_output=True, check=False
    )
    if ready.returncode != 0:
        return "PostgreSQL does not answer on 127.0.0.1:5432 (pg_isready)"
    address = redis_url.split("://", 1)[-1].split("/", 1)[0]
    host, _, port = address.rpartition(":") if ":" in address else (address, "", "6379")
    try:
        with socket.create_connection((host, int(port)), timeout=2) as sock:
            sock.sendall(b"PING\r\n")
            if not sock.recv(64).startswith(b"+PONG"):
                return f"Redis at {address} did not answer PING"
    except OSError as error:
        return f"Redis does not answer at {address} ({error.strerror or error})"
    return ""


def hall_process(hall: int, url: str, args, start: float, deadline: float, results) -> None:
    """One hall's evening, its volunteers signed in to this hall only."""
    stats, other = Stats(), slug((hall + 1) % args.halls)

    def each_game(crew) -> None:
        for browser in crew:
            status, _ = browser.get(f"/evenings/{other}/game/")
            stats.check(OTHER_SCREEN, status == 404)
            status, _ = browser.post(f"/evenings/{other}/game/1/tables/1/", {"winner": 1})
            stats.check(OTHER_RESULT, status == 404)

    time.sleep(max(0.0, start - time.monotonic()))
    try:
        played = play_evening(
            url, args.games, args.volunteers, args.play_seconds, args.game_seconds, stats,
            deadline, slug=slug(hall), names=(f"org{hall}", f"vol{hall}_"), each_game=each_game,
        )  # fmt: skip
    except (AssertionError, OSError) as error:
        print(f"hall {hall}: stopped: {error!r}", flush=True)
        played = -1
    results.put((played, stats.results()))


def load_sampler(stop: threading.Event, samples: list) -> None:
    while not stop.wait(5):
        samples.append(os.getloadavg()[0])


def run_halls(args) -> int:
    why = unreachable(args.redis_url)
    if why:
        print(f"--halls needs PostgreSQL and Redis on this machine: {why}. Nothing was run.")
        return 2
    before = os.getloadavg()
    with ExitStack() as stack:
        database_url = stack.enter_context(scratch_postgres())
        env = stack.enter_context(prepared_env(database_url, REDIS_URL=args.redis_url))
        couples = args.tables * 2
        script = SETUP.format(
            password=PASSWORD, halls=args.halls, volunteers=args.volunteers, games=args.games,
            couples=couples,
        )  # fmt: skip
        manage(env, "shell", "--no-imports", "-c", script)
        servers = [
            stack.enter_context(Server(env, workers=WORKERS, threads=THREADS))  # each as `make run`
            for _ in range(args.servers)
        ]
        stats, samples, sampling = Stats(), [], threading.Event()
        threading.Thread(target=load_sampler, args=(sampling, samples), daemon=True).start()
        phones = [
            (servers[n % len(servers)].port, slug(hall), couples, hall * args.phones + n)
            for hall in range(args.halls)
            for n in range(args.phones)
        ]
        crowds, stop, phone_results = start_phones(phones, args.phone_processes, args.poll)
        time.sleep(args.poll)  # let the phones settle into their rhythm
        began = time.monotonic()
        spread = 0 if args.in_step else (args.play_seconds + args.game_seconds) / args.halls
        halls_results = multiprocessing.Queue()
        halls = [
            multiprocessing.Process(
                target=hall_process,
                args=(
                    h,
                    servers[h % len(servers)].url,
                    args,
                    began + h * spread,
                    began + args.seconds,
                    halls_results,
                ),
            )  # fmt: skip
            for h in range(args.halls)
        ]
        for process in halls:
            process.start()
        played = []
        for _ in halls:
            try:
                count, results = halls_results.get(timeout=args.seconds + 300)
            except queue.Empty:
                break
            played.append(count)
            stats.merge(*results)
        for process in halls:
            process.join(timeout=30)
        elapsed = time.monotonic() - began
        stop_phones(crowds, stop, phone_results, stats)
        sampling.set()
    return report(args, stats, played, elapsed, before, samples)


GROUPS = {
    "volunteers": lambda kind: kind.startswith("volunteer"),
    "table side": lambda kind: kind.startswith("table side"),
    "organizer": lambda kind: kind.startswith("organizer"),
    "phone polls": lambda kind: kind.startswith("phone") and "poll" in kind,
    "phone first loads": lambda kind: kind.startswith("phone") and "first load" in kind,
    "all requests": lambda kind: True,
}


def row(name: str, values: list[float], errors: int) -> str:
    if not values:
        return f"{name:34}{0:8d}{'-':>9}{'-':>9}{'-':>9}{errors:8d}"
    p50, p95 = percentile(values, 0.5) * 1000, percentile(values, 0.95) * 1000
    return f"{name:34}{len(values):8d}{p50:9.1f}{p95:9.1f}{max(values) * 1000:9.1f}{errors:8d}"


def report(args, stats: Stats, played: list[int], elapsed: float, before, samples) -> int:
    after = os.getloadavg()
    finished = [n for n in played if n >= 0]
    print(
        f"\n{args.halls} halls on one site: PostgreSQL, Redis cache, {args.servers} app "
        f"server(s) as `make run` ({WORKERS} workers x {THREADS} threads); {args.tables} tables "
        f"({args.tables * 2} couples) and {args.volunteers} volunteers per hall; "
        f"{args.phones} phones per hall ({args.phones * args.halls}) polling every "
        f"{args.poll:g} s; each game {args.play_seconds:g} s of cards, then results over "
        f"{args.game_seconds:g} s; halls {'in step' if args.in_step else 'spread over one game'}"
    )
    games = f"{min(finished)}-{max(finished)}" if finished else "none"
    stopped = len(played) - len(finished) + (args.halls - len(played))
    print(f"games played per hall: {games}; halls that stopped early: {stopped}; {elapsed:.0f} s")
    print(f"{'request':34}{'count':>8}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'errors':>8}")
    for kind in sorted(stats.latency):
        print(row(kind, stats.latency[kind], stats.errors.get(kind, 0)))
    print("-" * 77)
    summary = {}
    for name, member in GROUPS.items():
        kinds = [kind for kind in stats.latency if member(kind)]
        values = [v for kind in kinds for v in stats.latency[kind]]
        errors = sum(stats.errors.get(kind, 0) for kind in kinds)
        summary[name] = (percentile(values, 0.95) * 1000 if values else 0, errors)
        print(row(name, values, errors))
    wrong = 0
    for kind, (asked, expected) in sorted(stats.checks.items()):
        wrong += asked - expected
        print(f"check: {kind}: {expected} of {asked}")
    print(
        f"load average (1 min) before {before[0]:.2f}, during mean "
        f"{sum(samples) / max(1, len(samples)):.2f} max {max(samples, default=0):.2f}, "
        f"after {after[0]:.2f} (1/5/15 min {after[0]:.2f}/{after[1]:.2f}/{after[2]:.2f}) "
        f"on {os.cpu_count()} CPUs"
    )
    people = max(summary["volunteers"][0], summary["table side"][0])
    errors = summary["all requests"][1]
    print(
        f"aims: volunteers' and table-side p95 under 300 ms: {people:.0f} ms "
        f"({'met' if people < 300 else 'MISSED'}); errors 0: {errors}; "
        f"checks as expected: {'all' if not wrong and stats.checks else f'{wrong} WRONG'}"
    )
    return 1 if wrong or not stats.checks or stopped else 0
