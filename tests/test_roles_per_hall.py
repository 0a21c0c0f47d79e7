"""Roles per hall (issue 15): every private URL × every kind of person.

Two halls, each with an organizer and a volunteer. For every URL of the site
that is about an evening or a hall (found by walking the URL patterns, so a
new page cannot be forgotten), and for GET and POST:

- the organizer of this hall gets in (organizer and volunteer pages);
- the volunteer of this hall gets in to volunteer pages, 403 on organizer pages
  and 404 on the pages only organizers may know of (the hall's books);
- the organizer or volunteer of another hall gets 404, the answer for a
  missing evening, and learns nothing;
- an anonymous visitor is sent to sign in;

and no row of the database changes for anyone who was refused.
"""

import datetime
from decimal import Decimal

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scoring.models import TieBreak
from tables import services
from tables.access import ORGANIZER, ORGANIZERS_ONLY, VOLUNTEER
from tables.models import Evening, EveningTemplate, Hall, Membership, Player, PlayerProposal

from .conftest import PASSWORD, signed_in

pytestmark = pytest.mark.django_db

# Pages about an evening or a hall that anyone may open (the public board,
# the rules page of an evening, the hall's public page and its calendar).
PUBLIC = {
    "board",
    "board-tv",
    "board-json",
    "board-find",
    "board-couple",
    "evening-dispute",
    "evening-dispute-legal",
    "evening-dispute-round",
    "evening-dispute-claim",
    "evening-dispute-auction",
    "evening-dispute-auction-hand",
    "evening-dispute-auction-sheet",
    "hall-page",
    "hall-calendar",
    "tableside",
    "tableside-report",
    "tableside-late-read",
    "checkin",
    "checkin-withdraw",
}

# Who may open each private page, written out (README "Accounts and roles"):
# the table below checks the site against THIS, not against the views' own
# decorators, so a page given the wrong role fails here.
ORGANIZER_ONLY = {
    # settings, the hall and its people
    "evening-edit",
    "evening-delete",
    "hall-edit",
    "hall-members",
    "member-remove",
    "print-address",
    "template-save",
    "template-remove",
    # the hall's player register: organizers change it (volunteers read it)
    "player-rename",
    "player-merge",
    "player-split",
    "player-remove",
    "player-erase",
    "player-proposal-dismiss",
    # starting, finishing, correcting, deleting
    "game-start",
    "game-finish",
    "game-correct",
    "late-report-settle",
    "couple-remove",
    "checkin-clear",
    # prizes and settling ties: they decide who wins money
    "prize-set",
    "tiebreak-open",
    "tiebreak-choices",
    "tiebreak-cut",
    "tiebreak-deal",
    "tiebreak-playoff",
    "tiebreak-discard",
    "jar-hat",
    "jar-reveal",
    "fifty-fifty",
    "travelling-draw",
}
# Pages only the hall's organizers may know of: a volunteer of the hall gets
# the same "not found" as everyone else (the hall's books, its money).
ORGANIZERS_ONLY_PAGES = {
    "books",
    "books-csv",
    "books-couples-csv",
    "books-statement",
}
VOLUNTEER_TOO = {
    # the door
    "door",
    "door-suggest",
    "couple-edit",
    "couple-paid",
    "couple-jar",
    "jar-buy-in",
    "checkin-confirm",
    "checkin-remove",
    # recording results and moving the evening on
    "evening-detail",
    "evening-next-step",
    "game-screen",
    "game-detail",
    "game-result",
    "game-advance",
    "game-leaving",
    "table-link",
    "table-links",
    # looking (a tie-break, the prizes, the jar, standings) and printing
    "tiebreak",
    "prizes",
    "jar",
    "standings",
    "season",
    "season-player",
    "players",
    "print-index",
    "print-cards",
    "print-tables",
    "print-results",
    "print-rules",
    "print-volunteers",
    "print-checkin",
}


