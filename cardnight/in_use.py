"""Who is using the SQLite database: a server that serves it, or a restore
that is replacing it. Never both at once.

Every process that serves the site (`cardnight serve`, and each of its
workers: cardnight/wsgi.py) holds a shared lock on a small file beside the
database for as long as it lives; a restore takes the same lock exclusively,
so it is refused while any server runs, and a server that starts during a
restore waits for it to end. The lock is SQLite's own file locking (an open
read transaction is a shared lock, `BEGIN EXCLUSIVE` an exclusive one),
which works alike on Windows, macOS and Linux and is let go by the operating
system when a process ends, however it ends (kill -9 too).

Plain functions with no Django import: the launcher calls them before
Django is set up.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cardnight.private import private_file

SUFFIX = ".in-use"
WAIT_SECONDS = 60  # a server that starts during a restore waits this long for it

_held: dict[Path, sqlite3.Connection] = {}  # this process's shared locks, kept open


class InUse(Exception):
    """The database is in use by a server (for a restore) or a restore (for a server)."""


def lock_file(database: Path) -> Path:
    return Path(database).with_name(Path(database).name + SUFFIX)


def _open(database: Path, timeout: float) -> sqlite3.Connection:
    path = private_file(lock_file(database))
    # isolation_level=None: this code says when a transaction begins and ends.
    return sqlite3.connect(path, timeout=timeout, isolation_level=None, check_same_thread=False)


def hold_for_serving(database: Path, *, timeout: float = WAIT_SECONDS) -> None:
    """Mark `database` as served by this process until it ends (a shared
    lock: many servers at once). Waits up to `timeout` seconds for a restore
    under way to finish, then raises InUse. Calling it again is harmless."""
    database = Path(database)
    if database in _held:
        return
    db = _open(database, timeout)
    try:
        db.execute("BEGIN")
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()  # the shared lock
    except sqlite3.OperationalError:
        db.close()
        raise InUse(
            f"{database} is being restored from a backup: start the server again "
            "once the restore has finished."
        ) from None
    _held[database] = db


def release(database: Path) -> None:
    """Let go of this process's shared lock on `database` (tests; a process
    that ends lets go by itself)."""
    db = _held.pop(Path(database), None)
    if db is not None:
        db.close()


@contextmanager
def only_user(database: Path) -> Iterator[None]:
    """Hold `database` for a restore: raises InUse at once while any server
    uses it, and keeps servers from starting until the block ends."""
    db = _open(Path(database), timeout=0)
    try:
        try:
            db.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError:
            raise InUse(
                "The server is still running on this data folder: stop it first "
                "(Ctrl+C in its window, or stop the service), then restore. "
                "Nothing was changed."
            ) from None
        try:
            yield
        finally:
            db.execute("ROLLBACK")
    finally:
        db.close()
