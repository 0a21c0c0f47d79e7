"""Starting the next game (services.advance): refused until every table is
in, then seated by the rotation rule in one transaction."""

import pytest

from cardnight.errors import Conflict
from tables import services
from tables.models import Evening, Game, Punch, Seating, Table

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db


def test_the_next_game_is_refused_until_every_table_is_in(evening):
    evening = started(evening, 8)
    first = seatings(evening)[0]
    services.record_result(evening, 1, 1, first.couple_a.number)
    with pytest.raises(Conflict, match="Tables 2, 3, 4 have no result yet"):
        services.advance(evening, from_game=1)
    assert Game.objects.count() == 1
    assert Evening.objects.get(pk=evening.pk).current_game == 1


def test_the_next_game_is_refused_while_couples_disagree(evening):
    evening = started(evening, 4)
    play_game(evening)
    table = seatings(evening)[0]
    services.report_result(table.table, 1, table.couple_b.number, table.couple_b.number)
    with pytest.raises(Conflict, match="At table 1 the couples disagree"):
        services.advance(evening, from_game=1)


def test_losers_stay_winners_move_on_and_deal_first(evening):
    evening = started(evening, 6)
    before = seatings(evening, 1)
    play_game(evening, winner="a")
    game = services.advance(evening, from_game=1).game
    assert game.number == 2 and Evening.objects.get(pk=evening.pk).current_game == 2
    after = {s.table.number: s for s in seatings(evening, 2)}
    for i, seat in enumerate(before):
        onward = before[(i + 1) % 3].table.number
        assert after[seat.table.number].couple_a == seat.couple_b  # the loser stays
        assert after[onward].couple_b == seat.couple_a  # the winner moves on
        assert after[onward].deals_first == seat.couple_a


def test_the_seatings_of_the_game_played_never_change(evening):
    evening = started(evening, 6)
    before = list(Seating.objects.filter(game__number=1).values())
    play_game(evening)
    services.advance(evening, from_game=1)
    after = list(Seating.objects.filter(game__number=1).values())
    assert [(s["couple_a_id"], s["couple_b_id"]) for s in before] == [
        (s["couple_a_id"], s["couple_b_id"]) for s in after
    ]


def test_the_bye_is_punched_as_the_game_starts(evening):
    evening = started(evening, 5)
    play_game(evening)
    game = services.advance(evening, from_game=1).game
    assert Punch.objects.filter(game_number=2, source="bye").get().couple_id == game.bye_id


def test_wins_per_game_equal_tables_plus_the_counted_bye(evening):
    evening = started(evening, 7)
    play_game(evening)
    assert Punch.objects.filter(game_number=1).count() == 3 + 1


def test_a_late_couple_is_seated_at_the_next_game(evening):
    evening = started(evening, 4)
    late = services.register_couple(evening, "Late", "Comers")
    assert late.joined_game == 2
    play_game(evening)
    game = services.advance(evening, from_game=1).game
    assert game.bye == late  # no bye before: the late couple takes it


def test_two_late_couples_open_a_new_table(evening):
    evening = started(evening, 4)
    services.register_couple(evening, "Late", "One")
    services.register_couple(evening, "Late", "Two")
    play_game(evening)
    advanced = services.advance(evening, from_game=1)
    assert advanced.rotation.opened == (3,)
    table = Table.objects.get(evening=evening, number=3)
    seat = Seating.objects.get(game=advanced.game, table=table)
    assert {seat.couple_a.number, seat.couple_b.number} == {5, 6}
    assert seat.deals_first is None  # new to the table: they cut


def test_a_departure_closes_a_table_when_nobody_is_on_the_bye(evening):
    evening = started(evening, 6)
    play_game(evening, winner="a")
    loser = seatings(evening)[1].couple_b
    services.mark_leaving(evening, loser.number)
    advanced = services.advance(evening, from_game=1)
    assert advanced.rotation.closed == (2,)
    assert Table.objects.get(evening=evening, number=2).closed_after_game == 1
    assert advanced.game.bye is not None
    assert Seating.objects.filter(game=advanced.game).count() == 2


def test_pressing_start_twice_starts_the_game_once(evening):
    evening = started(evening, 4)
    play_game(evening)
    services.advance(evening, from_game=1)
    with pytest.raises(Conflict, match="Game 2 has already started"):
        services.advance(evening, from_game=1)
    assert Game.objects.count() == 2


def test_there_is_no_game_after_the_last(evening):
    evening = started(evening, 4, games=1)
    play_game(evening)
    with pytest.raises(Conflict, match="was the last game"):
        services.advance(evening, from_game=1)


def test_a_lone_couple_cannot_play_the_next_game(evening):
    evening = started(evening, 2)
    play_game(evening)
    services.mark_leaving(evening, 1)
    with pytest.raises(Exception, match="Only 1 couple would play game 2"):
        services.advance(evening, from_game=1)
    assert Game.objects.count() == 1


@pytest.mark.parametrize("couples", [20, 200])
def test_the_queries_per_advance_do_not_grow_with_the_tables(
    make_evening, couples, django_assert_max_num_queries
):
    evening = started(make_evening(), couples)
    play_game(evening)
    with django_assert_max_num_queries(12):
        services.advance(evening, from_game=1)


@pytest.mark.parametrize("couples", [20, 200])
def test_the_queries_per_result_do_not_grow_with_the_tables(
    make_evening, couples, django_assert_max_num_queries
):
    evening = started(make_evening(), couples)
    table = seatings(evening)[-1]
    with django_assert_max_num_queries(8):
        services.record_result(evening, 1, table.table.number, table.couple_a.number)
