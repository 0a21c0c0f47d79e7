"""Issue 12, point 12: a database that cannot be written (permissions, a
read-only or full disk). Reads keep working, the public board included;
writes answer 503 saying what is wrong; the server refuses to start."""

import sqlite3

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from cardnight.database import cannot_write, sqlite_pragmas
from tables.models import Couple, Evening

pytestmark = pytest.mark.django_db

sqlite_only = pytest.mark.skipif(
    "connection.vendor != 'sqlite'", reason="SQLite's query_only stands in for a read-only file"
)


@pytest.fixture
def read_only(evening, volunteer):
    """The database refuses every write, as SQLite does for a read-only file."""
    Evening.objects.filter(pk=evening.pk).update(published=True)
    Couple.objects.create(evening=evening, number=1, player1="Mary", player2="John")
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only=ON")
    yield evening
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only=OFF")


@sqlite_only
def test_reads_keep_working_and_a_write_says_what_is_wrong(volunteer, read_only):
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only=OFF")
    client = Client(raise_request_exception=False)
    client.force_login(volunteer)  # signing in writes the session
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only=ON")
    assert client.get(reverse("board", args=[read_only.slug])).status_code == 200
    assert client.get(reverse("door", args=[read_only.slug])).status_code == 200
    response = client.post(
        reverse("door", args=[read_only.slug]), {"player1": "Ann", "player2": "Joe"}
    )
    assert response.status_code == 503
    html = response.content.decode()
    assert "the database cannot be written" in html
    assert "free some disk space" in html
    assert 'http-equiv="refresh"' not in html  # not "back in a moment" forever


@sqlite_only
def test_the_server_refuses_to_start_on_a_database_it_cannot_write(read_only):
    with pytest.raises(CommandError, match="cannot write to its database"):
        call_command("check_writable")


def test_the_server_starts_on_a_writable_database(db):
    call_command("check_writable")


def test_a_read_only_database_not_in_wal_mode_still_opens_for_reading(tmp_path):
    path = tmp_path / "cardnight.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE t (x)")
    db.execute("PRAGMA journal_mode=DELETE")
    db.commit()
    db.close()
    read_only = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    sqlite_pragmas(read_only.cursor())  # the WAL switch is a write: skipped
    assert read_only.execute("SELECT count(*) FROM t").fetchone() == (0,)


def test_only_write_refusals_count_as_cannot_write():
    assert cannot_write(sqlite3.OperationalError("attempt to write a readonly database"))
    assert cannot_write(sqlite3.OperationalError("database or disk is full"))
    assert not cannot_write(sqlite3.OperationalError("database is locked"))
    assert not cannot_write(ValueError("readonly database"))
