"""Read helpers for the other capabilities (tables/queries.py): constant queries."""

import pytest

from tables import queries, services
from tables.rotation import BYE, OUT
from tables.whereabouts import Whereabouts, whereabouts

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db


def test_progress_counts_the_tables_in(evening):
    assert queries.progress(evening) == (0, 0, None)
    evening = started(evening, 6)
    assert queries.progress(evening) == (0, 3, None)
    table = seatings(evening)[0]
    services.record_result(evening, 1, 1, table.couple_a.number)
    tables_in, total, _bye = queries.progress(evening)
    assert (tables_in, total) == (1, 3)
    assert not queries.progress(evening).complete


def test_progress_names_the_couple_sitting_out(evening):
    evening = started(evening, 7)
    bye = evening.game_set.get(number=1).bye.number
    assert queries.progress(evening) == (0, 3, bye)


def test_whereabouts_of_a_couple_at_a_table(evening):
    evening = started(evening, 7)
    table = seatings(evening)[0]  # table 1 of 3, with a bye
    me, other = table.couple_a, table.couple_b
    where = whereabouts(evening, me)
    assert (where.game, where.place, where.opponent) == (1, 1, other.number)
    assert (where.if_win, where.if_lose, where.result, where.next) == (2, 1, None, None)
    services.record_result(evening, 1, 1, me.number)
    where = whereabouts(evening, me)
    assert (where.result, where.next) == ("won", 2)
    assert whereabouts(evening, other).next == 1


def test_the_last_tables_winners_go_to_the_bye_and_the_bye_couple_to_table_one(evening):
    evening = started(evening, 7)
    last = seatings(evening)[-1]
    assert whereabouts(evening, last.couple_a).if_win == BYE
    bye = evening.game_set.get(number=1).bye
    where = whereabouts(evening, bye)
    assert (where.place, where.next) == (BYE, 1)


def test_whereabouts_of_a_late_couple_and_a_leaving_one(evening):
    evening = started(evening, 4)
    late = services.register_couple(evening, "Late", "Comers")
    assert whereabouts(evening, late) == Whereabouts(game=1, place=OUT, joins_at=2)
    leaving = services.mark_leaving(evening, 1)
    where = whereabouts(evening, leaving)
    assert where.if_win == where.if_lose == OUT


def test_whereabouts_in_the_last_game_has_no_next_place(evening):
    evening = started(evening, 4, games=1)
    couple = seatings(evening)[0].couple_a
    where = whereabouts(evening, couple)
    assert where.if_win is None and where.if_lose is None


@pytest.mark.parametrize("couples", [10, 300])
def test_read_helpers_cost_constant_queries(make_evening, couples, django_assert_num_queries):
    evening = started(make_evening(), couples)
    play_game(evening)
    services.advance(evening, from_game=1)
    evening.refresh_from_db()
    couple = seatings(evening)[0].couple_a
    with django_assert_num_queries(1):
        queries.current_seatings(evening)
    with django_assert_num_queries(1):
        queries.progress(evening)
    with django_assert_num_queries(2):
        whereabouts(evening, couple)
    with django_assert_num_queries(2):
        queries.current_tables(evening)
    with django_assert_num_queries(4):
        movement = queries.movement(evening, 2)
    assert len(movement.tables) == couples // 2


def test_movement_says_where_each_couple_came_from(evening):
    evening = started(evening, 5)
    before = {s.table.number: s for s in seatings(evening, 1)}
    play_game(evening, winner="a")
    services.advance(evening, from_game=1)
    movement = queries.movement(evening, 2)
    first = movement.tables[0]
    assert first.from_a == 1  # the loser stayed
    assert first.from_b == BYE  # the bye couple came to table 1
    second = movement.tables[1]
    assert second.seating.couple_b.pk == before[1].couple_a.pk and second.from_b == 1
    assert movement.bye == before[2].couple_a and movement.bye_from == 2


def test_who_is_present_at_a_game_is_the_same_rule_in_python_and_in_sql(evening):
    """`present_at` (the board's pass asks it of plain numbers), the Couple
    method and the queryset's SQL twin agree for every way to join and leave."""
    from tables.models import Couple
    from tables.rotation import present_at

    ways = [(joined, left) for joined in range(1, 5) for left in (None, *range(1, 5))]
    for number, (joined, left) in enumerate(ways, start=1):
        Couple.objects.create(
            evening=evening,
            number=number,
            player1=f"A{number}",
            player2=f"B{number}",
            joined_game=joined,
            left_after_game=left,
        )
    couples = list(evening.couples.all())
    for game in range(1, 6):
        in_sql = set(evening.couples.present_at(game).values_list("number", flat=True))
        by_method = {c.number for c in couples if c.is_present_at(game)}
        by_numbers = {
            c.number for c in couples if present_at(c.joined_game, c.left_after_game, game)
        }
        assert in_sql == by_method == by_numbers, game
        assert by_numbers == {
            n for n, (joined, left) in enumerate(ways, 1) if joined <= game <= (left or 99)
        }


def test_a_listed_table_shows_what_its_seating_shows(evening):
    """The game screen's tables are read as plain values (ListedSeating), not
    model rows: each shows the same table, couples, names, dealer and winner
    as the Seating it stands for."""
    evening = started(evening, 7)
    play_game(evening, winner="b")
    listed = {s.pk: s for s in queries.current_seatings(evening)}
    for seating in seatings(evening):
        row = listed[seating.pk]
        assert row.table.number == seating.table.number
        for mine, theirs in ((row.couple_a, seating.couple_a), (row.couple_b, seating.couple_b)):
            assert (mine.pk, mine.number, mine.names) == (theirs.pk, theirs.number, theirs.names)
        assert row.winner.pk == seating.winner_id == seating.couple_b_id
        assert (row.deals_first and row.deals_first.pk) == seating.deals_first_id
        assert row.by_phones == seating.by_phones


def test_a_listed_winner_of_another_table_is_read_as_it_is(evening, django_assert_num_queries):
    """A winner that is neither couple of the table (the services refuse it)
    is read from the database rather than shown as no winner."""
    from tables.models import Seating

    evening = started(evening, 4)
    first, second = seatings(evening)
    Seating.objects.filter(pk=first.pk).update(winner=second.couple_a)
    row = next(s for s in queries.current_seatings(evening) if s.pk == first.pk)
    with django_assert_num_queries(1):
        assert row.winner.number == second.couple_a.number
