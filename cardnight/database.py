"""When the database cannot be written (issue 12, point 12).

A database file whose permissions changed, a read-only disk or a full disk
must not take the whole site down: what is saved can still be read (the
public board, standings, printing), and a write answers 503 with a message
that says what is wrong and what to do. `manage.py check_writable` (run by
`make run` before anything else) refuses to start on such a database.
"""

import shutil
import sqlite3
import threading
from pathlib import Path

from django.db import DatabaseError, OperationalError, transaction
from django.utils.translation import gettext as _

# What SQLite and PostgreSQL say when a write cannot be stored.
_CANNOT_WRITE = (
    "readonly database",  # SQLite: file or folder permissions, read-only disk
    "read-only transaction",  # PostgreSQL: a standby, default_transaction_read_only
    "disk is full",  # SQLite
    "no space left on device",  # PostgreSQL
    "disk i/o error",  # SQLite, often a full or failing disk
)


def cannot_write(error: BaseException) -> bool:
    """Is `error` the database refusing a write (read-only, disk full)?"""
    if not isinstance(error, (OperationalError, DatabaseError, sqlite3.Error)):
        return False
    text = str(error).lower()
    return any(words in text for words in _CANNOT_WRITE)


# Less room than this on the SQLite database's disk counts as full: a game's
# results and the backup after it need some.
LOW_DISK_BYTES = 16 * 1024 * 1024

_refused = threading.Event()  # this process saw a write refused, not yet seen to work again


def note_write_refused() -> None:
    """A write was just refused (the error page, a sign-in's bookkeeping):
    the organizer's hub says so until a write works again."""
    _refused.set()


def cannot_write_now(folder: Path | None = None) -> bool:
    """Can nothing be saved right now? True when the disk of `folder` (the
    SQLite database's) has almost no room left, or when a write was refused
    lately and a fresh try (`write_problem`) still fails. Costs a look at
    the disk's free space, and a try only after a refusal."""
    if folder is not None:
        try:
            if shutil.disk_usage(folder).free < LOW_DISK_BYTES:
                return True
        except OSError:
            pass
    if _refused.is_set():
        if write_problem() is not None:
            return True
        _refused.clear()
    return False


def cannot_save_warning() -> str:
    """The organizer's hub, while `cannot_write_now`."""
    return _(
        "Nothing can be saved right now: the disk is full, or the database cannot be "
        "written. Signing in and reading every page still work. Free some disk space on "
        "the server (or give it back write access to its data folder); this line goes "
        "once saving works again."
    )


def cannot_write_message() -> str:
    return _(
        "Nothing can be saved right now: the database cannot be written (the disk is full, "
        "or the permissions of its folder or file changed). Everything saved so far is safe, "
        "and every page can still be read. Organizer: free some disk space or give the "
        "server back write access to the var/ folder, then send this again."
    )


def sqlite_pragmas(cursor) -> None:
    """Set up a new SQLite connection: WAL journal, normal sync, foreign keys,
    and what is deleted or overwritten zeroed in the file (secure_delete, on
    in some SQLite builds and off in others): an erased name is left in no
    free space of the database for a later backup (a page-by-page copy) to
    carry.

    Switching to WAL is a write; on a database that cannot be written the
    connection stays in its current journal mode so that reads still work."""
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA secure_delete=ON")
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    except (OperationalError, sqlite3.OperationalError) as error:
        if not cannot_write(error):
            raise


def on_connection_created(sender, connection, **kwargs) -> None:
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            sqlite_pragmas(cursor)


def write_problem(using: str = "default") -> str | None:
    """Try a write (a table created and dropped, then rolled back): None when
    it works, else what the database said."""

    class _Undo(Exception):
        pass

    from django.db import connections

    try:
        with transaction.atomic(using=using):
            with connections[using].cursor() as cursor:
                cursor.execute("CREATE TABLE cardnight_write_check (x INTEGER)")
                cursor.execute("DROP TABLE cardnight_write_check")
            raise _Undo
    except _Undo:
        return None
    except DatabaseError as error:
        return str(error)
