"""Writers to the hall's SQLite file take turns promptly
(cardnight/backends/sqlite3/base.py): the next writer goes in as soon as the
one before it commits, instead of when SQLite's busy handler next wakes
(up to 100 ms later). What must hold whatever the timing: every write is
kept, the turn is given back however a transaction ends, and past the
timeout a writer gets "database is locked" (the page's 503), as before."""

import sqlite3
import threading

import pytest
from django.db import OperationalError, connection, transaction

from cardnight.backends.sqlite3 import base as writers

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's write lock"),
]


@pytest.fixture
def counter():
    """A one-row table the writers add to (dropped afterwards: the tests'
    flush only empties Django's own tables)."""
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE writers_counter (n INTEGER NOT NULL)")
        cursor.execute("INSERT INTO writers_counter VALUES (0)")
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE writers_counter")


def count() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT n FROM writers_counter")
        return cursor.fetchone()[0]


def add_one() -> None:
    """Read, then write what was read plus one: two writers inside each
    other's transaction would lose one of the two."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT n FROM writers_counter")
        n = cursor.fetchone()[0]
        cursor.execute("UPDATE writers_counter SET n = %s", [n + 1])


@pytest.fixture
def outside(counter):
    """A writer that is not one of the server's threads (another process, a
    manage.py command), holding SQLite's write lock until the test lets go."""
    writer = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None, timeout=0)
    writer.execute("BEGIN IMMEDIATE")
    yield writer
    if writer.in_transaction:
        writer.rollback()
    writer.close()


class Boom(Exception):
    pass


def turn_is_free() -> bool:
    if writers._TURN.acquire(blocking=False):
        writers._TURN.release()
        return True
    return False


def test_a_writer_goes_in_as_soon_as_a_writer_in_another_process_commits(outside, monkeypatch):
    looks = []

    def look_again_later():
        looks.append(1)
        if len(looks) == 3:
            outside.execute("UPDATE writers_counter SET n = n + 10")
            outside.commit()

    monkeypatch.setattr(writers, "_look_again_later", look_again_later)
    # Without the backend, the write waits in SQLite's own busy handler and
    # the other writer never commits: "database is locked" after 2 s.
    monkeypatch.setitem(connection.settings_dict["OPTIONS"], "timeout", 2)
    connection.close()

    add_one()

    assert len(looks) == 3  # asked SQLite again each time, never slept inside it
    assert count() == 11
    with connection.cursor() as cursor:  # SQLite's own handler is back for other statements
        assert cursor.execute("PRAGMA busy_timeout").fetchone()[0] == 2000


def test_past_the_timeout_a_writer_is_told_the_database_is_locked_and_nothing_is_held(
    outside, monkeypatch
):
    monkeypatch.setitem(connection.settings_dict["OPTIONS"], "timeout", 0.05)
    connection.close()

    with pytest.raises(OperationalError, match="database is locked"):
        add_one()

    assert turn_is_free()  # the process's turn was given back
    with connection.cursor() as cursor:
        assert cursor.execute("PRAGMA busy_timeout").fetchone()[0] == 50
    outside.rollback()
    add_one()
    assert count() == 1


def test_the_turn_is_given_back_on_commit_on_rollback_and_on_close(counter):
    with transaction.atomic():
        assert not turn_is_free()
    assert turn_is_free()

    with pytest.raises(Boom), transaction.atomic():
        add_one()
        raise Boom
    assert turn_is_free()
    assert count() == 0

    atomic = transaction.atomic()
    atomic.__enter__()
    assert not turn_is_free()
    connection.close()  # a connection dropped inside its transaction
    assert turn_is_free()
    atomic.__exit__(None, None, None)
    connection.close()

    with transaction.atomic():  # nested blocks are savepoints: one turn
        with transaction.atomic():
            add_one()
        assert not turn_is_free()
    assert turn_is_free()
    assert count() == 1


def test_every_write_of_many_threads_at_once_is_kept(counter):
    threads, each = 8, 25
    errors = []

    def write():
        try:
            for _ in range(each):
                add_one()
        except Exception as error:  # noqa: BLE001 -- reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    started = [threading.Thread(target=write) for _ in range(threads)]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join()

    assert errors == []
    assert count() == threads * each
    assert turn_is_free()
