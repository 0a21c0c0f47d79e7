"""Property tests of the rotation rule over random evenings (hypothesis):
whole evenings of random size, random winners, late couples and departures."""

from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rotation import BYE, GameSeating, draw, rotate


@dataclass
class Night:
    games: list[GameSeating] = field(default_factory=list)
    winners: list[dict[int, int]] = field(default_factory=list)
    leaving: list[set[int]] = field(default_factory=list)
    arriving: list[set[int]] = field(default_factory=list)
    closed: list[tuple[int, ...]] = field(default_factory=list)
    opened: list[tuple[int, ...]] = field(default_factory=list)


@st.composite
def nights(draw_, *, changes: bool = True):
    """A random evening played through the rotation rule."""
    couples = draw_(st.integers(2, 41))
    games = draw_(st.integers(1, 12))
    night = Night()
    seating = draw(range(1, couples + 1), seed=draw_(st.integers(0, 2**32)))
    next_number = couples + 1
    closed: set[int] = set()
    for _game in range(games):
        night.games.append(seating)
        winners = {seat.table: draw_(st.sampled_from(seat.couples)) for seat in seating.tables}
        present = sorted(seating.couples)
        leaving: set[int] = set()
        arriving: set[int] = set()
        if changes:
            leaving = set(draw_(st.lists(st.sampled_from(present), max_size=4, unique=True)))
            late = draw_(st.integers(0, 3))
            arriving = set(range(next_number, next_number + late))
            if len(present) - len(leaving) + late < 2:
                leaving = set()
        next_number += len(arriving)
        night.winners.append(winners)
        night.leaving.append(leaving)
        night.arriving.append(arriving)
        result = rotate(seating, winners, leaving=leaving, arriving=arriving, closed=closed)
        night.closed.append(result.closed)
        night.opened.append(result.opened)
        closed |= set(result.closed)
        seating = result.seating
    night.games.append(seating)
    return night


def next_open_table(seating: GameSeating, table: int):
    numbers = seating.table_numbers
    i = numbers.index(table)
    if i + 1 < len(numbers):
        return numbers[i + 1]
    return BYE if seating.bye is not None else numbers[0]


@settings(max_examples=150, deadline=None)
@given(nights())
def test_every_present_couple_is_seated_exactly_once_or_on_the_bye(night):
    present = set(night.games[0].couples)
    for g, seating in enumerate(night.games[1:]):
        present = (present - night.leaving[g]) | night.arriving[g]
        listed = seating.couples_in_order()
        assert sorted(listed) == sorted(present)  # once each, nobody else
        assert len(seating.tables) == len(present) // 2
        assert (seating.bye is not None) == (len(present) % 2 == 1)


@settings(max_examples=150, deadline=None)
@given(nights())
def test_losers_stay_and_winners_move_to_the_next_open_table(night):
    """Departures close tables and move the couple left alone; otherwise
    losers stay and winners arrive at the next open table."""
    for g, (before, after) in enumerate(zip(night.games, night.games[1:], strict=False)):
        closed = set(night.closed[g])
        for seat in before.tables:
            winner = night.winners[g][seat.table]
            loser = seat.other(winner)
            if loser not in night.leaving[g]:
                if seat.table in closed:
                    assert after.place_of(loser) != seat.table
                else:
                    assert after.place_of(loser) == seat.table
            onward = next_open_table(before, seat.table)
            if winner not in night.leaving[g] and onward != BYE and onward not in closed:
                assert after.place_of(winner) == onward
                assert after.seat(onward).deals_first == winner


@settings(max_examples=150, deadline=None)
@given(nights(changes=False))
def test_with_nobody_arriving_or_leaving_the_rotation_is_exact(night):
    for g, (before, after) in enumerate(zip(night.games, night.games[1:], strict=False)):
        assert after.table_numbers == before.table_numbers
        assert night.closed[g] == night.opened[g] == ()
        for seat in before.tables:
            winner = night.winners[g][seat.table]
            assert after.seat(seat.table).couple_a == seat.other(winner)
            assert after.place_of(winner) == next_open_table(before, seat.table)
            if after.place_of(winner) != BYE:
                assert after.seat(after.place_of(winner)).deals_first == winner
        if before.bye is not None:
            first = after.seat(after.table_numbers[0])
            assert first.couple_b == before.bye and first.deals_first == before.bye


@settings(max_examples=150, deadline=None)
@given(nights())
def test_table_numbers_never_change_and_closed_tables_never_come_back(night):
    used: set[int] = set(night.games[0].table_numbers)
    closed: set[int] = set()
    for g, after in enumerate(night.games[1:]):
        closed |= set(night.closed[g])
        assert not closed & set(after.table_numbers)
        for number in night.opened[g]:
            assert number > max(used | closed)
            used.add(number)
        assert set(after.table_numbers) <= used


@settings(max_examples=150, deadline=None)
@given(nights())
def test_wins_per_game_equal_the_tables_plus_the_bye_when_it_counts(night):
    for g, seating in enumerate(night.games[:-1]):
        winners = night.winners[g]
        assert len(winners) == len(seating.tables)
        punched = list(winners.values()) + ([seating.bye] if seating.bye is not None else [])
        assert len(set(punched)) == len(seating.tables) + (seating.bye is not None)
