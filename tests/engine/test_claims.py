"""Checking claimed scores after a round (RULES.md B4)."""

from functools import cache

import pytest

from scoring.engine import (
    AUCTION_RULES,
    DEFAULT_RULES,
    TWENTY_FIVE_RULES,
    HouseRulesError,
    ScoreError,
    check_claim,
)


@pytest.mark.parametrize(
    ("round_number", "score_a", "score_b"),
    [
        (1, 30, 0),
        (1, 25, 5),
        (1, 20, 10),
        (1, 15, 15),
        (1, 0, 30),
        (1, 10, 20),
        (2, 40, 20),
        (2, 35, 25),
        (2, 30, 30),
        (2, 20, 40),
    ],
    ids=lambda value: str(value),
)
def test_the_scores_rules_md_lists_are_possible(round_number, score_a, score_b):
    claim = check_claim(round_number, score_a, score_b)
    assert claim.ok
    assert claim.reasons == ()
    assert claim.notes == ()


@pytest.mark.parametrize(
    ("round_number", "score_a", "score_b"),
    [(2, 45, 15), (2, 50, 10), (2, 60, 0), (3, 70, 20), (3, 45, 40), (4, 40, 70)],
    ids=lambda value: str(value),
)
def test_a_win_is_a_possible_claim_and_is_noted(round_number, score_a, score_b):
    claim = check_claim(round_number, score_a, score_b)
    assert claim.ok
    assert f"The game was won in round {round_number}." in claim.notes


def test_a_round_stopped_at_the_winning_trick_agrees_with_the_replay():
    """Issue 13 point 15: 35-25, then a trick with the best trump: 45-25 after round 3."""
    claim = check_claim(3, 45, 25)
    assert claim.ok
    assert claim.notes == (
        "The game was won in round 3.",
        "It matches a round that stopped at the trick where Side A reached 45 (the rest of the "
        "round was not played); a round played out cannot end there.",
    )


def test_a_win_that_both_readings_reach_says_so():
    claim = check_claim(2, 45, 10)
    assert claim.ok
    assert claim.notes[-1] == (
        "It matches both readings: the round played out, or stopped at the trick where Side A "
        "reached 45."
    )


def test_a_win_only_a_played_out_round_reaches_says_nothing_of_stopping():
    claim = check_claim(2, 60, 0)
    assert claim.ok
    assert claim.notes == ("The game was won in round 2.",)


@pytest.mark.parametrize(
    ("round_number", "score_a", "score_b", "reason"),
    [
        (3, 45, 5, "Nor can the round have stopped at the trick where a side reached 45: no score"),
        (2, 55, 30, "Nor can the round have stopped at the trick where a side reached 45: that"),
    ],
    ids=["too-few-points", "past-the-winning-trick"],
)
def test_a_win_neither_reading_reaches_is_refused_with_both_reasons(
    round_number, score_a, score_b, reason
):
    claim = check_claim(round_number, score_a, score_b)
    assert not claim.ok
    assert any(text.startswith(reason) for text in claim.reasons), claim.reasons


def test_both_sides_past_45_is_possible_and_the_first_there_won():
    claim = check_claim(3, 45, 45)
    assert claim.ok
    assert "the side that got there first, counting in trick order, won the game" in claim.notes[0]


@pytest.mark.parametrize(
    ("round_number", "score_a", "score_b", "rounds_without_trump"),
    [(1, 25, 0, 1), (1, 20, 5, 1), (1, 0, 25, 1), (2, 30, 25, 1), (2, 25, 25, 2)],
    ids=lambda value: str(value),
)
def test_a_round_without_trump_makes_25_and_is_noted_as_rare(
    round_number, score_a, score_b, rounds_without_trump
):
    claim = check_claim(round_number, score_a, score_b)
    assert claim.ok
    assert claim.notes == (
        f"This needs {rounds_without_trump} round(s) in which no trump was played at all, "
        "which is very rare.",
    )


