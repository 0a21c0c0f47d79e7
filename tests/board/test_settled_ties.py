"""A settled tie reads as settled on the couple's card, the board and the TV:
no "place 3 (tie)" / "3 TIE" once a cut has decided it, and the card of the
couple that won says what it won."""

import re

import pytest

from scoring.models import Target
from scoring.services import ties as tiebreaks
from scoring.services.prizes import set_prize
from tables.models import Evening
from tests.scoring.conftest import finish, make_couples, punch_counts
from tests.support.board import url

pytestmark = pytest.mark.django_db


def text(response) -> str:
    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").split())


@pytest.fixture
def tied_third(evening):
    """Couples 3 and 4 tie for place 3 ($20.00) on 15 games."""
    Evening.objects.filter(pk=evening.pk).update(published=True)
    evening.refresh_from_db()
    couples = make_couples(evening, 5)
    punch_counts(evening, couples, [18, 16, 15, 15, 10])
    set_prize(evening, Target.PLACE, 3, kind="cash", amount="20.00")
    return finish(evening)


def settle_by_cut(evening):
    tiebreak = tiebreaks.open_tiebreak(evening, Target.PLACE, 3)
    tiebreak = tiebreaks.record_choices(tiebreak, {3: "cut", 4: "cut"})
    tiebreaks.record_cut(tiebreak, {3: "KD", 4: "2C"})  # low card wins: couple 4
    evening.refresh_from_db()


def test_an_open_tie_reads_tie(client, tied_third):
    card = text(client.get(url("board-couple", tied_third, 4)))
    assert "place 3 (tie)" in card
    assert 'class="tie-mark"' in client.get(url("board", tied_third)).content.decode()


def test_a_settled_tie_shows_the_result_on_the_card(client, tied_third):
    settle_by_cut(tied_third)
    winner = text(client.get(url("board-couple", tied_third, 4)))
    assert "(tie)" not in winner
    assert "place 3" in winner and "Won: Place 3: $20.00" in winner
    loser = text(client.get(url("board-couple", tied_third, 3)))
    assert "(tie)" not in loser and "place 3" in loser and "Won:" not in loser


@pytest.mark.parametrize("name", ["board", "board-tv"])
def test_a_settled_tie_no_longer_reads_tie_on_the_board_and_the_tv(client, tied_third, name):
    settle_by_cut(tied_third)
    html = client.get(url(name, tied_third)).content.decode()
    assert 'class="tie-mark"' not in html
    classes = {
        n: re.search(rf'<tr class="([^"]*)" id="row-{n}"', html).group(1).split() for n in (3, 4)
    }
    assert classes[4] == ["prize"]  # the winner of the cut holds place 3
    assert classes[3] == []  # the loser no longer contests it


def test_the_board_json_marks_the_settled_result(client, tied_third):
    settle_by_cut(tied_third)
    data = client.get(url("board-json", tied_third)).json()
    rows = {row["couple"]: row for row in data["standings"]}
    assert rows[4]["tied"] is False and rows[4]["prize_place"] == 3
    assert rows[4]["prizes"] == ["Place 3: $20.00"]
    assert rows[3]["tied"] is False and rows[3]["prize_place"] is None
