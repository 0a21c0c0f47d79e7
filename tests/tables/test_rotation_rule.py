"""The rotation rule of RULES.md A2, as a table of cases (tables/rotation/).

Notation: "1: 2 7* | 2: 4 1* | bye 9" is table 1 with couple 2 (stayed) and
couple 7 (came, deals first, marked *), table 2 with 4 and 1, couple 9 on the
bye. "?" after the second couple: the two couples cut for deal.
"""

import pytest

from tables.rotation import (
    BYE,
    OUT,
    GameSeating,
    RotationBug,
    SeatingError,
    TableSeat,
    destinations,
    differences,
    draw,
    movements,
    rotate,
    seat_by_hand,
)


def S(text: str) -> GameSeating:
    """Parse the notation above."""
    tables, bye = [], None
    for part in (p.strip() for p in text.split("|")):
        if part.startswith("bye"):
            bye = int(part.split()[1])
            continue
        table, rest = part.split(":")
        a, b = rest.split()
        deals = None
        if b.endswith("*"):
            b = b[:-1]
            deals = int(b)
        elif b.endswith("?"):
            b = b[:-1]
        tables.append(TableSeat(int(table), int(a), int(b), deals))
    return GameSeating(tables=tuple(tables), bye=bye)


def W(seating: GameSeating, winners: str) -> dict[int, int]:
    """Winners as "1 3 5 7": the winner of each table, in table order."""
    numbers = [int(n) for n in winners.split()]
    return dict(zip(seating.table_numbers, numbers, strict=True))


FOUR = "1: 1 2 | 2: 3 4 | 3: 5 6 | 4: 7 8"
FOUR_BYE = FOUR + " | bye 9"
A_WINS = "1 3 5 7"  # couple_a wins everywhere: 2, 4, 6, 8 lose and stay


