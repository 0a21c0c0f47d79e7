"""`make load`: a busy hall night against the production server.

Plays the first games of a 100-table evening (200 couples), compressed
(15 s of cards, then all 100 tables' results within 6 s), on the production
server started exactly as `cardnight serve` starts it (--server picks
another), once on SQLite and once on PostgreSQL (when a server answers on
127.0.0.1:5432): 300 phones poll the public scoreboard every 5 seconds (as
htmx does, with If-None-Match) while volunteers tap results on the
game screen, table-side phones report and confirm their own tables, and the
organizer starts each next game. Prints requests per second, p50/p95/p99
latency per kind of request, and errors.

With --halls N (bench/halls.py): one site for many halls. N halls, each with
its own organizer and volunteers and an evening of 30 tables, played at once
on PostgreSQL with Redis as the shared cache, 300 phones per hall, for
--seconds; volunteers also ask for another hall's game screen (it must be
"not found").

With --cpu-share F (Linux, root): the whole run, /healthz's yardstick
included, on F processors' worth of time: a laptop slower than this
machine, played on it (0.6 on a 2-CPU machine whose /healthz serves
6,000 requests/s gives one that serves 1,100-1,800).

With --server-cpus 0 --server-cpu-share F: the server alone on processor 0
and F of its time, the phones, volunteers and wrk on the others: a slower
hall laptop whose phones are, as in the hall, other devices (0.45 gives a
server whose /healthz serves about 2,000 requests/s here).

Traffic goes only to 127.0.0.1; every loop is bounded in count and time.

    .venv/bin/python bench/load.py [--games 10] [--phones 300] [--poll 5]
                                   [--db sqlite|postgres|both] [--max-seconds 600]
                                   [--phone-processes 1] [--capacity 1000,2000,3000]
                                   [--repeat 1] [--server-cpus 0] [--cpu-share 0.6]
                                   [--server-cpu-share 0.45]
                                   [--tables 100] [--volunteers 4]
                                   [--play-seconds 15] [--game-seconds 6]
    .venv/bin/python bench/load.py --halls 10 [--seconds 150] [--servers 1]
                                   [--redis-url redis://127.0.0.1:6379/11]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.evening import PASSWORD, play_evening, prepared_env, scratch_postgres  # noqa: E402
from bench.halls import run_halls  # noqa: E402
from bench.phones import Stats, percentile, start_phones, stop_phones  # noqa: E402
from cardnight.server import SERVERS, THREADS, processors, workers_for  # noqa: E402
from tests.support.hall import Server, manage  # noqa: E402

SLUG = "load-night"
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


def as_make_run(args) -> dict:
    """The server's options: as `make run` starts it on the processors it
    has (`cardnight.server`: a worker per processor, at most 3, of 4
    threads each; with --server-cpus, the processors given), with --server."""
    cores = len(cpu_list(args.server_cpus)) if args.server_cpus else processors()
    return {
        "workers": workers_for(cores),
        "threads": THREADS,
        "server": args.server,
        "cpus": args.server_cpus,
        "cgroup": args.server_group,
    }


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
        shape = as_make_run(args)
        print(f"\nserver: {shape['workers']} workers x {shape['threads']} threads, as `make run`")
        with Server(env, **shape) as server:
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
                slug=SLUG,
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


def healthz_rate(args, seconds: float = 5.0) -> float:
    """/healthz's requests per second on this machine, on the server exactly
    as the capacity runs start it: the yardstick the capacity is stated
    against, so the figure means the same on any laptop. wrk (the Debian
    package) when installed, else the Python load generator."""
    from bench.board_bench import WRK, hammer, hammer_wrk

    load = hammer_wrk if WRK else hammer
    with prepared_env(None) as env, Server(env, **as_make_run(args)) as server:
        load(server.port, "/healthz", {}, 1, 16, 200)  # warm up every worker
        ok, _wrong, elapsed = load(server.port, "/healthz", {}, seconds, 16, 200)
    return ok / elapsed


def capacity(args) -> None:
    """How many phones polling every --poll seconds SQLite serves while the
    volunteers' p95 stays under 300 ms and no request fails: the largest
    size found, starting from the first of --capacity (comma-separated sizes
    are tried in turn while they pass). When a size is over, the search goes
    down (half of it, until one passes) and then halves the gap between the
    largest that passed and the smallest that did not, at most 8 sizes in
    all, each run bounded by --max-seconds. With --repeat N each size is
    played N times and judged by the median of the runs' p95s (no run may
    have an error): one run's p95 can move by half or more from one run to
    the next. Stated as a ratio too: phones served per 1,000 /healthz
    requests/s, measured on the same server first and again at the end
    (`healthz_rate`). The aim (at least 500 phones per 1,000) is judged with
    a game's results at a hall's pace (`--game-seconds 60`) on a server
    whose /healthz serves about 1,000 requests/s (`--server-cpu-share`);
    the table of today's figures in this folder gives the whole command."""
    rate = healthz_rate(args)
    print(f"/healthz on this machine: {rate:,.0f} requests/s")

    def passes(phones: int) -> bool:
        args.phones = phones
        try:
            runs = [run("sqlite", args) for _ in range(args.repeat)]
        except (OSError, TimeoutError) as error:  # the server too busy to sign in
            print(f"\n{phones} phones: the run failed ({error!r}): over")
            return False
        p95 = statistics.median(p for p, _errors in runs)
        errors = sum(e for _p95, e in runs)
        if args.repeat > 1:
            each = ", ".join(f"{p:.0f}" for p, _errors in runs)
            print(f"\n{phones} phones, {args.repeat} runs: p95 {each} ms; median {p95:.0f} ms")
        ok = p95 < 300 and not errors
        verdict = "passes" if ok else "over"
        print(f"\n{phones} phones: volunteers' p95 {p95:.0f} ms, {errors} errors: {verdict}")
        return ok

    served, over, tried = 0, None, 0
    for phones in [int(n) for n in args.capacity.split(",")]:
        tried += 1
        if not passes(phones):
            over = phones
            break
        served = phones
    while over is not None and tried < 8:
        size = over // 2 if served == 0 else (served + over) // 2
        if size <= served or size < 10 or over - served <= max(50, over // 10):
            break
        tried += 1
        if passes(size):
            served = size
        else:
            over = size
    after = healthz_rate(args)
    print(f"\n/healthz again at the end: {after:,.0f} requests/s")
    rate = statistics.mean([rate, after])
    print(f"\ncapacity on SQLite: {served} phones polling every {args.poll:g} s "
          "with volunteers' p95 under 300 ms and no errors")  # fmt: skip
    print(
        f"= {served / rate * 1000:,.0f} phones per 1,000 /healthz requests/s "
        f"(/healthz: {rate:,.0f} requests/s on this machine, the mean of before and after)"
    )


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
        help="capacity on SQLite: numbers of phones to start from, tried in turn while they "
        "pass (e.g. 1000,2000,3000); below one that is over, the largest size that passes is "
        "searched for; prints the most served with volunteers' p95 < 300 ms, 0 errors",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="with --capacity: runs per number of phones, judged by their median p95",
    )
    parser.add_argument("--max-seconds", type=float, default=600)
    parser.add_argument(
        "--server-cpus",
        default="",
        help="the processors the server may use (taskset's list, e.g. 0); the phones, "
        "volunteers and wrk then run on the others, so the load never takes the server's "
        "CPU (Linux)",
    )
    parser.add_argument(
        "--cpu-share",
        type=float,
        default=0.0,
        help="the whole run (server, phones, volunteers, wrk) limited to this many "
        "processors' worth of time, e.g. 0.6: a slower laptop on this one (a Linux "
        "cgroup's CPU quota; needs root)",
    )
    parser.add_argument(
        "--server-cpu-share",
        type=float,
        default=0.0,
        help="with --server-cpus: the server alone limited to this many processors' worth of "
        "time, the load outside the limit (a Linux cgroup's CPU quota; needs root)",
    )
    parser.add_argument(
        "--server",
        choices=SERVERS,
        default=None,
        help="the HTTP server (default: the launcher's, cardnight/server.py)",
    )
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
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if not 0 <= args.cpu_share <= (os.cpu_count() or 1):
        parser.error("--cpu-share must be from 0 (the whole machine) to the number of processors")
    if args.server_cpus:
        try:
            given = cpu_list(args.server_cpus)
        except ValueError:
            given = set()
        if not given:
            wrong = args.server_cpus
            parser.error(f"--server-cpus takes taskset's list (0 or 0,2-3), not {wrong!r}")
    if args.server_cpu_share and not args.server_cpus:
        parser.error("--server-cpu-share needs --server-cpus: the load must have its own processor")
    if args.server_cpu_share and args.cpu_share:
        parser.error("--server-cpu-share and --cpu-share are different runs: choose one")
    if not 0 <= args.server_cpu_share <= 1:
        parser.error("--server-cpu-share must be from 0 (no limit) to 1")
    args.server_group = None
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


