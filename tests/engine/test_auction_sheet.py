"""Checking an auction score sheet, one hand per line (RULES.md B5)."""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine import (
    AUCTION_RULES,
    SheetLine,
    check_claim,
    check_sheet,
    parse_line,
    possible_points,
    score_hand,
)
from scoring.engine.errors import ScoreError


def sheet(text: str, players: int = 4):
    return check_sheet(players, [parse_line(line, players) for line in text.strip().splitlines()])


def test_a_clean_sheet_to_the_end_says_who_won_and_where():
    check = sheet(
        """
        A 20 20 10
        B 25 20 40
        A 30 80 40
        B 20 95 20
        A 20 115 30
        B 25 115 5
        A 20 135 15
        """
    )
    assert check.wrong_line is None
    assert (check.winners, check.won_on) == ((0,), 7)
    assert check.summary == "Every line can be right; Side A won the game on line 7."
    assert "Side A is at 115, 100 or more, and scores only when holding the bid" in (
        check.rows[5].reason
    )
    assert "At 100 or more, Side A could only go out on their own bid, and did." in (
        check.rows[-1].reason
    )


def test_the_first_wrong_line_is_named_with_why_and_later_lines_are_not_checked():
    check = sheet(
        """
        A 20 20 10
        A 20 15 20
        B 20 15 40
        """
    )
    assert check.wrong_line == 2
    assert check.rows[1].reason == (
        "Side A held the bid of 20: they go up by what they took, 20 to 30, or down 20; the "
        "sheet has 20 to 15 (-5)."
    )
    assert check.rows[2].ok is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A 30 65 0", 'they go up 60 (all 30 points, "30 for 60") or down 30'),
        ("A 20 25 10", "with the bidders at 25, Side B can have 0, 5, not 10."),
        ("A 30 60 0\nA 30 120 0\nB 20 0 0", "The game was won on line 2"),
        ("A 20 20 12", "Scores come in fives"),
        ("A 35 20 10", "A bid of 35 is not allowed"),
    ],
    ids=["30-for-60", "defenders-took-too-much", "after-the-game", "fives", "bid"],
)
def test_wrong_lines_say_why(text, reason):
    check = sheet(text)
    assert check.wrong_line is not None
    assert reason in check.rows[check.wrong_line - 1].reason


def test_the_100_rule_on_a_sheet():
    # Side B at 100 does not hold the bid: it stays at 100.
    assert sheet("B 30 0 60\nB 30 0 120").winners == (1,)
    assert sheet("B 30 0 60\nB 20 10 80\nB 20 15 105\nA 20 -5 105").wrong_line is None
    check = sheet("B 30 0 60\nB 20 10 80\nB 20 15 105\nA 20 -5 120")
    assert check.wrong_line == 4
    assert "was at 105, 100 or more, and did not hold the bid, so stays at 105" in (
        check.rows[3].reason
    )


def test_five_players_with_a_partner():
    check = sheet("1+3 25 25 0 25 5 0\n2 20 25 20 30 10 0", players=5)
    assert check.wrong_line is None
    check = sheet("1+3 25 25 0 20 5 0", players=5)
    assert "Partners go up or down together" in check.rows[0].reason


def test_three_players_cut_throat():
    assert sheet("2 20 10 20 0\n3 25 10 25 25", players=3).wrong_line is None


@pytest.mark.parametrize(
    ("text", "players", "message"),
    [
        ("A 20 20", 4, "A line is who bid, the bid and 2 scores"),
        ("C 20 20 10", 4, '"c" is not who bid: write A or B'),
        ("1+2 20 20 10 0", 3, "is not who bid"),
        ("A twenty 20 10", 4, "The bid and the scores are whole numbers"),
    ],
)
def test_unreadable_lines_are_refused(text, players, message):
    with pytest.raises(ScoreError, match=message):
        parse_line(text, players)


def test_a_line_only_a_hand_with_no_trump_gives_is_flagged_as_the_45_check_flags_it():
    """A table that forgot A's 5 points at 95: 95-50 needs B to take all 25 points of a
    hand in which no trump was played."""
    check = sheet("A 25 30 0\nB 20 35 25\nA 30 95 25\nB 25 95 50")
    assert check.wrong_line is None
    flag = "This needs a round in which no trump was played at all, which is very rare."
    assert [row.notes for row in check.rows] == [(), (), (), (flag,)]
    assert check_claim(1, 25, 0).notes == (flag,)  # the same rule, the same words


def test_a_line_a_hand_with_trump_also_gives_is_not_flagged():
    # A bid 20 and took 25: B took 5 (30 in all), or nothing with no trump played.
    check = sheet("A 20 25 5")
    assert check.rows[0].ok
    assert check.rows[0].notes == ()


# --- Properties ------------------------------------------------------------------------


@st.composite
def legal_sheets(draw):
    """A sheet written from hands that were really played, up to the game's end."""
    players = draw(st.sampled_from([2, 3, 4, 5]))
    count = 2 if players == 4 else players
    scores = (0,) * count
    lines = []
    for _hand in range(draw(st.integers(min_value=1, max_value=12))):
        bidder = draw(st.integers(min_value=0, max_value=count - 1))
        partner = draw(st.sampled_from([None, *range(count)])) if players == 5 else None
        bid = draw(st.sampled_from(AUCTION_RULES.bids))
        points = draw(st.sampled_from(possible_points(players)))
        hand = score_hand(players, bid, bidder, points, scores, partner=partner)
        scores = hand.after
        lines.append(SheetLine(bidder, bid, scores, partner))
        if hand.winners:
            break
    return players, lines


@settings(max_examples=100, deadline=None)
@given(legal_sheets())
def test_a_sheet_built_from_legal_hands_checks_clean(sheet_):
    players, lines = sheet_
    check = check_sheet(players, lines)
    assert check.wrong_line is None
    assert all(row.ok for row in check.rows)


@settings(max_examples=200, deadline=None)
@given(legal_sheets(), st.data())
def test_any_single_changed_number_is_caught_or_still_reachable(sheet_, data):
    players, lines = sheet_
    number = data.draw(st.integers(min_value=0, max_value=len(lines) - 1))
    line = lines[number]
    column = data.draw(st.integers(min_value=0, max_value=len(line.scores) - 1))
    delta = data.draw(st.sampled_from([-60, -30, -25, -10, -5, 5, 10, 25, 30, 60]))
    scores = list(line.scores)
    scores[column] += delta
    assume(max(scores) < 200)
    changed = [*lines[:number], SheetLine(line.bidder, line.bid, tuple(scores), line.partner)]
    changed += lines[number + 1 :]
    before = lines[number - 1].scores if number else (0,) * len(scores)
    reachable = any(
        score_hand(players, line.bid, line.bidder, points, before, partner=line.partner).after
        == tuple(scores)
        for points in possible_points(players)
    )
    check = check_sheet(players, changed)
    if reachable:
        assert check.wrong_line != number + 1
    else:
        assert check.wrong_line == number + 1


@settings(max_examples=100, deadline=None)
@given(legal_sheets())
def test_a_line_is_flagged_exactly_when_only_a_hand_with_no_trump_gives_it(sheet_):
    players, lines = sheet_
    check = check_sheet(players, lines)
    before = (0,) * len(lines[0].scores)
    for row, line in zip(check.rows, lines, strict=True):
        with_trump = any(
            sum(points) == 30
            and score_hand(
                players, line.bid, line.bidder, points, before, partner=line.partner
            ).after
            == line.scores
            for points in possible_points(players)
        )
        assert bool(row.notes) is not with_trump
        before = line.scores
