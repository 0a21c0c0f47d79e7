"""How the site is served (cardnight/server.py): every server's command line,
and the limits a hall full of phones needs."""

import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from cardnight import server
from tests.support.hall import ROOT, free_port, run_manage, run_python, server_env


@pytest.mark.parametrize("name", server.SERVERS)
def test_every_server_serves_the_wsgi_application_on_the_address_given(name):
    command = server.server_command(name, host="127.0.0.1", port=8123, workers=2, threads=3)
    assert command[-1] == server.WSGI_APP or server.WSGI_APP in command
    assert any("8123" in part for part in command)
    assert any("127.0.0.1" in part for part in command)


def test_granian_takes_the_connections_of_thousands_of_phones():
    """Each phone keeps its connection open between polls: with granian's
    default (backlog / workers) a worker stopped taking connections at about
    340, and at 1,000 phones nobody could sign in (bench/load.py --capacity).
    The server takes as many however many workers it has: one worker that
    took only 4,096 left the organizer out at 8,000 phones."""
    for workers in (1, 2, 3):
        command = server.server_command("granian", workers=workers)
        assert int(command[command.index("--backlog") + 1]) >= 12_000
        per_worker = int(command[command.index("--backpressure") + 1])
        assert per_worker >= 4000 and per_worker * workers >= 12_000


@pytest.mark.parametrize(("cores", "workers"), [(1, 1), (2, 2), (3, 3), (4, 3), (64, 3)])
def test_one_worker_per_core_at_most_three(cores, workers):
    assert server.workers_for(cores) == workers


def test_the_cores_counted_are_the_ones_this_process_may_use(monkeypatch):
    """A server pinned to one processor (taskset, a container) starts one
    worker, not one per processor of the computer."""
    monkeypatch.setattr(server.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setattr(server.os, "cpu_count", lambda: 8)
    assert server.processors() == 1
    monkeypatch.delattr(server.os, "sched_getaffinity", raising=False)  # Windows, macOS
    assert server.processors() == 8


def test_an_unknown_server_is_refused_with_the_names_that_work(monkeypatch):
    with pytest.raises(ValueError, match="granian"):
        server.server_command("apache")
    monkeypatch.setenv("CARDNIGHT_SERVER", "apache")
    with pytest.raises(ValueError, match="CARDNIGHT_SERVER"):
        server.chosen_server()


WORKER_START = """
import gc, json, sys
import cardnight.wsgi
print(json.dumps({
    "frozen": gc.get_freeze_count(),
    "tracked": len(gc.get_objects()),
    "views": "scoring.board.views" in sys.modules,
}))
"""


def test_a_worker_hides_what_it_loaded_to_start_from_the_garbage_collector(tmp_path):
    """A worker's start-up objects live as long as it does: frozen (gc.freeze),
    a full collection during the night walks only what requests made, not
    the 100,000 objects of Django and the site (a 30 ms pause of every thread)."""
    env = server_env(tmp_path, DEBUG="false", LOG_LEVEL="ERROR")
    answer = run_manage(env, "shell", "--no-imports", "-c", WORKER_START)
    started = json.loads(answer.stdout.strip().splitlines()[-1])
    assert started["views"], "the views are loaded before the freeze"
    assert started["frozen"] > 20_000
    assert started["tracked"] < started["frozen"] / 10


def _answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


@pytest.mark.skipif(os.name != "posix", reason="signals to one process")
def test_stopping_cardnight_serve_stops_the_server_it_started(tmp_path):
    """A stop asked of `cardnight serve` alone (a service manager's SIGTERM,
    `kill`) stops the server it started: its workers do not go on holding
    the port with nobody left to stop them."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardnight",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
        ],
        cwd=ROOT,
        env=server_env(tmp_path, DEBUG="false"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while not _answers(port):
            assert process.poll() is None and time.monotonic() < deadline, "it never answered"
            time.sleep(0.3)
        process.send_signal(signal.SIGTERM)  # to cardnight only, not its group
        assert process.wait(timeout=30) is not None
        deadline = time.monotonic() + 20
        while _answers(port):
            assert time.monotonic() < deadline, "the server went on after cardnight stopped"
            time.sleep(0.3)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


WORKER_COMPILES = """
import json, sys
from importlib.machinery import SourceFileLoader
compiled = []
source_to_code = SourceFileLoader.source_to_code
def counted(self, data, path, *args, **kwargs):
    compiled.append(str(path))
    return source_to_code(self, data, path, *args, **kwargs)
SourceFileLoader.source_to_code = counted
import cardnight.wsgi
print(json.dumps([path for path in compiled if path.startswith(sys.argv[1])]))
"""


def test_a_worker_loads_the_site_compiled_even_where_python_writes_no_bytecode(tmp_path):
    """What `cardnight serve` compiles before its workers start is every
    module a worker loads, so a worker never compiles the site from source,
    not even where Python writes no bytecode of its own
    (PYTHONDONTWRITEBYTECODE): that was a third of each worker's start."""
    assert server.compile_site()
    env = server_env(tmp_path, DEBUG="false", LOG_LEVEL="ERROR", PYTHONDONTWRITEBYTECODE="1")
    answer = run_python(env, "-c", WORKER_COMPILES, str(server.SITE_ROOT))
    assert json.loads(answer.stdout.strip().splitlines()[-1]) == []


def test_compiling_the_site_writes_bytecode_for_every_package_and_says_when_it_could_not(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    for package in server.PACKAGES:
        (tmp_path / package / "deep").mkdir(parents=True)
        (tmp_path / package / "deep" / "module.py").write_text("VALUE = 1\n")
    assert server.compile_site(tmp_path)
    for package in server.PACKAGES:
        source = tmp_path / package / "deep" / "module.py"
        assert Path(importlib.util.cache_from_source(str(source))).exists()
    (tmp_path / "tables" / "broken.py").write_text("def (:\n")
    assert not server.compile_site(tmp_path)  # said, never raised


def test_cardnight_serve_compiles_the_site_before_it_starts_the_server(monkeypatch):
    from cardnight import cli

    done = []
    monkeypatch.setattr(cli, "_call", lambda *args: done.append(args[0]))
    monkeypatch.setattr(server, "compile_site", lambda: done.append("compile") or True)
    monkeypatch.setattr(cli, "_run_server", lambda command, env, cwd: done.append("server") or 0)
    monkeypatch.setattr(cli, "_hold_the_database", lambda: done.append("hold"))
    monkeypatch.setattr(cli, "_upgrade", lambda: done.append("upgrade"))
    assert cli.main(["serve", "--port", "8123"]) == 0
    assert done[-2:] == ["compile", "server"]
    # The data held against a restore before anything is changed; the
    # database backed up and migrated before it is served.
    assert done[:3] == ["hold", "check_writable", "upgrade"]
