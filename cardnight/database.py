"""When the database cannot be written (issue 12, point 12).

A database file whose permissions changed, a read-only disk or a full disk
must not take the whole site down: what is saved can still be read (the
public board, standings, printing), and a write answers 503 with a message
that says what is wrong and what to do. `manage.py check_writable` (run by
`make run` before anything else) refuses to start on such a database.
"""

import sqlite3

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
