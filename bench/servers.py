"""The HTTP servers that can run CardNight, side by side in one run.

    .venv/bin/python bench/servers.py [--couples 200] [--seconds 2] [--rounds 5]
                                      [--clients 16] [--servers granian,gunicorn,waitress]

One throwaway SQLite database with an evening of --couples couples in the
middle of game 13 (as bench/board_bench.py makes it), then every server of
cardnight/server.py started on its own port at the same time, each exactly as
the launcher would start it (cardnight/server.py's WORKERS x THREADS;
waitress: one process with all their threads). The kinds of request take
turns, server after server, for --rounds rounds, so a burst of other work
on the machine moves all alike: /healthz, the board and the couple card
answered 304 (the phones' polls), and both as full pages. Printed per
server: requests per second, each as a ratio to gunicorn's in the same round
(median over the rounds) and to its own /healthz; how long it took from
start to its first answer; and its memory (resident set size) per worker
process after the run.

Needs wrk (the Debian package). Traffic goes only to 127.0.0.1; every run is
bounded in time and count.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.board_bench import (  # noqa: E402
    WRK,
    fetch,
    free_port,
    hammer_wrk,
    make_evening,
    manage,
    stop_server,
)
from cardnight.server import SERVERS, THREADS, WORKERS, server_command  # noqa: E402

KINDS = ("healthz", "board 304", "card 304", "board full", "card full")


def resident_mib(pid: int) -> list[float]:
    """Resident memory (MiB) of the process `pid` and each of its descendants
    that serves requests (for a server with a master, the master is left out
    when it has workers)."""
    import psutil

    try:
        top = psutil.Process(pid)
        children = top.children(recursive=True)
    except psutil.Error:
        return []
    processes = [p for p in children if p.name() != "pg_isready"] or [top]
    sizes = []
    for process in processes:
        try:
            sizes.append(process.memory_info().rss / 2**20)
        except psutil.Error:
            continue
    return sizes


def start(env: dict, name: str) -> tuple[subprocess.Popen, int, float]:
    port = free_port()
    command = server_command(name, host="127.0.0.1", port=port, workers=WORKERS, threads=THREADS)
    began = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, start_new_session=True, stdout=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if fetch(port, "/healthz")[0] == 200:
                return process, port, time.perf_counter() - began
        except OSError:
            time.sleep(0.05)
    stop_server(process)
    raise SystemExit(f"{name} did not answer /healthz within 60 seconds")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--couples", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=2, help="per kind, server and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--clients", type=int, default=16, help="concurrent connections")
    parser.add_argument("--servers", default=",".join(SERVERS))
    options = parser.parse_args()
    names = [n.strip() for n in options.servers.split(",") if n.strip()]
    if not WRK:
        raise SystemExit("bench/servers.py needs wrk (apt-get install wrk)")
    if "gunicorn" not in names:
        names.insert(0, "gunicorn")  # the baseline every ratio is taken against

    workdir = Path(tempfile.mkdtemp(prefix="cardnight-servers-bench-"))
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(
        CARDNIGHT_VAR_DIR=str(workdir),
        SECRET_KEY="servers-bench-" + "x" * 40,
        DEBUG="false",
        LOG_LEVEL="ERROR",
        PYTHONPATH=str(ROOT),
    )
    running: dict[str, tuple[subprocess.Popen, int, float]] = {}
    try:
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput", "--verbosity", "0")
        slug = make_evening(env, options.couples)
        for name in names:
            running[name] = start(env, name)
        print(f"machine: {os.cpu_count()} CPUs; SQLite; wrk, 2 threads, {options.clients} conns")

        requests: dict[str, dict[str, tuple[str, dict, int]]] = {}
        for name, (_, port, _) in running.items():
            board, card = f"/e/{slug}/", f"/e/{slug}/couple/7/"
            hx = {"HX-Request": "true", "Accept-Encoding": "gzip"}
            board_etag = fetch(port, board, hx)[1]["ETag"]  # any case: an HTTPMessage
            card_etag = fetch(port, card, hx)[1]["ETag"]
            requests[name] = {
                "healthz": ("/healthz", {"Accept-Encoding": "gzip"}, 200),
                "board 304": (board, {**hx, "If-None-Match": board_etag}, 304),
                "card 304": (card, {**hx, "If-None-Match": card_etag}, 304),
                "board full": (board, {"Accept-Encoding": "gzip"}, 200),
                "card full": (card, {"Accept-Encoding": "gzip"}, 200),
            }
            for path, headers, expect in requests[name].values():  # the status, then warm up
                assert fetch(port, path, headers)[0] == expect, (name, path)
                hammer_wrk(port, path, headers, 1, options.clients, expect)

        rates: dict[str, dict[str, list[float]]] = {n: {k: [] for k in KINDS} for n in running}
        errors = dict.fromkeys(running, 0)
        for round_number in range(options.rounds):
            for kind in KINDS:
                for name, (_, port, _) in running.items():
                    path, headers, expect = requests[name][kind]
                    ok, bad, elapsed = hammer_wrk(
                        port, path, headers, options.seconds, options.clients, expect
                    )
                    rates[name][kind].append(ok / elapsed)
                    errors[name] += bad
            print(f"round {round_number + 1} of {options.rounds} done", flush=True)

        base = rates["gunicorn"]
        print()
        header = f"{'server':<10}{'kind':<12}{'req/s':>8}{'vs gunicorn':>13}{'vs healthz':>12}"
        print(header)
        for name in running:
            for kind in KINDS:
                ours = rates[name][kind]
                vs_gunicorn = statistics.median(
                    a / b for a, b in zip(ours, base[kind], strict=True)
                )
                vs_healthz = statistics.median(
                    a / b for a, b in zip(ours, rates[name]["healthz"], strict=True)
                )
                print(
                    f"{name:<10}{kind:<12}{statistics.median(ours):>8.0f}"
                    f"{vs_gunicorn:>12.0%}{vs_healthz:>12.0%}"
                )
        print()
        print(f"{'server':<10}{'first answer s':>15}{'workers':>9}{'MiB each':>10}{'errors':>8}")
        for name, (process, _, first) in running.items():
            sizes = resident_mib(process.pid)
            each = statistics.median(sizes) if sizes else 0
            print(f"{name:<10}{first:>15.2f}{len(sizes):>9}{each:>10.0f}{errors[name]:>8}")
        return 0
    finally:
        for process, _, _ in running.values():
            stop_server(process)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
