"""After every game an online backup of the SQLite database is kept, taken in
the background once the game's transaction has committed (the organizer's
tap does not wait for it)."""

import sqlite3
import threading
from pathlib import Path

import pytest

from cardnight import backup
from scoring import checklist
from tests.support.hall import manage, server_env
from tests.tables.conftest import play_game, started

HOLD = 30  # seconds a held copy waits at most: a guard against a hung test, not a timing


def rows(path: Path) -> list[int]:
    db = sqlite3.connect(path)
    try:
        return [n for (n,) in db.execute("SELECT n FROM t ORDER BY n")]
    finally:
        db.close()


@pytest.fixture
def source(tmp_path, monkeypatch, settings) -> Path:
    """A small SQLite file standing in for the site's database, and
    var/backups/ in tmp_path."""
    path = tmp_path / "site.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (n INTEGER)")
    db.commit()
    db.close()
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_KEEP = 10
    monkeypatch.setattr(backup, "sqlite_path", lambda: path)
    yield path
    assert backup.wait_for_backups(HOLD)


@pytest.fixture
def held(monkeypatch):
    """Copies wait for `held.set()` (or HOLD seconds) before they start."""
    gate = threading.Event()
    copy = backup.copy_database

    def held_copy(source, destination):
        gate.wait(HOLD)
        copy(source, destination)

    monkeypatch.setattr(backup, "copy_database", held_copy)
    yield gate
    gate.set()


def backups(settings) -> list[str]:
    return sorted(p.name for p in Path(settings.BACKUP_DIR).glob("*.sqlite3"))


def add_row(path: Path, n: int) -> None:
    db = sqlite3.connect(path)
    db.execute("INSERT INTO t VALUES (?)", (n,))
    db.commit()
    db.close()


@pytest.mark.django_db
def test_starting_the_next_game_does_not_wait_for_the_backup(
    evening, source, held, settings, django_capture_on_commit_callbacks
):
    from tables import services

    evening = started(evening, 4)
    play_game(evening)
    with django_capture_on_commit_callbacks(execute=True):
        services.advance(evening, from_game=1)
    # The game has started and the service has returned; its backup is still
    # held back (a backup taken inside the request would be there already).
    assert backups(settings) == []
    held.set()
    assert backup.wait_for_backups(HOLD)
    assert [name[-len("after-game-1.sqlite3") :] for name in backups(settings)] == [
        "after-game-1.sqlite3"
    ]


def test_each_game_spaced_out_gets_its_own_backup(source, settings):
    for game in range(1, 4):
        add_row(source, game)
        backup.backup_soon(f"after-game-{game}")
        assert backup.wait_for_backups(HOLD)
    names = backups(settings)
    assert [n.rsplit("-", 1)[-1] for n in names] == ["1.sqlite3", "2.sqlite3", "3.sqlite3"]
    assert rows(Path(settings.BACKUP_DIR) / names[-1]) == [1, 2, 3]


def test_games_that_come_while_a_backup_is_taken_share_one_taken_after_them(source, held, settings):
    add_row(source, 1)
    backup.backup_soon("after-game-1")
    for game in (2, 3, 4):  # three more games while the first copy is held
        add_row(source, game)
        backup.backup_soon(f"after-game-{game}")
    held.set()
    assert backup.wait_for_backups(HOLD)
    names = backups(settings)
    assert [n.rsplit("-", 1)[-1] for n in names] == ["1.sqlite3", "4.sqlite3"]
    assert rows(Path(settings.BACKUP_DIR) / names[-1]) == [1, 2, 3, 4]  # every game in it


def test_a_failed_backup_is_logged_and_the_next_one_is_taken(source, settings, monkeypatch, caplog):
    copy = backup.copy_database
    calls = []

    def failing_once(source, destination):
        calls.append(destination)
        if len(calls) == 1:
            raise OSError("disk full")
        copy(source, destination)

    monkeypatch.setattr(backup, "copy_database", failing_once)
    backup.backup_soon("after-game-1")
    assert backup.wait_for_backups(HOLD)
    assert "after-game-1" in caplog.text and "disk full" in caplog.text
    backup.backup_soon("after-game-2")
    assert backup.wait_for_backups(HOLD)
    assert [n.rsplit("-", 1)[-1] for n in backups(settings)] == ["2.sqlite3"]


def test_no_backup_thread_on_another_database(monkeypatch):
    monkeypatch.setattr(backup, "sqlite_path", lambda: None)
    before = threading.active_count()
    backup.backup_soon("after-game-1")
    assert threading.active_count() == before
    assert backup.wait_for_backups(0)


