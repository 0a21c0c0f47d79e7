"""The rules page's sentences say the rules in force (issue 48, points 14-16): a sentence about
a round's worth, the best trump or an earlier round is written from the same numbers the
ruling uses, for each kind of game (45, Twenty-Five, auction)."""

from itertools import product

import pytest

from scoring.engine import DEFAULT_RULES, check_claim, play_round, round_help
from scoring.engine.claims import last_round
from scoring.engine.rules import AUCTION_RULES, TWENTY_FIVE_RULES

GAMES = pytest.mark.parametrize(
    "rules", [DEFAULT_RULES, TWENTY_FIVE_RULES], ids=["45", "twenty-five"]
)


def every_sentence(rules):
    """Every reason and note the claim check can give, rounds 1 to one past the last."""
    top = rules.target + 40
    for round_number in range(1, last_round(rules) + 1):
        for a, b in product(range(-5, top, 5), repeat=2):
            check = check_claim(round_number, a, b, rules)
            for sentence in (*check.reasons, *check.notes):
                yield (round_number, a, b), sentence
        for a in (7, 13):
            for sentence in check_claim(round_number, a, 0, rules).reasons:
                yield (round_number, a, 0), sentence


def test_twenty_five_sentences_never_mention_the_best_trump_or_a_round_of_30():
    for claim, sentence in every_sentence(TWENTY_FIVE_RULES):
        assert "best trump" not in sentence, (claim, sentence)
        assert "at most 30" not in sentence, (claim, sentence)
        assert "10 with" not in sentence, (claim, sentence)
        assert "in 45" not in sentence, (claim, sentence)


@GAMES
def test_no_sentence_speaks_of_round_zero(rules):
    for claim, sentence in every_sentence(rules):
        assert "round 0" not in sentence, (claim, sentence)


def test_the_twenty_five_ruling_of_the_issue_says_25_a_round():
    check = check_claim(2, 55, 0, TWENTY_FIVE_RULES)
    assert not check.ok
    assert (
        "Side A cannot have 55 after round 2: a side takes at most 25 points in a round, so they "
        "had at least 30 after round 1, and the game ends in the round where a side reaches 25."
    ) in check.reasons
    assert (
        "Nor can the round have stopped at the trick where a side reached 25: that trick leaves "
        "it at 25 at most (a trick is worth 5)."
    ) in check.reasons


@pytest.mark.parametrize(
    ("rules", "scores"),
    [
        (DEFAULT_RULES, "30-0, 25-5, 20-10 or 15-15"),
        (TWENTY_FIVE_RULES, "25-0, 20-5 or 15-10"),
    ],
    ids=["45", "twenty-five"],
)
def test_the_score_tabs_help_gives_the_scores_the_check_allows_after_round_1(rules, scores):
    help_line = round_help(rules)
    assert f"so after round 1 a score is {scores}." in help_line
    assert ("best trump" in help_line) == rules.best_trump_bonus
    for score in scores.replace(" or ", ", ").split(", "):
        a, b = map(int, score.split("-"))
        assert check_claim(1, a, b, rules).ok, score
        assert check_claim(1, b, a, rules).ok, score


def test_the_score_tabs_help_at_auction_points_to_the_score_sheet():
    assert "Score sheet" in round_help(AUCTION_RULES)


# Clubs trump, B2 deals: side A (A1, A2) takes trick 1 with the jack of clubs.
TRICKS = ["6C QC JC 7C", "5C 3H 3D 4S", "AH 9S 9H KH", "8D QD KD 7D", "2S 10S 2H JD"]


@GAMES
def test_game_won_speaks_of_the_best_trump_only_where_there_is_one(rules):
    replay = play_round("C", 3, [trick.split() for trick in TRICKS], rules, (rules.target - 5, 0))
    assert replay.game_won is not None
    assert replay.game_won.reason.startswith(f"Seat 0 and Seat 2 reached {rules.target} at trick 1")
    assert ("best trump" in replay.game_won.reason) == rules.best_trump_bonus
