"""The database gone: pages answer 503 with a plain message, nothing half-saved,
and the site recovers by itself when the database is back. Real processes:
gunicorn as `make run` starts it, a second process locking the SQLite file, a
TCP proxy cut in front of PostgreSQL."""

import pytest
from django.db import connection

from tests.support.hall import Browser, Server, manage, server_env
from tests.support.locks import sqlite_write_lock
from tests.support.tcp_proxy import proxied_postgres

SETUP = (
    "import datetime\n"
    "from django.contrib.auth.models import User\n"
    "from tables.models import Evening, Hall, Membership\n"
    "u = User.objects.create_user('olive', password='pw-45-45-45')\n"
    "h = Hall.objects.create(name='Hall')\n"
    "Membership.objects.create(user=u, hall=h, role='organizer')\n"
    "Evening.objects.create(hall=h, name='Friday', slug='friday',"
    " date=datetime.date(2026, 11, 27))\n"
)
COUNT = "from tables.models import Couple; print(Couple.objects.count())"


def couples(env) -> int:
    return int(manage(env, "shell", "--no-imports", "-c", COUNT).strip().splitlines()[-1])


def assert_unavailable(browser: Browser) -> None:
    status, html = browser.get("/evenings/friday/door/")
    assert status == 503, status
    assert "the database is not answering" in html
    assert "Traceback" not in html
    status, html = browser.post("/evenings/friday/door/", {"player1": "Lost", "player2": "Write"})
    assert status == 503, status


@pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite pass runs this")
def test_a_locked_sqlite_file_gives_503_for_writes_and_the_site_recovers(tmp_path):
    env = server_env(tmp_path, CARDNIGHT_SQLITE_TIMEOUT="1")
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", SETUP)
    with Server(env) as server:
        browser = Browser(server.url)
        browser.sign_in("olive", "pw-45-45-45")
        assert browser.get("/evenings/friday/door/")[0] == 200
        with sqlite_write_lock(tmp_path / "cardnight.sqlite3"):
            # Pages still read (WAL mode); a write waits out the busy timeout.
            assert browser.get("/evenings/friday/door/")[0] == 200
            status, html = browser.post(
                "/evenings/friday/door/", {"player1": "Lost", "player2": "Write"}
            )
            assert status == 503, status
            assert "the database is not answering" in html and "Traceback" not in html
            assert browser.get("/healthz") == (200, "ok")
        status, _ = browser.post("/evenings/friday/door/", {"player1": "Mary", "player2": "John"})
        assert status == 302
    assert couples(env) == 1  # the write refused while locked was not half-saved


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL pass runs this")
def test_postgresql_stopped_gives_503_and_the_site_recovers(tmp_path):
    with proxied_postgres(connection.settings_dict, "cn_fault") as (proxy, url):
        env = server_env(tmp_path, url)
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "shell", "--no-imports", "-c", SETUP)
        with Server(env) as server:
            browser = Browser(server.url)
            browser.sign_in("olive", "pw-45-45-45")
            assert browser.get("/evenings/friday/door/")[0] == 200
            proxy.stop()
            assert_unavailable(browser)
            assert browser.get("/healthz") == (200, "ok")
            proxy.start()
            assert browser.get("/evenings/friday/door/")[0] == 200
            status, _ = browser.post(
                "/evenings/friday/door/", {"player1": "Mary", "player2": "John"}
            )
            assert status == 302
        assert couples(env) == 1