def role_needed(name: str) -> str:
    """The role page `name` has by README "Accounts and roles" (not the one
    its view asks for)."""
    if name in ORGANIZER_ONLY:
        return ORGANIZER
    if name in ORGANIZERS_ONLY_PAGES:
        return ORGANIZERS_ONLY
    assert name in VOLUNTEER_TOO, f"{name}: add it to ORGANIZER_ONLY or VOLUNTEER_TOO"
    return VOLUNTEER


PERSONAS = ["organizer_here", "volunteer_here", "organizer_elsewhere", "volunteer_elsewhere", None]


def _patterns(resolvers, prefix=""):
    for entry in resolvers:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern) and entry.name:
            yield entry.name, prefix + str(entry.pattern), entry.callback


def private_urls() -> dict[str, tuple[list[str], str]]:
    """{url name: (its argument names, the role its view asks for)} for
    every URL about one evening or hall."""
    found = {}
    for name, route, view in _patterns(get_resolver().url_patterns):
        if name in PUBLIC or "<" not in route or route.startswith("admin/"):
            continue  # public, about no one evening, or the site administrator's
        role = getattr(view, "cardnight_role", None)
        names = [part.split(">")[0].split(":")[-1] for part in route.split("<")[1:]]
        found[name] = (names, role)
    return found


def test_every_private_url_checks_the_role_in_its_hall():
    """A page about an evening or a hall without a role check would be open
    to every signed-in person of every hall."""
    unchecked = [name for name, (_, role) in private_urls().items() if role is None]
    assert unchecked == []


def test_the_written_roles_name_every_private_page_once():
    assert not ORGANIZER_ONLY & VOLUNTEER_TOO
    assert not ORGANIZERS_ONLY_PAGES & (ORGANIZER_ONLY | VOLUNTEER_TOO)
    assert set(private_urls()) == ORGANIZER_ONLY | ORGANIZERS_ONLY_PAGES | VOLUNTEER_TOO


def test_each_view_asks_the_role_the_readme_gives_it():
    """Beside the behaviour below: the decorator on each view says the same."""
    asked = {name: role for name, (_, role) in private_urls().items()}
    assert asked == {name: role_needed(name) for name in asked}


@pytest.fixture
def site(db):
    """Hall A (St. Joseph's, a running evening) and hall B (the Legion)."""
    here = Hall.objects.create(name="St. Joseph's Parish Hall")
    elsewhere = Hall.objects.create(name="Legion Branch 12")
    people = {}
    for key, hall, role in [
        ("organizer_here", here, ORGANIZER),
        ("volunteer_here", here, VOLUNTEER),
        ("organizer_elsewhere", elsewhere, ORGANIZER),
        ("volunteer_elsewhere", elsewhere, VOLUNTEER),
    ]:
        user = User.objects.create_user(key, password=PASSWORD)
        people[key] = Membership.objects.create(user=user, hall=hall, role=role)
    evening = Evening.objects.create(
        hall=here,
        name="Friday 45s",
        slug="friday-45s",
        date=datetime.date(2026, 11, 27),
        entry_fee=Decimal("5.00"),
        cookie_jar=True,
    )
    for n in range(6):
        services.register_couple(evening, f"Ann {n}", f"Joe {n}")
    services.start_evening(evening, seed=1)
    tiebreak = TieBreak.objects.create(evening=evening, wins=3)
    template = EveningTemplate.objects.create(hall=here, name="Friday 45s")
    # The hall's player register (filled by the door above) and a proposal.
    player, other = Player.objects.filter(hall=here).order_by("pk")[:2]
    proposal = PlayerProposal.objects.create(hall=here, player=player, other=other)
    return {
        "hall": here,
        "evening": evening,
        "tiebreak": tiebreak,
        "people": people,
        "template": template,
        "player": player,
        "proposal": proposal,
    }


