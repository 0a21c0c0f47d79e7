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
import errno
import logging
import os
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from django.conf import settings
from django.db import connection, connections

from cardnight.errors import UserError
from cardnight.in_use import InUse, hold_for_serving, only_user
from cardnight.private import private_dir, private_file, write_private

log = logging.getLogger(__name__)

SQLITE_NAME = "cardnight.sqlite3"  # under CARDNIGHT_VAR_DIR, as settings.py names it
PREFIX = "cardnight-"
SUFFIX = ".sqlite3"
PARTIAL = ".partial"  # a copy being written
FAILURE_FILE = "last-failure.txt"  # in the backups folder: when and why the last backup failed
DISK_FULL = "the disk is full"  # the hub translates this reason
STALE_PARTIAL_SECONDS = 600  # a partial copy this old was left by a process that died


def sqlite_path() -> Path | None:
    """The SQLite database file in use, or None on another database."""
    if connection.vendor != "sqlite":
        return None
    name = str(settings.DATABASES["default"]["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        return None
    return Path(name)


def read_only_uri(path: Path) -> str:
    """An SQLite URI that opens the file `path` read-only, every character
    of the path quoted (a folder named "Hall #2" is not a URI fragment)."""
    return Path(path).resolve().as_uri() + "?mode=ro"


def row_counts(db: sqlite3.Connection) -> dict[str, int]:
    """How many rows each table of `db` holds."""
    tables = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    counts = {}
    for (name,) in tables:
        quoted = '"' + name.replace('"', '""') + '"'  # a name from the file itself
        counts[name] = db.execute(f"SELECT count(*) FROM {quoted}").fetchone()[0]  # noqa: S608
    return counts


def verify_copy(path: Path, expected: dict[str, int]) -> None:
    """Refuse a copy that is damaged or does not hold the rows its source
    held (the same tables, each with as many rows). Opened as any SQLite
    file (read-only would leave a copy in WAL mode its -wal and -shm files
    beside it); nothing is written."""
    db = sqlite3.connect(path, timeout=30)
    try:
        (status,) = db.execute("PRAGMA integrity_check").fetchone()
        counts = row_counts(db)
    finally:
        db.close()
    if status != "ok":
        raise BackupFailed(f"the copy is damaged ({status})")
    if counts != expected:
        differ = sorted(
            name
            for name in expected.keys() | counts.keys()
            if counts.get(name) != expected.get(name)
        )
        raise BackupFailed(
            f"the copy does not hold what the database holds ({', '.join(differ[:3])})"
        )


class BackupFailed(Exception):
    """A copy that could not be made, or did not come out whole."""


def hold_while_serving() -> None:
    """Mark the SQLite database in use by this serving process for as long
    as it lives (cardnight/in_use.py): a restore is refused meanwhile, and
    this waits for one under way (InUse after a while). Nothing to do on
    another database."""
    database = sqlite_path()
    if database is not None:
        hold_for_serving(database)


def _backup_api_copy(source: Path, destination: Path) -> None:
    """Copy the database `source` into `destination` page by page with
    SQLite's backup API (consistent even while others write), then check
    the copy: sound, and every table with the rows the source had at the
    moment of the copy (counted in the same read transaction)."""
    src = sqlite3.connect(read_only_uri(source), uri=True, timeout=30, isolation_level=None)
    try:
        src.execute("BEGIN")  # one snapshot for the counts and the copy
        expected = row_counts(src)
        dst = sqlite3.connect(destination, timeout=30)
        try:
            src.backup(dst)
        finally:
            dst.close()
        src.execute("ROLLBACK")
    finally:
        src.close()
    verify_copy(destination, expected)


def copy_database(source: Path, destination: Path) -> None:
    """Copy one SQLite database into another file, atomically and checked:
    the destination appears complete or not at all, and a failed copy
    leaves nothing behind."""
    private_dir(destination.parent)
    partial = destination.with_name(destination.name + PARTIAL)
    partial.unlink(missing_ok=True)
    private_file(partial)  # owner-only before the first page is written
    try:
        _backup_api_copy(source, partial)
        os.replace(partial, destination)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def prune(directory: Path, keep: int) -> list[Path]:
    """Keep the newest `keep` backups, and remove partial copies left by a
    process that died while writing one; return the backups removed."""
    backups = sorted(directory.glob(f"{PREFIX}*{SUFFIX}"))
    doomed = backups[: max(0, len(backups) - keep)]
    for path in doomed:
        path.unlink(missing_ok=True)
    now = time.time()
    for partial in directory.glob(f"{PREFIX}*{SUFFIX}{PARTIAL}"):
        try:
            if now - partial.stat().st_mtime > STALE_PARTIAL_SECONDS:
                partial.unlink()
        except OSError:
            pass  # written or removed by another process meanwhile
    return doomed


def take_backup(
    label: str = "manual", *, directory: Path | None = None, source: Path | None = None
) -> Path | None:
    """Back up the SQLite database (`source`, by default the one in use) to
    var/backups/, checked, and prune old ones. A failure is recorded for the
    hub (`last_backup_failure`) and raised.

    Returns the new file, or None when the database is not an SQLite file."""
    source = source or sqlite_path()
    if source is None or not source.exists():
        return None
    directory = Path(directory or settings.BACKUP_DIR)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    safe_label = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in label)[:40]
    destination = directory / f"{PREFIX}{stamp}-{safe_label}{SUFFIX}"
    try:
        copy_database(source, destination)
    except (OSError, sqlite3.Error, BackupFailed) as error:
        _record_failure(directory, error)
        raise
    (directory / FAILURE_FILE).unlink(missing_ok=True)
    prune(directory, settings.BACKUP_KEEP)
    return destination


def failure_reason(error: BaseException) -> str:
    """A backup's failure in a few words a hall organizer can act on."""
    text = str(error)
    if getattr(error, "errno", None) == errno.ENOSPC or "full" in text.lower():
        return DISK_FULL
    return text or type(error).__name__


def _record_failure(directory: Path, error: BaseException) -> None:
    """Keep when and why a backup failed, for the hub (every process reads
    the same file). On a full disk even this may not be written: the log
    has it then."""
    log.error("The backup into %s failed: %s", directory, error)
    moment = datetime.datetime.now(tz=datetime.UTC).isoformat()
    try:
        private_dir(directory)
        write_private(directory / FAILURE_FILE, f"{moment}\n{failure_reason(error)}\n")
    except OSError:
        pass


def last_backup_failure(directory: Path | None = None) -> tuple[datetime.datetime, str] | None:
    """When the last backup failed (aware, UTC) and why, or None when the
    last one worked (no SQL: it reads a file)."""
    directory = Path(directory or settings.BACKUP_DIR)
    try:
        moment, reason = (directory / FAILURE_FILE).read_text(encoding="utf-8").split("\n", 1)
        return datetime.datetime.fromisoformat(moment), reason.strip()
    except (OSError, ValueError):
        return None


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
        try:
            self._take_all()
        finally:
            connections.close_all()  # the thread's own, opened by the jobs after a backup

    def _take_all(self) -> None:
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
            except Exception:  # recorded for the hub and logged; the next request tries again
                log.exception("The backup %r failed.", label)
            _run_after_backup()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until no backup is wanted or being taken; False on timeout."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._busy, timeout)


_backups = _Backups()

# What the backup thread does after each backup (`after_each_backup`).
_after_backup: list = []


def after_each_backup(job) -> None:
    """Have the backup thread run `job()` after each backup it takes: work
    that follows a game and must not hold up a request (the evenings changed
    since they were last checked are checked: scoring.exchange.integrity
    `check_changed`, registered by the scoring app). Registered once."""
    if job not in _after_backup:
        _after_backup.append(job)


def _run_after_backup() -> None:
    """The jobs of `after_each_backup`, each on its own (one that fails is
    logged, and runs again after the next backup)."""
    for job in _after_backup:
        try:
            job()
        except Exception:  # logged; the next backup runs it again
            log.exception("After the backup, %s failed.", getattr(job, "__name__", job))


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
        db = sqlite3.connect(read_only_uri(path), uri=True)
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
    db = sqlite3.connect(read_only_uri(path), uri=True)
    try:
        applied = set(db.execute("SELECT app, name FROM django_migrations"))
    except sqlite3.DatabaseError as error:
        raise UserError(f"{path} is not a CardNight database: {error}.") from None
    finally:
        db.close()
    unknown = sorted(f"{app}.{name}" for app, name in applied - known)
    if unknown:
        raise UserError(
            f"{path} was made by a newer version of CardNight than this one: "
            "upgrade CardNight first, then restore it; nothing was changed."
        )
    if not any(app == "tables" for app, _name in applied):
        raise UserError(f"{path} is not a CardNight database: it has no evenings.")


def migrated_copy(path: Path, folder: Path) -> Path:
    """A copy of the backup at `path` in `folder`, brought up to this
    version (`migrate`) and with every evening in it checked
    (`check_evenings`), in a separate process, before the real database is
    touched: what a restore puts in place. A failure is a UserError that
    ends with what the check said."""
    copy = folder / SQLITE_NAME
    copy_database(path, copy)
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(CARDNIGHT_VAR_DIR=str(folder), CARDNIGHT_PLAIN_STATIC="true")
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
    return copy


def restore_backup(path: Path) -> Path | None:
    """Replace the current SQLite database with the backup at `path`,
    brought up to this version of CardNight.

    Refused while a server uses the database (cardnight/in_use.py): writes
    it acknowledged after the safety copy would be lost. The candidate must
    be a sound SQLite file, with migrations this code knows, that migrates
    and passes the evening consistency check in a copy (`migrated_copy`);
    that migrated copy is what is put in place. The current database is
    first backed up itself (label "before-restore"), so a restore can be
    undone; the backup file itself is never changed. Returns that safety
    copy."""
    target = sqlite_path()
    if target is None:
        raise UserError("Restoring is for the SQLite database; restore PostgreSQL with pg_restore.")
    path = Path(path)
    check_backup_file(path)
    check_migrations(path)
    try:
        with only_user(target), tempfile.TemporaryDirectory(prefix="cardnight-restore-") as folder:
            staged = migrated_copy(path, Path(folder))
            new_generation(staged)
            safety = take_backup("before-restore") if target.exists() else None
            connection.close()
            # Into the live file (not a file swap), so its WAL stays in step.
            _backup_api_copy(staged, target)
    except InUse as error:
        raise UserError(str(error)) from None
    return safety


def backup_before_upgrade() -> Path | None:
    """Before `migrate` changes an existing SQLite database for a new
    version of CardNight, a backup of it as it was (label "before-upgrade");
    None when there is nothing to migrate, or no such database."""
    from django.db.migrations.executor import MigrationExecutor

    if sqlite_path() is None:
        return None
    executor = MigrationExecutor(connection)
    if not executor.loader.applied_migrations:
        return None  # a new database: nothing to keep
    if not executor.migration_plan(executor.loader.graph.leaf_nodes()):
        return None
    return take_backup("before-upgrade")


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
