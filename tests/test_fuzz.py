"""Random and hostile requests to every page and endpoint, as every persona:
never a 500, and nobody without the right role or token changes anything.

The URLs are read from the URL configuration, so a new page is fuzzed as
soon as it exists; the form field names are read from the templates and
forms, so new fields are fuzzed too."""

import hashlib
import io
import os
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db.models import Sum
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Target, TieBreak
from scoring.services.prizes import set_prize
from tables.models import Evening, Hall, Player, Table
from tests.scoring.conftest import finish, make_couples, punch_counts

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = [
    "<script>alert(1)</script>",
    "'; DROP TABLE tables_couple; --",
    '"><img src=x onerror=alert(1)>',
    "../../etc/passwd",
    "%00",
    "\x00",
    "9" * 40,
    "-1",
    "0",
    "1.005",
    "1e309",
    "NaN",
    "5H",
    "AH 5H JH 2C",
    "5H 5H",
    "Marie-Thérèse LeBlanc",
    "x" * 5000,
    "",
    " ",
    "on",
    "true",
    "1",
    "2",
    "3",
    "²",  # str.isdigit() says yes, int() raises (issue 47)
    "٣",  # a digit int() reads as 3
]
# Public routes that may legitimately write for an anonymous visitor.
PUBLIC_WRITES = {"tableside-report", "login", "set_language", "logout"}


def routes() -> list[tuple[str, str, dict]]:
    found = []

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if "admin" not in str(pattern.pattern):
                    walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                found.append(
                    (prefix + str(pattern.pattern), pattern.name, pattern.pattern.converters)
                )

    walk(get_resolver().url_patterns)
    return found


def field_names() -> list[str]:
    names = set()
    for path in list((ROOT / "templates").rglob("*.html")) + list(ROOT.glob("*/forms*.py")):
        text = path.read_text()
        names |= set(re.findall(r'name="([a-z_][\w-]*)"', text))
        names |= set(re.findall(r"^\s+(\w+) = forms\.\w+", text, re.M))
    names |= {"csrfmiddlewaretoken", "next", "q", "as", "tap", "trump", "cards", "hand", "led"}
    return sorted(names)


ROUTES = routes()
FIELDS = field_names()


def state() -> str:
    """A fingerprint of every row the app owns."""
    parts = []
    for label in ("tables", "scoring"):
        for model in apps.get_app_config(label).get_models():
            parts.append(f"{model.__name__}:{model.objects.count()}")
    parts.append(str(Evening.objects.aggregate(v=Sum("version"))["v"]))
    parts.append(str(list(Evening.objects.order_by("pk").values_list())))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


@pytest.fixture
def world(db, organizer, volunteer, outsider):
    """A hall with a finished evening (ties and all) and one in game 3."""
    out = io.StringIO()
    call_command("simulate_evening", "--couples", "9", "--games", "6", "--seed", "5", stdout=out)
    call_command(
        "simulate_evening", "--couples", "11", "--games", "8", "--seed", "6", "--stop-after",
        "3", stdout=out,
    )  # fmt: skip
    slugs = [line for line in out.getvalue().splitlines() if line.startswith("simulated")]
    Evening.objects.filter(slug=slugs[0]).update(cookie_jar=True, booby_prize=True)
    clients = {"anonymous": Client(raise_request_exception=False)}
    for name, user in (("outsider", outsider), ("volunteer", volunteer), ("organizer", organizer)):
        clients[name] = Client(raise_request_exception=False)
        clients[name].force_login(user)
    return {
        "slugs": slugs + ["no-such-evening"],
        "tokens": list(Table.objects.values_list("token", flat=True)) + ["x" * 32],
        "halls": list(Hall.objects.values_list("pk", flat=True)) + [999999],
        "clients": clients,
    }