def _args(names, site) -> list:
    evening = site["evening"]
    values = {
        "slug": evening.slug,
        "hall_id": site["hall"].pk,
        "number": 1,
        "game": 1,
        "table": 1,
        "pk": site["tiebreak"].pk,
        "member_id": site["people"]["volunteer_here"].pk,
        "template_id": site["template"].pk,
        "late": 1,
        "player_id": site["player"].pk,
        "proposal_id": site["proposal"].pk,
        "entry": 1,
    }
    return [values[name] for name in names]


def _client(site, persona) -> Client:
    return signed_in(site["people"][persona].user) if persona else Client()


def fingerprint() -> dict:
    """Every row count and every evening's and hall's version of itself."""
    counts = {
        model._meta.label: model.objects.count()
        for app in ("tables", "scoring", "auth")
        for model in apps.get_app_config(app).get_models()
    }
    counts["evenings"] = list(Evening.objects.order_by("pk").values())
    counts["halls"] = list(Hall.objects.order_by("pk").values())
    counts["memberships"] = list(Membership.objects.order_by("pk").values_list("user", "role"))
    return counts


def expected(role: str, persona: str | None) -> str:
    if persona is None:
        return "sign in"
    if persona.endswith("elsewhere"):
        return "not found"
    if role == ORGANIZERS_ONLY and persona == "volunteer_here":
        return "not found"
    if role == ORGANIZER and persona == "volunteer_here":
        return "refused"
    return "allowed"


# Pages that take away what the others are about, asked last.
ASKED_LAST = ("evening-delete",)


def in_a_safe_order(urls: dict) -> list:
    return sorted(urls.items(), key=lambda item: (item[0] in ASKED_LAST, item[0]))


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("method", ["get", "post"])
def test_each_url_answers_each_person_by_their_role_in_its_hall(site, persona, method):
    client = _client(site, persona)
    answers = {}
    for name, (names, _asked) in in_a_safe_order(private_urls()):
        url = reverse(name, args=_args(names, site))
        want = expected(role_needed(name), persona)
        before = fingerprint() if want != "allowed" else None
        response = getattr(client, method)(url)
        request = response.wsgi_request
        if response.status_code == 405:
            # The method check comes first and answers the same for everyone
            # (and for a missing evening): the other method is the test.
            got = want
        elif want == "sign in":
            got = (
                "sign in"
                if response.status_code == 302 and "/accounts/login/" in (response["Location"])
                else response.status_code
            )
        elif want == "not found":
            got = (
                "not found"
                if response.status_code == 404 and not hasattr(request, "hall")
                else response.status_code
            )
        elif want == "refused":
            got = "refused" if response.status_code == 403 else response.status_code
        else:
            # In: the role check passed (the page's hall is known) and the
            # view answered (405 for a method it does not take is fine).
            got = (
                "allowed"
                if hasattr(request, "hall") and response.status_code not in (403, 500)
                else response.status_code
            )
        answers[name] = got
        if before is not None:
            assert fingerprint() == before, f"{method.upper()} {url} as {persona} changed rows"
    assert answers == {name: expected(role_needed(name), persona) for name in private_urls()}


def test_the_table_covers_every_private_page():
    """The pages the table above walks (a sanity check that it walks them)."""
    names = set(private_urls())
    assert {"door", "game-screen", "print-cards", "tiebreak-cut", "hall-members"} <= names
    assert {"season", "hall-edit", "jar-reveal", "couple-remove", "print-address"} <= names
    assert {"players", "season-player", "player-merge", "player-erase"} <= names
    assert {"books", "books-csv", "books-couples-csv", "books-statement"} <= names


def test_every_private_url_answers_its_organizer_on_get_or_post(site):
    """So the table above never passes on two 405s."""
    client = _client(site, "organizer_here")
    for name, (names, _) in in_a_safe_order(private_urls()):
        url = reverse(name, args=_args(names, site))
        codes = {client.get(url).status_code, client.post(url).status_code}
        assert codes != {405}, name
