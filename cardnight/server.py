"""How CardNight is served: the one place that says which HTTP server runs the
site and with which options. The launcher (`cardnight serve`, `make run`),
the tests that start real servers and the benches all build their command
here, so what is measured and tested is what a hall runs.

Three servers can run it; granian is the one the launcher uses everywhere
(why: docs/decisions.md "Any laptop: one command, one server on every platform";
measured against gunicorn and waitress with `bench/servers.py`):

- granian: a Rust HTTP server with wheels for Windows, macOS and Linux,
  several worker processes (spawned, not forked, where the platform needs it),
  each with a pool of threads running the WSGI application;
- gunicorn: what the site ran on before; Unix only (it forks);
- waitress: pure Python, one process with a pool of threads; kept for
  comparison.

Plain functions with no Django import.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

WSGI_APP = "cardnight.wsgi:application"
DEFAULT = "granian"
SERVERS = ("granian", "gunicorn", "waitress")
# The same shape on every server: worker processes, each with threads that
# run requests (a request waits on the database, not on the CPU).
THREADS = 4


def processors() -> int:
    """The processors this process may run on: all the computer's, or fewer
    where Linux's affinity limits it (`taskset`, a container's cpuset; a
    CPU quota such as `docker --cpus` is not seen)."""
    affinity = getattr(os, "sched_getaffinity", None)  # not on Windows or macOS
    return len(affinity(0)) if affinity else os.cpu_count() or 1


def workers_for(cores: int) -> int:
    """THE rule for how many worker processes serve the site on `cores`
    processors: one per core, at most three (granian's own advice: more
    workers than cores slows it down), at least one."""
    return max(1, min(3, cores))


WORKERS = workers_for(processors())
# Connections the server takes at once, all its workers together (phones
# that keep theirs open included): the same however many workers there are.
CONNECTIONS = 12_288


# Where this copy of the site lives, and its packages.
SITE_ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cardnight", "tables", "scoring")


def compile_site(root: Path = SITE_ROOT) -> bool:
    """Every module of the site compiled to bytecode once, before the server
    starts its workers, so that each worker (and each one started again
    later) loads it rather than compiling some 250 modules from their
    source: a third of a worker's start where Python writes no bytecode
    itself (PYTHONDONTWRITEBYTECODE, which container images and some shells
    set). Bytecode that is up to date is only looked at. A folder that cannot be written
    (a package installed read-only, which pip compiled already) is left as
    it is, silently. False when something could not be compiled."""
    import compileall

    return all(compileall.compile_dir(root / name, quiet=2) for name in PACKAGES)


def _script(name: str) -> str:
    """The console script `name` installed beside this Python (a virtual
    environment's bin/ or Scripts\\ folder), or the bare name on the PATH."""
    folder = Path(sys.executable).parent
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.exists():
            return str(candidate)
    return name


def server_command(
    server: str = DEFAULT,
    *,
    host: str = "0.0.0.0",  # noqa: S104 -- phones on the hall's Wi-Fi must reach it
    port: int = 8000,
    workers: int = WORKERS,
    threads: int = THREADS,
    access_log: bool = False,
) -> list[str]:
    """The command line that serves CardNight with `server`."""
    if server == "granian":
        command = [
            sys.executable,
            "-m",
            "granian",
            "--interface",
            "wsgi",
            "--host",
            host,
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--blocking-threads",
            str(threads),
            # Every phone keeps its connection open between polls. granian's
            # default (backlog / workers, about 340 a worker) stopped taking
            # new connections at about 1,000 phones: the volunteers' sign-in
            # then waited for ever (bench/load.py --capacity 1000). Each
            # worker takes its share of CONNECTIONS: one worker on one
            # processor takes as many as three did.
            "--backlog",
            str(CONNECTIONS),
            "--backpressure",
            str(CONNECTIONS // max(1, workers)),
            "--workers-kill-timeout",
            "10",
            "--respawn-failed-workers",
            "--log-level",
            "warning",
        ]
        command.append("--access-log" if access_log else "--no-access-log")
        return [*command, WSGI_APP]
    if server == "gunicorn":
        command = [
            _script("gunicorn"),
            WSGI_APP,
            "--bind",
            f"{host}:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--worker-class",
            "gthread",
            "--timeout",
            "30",
            "--graceful-timeout",
            "10",
            "--log-level",
            "warning",
        ]
        return [*command, "--access-logfile", "-"] if access_log else command
    if server == "waitress":
        # One process; its threads are all the workers' threads together.
        return [
            sys.executable,
            "-m",
            "waitress",
            f"--listen={host}:{port}",
            f"--threads={workers * threads}",
            "--no-expose-tracebacks",
            WSGI_APP,
        ]
    raise ValueError(f"unknown server {server!r}: one of {', '.join(SERVERS)}")


def chosen_server() -> str:
    """The server the launcher uses: CARDNIGHT_SERVER, or the default."""
    name = os.environ.get("CARDNIGHT_SERVER", DEFAULT).strip() or DEFAULT
    if name not in SERVERS:
        raise ValueError(f"CARDNIGHT_SERVER={name!r}: one of {', '.join(SERVERS)}")
    return name
