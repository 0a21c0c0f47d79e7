"""Fixtures for the Wi-Fi-drop tests: phones (each its own browser context,
so each can go offline alone) and a hall served by gunicorn in its own
process, on a port that stays the same when the server is restarted."""

import json
import sqlite3

import pytest

from tests.support.hall import Server, free_port, manage, server_env

PASSWORD = "pw-45-45-45"
SETUP = f"""
import datetime, json
from django.contrib.auth.models import User
from tables import services
from tables.models import Evening, Hall, Membership, Seating
from tables.services import register_couple
hall = Hall.objects.create(name="Hall")
Membership.objects.create(
    user=User.objects.create_user("vince", password="{PASSWORD}"), hall=hall, role="volunteer")
evening = Evening.objects.create(hall=hall, name="Friday", slug="friday", published=True,
                                 date=datetime.date(2026, 11, 27), games=25)
for n in range(4):
    register_couple(evening, f"Ann {{n + 1}}", f"Joe {{n + 1}}")
services.start_evening(evening, seed=4)
rows = Seating.objects.filter(game__evening=evening).order_by("table__number")
print(json.dumps([[s.table.number, s.table.token, s.couple_a.number, s.couple_b.number]
                  for s in rows.select_related("table", "couple_a", "couple_b")]))
"""


def new_phone(browser, **options):
    """A page in its own context (its own cookies, storage and Wi-Fi)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, **options
    )
    return _opened(context)


def _opened(context):
    """A new tab of a phone, patient enough for a cheap phone's pages."""
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def new_tab(page):
    """The phone's tab closed and a new tab opened on the same phone (the
    same cookies and storage): a person closing the page, or a test leaving
    Chromium's own network-error page. That page navigates again by itself
    at moments of its choosing: a `goto` on its tab can be cut short by it
    ("is interrupted by another navigation"), and once the server or the
    Wi-Fi is back it may load the page, which sends the outbox first. A new
    tab has no such timer."""
    context = page.context
    page.close()
    return _opened(context)


class ServedHall:
    """gunicorn on SQLite in a temporary directory, with one started evening."""

    def __init__(self, tmp_path):
        self.env = server_env(tmp_path)
        self.db = tmp_path / "cardnight.sqlite3"
        manage(self.env, "migrate", "--noinput", "-v0")
        manage(self.env, "collectstatic", "--noinput", "-v0")  # as `make run` does
        out = manage(self.env, "shell", "--no-imports", "-c", SETUP)
        self.tables = json.loads(out.strip().splitlines()[-1])
        self.server = Server(self.env, port=free_port(), workers=1)

    @property
    def url(self) -> str:
        return self.server.url

    def count(self, sql: str) -> int:
        with sqlite3.connect(self.db) as db:
            return db.execute(sql).fetchone()[0]


@pytest.fixture
def served_hall(tmp_path):
    served = ServedHall(tmp_path)
    served.server.start()
    yield served
    served.server.stop()
