"""Fixtures for the French tests: clients whose browser asks for French, an
evening played to the end with every extra the hall can run, and an evening
in the middle of game 1."""

import random
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils.translation import gettext

from scoring.engine import i18n as engine_i18n
from scoring.models import Prize, Target
from tables import services
from tables.models import Evening, Seating

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-CA,fr;q=0.9,en;q=0.5"}


@pytest.fixture(autouse=True)
def engine_speaks_the_active_language():
    """The rules engine translates through the hook scoring/apps.py installs
    (Django's gettext). A test elsewhere may leave the hook reset to English;
    make sure it is Django's here, and put back whatever was there."""
    previous = engine_i18n._translator
    engine_i18n.set_translator(gettext)
    yield
    engine_i18n.set_translator(previous)


@pytest.fixture
def fr_client(db) -> Client:
    """Anonymous, with a French browser."""
    return Client(**FRENCH)


@pytest.fixture
def fr_organizer(organizer) -> Client:
    client = Client(**FRENCH)
    client.force_login(organizer)
    return client


@pytest.fixture
def fr_volunteer(volunteer) -> Client:
    client = Client(**FRENCH)
    client.force_login(volunteer)
    return client


def play(evening: Evening, *, couples: int = 11, stop_at: int | None = None, seed: int = 45):
    """Register `couples` couples and play with random winners through the
    services the pages use; stop while game `stop_at` is in play (no results)."""
    for i in range(couples):
        services.register_couple(
            evening, f"Marie {i + 1}", f"Joe {i + 1}", jar_buy_in=i % 2 == 0, paid=True
        )
    services.start_evening(evening, seed=seed)
    rng = random.Random(seed)
    while True:
        evening.refresh_from_db()
        if evening.current_game == stop_at:
            return evening
        for seating in Seating.objects.filter(
            game__evening=evening, game__number=evening.current_game
        ).select_related("table", "couple_a", "couple_b"):
            winner = rng.choice([seating.couple_a, seating.couple_b])
            services.record_result(
                evening, evening.current_game, seating.table.number, winner.number
            )
        if evening.current_game == evening.games:
            services.finish_evening(evening)
            evening.refresh_from_db()
            return evening
        services.advance(evening)


def with_extras(evening: Evening) -> Evening:
    Evening.objects.filter(pk=evening.pk).update(
        games=9, published=True, entry_fee=Decimal("10.00"), booby_prize=True,
        cookie_jar=True, jar_buy_in=Decimal("2.00"), jar_draw_size=2,
        fifty_fifty=True, fifty_fifty_takings=Decimal("1234.50"), fifty_fifty_ticket="417",
        travelling_prize=True, half_time_leader=True, half_time_game=4,
    )  # fmt: skip
    evening.refresh_from_db()
    Prize.objects.create(evening=evening, target=Target.PLACE, place=1, amount=Decimal("50.00"))
    Prize.objects.create(
        evening=evening, target=Target.PLACE, place=2, kind=Prize.Kind.SHARE,
        share_percent=Decimal("12.5"),
    )  # fmt: skip
    Prize.objects.create(
        evening=evening, target=Target.PLACE, place=3, kind=Prize.Kind.ITEM, item="Une dinde"
    )
    return evening


@pytest.fixture
def played(evening) -> Evening:
    """Nine games played and finished, 11 couples (a bye every game), with
    prizes, booby prize, cookie jar, 50/50, travelling prize and half-time."""
    return play(with_extras(evening))


@pytest.fixture
def running(evening) -> Evening:
    """Game 3 in play (no result yet), 11 couples, every extra on."""
    return play(with_extras(evening), stop_at=3)


class _Text(HTMLParser):
    """The words a person sees: text outside <script>/<style>, plus the
    labels a screen reader or a tooltip shows."""

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder", "alt", "data-confirm") and value:
                self.parts.append(value)
            if name == "value" and tag == "button" and value:
                pass  # button values are data, not words

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.parts.append(data)


def visible_text(html: str | bytes) -> str:
    parser = _Text()
    parser.feed(html.decode() if isinstance(html, bytes) else html)
    return " ".join(" ".join(parser.parts).split())


@pytest.fixture
def fr_phone(browser):
    """A cheap Android phone whose language is Canadian French."""
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="fr-CA",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