def test_playing_games_leaves_the_last_few_backups(tmp_path):
    env = server_env(tmp_path, CARDNIGHT_BACKUP_KEEP="3")  # SQLite in tmp_path
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "simulate_evening", "--couples", "6", "--games", "5", "--seed", "1")
    # The command has exited: it finished the backup it owed first.
    backups = sorted((tmp_path / "backups").iterdir())
    # Five games: four advances and the finish each asked for one; games that
    # came while one was being written share the next; three are kept.
    assert 1 <= len(backups) <= 3
    assert backups[-1].name.endswith("-after-game-5.sqlite3")
    db = sqlite3.connect(backups[-1])
    try:
        assert db.execute("SELECT status, current_game FROM tables_evening").fetchall() == [
            ("finished", 5)
        ]
    finally:
        db.close()


def test_a_failed_backup_is_shown_on_the_hub_with_when_and_why_until_one_works(
    source, settings, monkeypatch
):
    copy = backup._backup_api_copy

    def disk_full(source, destination):
        destination.write_bytes(b"half a copy")
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(backup, "_backup_api_copy", disk_full)
    backup.backup_soon("after-game-7")
    assert backup.wait_for_backups(HOLD)
    when, reason = backup.last_backup_failure()
    assert reason == backup.DISK_FULL
    assert list(Path(settings.BACKUP_DIR).iterdir()) == [
        Path(settings.BACKUP_DIR) / "last-failure.txt"
    ]
    warning = checklist._backup_warning(None, backup.last_backup_failure())
    assert warning.key == "backup-failed"
    assert warning.text.startswith("The last backup failed at ")
    assert warning.text.endswith(": the disk is full.")

    monkeypatch.setattr(backup, "_backup_api_copy", copy)
    backup.backup_soon("after-game-8")
    assert backup.wait_for_backups(HOLD)
    assert backup.last_backup_failure() is None
    warning = checklist._backup_warning(backup.last_backup_time(), None)
    assert (warning.key, warning.text[:13]) == ("backup", "Last backup: ")


def test_the_hub_says_a_failure_older_than_the_last_backup_no_more():
    import datetime

    earlier = datetime.datetime(2026, 12, 4, 21, 40, tzinfo=datetime.UTC)
    later = earlier + datetime.timedelta(minutes=5)
    assert checklist._backup_warning(later, (earlier, "the disk is full")).key == "backup"
    failed = checklist._backup_warning(earlier, (later, "no such folder"))
    assert failed.key == "backup-failed"
    assert "no such folder. The one before is from " in failed.text


def test_partial_copies_left_by_a_process_that_died_are_removed(tmp_path):
    import os
    import time

    stale = tmp_path / "cardnight-20261204-214000-000000-after-game-3.sqlite3.partial"
    fresh = tmp_path / "cardnight-20261206-214000-000000-after-game-4.sqlite3.partial"
    for path in (stale, fresh):
        path.write_bytes(b"half a copy")
    hour_ago = time.time() - 3600
    os.utime(stale, (hour_ago, hour_ago))
    backup.prune(tmp_path, keep=3)
    assert not stale.exists()
    assert fresh.exists()  # another process may be writing it now


def test_a_copy_that_does_not_hold_every_row_is_refused_and_leaves_nothing(source, monkeypatch):
    add_row(source, 1)
    real = backup.row_counts
    counted = []

    def one_more_than_the_copy(db):
        counts = real(db)
        if not counted:  # the source's count, taken first
            counted.append(counts)
            counts = {**counts, "t": counts["t"] + 1}
        return counts

    monkeypatch.setattr(backup, "row_counts", one_more_than_the_copy)
    destination = source.parent / "copy.sqlite3"
    with pytest.raises(backup.BackupFailed, match="does not hold what the database holds"):
        backup.copy_database(source, destination)
    assert not destination.exists()
    assert not list(source.parent.glob("*.partial*"))


def test_a_time_that_ends_in_a_full_stop_ends_the_sentence_once():
    import datetime

    evening = datetime.datetime(2026, 12, 4, 21, 40, tzinfo=datetime.UTC)
    later = evening + datetime.timedelta(minutes=5)
    for warning in (
        checklist._backup_warning(evening, None),
        checklist._backup_warning(evening, (later, "the disk is full")),
    ):
        assert ".." not in warning.text, warning.text
        assert warning.text.endswith(".")
