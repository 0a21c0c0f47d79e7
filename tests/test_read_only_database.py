"""Issue 12, point 12: a database that cannot be written (permissions, a
read-only or full disk). Reads keep working, the public board included;
writes answer 503 saying what is wrong; the server refuses to start."""

import shutil
import sqlite3

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.urls import reverse

from cardnight import database
from cardnight.database import cannot_write, sqlite_pragmas
from tables.models import Couple, Evening
from tests.conftest import PASSWORD

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


@sqlite_only
def test_with_the_disk_full_people_still_sign_in_and_read(organizer, read_only):
    """Signing in writes nothing the database must keep (the session is a
    signed cookie; the last sign-in time and the wrong-password count are
    skipped when the database refuses them): the organizer signs in, reads
    every page, and the hub says why nothing can be saved."""
    client = Client(raise_request_exception=False)
    response = client.post(reverse("login"), {"username": "olive", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("evening-list")
    assert client.get(reverse("evening-list")).status_code == 200
    hub = client.get(reverse("evening-detail", args=[read_only.slug]))
    assert hub.status_code == 200
    assert "Nothing can be saved right now: the disk is full" in hub.content.decode()
    assert client.get(reverse("board", args=[read_only.slug])).status_code == 200
    # A wrong password is still refused (not counted), and says so plainly.
    wrong = Client().post(reverse("login"), {"username": "olive", "password": "nope"})
    assert wrong.status_code == 200
    assert "enter a correct username and password" in wrong.content.decode()
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA query_only=OFF")
    # Writable again: the hub's warning goes at the next look.
    hub = client.get(reverse("evening-detail", args=[read_only.slug])).content.decode()
    assert "Nothing can be saved right now" not in hub


def test_a_disk_with_no_room_left_shows_on_the_hub(organizer_client, evening, monkeypatch):
    if connection.vendor != "sqlite":
        pytest.skip("the room left is looked at on the SQLite database's disk")
    monkeypatch.setattr(
        database.shutil, "disk_usage", lambda folder: shutil._ntuple_diskusage(10**9, 10**9, 4096)
    )
    hub = organizer_client.get(reverse("evening-detail", args=[evening.slug])).content.decode()
    assert "Nothing can be saved right now" in hub