def url_for(route: str, converters: dict, draw, world) -> str:
    def value(name: str, converter) -> str:
        kind = type(converter).__name__
        if name == "slug":
            return draw(st.sampled_from(world["slugs"]))
        if name == "token":
            return draw(st.sampled_from(world["tokens"]))
        if name in ("hall_id",) or (name == "pk" and route.startswith("halls")):
            return str(draw(st.sampled_from(world["halls"])))
        if kind == "IntConverter":
            return str(draw(st.one_of(st.integers(0, 30), st.integers(0, 2**63))))
        return draw(st.from_regex(r"[a-z0-9-]{1,20}", fullmatch=True))

    return "/" + re.sub(
        r"<(?:\w+:)?(\w+)>", lambda m: value(m.group(1), converters[m.group(1)]), route
    )


def payload(draw) -> dict:
    keys = draw(st.lists(st.sampled_from(FIELDS), max_size=8, unique=True))
    text = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=30))
    return {key: draw(st.lists(text, min_size=1, max_size=2)) for key in keys}


@pytest.mark.parametrize("persona", ["anonymous", "outsider", "volunteer", "organizer"])
@settings(
    # CARDNIGHT_FUZZ_EXAMPLES=2000 for a longer hunt than the suite's.
    max_examples=int(os.environ.get("CARDNIGHT_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_and_hostile_requests_never_crash_or_trespass(world, persona, data):
    route, name, converters = data.draw(st.sampled_from(ROUTES), label="route")
    url = url_for(route, converters, data.draw, world)
    method = data.draw(st.sampled_from(["get", "post"]), label="method")
    body = payload(data.draw)
    headers = {"HX-Request": "true"} if data.draw(st.booleans(), label="htmx") else {}
    client = world["clients"][persona]
    before = state()
    if method == "get":
        response = client.get(url, body, headers=headers)
    else:
        response = client.post(url, body, headers=headers)
    assert response.status_code < 500, (method, url, body, response.status_code)
    if persona in ("anonymous", "outsider") and name not in PUBLIC_WRITES:
        assert state() == before, f"{persona} changed something with {method} {url} {body}"


# --- Issue 47: a number in other digits answered 500 ------------------------------


@pytest.fixture
def reported(organizer, evening):
    """A hall with two players and a finished evening whose 1st place is a
    three-way tie, opened and waiting for its cut."""
    couples = make_couples(evening, 4)
    punch_counts(evening, couples, [12, 12, 12, 3])
    set_prize(evening, Target.PLACE, 1, kind="item", item="A quilt")
    evening = finish(evening)
    client = Client(raise_request_exception=False)
    client.force_login(organizer)
    client.post(reverse("tiebreak-open", args=[evening.slug]), {"target": "place", "place": 1})
    tiebreak = TieBreak.objects.get()
    choices = reverse("tiebreak-choices", args=[evening.slug, tiebreak.pk])
    assert client.post(choices, {"everyone": "cut"}).status_code == 302
    player = Player.objects.create(hall=evening.hall, name="Ann", folded="ann")
    Player.objects.create(hall=evening.hall, name="Joe", folded="joe")
    return client, evening, tiebreak, player


@pytest.mark.parametrize("digits", ["²", "٣", "१२", "３", "1²", "9" * 5000])
def test_an_id_or_number_in_other_digits_is_a_4xx_not_a_500(reported, digits):
    client, evening, tiebreak, player = reported
    hall = evening.hall
    new = reverse("evening-create")
    merge = reverse("player-merge", args=[hall.pk, player.pk])
    cut = reverse("tiebreak-cut", args=[evening.slug, tiebreak.pk])
    deal = reverse("tiebreak-deal", args=[evening.slug, tiebreak.pk])
    # A `hall` that is not an id is left out (the organizer's one hall is
    # proposed, as for ?hall=x); a template that is not an id is not found.
    assert client.get(new, {"hall": digits}).status_code == 200
    assert client.get(new, {"template": digits}).status_code == 404
    assert client.get(new, {"hall": hall.pk, "template": digits}).status_code == 404
    assert client.post(merge, {"into": digits}).status_code == 400
    assert not Player.objects.exclude(merged_into=None).exists()
    # The cut's round is a double-tap guard: one that is not a number is none.
    cards = {"card1": "QH", "card2": "2S", "card3": "TC", "round": digits}
    assert client.post(cut, cards).status_code == 302
    assert client.post(deal, {"round": digits}).status_code < 500
