"""A hall in a box: the production server (as `cardnight serve` starts it)
in a real process, an HTTP client with cookies and CSRF, and parsers for the
pages volunteers use. Shared by the load script (bench/load.py) and the fault tests."""

import http.client
import http.cookiejar
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from cardnight.server import chosen_server, server_command

ROOT = Path(__file__).resolve().parents[2]
RESULT_FORM = re.compile(r'action="(/evenings/[^/]+/game/(\d+)/tables/(\d+)/)"')
WINNER_BUTTON = re.compile(r'name="winner" value="(\d+)"')
TABLE_LINK = re.compile(r"/t/([A-Za-z0-9_-]{20,})/")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def need_redis() -> None:
    """Skip the calling test when no Redis answers on 127.0.0.1:6379."""
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        import pytest

        pytest.skip("no Redis on 127.0.0.1:6379")


def server_env(var_dir: Path, database_url: str | None = None, **extra: str) -> dict:
    """The environment of a server or command in its own process: the hall's
    settings (not the test suite's), its own var/ folder and database, and
    Redis only when given (`REDIS_URL` in `extra`)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        DJANGO_SETTINGS_MODULE="cardnight.settings",
        CARDNIGHT_VAR_DIR=str(var_dir),
        CARDNIGHT_PLAIN_STATIC="true",
        **extra,
    )
    if database_url:
        env["DATABASE_URL"] = database_url
    return env


def run_manage(env: dict, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """`manage.py ARGS` in its own process, with `env` (see `server_env`)."""
    return run_python(env, "manage.py", *args, check=check)


def run_python(env: dict, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """`python ARGS` in its own process, in the checkout, with `env` (see
    `server_env`)."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=check,
    )


def manage(env: dict, *args: str) -> str:
    """`manage.py ARGS`; its output, or CalledProcessError."""
    return run_manage(env, *args).stdout


class Server:
    """The production server (cardnight/server.py) serving the site on
    127.0.0.1:<port>, in its own process group."""

    def __init__(
        self,
        env: dict,
        port: int | None = None,
        workers: int = 2,
        threads: int = 4,
        probe_headers: dict | None = None,
        server: str | None = None,
        cpus: str = "",
        cgroup: Path | None = None,
    ):
        """`probe_headers`: sent with the /healthz probe that waits for the
        server (a proxy's Host and X-Forwarded-Proto, for the guide's settings).
        `cpus`: the processors it may use, as `taskset -c` takes them ("0":
        a machine with one processor for the server, the load on the others).
        `cgroup`: a Linux cgroup's folder the server and its workers join
        before it starts (a CPU quota: bench/load.py --server-cpu-share)."""
        self.env, self.port = env, port or free_port()
        self.workers, self.threads = workers, threads
        self.probe_headers = probe_headers or {}
        self.server = server or chosen_server()
        self.cpus = cpus
        self.cgroup = cgroup
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "Server":
        command = server_command(
            self.server, host="127.0.0.1", port=self.port, workers=self.workers,
            threads=self.threads,
        )  # fmt: skip
        if self.cpus:
            command = ["taskset", "--cpu-list", self.cpus, *command]
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            preexec_fn=self._join_cgroup if self.cgroup else None,  # noqa: PLW1509 -- before exec
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                probe = urllib.request.Request(f"{self.url}/healthz", headers=self.probe_headers)
                with urllib.request.urlopen(probe, timeout=2) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("the server did not start")

    def _join_cgroup(self) -> None:
        """In the child, before the server's command runs."""
        assert self.cgroup is not None
        (self.cgroup / "cgroup.procs").write_text(str(os.getpid()))

    def kill(self) -> None:
        """SIGKILL the whole process group: master and workers, no clean-up."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


class Browser:
    """A tiny HTTP client with cookies and Django's CSRF token."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )

    def csrf(self) -> str:
        for cookie in self.jar:
            if cookie.name == "csrftoken":
                return cookie.value
        return ""

    def fetch(
        self,
        method: str,
        path: str,
        data: dict | None = None,
        headers: dict | None = None,
        timeout: float = 30,
    ) -> tuple[int, "http.client.HTTPMessage", str]:
        """One request: (status, response headers (names in any case), body)."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base_url + path, data=body, method=method)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        if method == "POST":
            request.add_header("X-CSRFToken", self.csrf())
            request.add_header("Referer", self.base_url + path)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode()

    def request(self, method: str, path: str, data: dict | None = None, timeout: float = 30):
        status, _, body = self.fetch(method, path, data, timeout=timeout)
        return status, body

    def get(self, path: str, **kw):
        return self.request("GET", path, **kw)

    def post(self, path: str, data: dict, **kw):
        return self.request("POST", path, data, **kw)

    def sign_in(self, username: str, password: str) -> None:
        status, html = self.get("/accounts/login/")
        assert status == 200, status
        match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        assert match
        status, _ = self.post(
            "/accounts/login/",
            {"username": username, "password": password, "csrfmiddlewaretoken": match.group(1)},
        )
        assert status == 302, status

    def choose_password(self, old: str, new: str) -> None:
        """Change a one-time password, as the first sign-in asks."""
        status, html = self.get("/accounts/password/")
        assert status == 200, status
        match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        assert match
        fields = {"old_password": old, "new_password1": new, "new_password2": new}
        fields["csrfmiddlewaretoken"] = match.group(1)
        status, _ = self.post("/accounts/password/", fields)
        assert status == 302, status


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def open_tables(html: str) -> list[tuple[str, int, int, list[int]]]:
    """The game screen's tables still to record: (url, game, table, [couples])."""
    found = []
    matches = list(RESULT_FORM.finditer(html))
    for n, match in enumerate(matches):
        end = matches[n + 1].start() if n + 1 < len(matches) else len(html)
        form = html[match.end() : html.find("</form>", match.end(), end)]
        if 'name="change"' in form:
            continue  # already in: this is the "change the result" form
        couples = [int(v) for v in WINNER_BUTTON.findall(form)]
        found.append((match.group(1), int(match.group(2)), int(match.group(3)), couples))
    return found
