"""Fault-test helpers: another process locking the SQLite file."""

import contextlib
import subprocess
import sys
from pathlib import Path

from bench.hall import Browser, Server, free_port, manage, server_env  # noqa: F401


@contextlib.contextmanager
def exclusive_sqlite_lock(path: Path):
    """Another process holds the SQLite file locked (exclusive locking mode)."""
    code = (
        "import sqlite3, sys, time\n"
        f"db = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
        "db.execute('PRAGMA locking_mode=EXCLUSIVE')\n"
        "db.execute('BEGIN EXCLUSIVE')\n"
        "db.execute('CREATE TABLE IF NOT EXISTS _lock_probe (x)')\n"
        "print('locked', flush=True)\n"
        "sys.stdin.read()\n"
    )
    locker = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert locker.stdout.readline().strip() == "locked"
        yield
    finally:
        locker.stdin.close()
        locker.wait(timeout=10)