def cpu_list(cpus: str) -> set[int]:
    """taskset's list of processors ("0", "0,2-3") as a set."""
    chosen = set()
    for part in cpus.split(","):
        first, _, last = part.partition("-")
        chosen.update(range(int(first), int(last or first) + 1))
    return chosen


def keep_off(cpus: str) -> None:
    """This process and everything it starts (phones, volunteers, wrk) on the
    processors the server does not use."""
    server = cpu_list(cpus)
    others = os.sched_getaffinity(0) - server
    if not others:
        raise SystemExit(f"--server-cpus {cpus} leaves no processor for the load")
    os.sched_setaffinity(0, others)
    print(f"server on processors {sorted(server)}, the load on {sorted(others)}")


# A tenth of a second would let a process that used up its share stand still
# for most of one; a hundredth keeps the stalls within the noise of a request.
CGROUP_PERIOD_US = 10_000


def cpu_group(share: float, name: str = "cardnight-bench") -> Path:
    """A Linux cgroup (v2, or v1's cpu controller) whose processes together
    get `share` processors' worth of time: a machine `share / processors` as
    fast as this one. Its folder; a process joins by writing its pid to the
    folder's cgroup.procs."""
    quota = max(1000, round(share * CGROUP_PERIOD_US))
    root = Path("/sys/fs/cgroup")
    try:
        if (root / "cgroup.controllers").exists():  # v2
            (root / "cgroup.subtree_control").write_text("+cpu")
            group = root / name
            group.mkdir(exist_ok=True)
            (group / "cpu.max").write_text(f"{quota} {CGROUP_PERIOD_US}")
        else:  # v1
            group = root / "cpu" / name
            group.mkdir(exist_ok=True)
            (group / "cpu.cfs_period_us").write_text(str(CGROUP_PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
    except OSError as error:
        raise SystemExit(
            f"a CPU share needs root and Linux cgroups with a cpu controller ({error})"
        ) from error
    return group


def limit_cpu(share: float) -> None:
    """This process and everything it starts from now on limited to `share`
    processors' worth of time, for the whole run. `/healthz` is measured
    inside the limit too, so the ratio is the slower machine's."""
    group = cpu_group(share)
    (group / "cgroup.procs").write_text(str(os.getpid()))
    print(f"the whole run limited to {share:g} processors' worth of time ({group})")


def limit_server_cpu(args) -> None:
    """The servers this run starts (each with its workers) limited together
    to --server-cpu-share processors' worth of time; this process, the
    phones, the volunteers and wrk stay outside the limit. `/healthz` is
    measured on the limited server, so the ratio is the slower server's."""
    args.server_group = cpu_group(args.server_cpu_share, "cardnight-bench-server")
    print(
        f"the server limited to {args.server_cpu_share:g} of a processor's time "
        f"({args.server_group}); the load outside the limit"
    )


def main() -> None:
    args = parse_args()
    os.chdir(Path(__file__).resolve().parent.parent)
    if args.cpu_share:
        limit_cpu(args.cpu_share)
    if args.server_cpus:
        keep_off(args.server_cpus)
    if args.server_cpu_share:
        limit_server_cpu(args)
    if args.halls:
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
