"""Shared fixtures: the personas (organizer, volunteer, anonymous), a hall and
an evening built in code, and a headless Chromium driven by Playwright."""

import contextlib
import datetime
import os
import re
import shutil

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache, caches
from django.test import Client, override_settings
from django.utils import translation

from tables.access import ORGANIZER, VOLUNTEER
from tables.models import Evening, Hall, Membership

PASSWORD = "cards-and-cookies-45"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def make_user(username: str, role: str | None = None, hall: Hall | None = None) -> User:
    """A user with `role` (organizer or volunteer) in `hall`, or no role."""
    user = User.objects.create_user(username, password=PASSWORD)
    if role:
        Membership.objects.create(user=user, hall=hall, role=role)
    return user


def _forget_what_a_test_left():
    """The language a request activated (LocaleMiddleware never deactivates
    it: a French request left French on for the tests after it) and the
    caches: boards are cached by evening id and version, and ids come back
    after a test's rollback, so a board cached by one test would answer for
    another's evening."""
    translation.activate(settings.LANGUAGE_CODE)
    cache.clear()
    caches["fragments"].clear()
    caches["local"].clear()


@pytest.fixture(autouse=True)
def the_app_writes_evenings_through_the_gate():
    """tests/support/gate.py: the app's code never writes an evening's data
    outside `Evening.changing`."""
    from django.db import connection

    from tests.support.gate import refuse_writes_outside_the_gate

    with connection.execute_wrapper(refuse_writes_outside_the_gate):
        yield


@pytest.fixture(autouse=True)
def fresh_language_and_caches():
    """Every test starts, and leaves, in the default language with empty
    caches: no test depends on which ran before it (the suite runs in a
    random order, pytest-randomly)."""
    _forget_what_a_test_left()
    yield
    _forget_what_a_test_left()


@pytest.fixture(autouse=True)
def no_found_address(tmp_path):
    """No address found by `make run` unless a test writes one (not through
    the `settings` fixture: some tests have a parameter of that name)."""
    with override_settings(PHONE_ADDRESS_FILE=tmp_path / "phone-address", CARDNIGHT_ADDRESS=""):
        yield


@pytest.fixture(autouse=True)
def english_to_start():
    """Every test starts in the site's language: a request in French leaves
    French active in the thread, and a later test calling a service directly
    would get French messages (the tests run in random order)."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def row_renders(monkeypatch):
    """The keys of standings rows the "fragments" cache was given, in order:
    each one a row rendered (tests/board/ and
    tests/scoring/test_standings_rows_kept.py). The cache keeps other pieces
    too (couple cards, the game screen's tables)."""
    kept = caches["fragments"]
    given = []
    real = kept.set

    def remember(key, value, *args, **kwargs):
        if "standings-row" in key:
            given.append(key)
        return real(key, value, *args, **kwargs)

    monkeypatch.setattr(kept, "set", remember)
    return given


@pytest.fixture
def organizer(hall) -> User:
    """An organizer of the hall (the `hall` fixture)."""
    return make_user("olive", ORGANIZER, hall)


@pytest.fixture
def volunteer(hall) -> User:
    """A volunteer of the hall (the `hall` fixture)."""
    return make_user("vince", VOLUNTEER, hall)


@pytest.fixture
def outsider(db) -> User:
    """Signed in, but neither organizer nor volunteer of any hall."""
    return make_user("oscar", None)


def signed_in(user: User) -> Client:
    """A test client signed in as `user`."""
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def organizer_client(organizer) -> Client:
    return signed_in(organizer)


@pytest.fixture
def volunteer_client(volunteer) -> Client:
    return signed_in(volunteer)


@pytest.fixture
def outsider_client(outsider) -> Client:
    return signed_in(outsider)


@pytest.fixture
def hall(db) -> Hall:
    return Hall.objects.get_or_create(name="St. Joseph's Parish Hall")[0]


@pytest.fixture
def evening(hall) -> Evening:
    return Evening.objects.create(
        hall=hall, name="Friday 45s", slug="friday-45s", date=datetime.date(2026, 11, 27)
    )


# --- Browser ------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless, driven by Playwright (no browser download)."""
    if not shutil.which(CHROMIUM):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `apt-get install chromium`.")
    # Playwright's sync API runs an event loop in this thread; the live server
    # and the test's own ORM calls are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@contextlib.contextmanager
def phone_page(browser, width: int, height: int, scale: float):
    """A page on a phone's viewport (touch, mobile), closed afterwards."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=scale,
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        yield page
    finally:
        context.close()


@pytest.fixture
def phone(browser):
    """A page on a phone-sized viewport (a cheap Android phone)."""
    with phone_page(browser, 360, 740, 2) as page:
        yield page


def sign_in(page, live_server, username: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()


def screenshot(page, name: str) -> None:
    """Keep a screenshot under test-artifacts/ for a person to look at."""
    os.makedirs("test-artifacts", exist_ok=True)
    # A long page on a busy machine takes a while: not the behaviour under test.
    page.screenshot(path=f"test-artifacts/{name}.png", full_page=True, timeout=30_000)


def winner_button(scope, number: int, won: str = "won"):
    """A game-screen winner button, named by what it shows: "12 Mary & John, won"."""
    return scope.get_by_role("button", name=re.compile(rf"^{number} .*, {won}$"))
