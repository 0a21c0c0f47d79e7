"""Issue 12, point 10: var/, the SQLite database with its WAL and SHM files
and every backup are owner-only (0700 folders, 0600 files), whatever the
umask; nothing is ever loosened or made writable."""

import os
import re
import stat
from pathlib import Path

import pytest

from cardnight.backup import copy_database
from cardnight.private import private_database, private_dir, write_private
from tests.support.hall import run_manage, server_env


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def loose_umask():
    old = os.umask(0o022)
    yield
    os.umask(old)


def test_a_new_var_folder_and_database_are_owner_only(tmp_path, loose_umask):
    database = private_database(tmp_path / "var" / "cardnight.sqlite3")
    assert mode(tmp_path / "var") == 0o700
    assert mode(database) == 0o600


def test_an_existing_loose_database_and_its_wal_are_tightened(tmp_path, loose_umask):
    database = tmp_path / "cardnight.sqlite3"
    for path in (database, tmp_path / "cardnight.sqlite3-wal", tmp_path / "cardnight.sqlite3-shm"):
        path.write_bytes(b"")
        path.chmod(0o644)
    tmp_path.chmod(0o755)
    private_database(database)
    assert mode(tmp_path) == 0o700
    assert {mode(p) for p in tmp_path.iterdir()} == {0o600}


def test_a_read_only_database_stays_read_only(tmp_path):
    database = tmp_path / "cardnight.sqlite3"
    database.write_bytes(b"")
    database.chmod(0o444)
    private_database(database)
    assert mode(database) == 0o400


def test_a_backup_is_owner_only(tmp_path, loose_umask):
    import sqlite3

    source = tmp_path / "source.sqlite3"
    sqlite3.connect(source).execute("create table t (x)").connection.close()
    destination = tmp_path / "backups" / "cardnight-1.sqlite3"
    copy_database(source, destination)
    assert mode(destination.parent) == 0o700
    assert mode(destination) == 0o600


def test_the_real_commands_leave_only_owner_only_files(tmp_path, loose_umask):
    """The database, backups, an exported evening (every couple's names), a
    PDF and the address file: all owner-only under umask 022."""
    var_dir = private_dir(tmp_path / "var")
    var_dir.chmod(0o755)
    env = server_env(var_dir)
    run_manage(env, "migrate", "--noinput", "-v0")
    slug = run_manage(env, "simulate_evening", "--couples", "4", "--games", "2").stdout.split()[-1]
    run_manage(env, "backup", "--label", "test")
    exported = var_dir / "evening.json"
    exported.write_text("an older export, made loose\n")
    exported.chmod(0o644)
    run_manage(env, "export_evening", slug, "-o", str(exported))
    run_manage(env, "print_results", slug, "-o", str(var_dir / "results.pdf"))
    run_manage(env, "addresses", "--host", "127.0.0.1", "--port", "8000")
    assert {"evening.json", "results.pdf"} <= {p.name for p in var_dir.iterdir()}
    assert '"couples"' in exported.read_text()
    files = [p for p in var_dir.rglob("*") if "staticfiles" not in p.parts]
    loose = {
        str(p.relative_to(var_dir)): oct(mode(p))
        for p in [var_dir, *files]
        if mode(p) & 0o077 and p.name != "staticfiles"
    }
    assert loose == {}


def test_write_private_makes_a_new_file_owner_only(tmp_path, loose_umask):
    path = write_private(tmp_path / "names.json", "Mary & Joe\n")
    assert mode(path) == 0o600 and path.read_text() == "Mary & Joe\n"


def test_write_private_tightens_an_existing_file_and_replaces_its_content(tmp_path):
    path = tmp_path / "cards.pdf"
    path.write_bytes(b"an older, longer file")
    path.chmod(0o644)
    write_private(path, b"new")
    assert mode(path) == 0o600 and path.read_bytes() == b"new"


def test_write_private_exclusive_never_overwrites(tmp_path):
    path = write_private(tmp_path / "secret_key", "first", exclusive=True)
    with pytest.raises(FileExistsError):
        write_private(path, "second", exclusive=True)
    assert path.read_text() == "first"


WRITES = re.compile(r"""\.write_(text|bytes)\(|\bopen\([^)]*["'][wax+]|os\.open\(""")


def test_every_file_the_app_writes_goes_through_cardnight_private():
    """No module writes a file by itself (SQLite's own files aside): a new
    one would be 0644 under the usual umask."""
    root = Path(__file__).resolve().parent.parent
    writers = {
        str(path.relative_to(root))
        for package in ("cardnight", "tables", "scoring")
        for path in (root / package).rglob("*.py")
        if WRITES.search(path.read_text(encoding="utf-8"))
    }
    assert writers == {"cardnight/private.py"}


def test_a_restore_stages_its_copy_owner_only(tmp_path, loose_umask, monkeypatch):
    """The migrated copy restore makes before writing it in, and its folder."""
    import subprocess

    from cardnight import backup

    target = tmp_path / "cardnight.sqlite3"
    modes = {}

    def copy(source, destination):
        modes[destination.name] = mode(destination) if destination.exists() else None
        modes["folder"] = mode(destination.parent)

    def migrated(*args, **kwargs):
        return subprocess.CompletedProcess(args, 0, "", "")

    monkeypatch.setattr(backup, "sqlite_path", lambda: target)
    for name in ("check_backup_file", "check_migrations", "new_generation"):
        monkeypatch.setattr(backup, name, lambda path: None)
    monkeypatch.setattr(backup, "_backup_api_copy", copy)
    monkeypatch.setattr(backup.subprocess, "run", migrated)
    backup.restore_backup(tmp_path / "backup.sqlite3")
    assert modes["cardnight.sqlite3.partial"] == 0o600
    assert modes["folder"] == 0o700
