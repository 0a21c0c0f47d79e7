"""Issue 12, point 10: var/, the SQLite database with its WAL and SHM files
and every backup are owner-only (0700 folders, 0600 files), whatever the
umask; nothing is ever loosened or made writable."""

import os
import stat
from pathlib import Path

import pytest

from cardnight.backup import copy_database
from cardnight.private import private_database, private_dir
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


def test_the_real_commands_leave_only_owner_only_files(tmp_path):
    var_dir = private_dir(tmp_path / "var")
    var_dir.chmod(0o755)
    env = server_env(var_dir)
    run_manage(env, "migrate", "--noinput", "-v0")
    run_manage(env, "backup", "--label", "test")
    files = [p for p in var_dir.rglob("*") if "staticfiles" not in p.parts]
    loose = {
        str(p.relative_to(var_dir)): oct(mode(p))
        for p in [var_dir, *files]
        if mode(p) & 0o077 and p.name != "staticfiles"
    }
    assert loose == {}
