"""Fault-test helpers: another process holding the SQLite write lock."""

import contextlib
import subprocess
import sys
from pathlib import Path


@contextlib.contextmanager
def sqlite_write_lock(path: Path):
    """Another process holds the SQLite file's write lock (an open write
    transaction, as a stuck script or a copy tool would)."""
    code = (
        "import sqlite3, sys, time\n"
        f"db = sqlite3.connect({str(path)!r}, isolation_level=None, timeout=30)\n"
        "db.execute('BEGIN IMMEDIATE')\n"
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