CASES = [
    # (name, seating, winners, leaving, arriving, closed, expected, closes, opens)
    ("even: losers stay, winners move on, last to table 1",
     FOUR, A_WINS, [], [], [], "1: 2 7* | 2: 4 1* | 3: 6 3* | 4: 8 5*", [], []),
    ("even: b wins everywhere",
     FOUR, "2 4 6 8", [], [], [], "1: 1 8* | 2: 3 2* | 3: 5 4* | 4: 7 6*", [], []),
    ("odd: last table's winners to the bye, the bye couple to table 1 and deals",
     FOUR_BYE, A_WINS, [], [], [], "1: 2 9* | 2: 4 1* | 3: 6 3* | 4: 8 5* | bye 7", [], []),
    ("two couples: the winners come back to table 1",
     "1: 1 2", "1", [], [], [], "1: 2 1*", [], []),
    ("three couples: table 1 and the bye take turns",
     "1: 1 2 | bye 3", "1", [], [], [], "1: 2 3* | bye 1", [], []),
    ("late arrival with a couple on the bye: they open the next table and cut",
     FOUR_BYE, A_WINS, [], [10], [], "1: 2 9* | 2: 4 1* | 3: 6 3* | 4: 8 5* | 5: 7 10?", [], [5]),
    ("late arrival with no bye: the late couple takes the bye",
     FOUR, A_WINS, [], [9], [], "1: 2 7* | 2: 4 1* | 3: 6 3* | 4: 8 5* | bye 9", [], []),
    ("two late arrivals with no bye: they open a table together",
     FOUR, A_WINS, [], [10, 9], [], "1: 2 7* | 2: 4 1* | 3: 6 3* | 4: 8 5* | 5: 9 10?", [], [5]),
    ("three late arrivals with no bye: one table, the third takes the bye",
     FOUR, A_WINS, [], [9, 10, 11], [], "1: 2 7* | 2: 4 1* | 3: 6 3* | 4: 8 5* | 5: 9 10? | bye 11",
     [], [5]),
    ("three late arrivals and a bye couple: two new tables, in couple-number order",
     FOUR_BYE, A_WINS, [], [12, 10, 11], [],
     "1: 2 9* | 2: 4 1* | 3: 6 3* | 4: 8 5* | 5: 7 10? | 6: 11 12?", [], [5, 6]),
    ("a losing couple leaves and a couple is on the bye: the bye couple takes its seat",
     FOUR_BYE, A_WINS, [4], [], [], "1: 2 9* | 2: 7 1* | 3: 6 3* | 4: 8 5*", [], []),
    ("a winning couple leaves and a couple is on the bye: the bye couple arrives and deals",
     FOUR_BYE, A_WINS, [3], [], [], "1: 2 9* | 2: 4 1* | 3: 6 7* | 4: 8 5*", [], []),
    ("a couple leaves with no bye: its table closes, the couple left alone takes the bye",
     FOUR, A_WINS, [4], [], [], "1: 2 7* | 3: 6 3* | 4: 8 5* | bye 1", [2], []),
    ("both couples due at a table leave: the table closes",
     FOUR, A_WINS, [4, 1], [], [], "1: 2 7* | 3: 6 3* | 4: 8 5*", [2], []),
    ("both couples of one table leave: the highest half-empty table closes, its couple moves",
     FOUR, A_WINS, [3, 4], [], [], "1: 2 7* | 2: 6 1* | 4: 8 5*", [3], []),
    ("departures at two tables with no bye: one table closes, its couple fills the other",
     FOUR, A_WINS, [4, 8], [], [], "1: 2 7* | 2: 5 1* | 3: 6 3*", [4], []),
    ("three departures with no bye: two tables close, one couple takes the bye",
     FOUR, A_WINS, [2, 4, 6], [], [], "1: 3 7* | 4: 8 5* | bye 1", [2, 3], []),
    ("the bye couple leaves: the last table's winners go to table 1 as with no bye",
     FOUR_BYE, A_WINS, [9], [], [], "1: 2 7* | 2: 4 1* | 3: 6 3* | 4: 8 5*", [], []),
    ("the couple due on the bye leaves: nobody sits out",
     FOUR_BYE, A_WINS, [7], [], [], "1: 2 9* | 2: 4 1* | 3: 6 3* | 4: 8 5*", [], []),
    ("a departure and a late arrival in the same game: the late couple takes the seat",
     FOUR, A_WINS, [4], [9], [], "1: 2 7* | 2: 9 1* | 3: 6 3* | 4: 8 5*", [], []),
    ("a departure and a late arrival with a bye couple: the bye couple sits, the late one sits out",
     FOUR_BYE, A_WINS, [4], [10], [], "1: 2 9* | 2: 7 1* | 3: 6 3* | 4: 8 5* | bye 10", [], []),
    ("a table emptied by two departures is refilled by two late couples, who cut",
     FOUR, A_WINS, [4, 1], [10, 9], [], "1: 2 7* | 2: 9 10? | 3: 6 3* | 4: 8 5*", [], []),
    ("a table emptied with only one free couple closes; that couple sits out",
     FOUR_BYE, A_WINS, [4, 1], [], [], "1: 2 9* | 3: 6 3* | 4: 8 5* | bye 7", [2], []),
    ("a free couple fills a half-empty table before an empty one is refilled",
     FOUR_BYE, A_WINS, [4, 1, 8], [], [], "1: 2 9* | 3: 6 3* | 4: 7 5*", [2], []),
    ("rotation skips a closed table",
     "1: 1 2 | 2: 3 4 | 4: 7 8", "1 3 7", [], [], [3], "1: 2 7* | 2: 4 1* | 4: 8 3*", [], []),
    ("a new table takes the next number after every table used, closed ones too",
     "1: 1 2 | 2: 3 4 | 4: 7 8", "1 3 7", [], [9, 10], [3, 5],
     "1: 2 7* | 2: 4 1* | 4: 8 3* | 6: 9 10?", [], [6]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("seating", "winners", "leaving", "arriving", "closed", "expected", "closes", "opens"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_rotation_rule(seating, winners, leaving, arriving, closed, expected, closes, opens):
    before = S(seating)
    result = rotate(before, W(before, winners), leaving=leaving, arriving=arriving, closed=closed)
    assert result.seating == S(expected)
    assert list(result.closed) == closes
    assert list(result.opened) == opens


def test_a_lone_couple_is_refused():
    with pytest.raises(SeatingError) as error:
        rotate(S("1: 1 2"), {1: 1}, leaving=[2], game=5)
    assert str(error.value) == (
        "Only 1 couple would play game 5: at least two couples are needed for a table."
    )
    assert error.value.params == {"n": 1, "game": 5}


@pytest.mark.parametrize(
    ("winners", "leaving", "arriving", "message"),
    [
        ({1: 1}, [], [], "Every table needs its result first: tables 2 have none."),
        ({1: 1, 2: 1}, [], [], "Couple 1 did not play at table 2."),
        ({1: 1, 2: 3, 7: 3}, [], [], "Table 7 is not in play in this game."),
        ({1: 1, 2: 3}, [9], [],
         "Couples 9 are not playing this game, so they cannot leave after it."),
        ({1: 1, 2: 3}, [], [4], "Couples 4 are already playing: they cannot arrive late."),
    ],
)  # fmt: skip
def test_impossible_requests_are_user_errors(winners, leaving, arriving, message):
    with pytest.raises(SeatingError) as error:
        rotate(S("1: 1 2 | 2: 3 4"), winners, leaving=leaving, arriving=arriving)
    assert str(error.value) == message


def test_a_closed_table_in_play_cannot_happen():
    with pytest.raises(RotationBug):
        rotate(S("1: 1 2 | 2: 3 4"), {1: 1, 2: 3}, closed=[2])


def test_a_couple_seated_twice_cannot_happen():
    with pytest.raises(RotationBug):
        S("1: 1 2 | 2: 1 4")
    with pytest.raises(RotationBug):
        S("2: 1 2 | 1: 3 4")


# --- Game 1 ----------------------------------------------------------------------


def test_the_draw_seats_everyone_at_tables_one_to_t_and_the_odd_couple_out_on_the_bye():
    seating = draw(range(1, 12), seed=7)
    assert seating.table_numbers == (1, 2, 3, 4, 5)
    assert seating.couples == frozenset(range(1, 12))
    assert seating.bye is not None
    assert all(seat.deals_first is None for seat in seating.tables)  # they cut


def test_the_same_seed_gives_the_same_draw_and_another_seed_another():
    assert draw(range(1, 41), seed=3) == draw(range(1, 41), seed=3)
    assert draw(range(1, 41), seed=3) != draw(range(1, 41), seed=4)


def test_a_draw_without_a_seed_is_random():
    draws = {draw(range(1, 41)) for _ in range(5)}
    assert len(draws) > 1


def test_a_draw_needs_two_couples():
    with pytest.raises(SeatingError):
        draw([1])


def test_seating_by_hand_puts_the_couple_left_over_on_the_bye():
    seating = seat_by_hand([1, 2, 3, 4, 5], [(3, 5), (1, 4)])
    assert seating == S("1: 3 5 | 2: 1 4 | bye 2")


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([(1, 2), (2, 3)], "Couple 2 is placed twice."),
        ([(1, 2), (3, 9)], "Table 2: there is no couple 9 tonight."),
        ([(1, 2)], "Couples 3, 4 have no table: place every couple but one at most."),
        ([(1, 2, 3)], "Table 1 needs two couples, not 3."),
    ],
)
def test_seating_by_hand_explains_what_is_wrong(pairs, message):
    with pytest.raises(SeatingError) as error:
        seat_by_hand([1, 2, 3, 4], pairs)
    assert str(error.value) == message


# --- Reading a seating -------------------------------------------------------------


def test_destinations_follow_the_plain_rule():
    where = destinations(S(FOUR_BYE))
    assert where[1] == (2, 1)  # wins: table 2; loses: stays at 1
    assert where[8] == (BYE, 4)  # the last table's winners go to the bye
    assert where[9] == (1, 1)  # the bye couple goes to table 1 either way
    assert destinations(S(FOUR))[7] == (1, 4)


def test_movements_say_who_stays_moves_sits_out_joins_and_leaves():
    before = S(FOUR_BYE)
    after = rotate(before, W(before, A_WINS), leaving=[4], arriving=[10]).seating
    moves = {m.couple: m for m in movements(before, after, leaving=[4])}
    assert moves[2].kind == "stays" and moves[2].after == 1
    assert moves[1].kind == "moves" and (moves[1].before, moves[1].after) == (1, 2)
    assert moves[7].kind == "moves" and moves[7].after == 2  # filled couple 4's seat
    assert moves[10].kind == "joins" and (moves[10].before, moves[10].after) == (OUT, BYE)
    assert moves[4].kind == "leaves"
    assert moves[9].before == BYE and moves[9].after == 1


def test_differences_explain_a_wrong_seating():
    assert differences(S(FOUR), S(FOUR)) == []
    problems = differences(S("1: 1 2 | 2: 3 4 | bye 5"), S("1: 1 2 | 2: 3 5 | bye 4"))
    assert problems == [
        "table 2 should seat couples 3 and 4, not 3 and 5",
        "the bye should be couple 5",
    ]
