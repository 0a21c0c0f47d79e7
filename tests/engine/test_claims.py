"""Checking claimed scores after a round (RULES.md B4)."""

import re
from functools import cache
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import AUCTION_RULES, DEFAULT_RULES, check_claim, claims, past_last_round
from scoring.engine.claims import last_round
from scoring.engine.errors import HouseRulesError, ScoreError
from scoring.engine.rules import TWENTY_FIVE_RULES


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
    claim = check_claim(2, 50, 10)
    assert claim.ok
    assert claim.notes[-1] == (
        "It matches both readings: the round played out, or stopped at the trick where Side A "
        "reached 45."
    )


def test_a_win_both_readings_reach_says_what_playing_out_needs():
    """Issue 48, point 16: 45-10 after round 2 stops at the winning trick with trumps played,
    but played out the two rounds give 55, so one of them had no trump."""
    claim = check_claim(2, 45, 10)
    assert claim.ok
    assert claim.notes[-1] == (
        "It matches both readings: a round that stopped at the trick where Side A reached 45, "
        "or the round played out, but that needs a round in which no trump was played."
    )


def test_a_win_only_a_played_out_round_reaches_names_that_reading():
    """Issue 48, point 16: the ruling names the reading (docs/decisions.md "Decisions": claims)."""
    claim = check_claim(2, 60, 0)
    assert claim.ok
    assert claim.notes == (
        "The game was won in round 2.",
        "It matches the round played out: it cannot have stopped at the trick where a side "
        "reached 45.",
    )


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
    rounds = "a round" if rounds_without_trump == 1 else f"{rounds_without_trump} rounds"
    assert claim.notes == (
        f"This needs {rounds} in which no trump was played at all, which is very rare.",
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
            "A game to 45 never reaches round 5: it ends by round 4. Each round gives out at "
            "least 25 points, so after 4 rounds at least 100 have been scored, and two sides both "
            "still below 45 have at most 80 together.",
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


def every_game(round_number: int, target: int, totals: tuple[int, ...]) -> dict:
    """Independent oracle: walk every trick of every round, the game still on before each.

    The round a side wins in may end at the trick where it reached the target
    (the score is then as it stood there) or be played out (RULES.md B4).
    Returns each score the walk reaches after ``round_number`` rounds, with
    the fewest rounds in which no trump was played (the best-trump bonus never
    given) on any way there.
    """
    bonus = 30 in totals

    def keep_fewest(found: dict, scores: tuple, count: int) -> None:
        found[scores] = min(found.get(scores, count), count)

    @cache
    def round_ends(a: int, b: int) -> dict:
        """(scores, stopped) -> rounds without trump, for every way one round can go from a-b."""
        ends: dict = {}

        def trick(number: int, a: int, b: int, bonus_left: bool, won: bool) -> None:
            if number == 5:
                keep_fewest(ends, ((a, b), False), int(bonus_left))
                return
            for side in (0, 1):
                for points in (5, 10) if bonus_left else (5,):
                    scores = (a + points, b) if side == 0 else (a, b + points)
                    reached = not won and max(scores) >= target
                    if reached:  # the rest of the round is not counted
                        keep_fewest(ends, (scores, True), 0)
                    trick(number + 1, *scores, bonus_left and points == 5, won or reached)

        trick(0, a, b, bonus, False)
        return ends

    @cache
    def walk(rounds_left: int, a: int, b: int) -> dict:
        found: dict = {}
        for (scores, stopped), count in round_ends(a, b).items():
            if rounds_left == 1:
                keep_fewest(found, scores, count)
            elif not stopped and max(scores) < target:
                for later, more in walk(rounds_left - 1, *scores).items():
                    keep_fewest(found, later, count + more)
        return found

    return walk(round_number, 0, 0)


def possible_after(round_number: int, target: int, totals: tuple[int, ...]) -> set:
    return set(every_game(round_number, target, totals))


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


# Issue "What people see and read", point 16: the note about rounds with no trump.
NO_TRUMP_NOTE = re.compile(r"This needs (a|\d+) rounds? in which no trump was played at all")


def rounds_without_trump_noted(claim) -> list[int]:
    return [
        1 if match[1] == "a" else int(match[1])
        for note in claim.notes
        if (match := NO_TRUMP_NOTE.match(note))
    ]


def test_every_accepted_claim_notes_the_fewest_rounds_without_trump_any_reading_needs():
    accepted = 0
    for round_number in range(1, last_round() + 2):
        for (score_a, score_b), fewest in every_game(round_number, 45, (30, 25)).items():
            claim = check_claim(round_number, score_a, score_b)
            assert claim.ok, (round_number, score_a, score_b)
            accepted += 1
            expected = [fewest] if fewest else []
            assert rounds_without_trump_noted(claim) == expected, (
                round_number,
                score_a,
                score_b,
                claim.notes,
            )
    assert accepted == 143


@pytest.mark.parametrize(
    ("round_number", "score_a", "score_b", "rounds_without_trump"),
    [
        (3, 45, 30, 0),  # 30-30, then two tricks with the best trump
        (2, 45, 5, 0),
        (2, 50, 0, 0),
        (2, 0, 50, 0),
        (3, 45, 35, 0),
        (3, 50, 25, 0),
        (3, 10, 45, 2),  # only 10-40 after round 2 leads there: two rounds without trump
        (4, 45, 35, 3),
        (4, 40, 45, 2),
        (2, 30, 25, 1),  # played out only
    ],
    ids=str,
)
def test_the_no_trump_note_counts_the_reading_that_needs_the_fewest(
    round_number, score_a, score_b, rounds_without_trump
):
    claim = check_claim(round_number, score_a, score_b)
    assert claim.ok
    expected = [rounds_without_trump] if rounds_without_trump else []
    assert rounds_without_trump_noted(claim) == expected


# Issue "Nothing lost, nothing broken", point 6: any round, no recursion, bounded memory.
@pytest.mark.parametrize(("rules", "last"), [(DEFAULT_RULES, 4), (TWENTY_FIVE_RULES, 2)])
def test_the_last_round_a_game_can_reach_is_the_last_the_walk_reaches(rules, last):
    totals = (30, 25) if rules.best_trump_bonus else (25,)
    assert last_round(rules) == last
    assert every_game(last, rules.target, totals)
    assert not every_game(last + 1, rules.target, totals)


@pytest.mark.parametrize("rules", [DEFAULT_RULES, TWENTY_FIVE_RULES], ids=["45", "twenty-five"])
@pytest.mark.parametrize("round_number", [5, 1000, 10**9])
def test_a_round_past_the_last_is_impossible_and_says_when_the_game_ends(rules, round_number):
    claim = check_claim(round_number, 10, 20, rules)
    assert not claim.ok
    assert claim.reasons == (past_last_round(round_number, rules),)
    assert claim.reasons[0].startswith(
        f"A game to {rules.target} never reaches round {round_number}: it ends by round "
        f"{last_round(rules)}."
    )


def test_asking_about_more_and_more_rounds_does_not_grow_the_tables():
    for round_number in range(1, 5000, 7):
        check_claim(round_number, 10, 20)
        check_claim(round_number, 10, 20, TWENTY_FIVE_RULES)
    tables = claims._game.cache_info()
    assert tables.maxsize is not None
    assert tables.currsize <= 2  # one for 45, one for Twenty-Five


@given(
    round_number=st.integers(1, 10**12),
    score_a=st.integers(-10, 200),
    score_b=st.integers(-10, 200),
    rules=st.sampled_from([DEFAULT_RULES, TWENTY_FIVE_RULES]),
)
def test_any_round_is_answered_and_only_rounds_a_game_reaches_are_possible(
    round_number, score_a, score_b, rules
):
    claim = check_claim(round_number, score_a, score_b, rules)
    assert claim.ok is not bool(claim.reasons)
    if round_number > last_round(rules):
        assert not claim.ok


def recursive_on_after(round_number: int, target: int, bonus: bool) -> frozenset:
    """The recursive walk the round-by-round tables replaced, kept as an oracle."""
    if round_number == 0:
        return frozenset({(0, 0)})
    totals = (30, 25) if bonus else (25,)
    found = set()
    for a, b in recursive_on_after(round_number - 1, target, bonus):
        for total in totals:
            for taken in range(0, total + 1, 5):
                if a + taken < target and b + total - taken < target:
                    found.add((a + taken, b + total - taken))
    return frozenset(found)


def recursive_stopped_scores(round_number: int, target: int, bonus: bool) -> frozenset:
    """The recursive version's scores at the winning trick of ``round_number``."""
    bonus_tricks = (*range(5), None) if bonus else (None,)
    found = set()
    for before in recursive_on_after(round_number - 1, target, bonus):
        for sides, bonus_trick in product(product((0, 1), repeat=5), bonus_tricks):
            scores = list(before)
            for number, side in enumerate(sides):
                scores[side] += 5 * (2 if number == bonus_trick else 1)
                if scores[side] >= target:
                    found.add((scores[0], scores[1]))
                    break
    return frozenset(found)


@pytest.mark.parametrize("rules", [DEFAULT_RULES, TWENTY_FIVE_RULES], ids=["45", "twenty-five"])
def test_the_round_by_round_tables_hold_what_the_recursive_walk_found(rules):
    game = claims._game(rules.target, rules.best_trump_bonus)
    bonus = rules.best_trump_bonus
    for round_number in range(0, last_round(rules) + 3):
        still_on = game.still_on[round_number] if round_number < game.last_round else {}
        assert set(still_on) == recursive_on_after(round_number, rules.target, bonus)
        if round_number:
            stopped = game.stopped[round_number - 1] if round_number <= game.last_round else {}
            assert set(stopped) == recursive_stopped_scores(round_number, rules.target, bonus)
