"""A couple's own card (the cue card's QR code opens it): its punch card 1..G
with the won games punched, its table now, and where it goes next (winners
to the next table, losers stay)."""

import re

import pytest

from tables.models import Couple, Evening, Game, Punch, Seating
from tests.support.board import HTMX, record, url
from tests.support.gate import changed

pytestmark = pytest.mark.django_db


def card(client, evening, number, htmx=False) -> str:
    response = client.get(url("board-couple", evening, number), headers=HTMX if htmx else {})
    assert response.status_code == 200
    html = response.content.decode()
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").split())


def seat(evening, table) -> Seating:
    return Seating.objects.select_related("couple_a", "couple_b").get(
        game__evening=evening, game__number=evening.current_game, table__number=table
    )


def test_the_punch_card_has_every_game_with_the_won_ones_punched(client, make_evening):
    evening = make_evening(couples=10, played=6, games=20)
    html = client.get(url("board-couple", evening, 4)).content.decode()
    cells = re.findall(r'<li class="punch([^"]*)"[^>]*>\s*<span class="game-no">(\d+)</span>', html)
    assert [int(game) for _, game in cells] == list(range(1, 21))
    punched = {int(game) for classes, game in cells if "punched" in classes}
    won = set(Punch.objects.filter(couple__evening=evening, couple__number=4).values_list(
        "game_number", flat=True))  # fmt: skip
    assert punched == won
    assert f"{len(won)} game" in card(client, evening, 4)
    current = [int(game) for classes, game in cells if "current" in classes]
    assert current == [7]


def test_while_playing_it_shows_the_table_the_opponent_and_both_ways_on(client, make_evening):
    evening = make_evening(couples=10, played=3)
    seating = seat(evening, 2)
    me, them = seating.couple_a, seating.couple_b
    text = card(client, evening, me.number)
    assert (
        f"Game 4: table 2 , against couple {them.number} ( {them.player1} & {them.player2} )"
        in (text)
    )
    assert "If you win: go to table 3." in text
    assert "If you lose: stay at table 2." in text


def test_a_winner_is_told_the_next_table_and_a_loser_to_stay(client, make_evening):
    evening = make_evening(couples=10, played=3)
    seating = seat(evening, 2)
    record(evening, 2, seating.couple_a.number)
    won, lost = (
        card(client, evening, seating.couple_a.number),
        card(client, evening, seating.couple_b.number),
    )
    assert "Won." in won and "Game 5: go to table 3." in won
    assert "Lost." in lost and "Game 5: stay at table 2." in lost


def test_the_last_tables_winners_go_to_table_1_without_a_bye(client, make_evening):
    evening = make_evening(couples=10, played=3)
    seating = seat(evening, 5)
    assert "If you win: go to table 1." in card(client, evening, seating.couple_a.number)


def test_with_a_bye_the_last_tables_winners_sit_out_and_the_bye_goes_to_table_1(
    client, make_evening
):
    evening = make_evening(couples=11, played=3)
    seating = seat(evening, 5)
    assert "If you win: you sit out the next game" in card(client, evening, seating.couple_a.number)
    bye = Game.objects.get(evening=evening, number=4).bye
    text = card(client, evening, bye.number)
    assert "Game 4: sitting out (the bye)." in text
    assert "Game 5: go to table 1." in text


def test_the_htmx_poll_of_a_card_gets_the_card_alone(client, make_evening):
    evening = make_evening(couples=10, played=3)
    response = client.get(url("board-couple", evening, 1), headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="couple-card" id="couple-card-1"')
    assert "<html" not in html


def test_before_play_the_card_is_empty_and_has_no_table(client, make_evening):
    evening = make_evening(couples=6, played=0)
    text = card(client, evening, 2)
    assert "0 games won" in text
    assert "table" not in text.lower().replace("all the standings", "")


def test_a_couple_that_left_says_so(client, make_evening):
    evening = make_evening(couples=10, played=5)
    Couple.objects.filter(evening=evening, number=3).update(left_after_game=4)
    changed(evening)
    assert "Left after game 4." in card(client, evening, 3)


def test_a_couple_leaving_after_this_game_has_no_next_table(client, make_evening):
    evening = make_evening(couples=10, played=3)
    seating = seat(evening, 1)
    Couple.objects.filter(pk=seating.couple_a_id).update(left_after_game=4)
    changed(evening)
    text = card(client, evening, seating.couple_a.number)
    assert "You leave after this game." in text
    assert "If you win" not in text


def test_a_late_couple_is_told_when_it_joins(client, make_evening):
    evening = make_evening(couples=10, played=3)
    late = Couple.objects.create(
        evening=evening, number=11, player1="Late", player2="Comers", joined_game=5
    )
    changed(evening)
    assert "Joins at game 5." in card(client, evening, late.number)


def test_in_the_last_game_there_is_no_next_table(client, make_evening):
    evening = make_evening(couples=10, played=24, games=25)
    text = card(client, evening, 1)
    assert "Game 25: table" in text or "Game 25: sitting out" in text
    assert "If you win" not in text and "Game 26" not in text


def test_at_the_end_the_card_says_the_evening_is_over(client, make_evening):
    evening = make_evening(couples=10, played=25, games=25)
    assert Evening.objects.get(pk=evening.pk).is_finished
    text = card(client, evening, 1)
    assert "The evening is over." in text
    assert "If you win" not in text


def test_the_card_shows_the_place_and_marks_a_tied_prize_place(client, make_evening):
    evening = make_evening(couples=12, played=3)
    data = client.get(url("board-json", evening)).json()
    row = next(r for r in data["standings"] if r["prize_place"] and r["tied"])
    assert f"place {row['prize_place']} (tie)" in card(client, evening, row["couple"])


@pytest.mark.parametrize("couples", [40, 80])
def test_the_pass_over_every_card_makes_no_couple_rows(client, make_evening, monkeypatch, couples):
    """Every card of a version is one pass over the board's tree (issue 27,
    goal 1): where each couple plays comes from its numbers, not from a
    Couple made for it (a third of the pass's time at 400 couples)."""
    evening = make_evening(couples=couples, played=6, current_in=couples // 4)
    made = []
    real_init = Couple.__init__

    def counting(self, *args, **kwargs):
        made.append(1)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Couple, "__init__", counting)
    assert client.get(url("board-couple", evening, 3), headers=HTMX).status_code == 200
    assert len(made) < 5
