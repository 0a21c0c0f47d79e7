"""Online backups of the SQLite database, and restoring one.

A backup uses SQLite's backup API (a consistent copy while the site keeps
running, not a file copy that could catch a write half-way). After every
game the tables app asks for one (`backup_soon`, once the game's
transaction has committed): it is taken in a background thread, so the
organizer's tap never waits for a copy that grows with every evening ever
stored. `manage.py backup` takes one by hand and `manage.py restore FILE`
brings one back. PostgreSQL is backed up with pg_dump instead (see
docs/hosting.md "Back up and restore").
"""

import datetime
import logging
import os
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from django.conf import settings
from django.db import connection

from cardnight.errors import UserError
from cardnight.private import private_dir, private_file

log = logging.getLogger(__name__)

SQLITE_NAME = "cardnight.sqlite3"  # under CARDNIGHT_VAR_DIR, as settings.py names it
PREFIX = "cardnight-"
SUFFIX = ".sqlite3"


def sqlite_path() -> Path | None:
    """The SQLite database file in use, or None on another database."""
    if connection.vendor != "sqlite":
        return None
    name = str(settings.DATABASES["default"]["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name)


def _backup_api_copy(source: Path, destination: Path) -> None:
    """Copy the database `source` into `destination` page by page with
    SQLite's backup API (consistent even while others write)."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(destination, timeout=30)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def copy_database(source: Path, destination: Path) -> None:
    """Copy one SQLite database into another file, atomically: the
    destination appears complete or not at all."""
    private_dir(destination.parent)
    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    private_file(partial)  # owner-only before the first page is written
    _backup_api_copy(source, partial)
    os.replace(partial, destination)


def prune(directory: Path, keep: int) -> list[Path]:
    """Keep the newest `keep` backups; return the ones removed."""
    backups = sorted(directory.glob(f"{PREFIX}*{SUFFIX}"))
    doomed = backups[: max(0, len(backups) - keep)]
    for path in doomed:
        path.unlink(missing_ok=True)
    return doomed


def take_backup(
    label: str = "manual", *, directory: Path | None = None, source: Path | None = None
) -> Path | None:
    """Back up the SQLite database (`source`, by default the one in use) to
    var/backups/ and prune old ones.

    Returns the new file, or None when the database is not an SQLite file."""
    source = source or sqlite_path()
    if source is None or not source.exists():
        return None
    directory = Path(directory or settings.BACKUP_DIR)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    safe_label = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in label)[:40]
    destination = directory / f"{PREFIX}{stamp}-{safe_label}{SUFFIX}"
    copy_database(source, destination)
    prune(directory, settings.BACKUP_KEEP)
    return destination


class _Backups:
    """The backups asked for by `backup_soon`, taken one at a time in a
    background thread. A request made while a backup is being taken waits
    for it to end; several made meanwhile are served by one backup (taken
    after all of them, so it holds every game they stand for), labelled
    with the latest. The thread is not a daemon: a process that exits
    normally first finishes the backup it owes."""

    def __init__(self):
        self._lock = threading.Condition()
        self._wanted: tuple[str, Path, Path] | None = None  # the next backup to take
        self._busy = False  # the thread is taking one (or about to)

    def ask(self, label: str, source: Path, directory: Path) -> None:
        with self._lock:
            self._wanted = (label, source, directory)
            if not self._busy:
                self._busy = True
                threading.Thread(target=self._run, name="cardnight-backup").start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._wanted is None:
                    self._busy = False
                    self._lock.notify_all()
                    return
                label, source, directory = self._wanted
                self._wanted = None
            try:
                take_backup(label, directory=directory, source=source)
            except Exception:  # a failed backup is logged; the next request tries again
                log.exception("The backup %r failed.", label)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until no backup is wanted or being taken; False on timeout."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._busy, timeout)


_backups = _Backups()


def backup_soon(label: str) -> None:
    """Take a backup of the SQLite database in the background, now (call it
    once the writes it must hold have committed: `transaction.on_commit`).
    Nothing to do on another database."""
    source = sqlite_path()
    if source is None:
        return
    _backups.ask(label, source, Path(settings.BACKUP_DIR))


def wait_for_backups(timeout: float | None = None) -> bool:
    """Wait until every backup asked for has been written (tests, shutdown);
    False if `timeout` seconds passed first."""
    return _backups.wait(timeout)


def check_backup_file(path: Path) -> None:
    """Refuse anything that is not a sound CardNight SQLite database."""
    if not path.is_file():
        raise UserError(f"{path} does not exist.")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            (status,) = db.execute("PRAGMA integrity_check").fetchone()
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        raise UserError(f"{path} is not an SQLite database: {error}.") from None
    if status != "ok":
        raise UserError(f"{path} is damaged: {status}.")
    if not {"django_migrations", "tables_evening"} <= tables:
        raise UserError(f"{path} is not a CardNight database.")


def new_generation(path: Path) -> str | None:
    """Give every evening in the SQLite database at `path` a new database
    generation stamp (the same new one for all), so no version number it
    reaches again can match an ETag or cache key from before a restore.
    Returns the stamp; None for a backup older than the stamp (migrating it
    adds a fresh one)."""
    stamp = secrets.token_hex(6)  # as tables.models.new_generation
    db = sqlite3.connect(path, timeout=30)
    try:
        columns = {row[1] for row in db.execute("PRAGMA table_info(tables_evening)")}
        if "generation" not in columns:
            return None
        with db:
            db.execute("UPDATE tables_evening SET generation = ?", (stamp,))
    finally:
        db.close()
    return stamp


def check_migrations(path: Path) -> None:
    """Refuse a database whose applied migrations this code does not know
    (made by a newer CardNight, or crafted): `migrate` could not bring it
    in step, and the site would crash on it."""
    from django.db.migrations.loader import MigrationLoader

    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        applied = set(db.execute("SELECT app, name FROM django_migrations"))
    except sqlite3.DatabaseError as error:
        raise UserError(f"{path} is not a CardNight database: {error}.") from None
    finally:
        db.close()
    unknown = sorted(f"{app}.{name}" for app, name in applied - known)
    if unknown:
        raise UserError(
            f"{path} has database changes this version of CardNight does not know "
            f"({', '.join(unknown[:5])}): it was made by a newer version, or is not a "
            "CardNight backup. Nothing was changed."
        )
    if not any(app == "tables" for app, _name in applied):
        raise UserError(f"{path} is not a CardNight database: it has no evenings.")


def trial_restore(path: Path) -> None:
    """Bring a copy of the candidate up to date (`migrate`) and check every
    evening in it (`check_evenings`), in a separate process and folder,
    before the real database is touched. A failure is a UserError that ends
    with what the check said."""
    with tempfile.TemporaryDirectory(prefix="cardnight-restore-") as folder:
        var_dir = Path(folder)
        copy_database(path, var_dir / SQLITE_NAME)
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        env.update(CARDNIGHT_VAR_DIR=str(var_dir), CARDNIGHT_PLAIN_STATIC="true")
        # Our own command line (cardnight/cli.py), in a checkout or installed.
        manage = [sys.executable, "-m", "cardnight", "manage"]
        for step in (["migrate", "--noinput", "-v0"], ["check_evenings"]):
            result = subprocess.run(  # noqa: S603 (our own command, no shell)
                [*manage, *step],
                env=env,
                cwd=settings.BASE_DIR,
                capture_output=True,
                text=True,
                timeout=600,
            )
            if result.returncode != 0:
                said = (result.stderr.strip() or result.stdout.strip()).splitlines()[-3:]
                raise UserError(
                    f"{path} fails the check before restoring ({step[0]}): "
                    + " ".join(said)
                    + " Nothing was changed."
                )


def restore_backup(path: Path) -> Path | None:
    """Replace the current SQLite database with the backup at `path`.

    The candidate must be a sound SQLite file, with migrations this code
    knows, that migrates and passes the evening consistency check in a trial
    copy (issue 12, point 9). The current database is first backed up
    itself (label "before-restore"), so a restore can be undone. Returns
    that safety copy."""
    target = sqlite_path()
    if target is None:
        raise UserError("Restoring is for the SQLite database; restore PostgreSQL with pg_restore.")
    path = Path(path)
    check_backup_file(path)
    check_migrations(path)
    trial_restore(path)
    safety = take_backup("before-restore") if target.exists() else None
    # The backup itself is never changed: a copy gets the new generation.
    staged = target.with_name(target.name + ".restoring")
    staged.unlink(missing_ok=True)
    private_file(staged)  # owner-only before the first page is written
    try:
        _backup_api_copy(path, staged)
        new_generation(staged)
        connection.close()
        # Into the live file (not a file swap), so its WAL stays in step.
        _backup_api_copy(staged, target)
    finally:
        staged.unlink(missing_ok=True)
    return safety


def last_backup_time(directory: Path | None = None) -> datetime.datetime | None:
    """When the newest backup in var/backups/ was written (aware, UTC), or
    None when there is none (no SQL: it reads the folder)."""
    directory = Path(directory or settings.BACKUP_DIR)
    newest = max(directory.glob(f"{PREFIX}*{SUFFIX}"), default=None, key=lambda p: p.name)
    if newest is None:
        return None
    try:
        stamp = newest.stat().st_mtime
    except OSError:
        return None
    return datetime.datetime.fromtimestamp(stamp, tz=datetime.UTC)
