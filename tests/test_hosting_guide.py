"""The hosting guide's commands, run as written (docs/hosting.md "One site for many halls"): its
health check answers `ok` from a server with the guide's own settings, and
its PostgreSQL backups are owner-only like the SQLite ones."""

import os
import re
import shlex
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tests.support.hall import Server, run_manage, server_env

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "hosting.md"
SETTINGS = ("DEBUG", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "CARDNIGHT_HTTPS",
            "CARDNIGHT_TRUSTED_PROXIES", "CARDNIGHT_ADDRESS", "TIME_ZONE")  # fmt: skip


def guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def guide_settings() -> dict:
    """The guide's /etc/cardnight.env, the lines a test server can take as
    they are (not the database, Redis or folder)."""
    block = re.search(r"`/etc/cardnight.env`.*?```sh\n(.*?)```", guide(), re.S).group(1)
    pairs = dict(re.findall(r"^([A-Z_]+)=(.*)$", block, re.M))
    return {name: pairs[name] for name in SETTINGS}


def health_checks() -> list[str]:
    """Every curl command of the guide that asks a server's /healthz."""
    found = re.findall(r"curl [^`\n]*?/healthz", guide())
    assert len(found) >= 2  # after starting the servers, and in the upgrade
    return found


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(not shutil.which("curl"), reason="curl is not installed")
def test_the_guides_health_check_says_ok_with_the_guides_settings(tmp_path):
    settings = guide_settings()
    assert settings["CARDNIGHT_HTTPS"] == "true" and "127.0.0.1" not in settings["ALLOWED_HOSTS"]
    env = server_env(tmp_path, **settings)
    host = settings["ALLOWED_HOSTS"].split(",")[0]
    probe = {"Host": host, "X-Forwarded-Proto": "https"}
    run_manage(env, "migrate", "--noinput", "-v0")
    with Server(env, workers=1, threads=2, probe_headers=probe) as server:
        for command in health_checks():
            argv = shlex.split(command.replace("127.0.0.1:8001", f"127.0.0.1:{server.port}"))
            answer = subprocess.run(argv, capture_output=True, text=True, timeout=30)
            assert answer.stdout.strip() == "ok", f"{command!r} answered {answer.stdout[:80]!r}"


@pytest.fixture
def fake_pg_dump(tmp_path):
    """A pg_dump on PATH that writes a few bytes, and the usual umask 022."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    script = bin_dir / "pg_dump"
    script.write_text("#!/bin/sh\necho 'a dump of cardnight'\n")
    script.chmod(0o755)
    old = os.umask(0o022)
    yield {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    os.umask(old)


def test_the_guides_nightly_postgresql_backup_is_owner_only(tmp_path, fake_pg_dump):
    folder = tmp_path / "backups" / "cardnight"
    text = guide().replace("/var/backups/cardnight", str(folder))
    (mkdir,) = re.findall(r"`(mkdir -p [^`&]*?)\s*&&", text)
    (cron,) = re.findall(r"^15 3 \* \* \* postgres (.*)$", text, re.M)
    subprocess.run(["sh", "-c", mkdir], check=True)
    subprocess.run(["sh", "-c", cron.replace("\\%", "%")], env=fake_pg_dump, check=True)
    (dump,) = folder.iterdir()
    assert dump.read_text() == "a dump of cardnight\n"
    assert (mode(folder), mode(dump)) == (0o700, 0o600)


def test_the_guides_one_off_postgresql_backup_is_owner_only(tmp_path, fake_pg_dump):
    (command,) = re.findall(r"`(\(umask 077 && pg_dump [^`]*)`", guide())
    subprocess.run(["sh", "-c", command], cwd=tmp_path, env=fake_pg_dump, check=True)
    assert mode(tmp_path / "cardnight.dump") == 0o600
