"""Fixtures for the accessibility checks: one real server (gunicorn, as
`make run` starts it) with three evenings built once for the whole package,
and signed-in browser pages at phone and TV sizes, in English and French,
shared by every test of a module (a page per size and language, not per test).

The pages under test are listed once, in PAGES: every check walks them all."""

import json
import os
from dataclasses import dataclass

import pytest

from tests.support.hall import Server, manage, run_manage, server_env
from tests.support.pages import PASSWORD, BrowserPages

SEED = f"""
import datetime, json
from decimal import Decimal
from django.contrib.auth.models import User
from scoring.models import Target
from scoring.services.prizes import set_prize
from scoring.services.ties import open_tiebreak
from tables import services
from tables.models import Couple, Evening, Hall, Membership, Seating
from tests.i18n.conftest import play, with_extras
from tests.scoring.conftest import finish, punch_counts

hall = Hall.objects.create(name="St. Joseph's Parish Hall")
Membership.objects.create(
    user=User.objects.create_user("olive", password="{PASSWORD}"), hall=hall, role="organizer")

def evening(slug, name):
    return Evening.objects.create(hall=hall, name=name, slug=slug,
                                  date=datetime.date(2026, 11, 27))

running = play(with_extras(evening("running", "Friday 45s")), stop_at=3)
for seating in Seating.objects.filter(game__evening=running, game__number=3).order_by(
        "table__number")[:2]:
    services.record_result(running, 3, seating.table.number, seating.couple_a.number)
played = play(with_extras(evening("played", "Thursday 45s")))

tied = evening("tied", "Sunday 45s")
Evening.objects.filter(pk=tied.pk).update(entry_fee=Decimal("10.00"), published=True)
names = [("Mary MacNeil", "John Boudreau"), ("Marie-Thérèse LeBlanc", "Joe D'Eon"),
         ("Ruairí Mac Néill", "Ann Samson"), ("Rita Landry", "Angus MacDonald"),
         ("Flora Poirier", "Dan Fougère")]
couples = [Couple.objects.create(evening=tied, number=n, player1=a, player2=b, paid=True)
           for n, (a, b) in enumerate(names, start=1)]
Evening.objects.filter(pk=tied.pk).update(last_couple_number=len(couples))
punch_counts(tied, couples, [17, 17, 17, 14, 9])
set_prize(tied, Target.PLACE, 1, kind="cash", amount="30.00")
set_prize(tied, Target.PLACE, 2, kind="share", share_percent="20")
set_prize(tied, Target.PLACE, 3, kind="item", item="A turkey")
tied = finish(tied)
tiebreak = open_tiebreak(tied, Target.PLACE, 1)

# Where is a game tonight: the hall's address and note, an evening coming up
# and a cancelled one (the hall's public page and the home page).
Hall.objects.filter(pk=hall.pk).update(address="85 Main Street, Glace Bay",
                                       note="Parking behind the church. Bring a plate.")
soon = datetime.date.today() + datetime.timedelta(days=7)
Evening.objects.create(hall=hall, name="Next Friday 45s", slug="next-friday", date=soon,
                       published=True, entry_fee=Decimal("5.00"), cookie_jar=True,
                       jar_buy_in=Decimal("2.00"))
Evening.objects.create(hall=hall, name="Christmas 45s", slug="christmas", published=True,
                       date=soon + datetime.timedelta(days=14), cancelled=True)

table = Seating.objects.get(game__evening=running, game__number=3, table__number=3).table
print(json.dumps({{"hall": hall.pk, "tiebreak": tiebreak.pk, "token": table.token}}))
"""


@dataclass(frozen=True)
class Site:
    url: str
    ids: dict


