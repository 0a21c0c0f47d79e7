"""The game screen keeps each table's card, all but its CSRF token, by what
it shows (templates/tables/game/screen.html, `ListedSeating.shown`): a card
kept from an earlier page is exactly the card rendered afresh, in every
state a table goes through, and every form still carries this page's own
CSRF token."""

import re

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from tables import services

from .conftest import seatings, started

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HTMX = {"HX-Request": "true"}


def cards(html: str) -> str:
    """The tables' list of a game screen, its CSRF tokens blanked."""
    start = html.index('<ol class="tables"')
    listed = html[start : html.index("</ol>", start)]
    return TOKEN.sub('name="csrfmiddlewaretoken" value=""', listed)


def fresh_and_kept(client, path: str, **get) -> tuple[str, str]:
    """The page's tables rendered with nothing kept, then again with every card kept."""
    caches["fragments"].clear()
    fresh = client.get(path, get).content.decode()
    kept = client.get(path, get).content.decode()
    return fresh, kept


def a_table_in_every_state(evening):
    """Table 1 waits for the other couple, 2 is disputed, 3 is in by a
    volunteer, 4 by both couples' phones, 5 still playing."""
    one, two, three, four, _five = seatings(evening)
    services.report_result(one.table, 1, one.couple_a.number, one.couple_a.number, device="p1")
    services.report_result(two.table, 1, two.couple_a.number, two.couple_a.number, device="p2")
    services.report_result(two.table, 1, two.couple_b.number, two.couple_b.number, device="p3")
    services.record_result(evening, 1, three.table.number, three.couple_b.number)
    services.report_result(four.table, 1, four.couple_a.number, four.couple_b.number, device="p4")
    services.report_result(four.table, 1, four.couple_b.number, four.couple_b.number, device="p5")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("show", [{}, {"show": "todo"}])
def test_a_kept_card_is_the_card_rendered_afresh_in_every_state(
    organizer_client, evening, language, show
):
    evening = started(evening, 10)
    a_table_in_every_state(evening)
    organizer_client.cookies["django_language"] = language
    path = reverse("game-screen", args=[evening.slug])
    fresh, kept = fresh_and_kept(organizer_client, path, **show)
    assert cards(fresh) == cards(kept)
    assert "table-card disputed" in kept
    assert ("table-card done" in kept) is not bool(show)  # the tables still playing only


def test_a_card_that_changed_is_rendered_again_and_the_others_are_kept(organizer_client, evening):
    evening = started(evening, 10)
    path = reverse("game-screen", args=[evening.slug])
    organizer_client.get(path)  # every card kept as it first was
    a_table_in_every_state(evening)
    kept = organizer_client.get(path).content.decode()
    caches["fragments"].clear()
    fresh = organizer_client.get(path).content.decode()
    assert cards(kept) == cards(fresh)
    assert "table-card done" in kept and "table-card disputed" in kept


def test_every_form_on_the_cards_carries_this_pages_own_csrf_token(organizer_client, evening):
    evening = started(evening, 10)
    a_table_in_every_state(evening)
    path = reverse("game-screen", args=[evening.slug])
    organizer_client.get(path)
    html = organizer_client.get(path).content.decode()  # every card kept
    listed = html[html.index('<ol class="tables"') :]
    forms = listed.count('class="winner-form"')
    tokens = TOKEN.findall(listed[: listed.index("</ol>")])
    assert forms == len(tokens) == 5  # one form per table
    again = TOKEN.findall(organizer_client.get(path).content.decode())
    assert set(tokens).isdisjoint(again)  # masked afresh for each page, as Django does


def test_a_tap_on_a_kept_card_is_recorded_and_answered_with_the_card_as_it_is_now(
    organizer, evening
):
    evening = started(evening, 10)
    volunteer = Client(enforce_csrf_checks=True)  # its token is checked, as in a browser
    volunteer.force_login(organizer)
    path = reverse("game-screen", args=[evening.slug])
    volunteer.get(path)
    html = volunteer.get(path).content.decode()  # every card kept
    first = seatings(evening)[0]
    token = TOKEN.findall(html)[-1]  # the last card's form
    answer = volunteer.post(
        reverse("game-result", args=[evening.slug, 1, first.table.number]),
        {"winner": first.couple_a.number, "csrfmiddlewaretoken": token},
        headers=HTMX,
    )
    assert answer.status_code == 200
    card = answer.content.decode()
    assert f'id="table-{first.table.number}"' in card and "table-card done" in card
    caches["fragments"].clear()
    screen = volunteer.get(path).content.decode()
    assert f'<li class="card table-card done" id="table-{first.table.number}">' in screen


def test_a_report_changed_at_the_table_shows_on_its_kept_card(organizer_client, evening):
    evening = started(evening, 4)
    first = seatings(evening)[0]
    a, b = first.couple_a.number, first.couple_b.number
    services.report_result(first.table, 1, a, a, device="p1")
    path = reverse("game-screen", args=[evening.slug])
    organizer_client.get(path)  # the card kept with "couple a says a won"
    services.report_result(first.table, 1, a, b, device="p1")  # still waiting: it changed its mind
    html = organizer_client.get(path).content.decode()
    assert f"Couple {a} says couple {b} won." in html
    assert f"Couple {a} says couple {a} won." not in html
