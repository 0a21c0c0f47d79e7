"""CardNight as a hall's laptop gets it: the wheel built, installed with pip
into a fresh virtual environment outside the repository (no make, no
checkout), `cardnight serve` started on an empty data folder, signed in with
the one-time password it printed, a short evening played over HTTP, a backup
taken and restored into a second data folder, and that folder served.

Also: what the wheel carries (the templates, static files, translations and
the JSON Schema, and nothing else of the repository), `twine check`, and
that the wheel requires exactly what requirements.txt pins."""

from __future__ import annotations

import html.parser
import os
import re
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from django.db import connection

from tests.support.hall import ROOT, Browser, free_port, open_tables

pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the installed package runs on its own SQLite data folder: once, in the SQLite pass",
)


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The wheel and the sdist, built from this checkout."""
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return out


def wheel_of(dist: Path) -> Path:
    return next(dist.glob("cardnight-*.whl"))


def test_twine_check_passes_on_the_wheel_and_the_sdist(dist):
    files = sorted(str(p) for p in dist.iterdir())
    assert len(files) == 2, files
    result = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_wheel_requires_exactly_what_requirements_txt_pins(dist):
    with zipfile.ZipFile(wheel_of(dist)) as wheel:
        meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        required = {
            line.split(": ", 1)[1].replace(" ", "").lower()
            for line in wheel.read(meta).decode().splitlines()
            if line.startswith("Requires-Dist: ")
        }
    pinned = {
        line.split("#", 1)[0].strip().lower()
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line.split("#", 1)[0].strip()
    }
    assert required == pinned


def test_the_wheel_carries_the_site_and_nothing_else_of_the_repository(dist):
    names = zipfile.ZipFile(wheel_of(dist)).namelist()
    tops = {name.split("/")[0] for name in names}
    assert tops == {"cardnight", "tables", "scoring", *(t for t in tops if ".dist-info" in t)}
    assert "cardnight/site/templates/base.html" in names
    assert "cardnight/site/static/js/live/start.js" in names
    assert "cardnight/site/locale/fr/LC_MESSAGES/django.mo" in names
    assert "scoring/exchange/evening.schema.json" in names
    assert any(n.startswith("tables/migrations/0001") for n in names)
    for outside in ("tests/", "bench/", "docs/", "manage.py", "Makefile", ".ci/"):
        assert not any(n.startswith(outside) for n in names), outside
    assert not any(n.endswith((".pyc", ".sqlite3", ".pdf")) for n in names)


class _Form(html.parser.HTMLParser):
    """The fields of the first <form> with `action` on a page, with the
    values the page proposes (checked boxes, selected options)."""

    def __init__(self, action: str):
        super().__init__()
        self.action, self.inside, self.done = action, False, False
        self.fields: dict[str, str] = {}
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and not self.done and (a.get("action") or "") in (self.action, ""):
            self.inside = True
        if not self.inside or "name" not in a and tag != "option":
            return
        if tag == "input":
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields[a["name"]] = a.get("value", "on")
            elif kind != "submit":
                self.fields[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self._select = a["name"]
            self.fields.setdefault(self._select, "")
        elif tag == "option" and self._select:
            if "selected" in a or not self.fields[self._select]:
                self.fields[self._select] = a.get("value", "")
        elif tag == "textarea":
            self.fields[a["name"]] = ""

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        if tag == "form" and self.inside:
            self.inside, self.done = False, True


def form_fields(page: str, action: str) -> dict[str, str]:
    parser = _Form(action)
    parser.feed(page)
    return parser.fields


class Installed:
    """A virtual environment outside the repository with the wheel installed."""

    def __init__(self, folder: Path, wheel: Path):
        self.folder = folder
        subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], check=True)
        scripts = folder / "venv" / ("Scripts" if os.name == "nt" else "bin")
        self.python, self.cardnight = scripts / "python", scripts / "cardnight"
        subprocess.run(
            [str(self.python), "-m", "pip", "install", "--quiet", str(wheel)],
            check=True,
            capture_output=True,
            timeout=900,
        )

    def env(self, data: Path) -> dict:
        keep = ("PATH", "HOME", "LANG", "TMPDIR", "SYSTEMROOT", "PIP_INDEX_URL")
        env = {k: v for k, v in os.environ.items() if k in keep}
        env.update(CARDNIGHT_VAR_DIR=str(data), PYTHONDONTWRITEBYTECODE="1")
        return env

    def run(self, data: Path, *args: str) -> str:
        result = subprocess.run(
            [str(self.cardnight), *args],
            cwd=self.folder,
            env=self.env(data),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def serve(self, data: Path, log: Path) -> tuple[subprocess.Popen, str]:
        port = free_port()
        with log.open("w") as out:
            process = subprocess.Popen(
                [str(self.cardnight), "serve", "--host", "127.0.0.1", "--port", str(port)],
                cwd=self.folder,
                env=self.env(data),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{url}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return process, url
            except OSError:
                if process.poll() is not None:
                    break
                time.sleep(0.3)
        process.kill()
        raise AssertionError("cardnight serve did not answer:\n" + log.read_text())


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


CHOSEN = "kitchen-table-45"


def play_a_short_evening(url: str, password: str) -> str:
    """Sign in as the first organizer (choosing a password, CHOSEN, in place
    of the printed one), make an evening in a new hall, register six couples
    at the door, start, record game 1 and start game 2. Returns the evening's
    slug."""
    browser = Browser(url)
    browser.sign_in("organizer", password)
    assert browser.get("/evenings/")[0] == 302  # the printed password is changed first
    browser.choose_password(password, CHOSEN)
    status, page = browser.get("/evenings/new/")
    assert status == 200, status
    fields = form_fields(page, "/evenings/new/")
    fields.update(name="Friday 45s", new_hall="Parish Hall", date="2026-12-04", published="on")
    fields.pop("hall", None)
    status, headers, _ = browser.fetch("POST", "/evenings/new/", fields)
    assert status == 302, status
    slug = re.match(r"/evenings/([\w-]+)/", headers["Location"]).group(1)
    names = ["Mary O'Brien", "Paul D'Eon", "Cécile LeBlanc", "Angus MacDonald", "Theresa Boudreau"]
    for n in range(6):
        door = {"player1": f"{names[n % 5]} {n}", "player2": f"Partner {n}"}
        status, _ = browser.post(f"/evenings/{slug}/door/", door)
        assert status in (200, 302), status
    status, _ = browser.post(f"/evenings/{slug}/game/start/", {})
    assert status in (200, 302), status
    status, game = browser.get(f"/evenings/{slug}/game/")
    assert status == 200
    tables = open_tables(game)
    assert len(tables) == 3, tables
    for path, _game, _table, couples in tables:
        assert browser.post(path, {"winner": couples[0]})[0] in (200, 302)
    status, _ = browser.post(f"/evenings/{slug}/game/next/", {"game": 1})
    assert status in (200, 302), status
    status, board = Browser(url).get(f"/e/{slug}/")
    assert status == 200, status
    return slug


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite pass only")
def test_a_laptop_installs_the_wheel_serves_plays_backs_up_and_restores(dist, tmp_path):
    box = Installed(tmp_path / "laptop", wheel_of(dist))
    assert "CardNight" in box.run(tmp_path / "unused", "--version")
    usage = box.run(tmp_path / "unused", "--help")
    for option in ("--host", "--port", "--workers", "--data", "backup", "restore"):
        assert option in usage

    first = tmp_path / "first-data"
    process, url = box.serve(first, tmp_path / "first.log")
    try:
        said = (tmp_path / "first.log").read_text()
        password = re.search(r"password: (\S+)", said).group(1)
        assert "http://127.0.0.1:" in said
        slug = play_a_short_evening(url, password)
        status, css = Browser(url).get("/static/css/site.css")
        assert status == 200 and css  # static files from the installed package
    finally:
        stop(process)

    said = box.run(first, "backup", "--label", "moving")
    backup = Path(re.search(r"(\S+moving\S*\.sqlite3)", said).group(1))
    assert backup.exists()

    second = tmp_path / "second-data"
    box.run(second, "manage", "migrate", "--noinput", "-v0")
    box.run(second, "restore", str(backup))
    process, url = box.serve(second, tmp_path / "second.log")
    try:
        browser = Browser(url)
        browser.sign_in("organizer", CHOSEN)  # the restored database's account
        status, game = browser.get(f"/evenings/{slug}/game/")
        assert status == 200 and "Game 2" in game
        assert Browser(url).get(f"/e/{slug}/")[0] == 200
    finally:
        stop(process)