# (name, path, signed in): every page a player, a volunteer or an organizer sees.
PAGES = [
    ("home", "/", False),
    ("login", "/accounts/login/", False),
    ("rules-trick", "/rules/", False),
    ("rules-trick-ruled", "/rules/?trump=H&led=KS&played=5H+AS+JH", False),
    ("rules-play", "/rules/play/?trump=S&led=6S&played=2H&held=JS+3S", False),
    ("rules-round", "/rules/round/", False),
    ("rules-score", "/rules/score/", False),
    ("board", "/e/running/", False),
    ("board-final", "/e/played/", False),
    ("board-tied", "/e/tied/", False),
    ("tv", "/e/running/tv/", False),
    ("find", "/e/running/find/?q=Marie", False),
    ("couple-card", "/e/tied/couple/1/", False),
    ("couple-card-running", "/e/running/couple/3/", False),
    ("table-side", "/t/{token}/", False),
    ("evenings", "/evenings/", True),
    ("evening-new", "/evenings/new/", True),
    ("hub", "/evenings/running/", True),
    ("hub-final", "/evenings/played/", True),
    ("evening-edit", "/evenings/running/edit/", True),
    ("evening-delete", "/evenings/played/delete/", True),
    ("door", "/evenings/running/door/", True),
    ("couple-edit", "/evenings/running/couples/2/", True),
    ("game-screen", "/evenings/running/game/", True),
    ("game-detail", "/evenings/running/games/1/", True),
    ("game-correct", "/evenings/running/games/1/tables/1/correct/", True),
    ("table-links", "/evenings/running/tables/", True),
    ("table-link", "/evenings/running/tables/1/", True),
    ("standings", "/evenings/running/standings/", True),
    ("standings-final", "/evenings/played/standings/", True),
    ("prizes", "/evenings/tied/prizes/", True),
    ("prizes-final", "/evenings/played/prizes/", True),
    ("ties", "/evenings/tied/ties/{tiebreak}/", True),
    ("jar", "/evenings/played/jar/", True),
    ("print", "/evenings/played/print/", True),
    ("season", "/halls/{hall}/season/", True),
    ("books", "/halls/{hall}/books/?year=2026", True),
    ("players", "/halls/{hall}/players/", True),
    ("hall-new", "/halls/new/", True),
    ("hall-page", "/h/st-josephs-parish-hall/", False),
    ("hall-edit", "/halls/{hall}/edit/", True),
    ("not-found", "/e/no-such-evening/", False),
]
PAGE_IDS = [name for name, _, _ in PAGES]


@pytest.fixture(scope="package")
def site(tmp_path_factory):
    """The production server on a fresh SQLite database, seeded once. It never
    uses DATABASE_URL, so the run on PostgreSQL would check the same pages
    again: they are checked in the SQLite run only."""
    if os.environ.get("DATABASE_URL"):
        pytest.skip("the shared pages run on their own SQLite: checked in the SQLite run")
    var = tmp_path_factory.mktemp("a11y-var")
    env = server_env(var, DEBUG="false", SECRET_KEY="a11y-tests-" + "x" * 40)
    run_manage(env, "migrate", "--noinput")
    run_manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    ids = json.loads(manage(env, "shell", "-c", SEED).strip().splitlines()[-1])
    with Server(env) as server:
        yield Site(server.url, ids)


def double_text(cdp) -> None:
    """What a browser's text-size setting does: the default font size (16 px)
    doubled, so that every size given in rem or em doubles with it. It lasts
    while the CDP session is kept, until a full-page screenshot resets it, so
    it is set again before each page."""
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})


def open_every_details(page) -> None:
    """What is folded away (a <details>) is checked too."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")


def path_of(site: Site, path: str) -> str:
    return site.url + path.format(**site.ids)


class Pages(BrowserPages):
    """The pages of PAGES, by name, signed in as the organizer or not; with
    `big_text`, at double the browser's text size."""

    def __init__(self, browser, site: Site, *, big_text: bool = False):
        super().__init__(browser, site.url, cdp=big_text)
        self.site, self.big_text = site, big_text

    def open(self, size: str, language: str, name: str):
        _, path, signed_in = next(p for p in PAGES if p[0] == name)
        user = "olive" if signed_in else None
        page = self.get(size, language, user)
        if self.big_text:
            double_text(self.sessions[(size, language, user)])
        page.goto(path_of(self.site, path))
        page.wait_for_load_state()
        return page


@pytest.fixture(scope="module")
def pages(browser, site):
    shared = Pages(browser, site)
    yield shared
    shared.close()
