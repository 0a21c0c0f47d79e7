"""Results settled by the table's phones alone (no volunteer involved) are
marked for the volunteers to spot-check: a table link is a bearer link, and
one person with two browsers can report and confirm alone (see
docs/decisions.md "A table link is a bearer link")."""

import pytest
from django.test import Client
from django.urls import reverse

from tables import services
from tables.models import Seating

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
MARK = "by the table's phones"


@pytest.fixture
def table(evening):
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    seating.a, seating.b = seating.couple_a.number, seating.couple_b.number
    return seating


def confirm_from_two_browsers(seating, winner: int) -> None:
    """Two browsers (two phones, or one person's normal and private tab)."""
    url = reverse("tableside-report", args=[seating.table.token])
    for reporter in (seating.a, seating.b):
        data = {"game": seating.game.number, "reporter": reporter, "winner": winner}
        assert Client().post(url, data, headers=HTMX).status_code == 200


def by_phones(seating) -> bool:
    return Seating.objects.get(pk=seating.pk).by_phones


def test_a_result_the_two_phones_confirmed_is_marked_on_the_game_screen(volunteer_client, table):
    confirm_from_two_browsers(table, table.a)
    assert by_phones(table)
    evening = table.game.evening
    html = volunteer_client.get(reverse("game-screen", args=[evening.slug])).content.decode()
    card = html[html.index('id="table-1"') : html.index('id="table-2"')]
    assert MARK in card
    other = html[html.index('id="table-2"') :]
    assert MARK not in other.split("</ol>")[0]


def test_earlier_games_show_how_many_and_which_results_the_phones_settled(volunteer_client, table):
    confirm_from_two_browsers(table, table.a)
    evening = table.game.evening
    play_game(evening)  # the other table: a volunteer
    services.advance(evening, from_game=1)
    html = volunteer_client.get(reverse("game-screen", args=[evening.slug])).content.decode()
    assert "1 by the table's phones" in html
    detail = volunteer_client.get(reverse("game-detail", args=[evening.slug, 1])).content.decode()
    rows = detail.split('<tr id="table-')
    assert MARK in rows[1] and MARK not in rows[2]


def test_a_volunteers_hand_on_the_result_clears_the_mark(table):
    evening = table.game.evening
    confirm_from_two_browsers(table, table.a)
    services.change_result(evening, 1, 1, table.b, was=table.a)
    assert not by_phones(table)


def test_results_a_volunteer_recorded_or_settled_are_not_marked(table):
    evening = table.game.evening
    services.record_result(evening, 1, 1, table.a)
    assert not by_phones(table)
    second = seatings(evening)[1]
    url = reverse("tableside-report", args=[second.table.token])
    for reporter, winner in (
        (second.couple_a, second.couple_a),
        (second.couple_b, second.couple_b),
    ):
        data = {"game": 1, "reporter": reporter.number, "winner": winner.number}
        Client().post(url, data, headers=HTMX)  # the couples disagree
    services.record_result(evening, 1, 2, second.couple_a.number)  # a volunteer settles it
    assert not by_phones(second)


def test_a_correction_clears_the_mark(table):
    evening = table.game.evening
    confirm_from_two_browsers(table, table.a)
    play_game(evening)
    services.advance(evening, from_game=1)
    services.correct_result(evening, 1, 1, table.b, reason="asked them", user=None)
    assert not by_phones(table)