@pytest.mark.parametrize(
    ("round_number", "score_a", "score_b", "reason"),
    [
        (
            1,
            35,
            0,
            "After round 1 the two scores add up to 30 (30 a round), or 5 less for each round in "
            "which no trump was played, so between 25 and 30; 35 + 0 = 35.",
        ),
        (
            2,
            20,
            20,
            "After round 2 the two scores add up to 60 (30 a round), or 5 less for each round in "
            "which no trump was played, so between 50 and 60; 20 + 20 = 40.",
        ),
        (
            1,
            17,
            13,
            "A score of 17 for Side A is impossible: points come in fives (5 a trick, 5 for the "
            "best trump).",
        ),
        (1, 40, -10, "A score of -10 for Side B is impossible: scores in 45 are never negative."),
        (
            3,
            90,
            0,
            "Side A cannot have 90 after round 3: a side takes at most 30 points in a round, so "
            "they had at least 60 after round 2, and the game ends in the round where a side "
            "reaches 45.",
        ),
        (
            3,
            15,
            75,
            "Side B cannot have 75 after round 3: a side takes at most 30 points in a round, so "
            "they had at least 45 after round 2",
        ),
        (
            4,
            70,
            50,
            "For the game to reach round 4 neither side can have had 45 after round 3, so at most "
            "80 points had been scored then, and a round adds at most 30: 70 + 50 = 120 is too "
            "many.",
        ),
        (
            5,
            50,
            50,
            "A game to 45 never reaches round 5: after 4 rounds at least 100 points have been "
            "scored, so a side had already reached 45.",
        ),
    ],
    ids=[
        "too-many-after-round-1",
        "too-few-after-round-2",
        "not-in-fives",
        "negative",
        "side-a-passed-45-earlier",
        "side-b-passed-45-earlier",
        "too-many-to-reach-round-4",
        "no-fifth-round",
    ],
)
def test_impossible_claims_say_why(round_number, score_a, score_b, reason):
    claim = check_claim(round_number, score_a, score_b)
    assert not claim.ok
    assert any(text.startswith(reason) for text in claim.reasons), claim.reasons


@pytest.mark.parametrize(
    ("round_number", "score_a", "score_b", "ok"),
    [(1, 25, 0, True), (1, 30, 0, False), (1, 15, 10, True), (2, 30, 20, True), (2, 50, 0, False)],
    ids=lambda value: str(value),
)
def test_twenty_five_rounds_are_always_worth_25(round_number, score_a, score_b, ok):
    assert check_claim(round_number, score_a, score_b, TWENTY_FIVE_RULES).ok is ok


def test_twenty_five_explains_the_total():
    claim = check_claim(1, 30, 0, TWENTY_FIVE_RULES)
    assert claim.reasons[0].startswith("In Twenty-Five every round is worth 25 points")


def test_auction_claims_cannot_be_checked_this_way():
    with pytest.raises(HouseRulesError, match="Auction scores depend on the bids"):
        check_claim(1, 30, 0, AUCTION_RULES)


@pytest.mark.parametrize("arguments", [(0, 30, 0), (1, 30.0, 0), (1, "30", 0)], ids=str)
def test_a_claim_needs_whole_numbers_and_a_round_of_1_or_more(arguments):
    with pytest.raises(ScoreError):
        check_claim(*arguments)


def possible_after(round_number: int, target: int, totals: tuple[int, ...]) -> set:
    """Independent oracle: walk every trick of every round, the game still on before each.

    The round a side wins in may end at the trick where it reached the target
    (the score is then as it stood there) or be played out (RULES.md B4).
    """
    bonus = 30 in totals

    @cache
    def round_ends(a: int, b: int) -> frozenset:
        """(scores, stopped) for every way one round can go from a-b."""
        ends: set = set()

        def trick(number: int, a: int, b: int, bonus_left: bool, won: bool) -> None:
            if number == 5:
                ends.add(((a, b), False))
                return
            for side in (0, 1):
                for points in (5, 10) if bonus_left else (5,):
                    scores = (a + points, b) if side == 0 else (a, b + points)
                    reached = not won and max(scores) >= target
                    if reached:
                        ends.add((scores, True))
                    trick(number + 1, *scores, bonus_left and points == 5, won or reached)

        trick(0, a, b, bonus, False)
        return frozenset(ends)

    @cache
    def walk(rounds_left: int, a: int, b: int) -> frozenset:
        found: set = set()
        for scores, stopped in round_ends(a, b):
            if rounds_left == 1:
                found.add(scores)
            elif not stopped and max(scores) < target:
                found |= walk(rounds_left - 1, *scores)
        return frozenset(found)

    return set(walk(round_number, 0, 0))


@pytest.mark.parametrize(
    ("rules", "totals"),
    [(DEFAULT_RULES, (30, 25)), (TWENTY_FIVE_RULES, (25,))],
    ids=["45", "twenty-five"],
)
@pytest.mark.parametrize("round_number", [1, 2, 3, 4, 5, 6])
def test_check_claim_agrees_with_a_walk_through_every_possible_game(rules, totals, round_number):
    possible = possible_after(round_number, rules.target, totals)
    for score_a in range(0, 160, 5):
        for score_b in range(0, 160, 5):
            claim = check_claim(round_number, score_a, score_b, rules)
            assert claim.ok is ((score_a, score_b) in possible), (score_a, score_b)
            assert bool(claim.reasons) is not claim.ok
