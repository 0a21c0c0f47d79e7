"""The `cardnight` command: everything a hall's laptop needs, on Windows,
macOS and Linux alike.

    cardnight                      the same as `cardnight serve`
    cardnight serve [--host H] [--port P] [--workers N] [--threads N]
    cardnight backup [--label L]   a copy of the SQLite database in the data folder
    cardnight restore FILE         bring a backup back (the current one is kept first)
    cardnight manage ARGS...       any of Django's and CardNight's management commands
    cardnight --version | --help

`serve` does what `make run` does: the data folder (the operating system's
per-user data folder, or CARDNIGHT_VAR_DIR; DATABASE_URL for PostgreSQL),
the database brought up to date, the static files gathered from the installed
package into the data folder, the first organizer with its one-time password,
the addresses phones use, then the site served by the server of
cardnight/server.py until Ctrl+C.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

SETTINGS = "cardnight.settings"


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version

    try:
        return installed_version("cardnight")
    except PackageNotFoundError:  # run from a checkout that was not installed
        import cardnight

        return cardnight.__version__


def _setup(data: str | None) -> None:
    """Django, with the data folder the options or the environment say."""
    if data:
        os.environ["CARDNIGHT_VAR_DIR"] = str(Path(data).expanduser().resolve())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS)
    import django

    django.setup()


def _call(*args: str) -> None:
    from django.core.management import call_command

    call_command(*args)


def serve(options: argparse.Namespace) -> int:
    from cardnight.server import chosen_server, compile_site, server_command

    _setup(options.data)
    from django.conf import settings

    print(f"CardNight {version()}: data folder {settings.VAR_DIR}")
    if not _port_free(options.host, options.port):
        raise SystemExit(
            f"Port {options.port} is already in use: CardNight (or another program) is "
            f"already serving there. Stop it, or start this one with --port {options.port + 1}."
        )
    _hold_the_database()
    _call("check_writable")
    _upgrade()
    _call("collectstatic", "--noinput", "--verbosity", "0")
    _call("ensure_organizer")
    _call("addresses", "--host", options.host, "--port", str(options.port))
    compile_site()
    server = options.server or chosen_server()
    command = server_command(
        server,
        host=options.host,
        port=options.port,
        workers=options.workers,
        threads=options.threads,
        access_log=options.access_log,
    )
    env = {**os.environ, "CARDNIGHT_VAR_DIR": str(settings.VAR_DIR)}
    # The server imports cardnight from where this copy of it lives, and
    # starts there: an installed cardnight started inside a clone of the
    # repository serves itself, not the clone's code.
    package_root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH")) if p)
    print("Press Ctrl+C to stop.", flush=True)
    return _run_server(command, env, cwd=package_root)


def _hold_the_database() -> None:
    """While the server runs, a restore of its database is refused; while a
    restore runs, the server waits for it (cardnight/in_use.py)."""
    from cardnight.backup import hold_while_serving
    from cardnight.in_use import InUse

    try:
        hold_while_serving()
    except InUse as error:
        raise SystemExit(str(error)) from None


def _upgrade() -> None:
    """The database brought up to this version, a backup of it taken first
    when there is anything to change."""
    from cardnight.backup import backup_before_upgrade

    kept = backup_before_upgrade()
    if kept is not None:
        print(f"The database was backed up before this version changes it: {kept}", flush=True)
    _call("migrate", "--noinput", "--verbosity", "0")


# How long the server has to finish what it is answering once asked to stop
# (cardnight/server.py gives its workers 10 s); then it is killed.
STOP_SECONDS = 15


class _Stop(Exception):
    """Ctrl+C, or a stop asked of the launcher (SIGTERM)."""


def _signal_server(process: subprocess.Popen, signum: int) -> None:
    """`signum` to the server and every process it started (its own
    process group on Linux and macOS)."""
    try:
        if os.name == "posix":  # the group: workers outlive a master that died
            os.killpg(process.pid, signum)
        elif process.poll() is not None:
            return
        elif signum == getattr(signal, "SIGKILL", None):
            process.kill()
        else:
            process.terminate()
    except ProcessLookupError:
        pass


def _run_server(command: list[str], env: dict, cwd: str | None = None) -> int:
    """The server in a process (and process group) of its own, stopped with
    this one. Ctrl+C or a stop asked of this process (SIGTERM from a service
    manager, `kill`, a test's teardown), alone or with its whole group, says
    "Stopping..." at once, asks the server to stop, and ends it for good
    after STOP_SECONDS: a server that does not answer (a worker gone, phones
    holding connections) never keeps the launcher, or the port, waiting. A
    second Ctrl+C ends it at once."""
    kill = getattr(signal, "SIGKILL", signal.SIGTERM)
    process = subprocess.Popen(  # noqa: S603
        command, env=env, cwd=cwd, start_new_session=os.name == "posix"
    )
    stops = 0

    def stop(_signum: int, _frame: object) -> None:
        nonlocal stops
        stops += 1
        if stops == 1:
            raise _Stop
        _signal_server(process, kill)  # asked again: now

    before = {signum: signal.signal(signum, stop) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        try:
            return process.wait()
        except (_Stop, KeyboardInterrupt):
            print("Stopping...", flush=True)
            _signal_server(process, signal.SIGTERM)
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            print("The server did not stop in time: ending it.", flush=True)
            _signal_server(process, kill)
            process.wait()
        return 0
    finally:
        _signal_server(process, kill)  # its workers too, whatever happened
        for signum, handler in before.items():
            signal.signal(signum, handler)


def _port_free(host: str, port: int) -> bool:
    """Whether the server could listen on `host`:`port` now."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        if os.name == "posix":  # as the server will: a port in TIME_WAIT is free
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _command(*args: str) -> int:
    """A management command; a refusal is its message, not a traceback."""
    from django.core.management import CommandError

    try:
        _call(*args)
    except CommandError as error:
        print(f"cardnight: {error}", file=sys.stderr)
        return 1
    return 0


def backup(options: argparse.Namespace) -> int:
    _setup(options.data)
    return _command("backup", "--label", options.label)


def restore(options: argparse.Namespace) -> int:
    _setup(options.data)
    return _command("restore", str(Path(options.file).resolve()))


def manage(options: argparse.Namespace) -> int:
    _setup(options.data)
    from django.core.management import execute_from_command_line

    execute_from_command_line(["cardnight manage", *options.args])
    return 0


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, not {os.environ[name]!r}") from None


def parser() -> argparse.ArgumentParser:
    from cardnight.server import SERVERS, THREADS, WORKERS

    top = argparse.ArgumentParser(
        prog="cardnight",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="CardNight: a hall's 45 card game evening, served from this computer.",
        epilog="With no command, `cardnight` is `cardnight serve`.",
    )
    top.add_argument("--version", action="version", version=f"CardNight {version()}")
    data = argparse.ArgumentParser(add_help=False)
    data.add_argument(
        "--data",
        metavar="FOLDER",
        help="the data folder (default: CARDNIGHT_VAR_DIR, or this user's data folder)",
    )
    commands = top.add_subparsers(dest="command", metavar="COMMAND")

    run = commands.add_parser(
        "serve", parents=[data], help="set up (first time) and serve the site (the default)"
    )
    run.add_argument(
        "--host",
        default=os.environ.get("HOST", "0.0.0.0"),  # noqa: S104 -- the hall's phones
        help="address to listen on (default 0.0.0.0: every network of this computer)",
    )
    run.add_argument("--port", type=int, default=_env_int("PORT", 8000), help="port (default 8000)")
    run.add_argument(
        "--workers",
        type=int,
        default=_env_int("WORKERS", WORKERS),
        help=f"worker processes (default {WORKERS})",
    )
    run.add_argument(
        "--threads",
        type=int,
        default=_env_int("THREADS", THREADS),
        help=f"threads per worker (default {THREADS})",
    )
    run.add_argument(
        "--server",
        choices=SERVERS,
        default=None,
        help="the HTTP server (default granian, or CARDNIGHT_SERVER)",
    )
    run.add_argument("--access-log", action="store_true", help="print every request")
    run.set_defaults(handler=serve)

    save = commands.add_parser(
        "backup", parents=[data], help="back up the SQLite database into the data folder"
    )
    save.add_argument("--label", default="manual", help="a word in the backup's file name")
    save.set_defaults(handler=backup)

    back = commands.add_parser(
        "restore", parents=[data], help="replace the database with a backup file"
    )
    back.add_argument("file", help="the backup file (.sqlite3)")
    back.set_defaults(handler=restore)

    django = commands.add_parser(
        "manage", parents=[data], help="run a management command (as manage.py does)"
    )
    django.add_argument("args", nargs=argparse.REMAINDER)
    django.set_defaults(handler=manage)
    # `cardnight --help` lists every command's options, not only the commands.
    top.epilog = "\n".join(
        [
            top.epilog,
            "",
            *(f"  {sub.format_usage().strip()[7:]}" for sub in (run, save, back, django)),
        ]
    )
    return top


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    top = parser()
    if not argv or argv[0].startswith("--") and argv[0] not in ("--help", "--version"):
        argv = ["serve", *argv]
    elif argv[0] == "-h":
        argv = ["--help"]
    options = top.parse_args(argv)
    if options.command is None:
        options = top.parse_args(["serve"])
    return options.handler(options)


if __name__ == "__main__":
    sys.exit(main())
