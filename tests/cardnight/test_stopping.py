"""`cardnight serve` stops, always: Ctrl+C or SIGTERM, to the launcher alone
or to its whole process group (systemd's default), says "Stopping..." at
once and leaves no server behind within the stop deadline, even a server
that does not answer the signal; and what a person meets at the keyboard
(a port in use, a refused backup or restore) is a sentence, not a traceback."""

import os
import select
import signal
import socket
import subprocess
import sys
import time

import pytest

from tests.support.hall import ROOT, free_port, run_python, server_env

pytestmark = pytest.mark.skipif(os.name != "posix", reason="process groups")

# A launcher whose server ignores SIGTERM and starts a child of its own
# (as granian's workers): STOP_SECONDS shortened to 2 for the test.
STUBBORN = """
import sys
from cardnight import cli
cli.STOP_SECONDS = 2
server = (
    "import signal, subprocess, sys, time\\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
    "signal.signal(signal.SIGINT, signal.SIG_IGN)\\n"
    "child = subprocess.Popen([sys.executable, '-c', "
    "'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)'])\\n"
    "print(child.pid, flush=True)\\n"
    "time.sleep(600)\\n"
)
print("launcher", flush=True)
sys.exit(cli._run_server([sys.executable, "-c", server], {}))
"""


def said(launcher: subprocess.Popen, seconds: float = 10) -> str:
    """The launcher's next line, or "" when it says nothing that soon."""
    ready, _, _ = select.select([launcher.stdout], [], [], seconds)
    return launcher.stdout.readline().strip() if ready else ""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is gone for our purpose
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize(
    ("signum", "whole_group"),
    [(signal.SIGTERM, False), (signal.SIGTERM, True), (signal.SIGINT, True)],
)
def test_a_server_that_ignores_the_stop_is_ended_within_the_deadline(signum, whole_group):
    launcher = subprocess.Popen(
        [sys.executable, "-c", STUBBORN], cwd=ROOT, stdout=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        assert said(launcher) == "launcher"
        child = int(said(launcher))
        started = time.monotonic()
        if whole_group:
            os.killpg(launcher.pid, signum)
        else:
            launcher.send_signal(signum)
        assert said(launcher, 1) == "Stopping..."  # at once
        launcher.wait(timeout=20)
        took = time.monotonic() - started
        assert took < 10, f"the launcher took {took:.1f} s"
        deadline = time.monotonic() + 5
        while alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(child), "the server's own process outlived the launcher"
    finally:
        if launcher.poll() is None:
            os.killpg(launcher.pid, signal.SIGKILL)
            launcher.wait()


def test_the_real_server_stops_on_sigterm_with_a_phone_holding_a_connection(tmp_path):
    port = free_port()
    env = server_env(tmp_path, LOG_LEVEL="ERROR")
    launcher = subprocess.Popen(
        [sys.executable, "-m", "cardnight", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--workers", "1"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                phone = socket.create_connection(("127.0.0.1", port), timeout=1)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        phone.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # keep-alive
        phone.recv(4096)
        started = time.monotonic()
        os.killpg(launcher.pid, signal.SIGTERM)
        launcher.wait(timeout=30)
        assert time.monotonic() - started < 20
        phone.close()
        with socket.socket() as probe:  # the port is free again
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(("127.0.0.1", port))
    finally:
        if launcher.poll() is None:
            os.killpg(launcher.pid, signal.SIGKILL)
            launcher.wait()


def test_a_port_in_use_is_one_sentence_and_a_nonzero_exit(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_python(
            server_env(tmp_path), "-m", "cardnight", "serve", "--host", "127.0.0.1",
            "--port", str(port), check=False,
        )  # fmt: skip
    assert result.returncode != 0
    assert f"Port {port} is already in use" in result.stderr
    assert f"--port {port + 1}" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_refused_restore_or_backup_is_a_sentence_not_a_traceback(tmp_path):
    env = server_env(tmp_path)
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database")
    result = run_python(env, "-m", "cardnight", "restore", str(junk), check=False)
    assert result.returncode == 1
    assert "is not an SQLite database" in result.stderr
    assert "Traceback" not in result.stderr
    on_postgres = server_env(tmp_path, "postgres://nobody@127.0.0.1:1/none")
    result = run_python(on_postgres, "-m", "cardnight", "backup", check=False)
    assert result.returncode == 1
    assert "pg_dump" in result.stderr
    assert "Traceback" not in result.stderr


# The launcher as an installed `cardnight` runs it: its own code first on
# the path, started in a folder that holds another copy of the site.
INSTALLED = """
import sys
sys.path.insert(0, sys.argv[1])
from cardnight import cli
sys.exit(cli.main(["serve", "--host", "127.0.0.1", "--port", sys.argv[2], "--workers", "1"]))
"""
FAKE_WSGI = """
def application(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"the clone's code"]
"""


def test_an_installed_cardnight_started_inside_a_clone_serves_its_own_code(tmp_path):
    clone = tmp_path / "clone"
    (clone / "cardnight").mkdir(parents=True)
    (clone / "cardnight" / "__init__.py").write_text("")
    (clone / "cardnight" / "wsgi.py").write_text(FAKE_WSGI)
    port = free_port()
    launcher = subprocess.Popen(
        [sys.executable, "-c", INSTALLED, str(ROOT), str(port)],
        cwd=clone, env=server_env(tmp_path / "var", LOG_LEVEL="ERROR"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as phone:
                    phone.sendall(b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                    answer = b""
                    while chunk := phone.recv(4096):
                        answer += chunk
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        assert b"the clone's code" not in answer
        assert answer.startswith(b"HTTP/1.1 200") or answer.startswith(b"HTTP/1.0 200")
    finally:
        os.killpg(launcher.pid, signal.SIGTERM)
        launcher.wait(timeout=30)
