"""A hall evening with names of every length and script: 120 couples, one
player with an 80-letter name without spaces and a couple with Arabic names,
game 3 in play with some results in, every extra on. Served by the production
server (gunicorn, as `make run` starts it) on its own SQLite database, seeded
once for the package; browser pages at a 390 px phone and a 1920 x 1080 TV."""

import json
import os
from dataclasses import dataclass, field

import pytest

from tests.support.hall import Server, manage, run_manage, server_env
from tests.support.pages import PASSWORD, BrowserPages

LONG = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessen"[:80]
ARABIC = ("محمد الأحمد", "فاطمة الزهراء")

SEED = f"""
import datetime, json, random
from decimal import Decimal
from django.contrib.auth.models import User
from scoring.models import Prize, Target
from tables import services
from tables.models import Evening, Hall, Membership, Seating

hall = Hall.objects.create(name="St. Joseph's Parish Hall")
Membership.objects.create(
    user=User.objects.create_user("olive", password="{PASSWORD}"), hall=hall, role="organizer")
Membership.objects.create(
    user=User.objects.create_user("vince", password="{PASSWORD}"), hall=hall, role="volunteer")
evening = Evening.objects.create(hall=hall, name="Friday 45s", slug="names",
                                 date=datetime.date(2026, 11, 27))
Evening.objects.filter(pk=evening.pk).update(
    games=9, published=True, entry_fee=Decimal("10.00"), booby_prize=True,
    cookie_jar=True, jar_buy_in=Decimal("2.00"), jar_draw_size=2,
    fifty_fifty=True, fifty_fifty_takings=Decimal("1234.50"), fifty_fifty_ticket="417",
    travelling_prize=True, half_time_leader=True, half_time_game=4)
evening.refresh_from_db()
Prize.objects.create(evening=evening, target=Target.PLACE, place=1, amount=Decimal("50.00"))
Prize.objects.create(evening=evening, target=Target.PLACE, place=2, kind=Prize.Kind.ITEM,
                     item="A turkey and a box of chocolates from the Co-op")
names = [("{LONG}", "Cécile LeBlanc"), {ARABIC!r}, ("Cécile LeBlanc", "John Lelievre-MacIsaac")]
for i in range(120):
    a, b = names[i] if i < len(names) else (f"Marie {{i + 1}}", f"Joe {{i + 1}}")
    services.register_couple(evening, a, b, jar_buy_in=i % 2 == 0, paid=True)
services.start_evening(evening, seed=45)
rng = random.Random(45)
while True:
    evening.refresh_from_db()
    seatings = Seating.objects.filter(game__evening=evening, game__number=evening.current_game)
    if evening.current_game == 3:
        for seating in seatings.order_by("table__number")[:5]:
            services.record_result(evening, 3, seating.table.number, seating.couple_a.number)
        break
    for seating in seatings.select_related("table", "couple_a", "couple_b"):
        winner = rng.choice([seating.couple_a, seating.couple_b])
        services.record_result(evening, evening.current_game, seating.table.number, winner.number)
    services.advance(evening)
print(json.dumps({{"slug": evening.slug, "hall": hall.pk}}))
"""


@dataclass(frozen=True)
class Site:
    url: str
    ids: dict = field(default_factory=dict)  # "hall": the hall's id


@pytest.fixture(scope="package")
def names_site(tmp_path_factory):
    """The production server on a fresh SQLite database, seeded once (the
    pages are the same on PostgreSQL: checked in the SQLite run only)."""
    if os.environ.get("DATABASE_URL"):
        pytest.skip("these pages run on their own SQLite: checked in the SQLite run")
    var = tmp_path_factory.mktemp("names-var")
    env = server_env(var, DEBUG="false", SECRET_KEY="names-tests-" + "x" * 40)
    run_manage(env, "migrate", "--noinput")
    run_manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    ids = json.loads(manage(env, "shell", "-c", SEED).strip().splitlines()[-1])
    with Server(env) as server:
        yield Site(server.url, ids)


class Pages(BrowserPages):
    """The names site's pages, opened by path."""

    def open(self, size: str, path: str, language: str = "en", user: str | None = "olive"):
        page = self.get(size, language, user)
        page.goto(self.url + path)
        page.wait_for_load_state()
        return page


@pytest.fixture(scope="module")
def name_pages(browser, names_site):
    shared = Pages(browser, names_site.url)
    shared.ids = names_site.ids
    yield shared
    shared.close()
