"""Replaying a round from its plays (RULES.md B3-B4)."""

import pytest

from scoring.engine import (
    AUCTION_RULES,
    DEFAULT_RULES,
    CardError,
    EngineError,
    HouseRules,
    PlayError,
    parse_card,
    play_round,
)
from scoring.engine.errors import ScoreError
from scoring.engine.rules import FIVE_ONLY_RULES, TWENTY_FIVE_RULES

# Clubs trump, seat 3 deals, so seat 0 leads; every play is legal.
ROUND_A = [
    "6C QC JC 7C",  # seat 0 leads; seat 2's jack wins
    "5C 3H 3D 4S",  # seat 2 leads the five: the best trump, bonus here
    "AH 9S 9H KH",  # seat 2 leads the ace of hearts
    "8D QD KD 7D",  # seat 2 leads a diamond; seat 0's king wins
    "2S 10S 2H JD",  # seat 0 leads; the 2 beats the 10 of spades
]


def tricks(written: list[str]) -> list[list[str]]:
    return [trick.split() for trick in written]


def test_round_a_winners_leaders_and_seats():
    result = play_round("C", 3, tricks(ROUND_A))
    assert [trick.leader for trick in result.tricks] == [0, 2, 2, 2, 0]
    assert [trick.winner for trick in result.tricks] == [2, 2, 2, 0, 0]
    assert [trick.side for trick in result.tricks] == [0, 0, 0, 0, 0]
    assert [(play.seat, str(play.card)) for play in result.tricks[1].plays] == [
        (2, "5C"),
        (3, "3H"),
        (0, "3D"),
        (1, "4S"),
    ]
    assert result.complete
    assert result.reneges == ()


def test_round_a_points_in_trick_order_with_the_bonus_where_the_five_fell():
    result = play_round("C", 3, tricks(ROUND_A))
    assert [trick.points for trick in result.tricks] == [(5, 0), (10, 0), (5, 0), (5, 0), (5, 0)]
    assert result.points == (30, 0)
    assert result.bonus is not None
    assert (str(result.bonus.card), result.bonus.trick, result.bonus.side) == ("5C", 2, 0)
    assert result.bonus_reason == (
        "The 5 of clubs is the best trump played in the round; it fell in trick 2, so Seat 0 and "
        "Seat 2 score the 5-point bonus at that trick."
    )


def test_round_a_game_is_won_at_the_trick_where_45_is_reached():
    result = play_round("C", 3, tricks(ROUND_A), scores_before=(20, 35))
    assert [trick.scores for trick in result.tricks] == [
        (25, 35),
        (35, 35),
        (40, 35),
        (45, 35),
        (50, 35),
    ]
    assert result.game_won is not None
    assert (result.game_won.side, result.game_won.trick) == (0, 4)
    assert result.scores_after == (50, 35)


def test_trick_reasons_come_from_trick_winner():
    result = play_round("C", 3, tricks(ROUND_A))
    assert result.tricks[1].reason == "The 5 of clubs is the highest trump when clubs are trump."


# Hearts trump, seat 3 deals. Seat 0 leads the 5 of hearts, then side 1 takes every trick.
ROUND_B = [
    "5H 7D 9D KD",
    "2C KS 2S KC",
    "QC 3C QS 3S",
    "JC 4C JS 4S",
    "QD 6C 8D 10D",
]


def test_the_best_trump_bonus_can_win_the_game_before_the_other_side_scores():
    # "The winner is the first team to reach 45 points, even if they were unaware
    # that they had the best trump" (seed 000, RULES.md B4).
    result = play_round("H", 3, tricks(ROUND_B), scores_before=(35, 40))
    assert result.points == (10, 20)
    assert result.scores_after == (45, 60)
    assert result.game_won is not None
    assert (result.game_won.side, result.game_won.trick, result.game_won.scores) == (0, 1, (45, 40))
    assert "even if they did not know they held the best trump" in result.game_won.reason


def test_no_game_is_won_below_the_target():
    assert play_round("H", 3, tricks(ROUND_B)).game_won is None


# Spades trump and not one trump (nor the ace of hearts) in the round.
ROUND_WITHOUT_TRUMP = [
    "KC 2C 3C 4C",
    "QC 5C 6C 7C",
    "JC 8C 9C 10C",
    "KD 2D 3D 4D",
    "QD 5D 6D 7D",
]


def test_a_round_where_no_trump_falls_is_worth_25():
    result = play_round("S", 3, tricks(ROUND_WITHOUT_TRUMP))
    assert result.points == (25, 0)
    assert result.bonus is None
    assert "the round is worth 25 points" in result.bonus_reason


def test_twenty_five_has_no_best_trump_bonus():
    result = play_round("C", 3, tricks(ROUND_A), TWENTY_FIVE_RULES)
    assert result.points == (25, 0)
    assert result.bonus is None
    assert result.bonus_reason == "Twenty-Five is played without the best-trump bonus."


def test_auction_rounds_report_points_but_leave_the_game_to_the_bid():
    result = play_round("C", 3, tricks(ROUND_A), AUCTION_RULES, scores_before=(100, -20))
    assert result.points == (30, 0)
    assert result.game_won is None


def test_an_unfinished_round_counts_the_bonus_once_the_five_of_trump_has_fallen():
    result = play_round("C", 3, tricks(ROUND_A[:2]))
    assert not result.complete
    assert result.points == (15, 0)
    assert result.bonus is not None


def test_an_unfinished_round_leaves_the_bonus_open_while_a_higher_trump_may_come():
    result = play_round("C", 3, tricks(ROUND_A[:1]))
    assert result.points == (5, 0)
    assert result.bonus is None
    assert "a higher trump than the jack of clubs may still be played" in result.bonus_reason


def test_an_unfinished_round_without_trump_yet_leaves_the_bonus_open():
    result = play_round("S", 3, tricks(ROUND_WITHOUT_TRUMP[:3]))
    assert result.bonus is None
    assert result.bonus_reason == (
        "No trump has been played yet, so the best-trump bonus is not decided."
    )


def test_seat_names_are_used_in_the_reasons():
    result = play_round(
        "C", 3, tricks(ROUND_A), scores_before=(20, 35), seat_names=["Ann", "Bob", "Cy", "Di"]
    )
    assert result.game_won is not None
    assert result.game_won.reason.startswith("Ann and Cy reached 45 at trick 4 (45-35)")


# ---------------------------------------------------------------- reneges
# Clubs trump, seat 3 deals, seat 0 leads. Each case: the tricks, and the reneges
# proven as (seat, trick, card played, card that proves it, trick where it showed).
RENEGE_CASES = [
    pytest.param(
        ["6C KH JC 7C", "5C 3H 3D QC", "AH 9S 9H 4S", "8D QD KD 7D", "2S 10S 2H JD"],
        DEFAULT_RULES,
        [(1, 1, "KH", "QC", 2)],
        id="trump-led-low-trump-kept-back",
    ),
    pytest.param(
        ["6C QC 8D 7C", "KS 5C 2S 3S"],
        DEFAULT_RULES,
        [],
        id="b3-six-led-five-holder-reneges-legally",
    ),
    pytest.param(
        ["6C QC 8D 7C", "KS 2S 4C 3S"],
        DEFAULT_RULES,
        [],
        id="another-seat-shows-the-low-trump",
    ),
    pytest.param(
        ["6C QC 8D 7C", "KS 4C 2S 3S"],
        DEFAULT_RULES,
        [(2, 1, "8D", "4C", 2)],
        id="low-trump-shown-later-proves-renege",
    ),
    pytest.param(
        ["JC 9D 5C 2D", "KD 3D 4D 6D"],
        DEFAULT_RULES,
        [],
        id="b3-jack-led-five-may-be-kept",
    ),
    pytest.param(
        ["JC 9D 5D AH", "KD 3D 4D 6D"],
        DEFAULT_RULES,
        [],
        id="ace-of-hearts-played-on-the-jack",
    ),
    pytest.param(
        ["JC 9D 8D 2D", "KD 3D 4D AH"],
        DEFAULT_RULES,
        [(3, 1, "2D", "AH", 2)],
        id="b3-jack-led-ace-of-hearts-may-not-be-kept",
    ),
    pytest.param(
        ["5C 9D 8D 2D", "KD 3D JC 6D"],
        DEFAULT_RULES,
        [(2, 1, "8D", "JC", 2)],
        id="b3-five-led-jack-must-be-played",
    ),
    pytest.param(
        ["6C JC 8D 2D", "KS 3S 4S AH"],
        DEFAULT_RULES,
        [],
        id="seed003-card-led-decides-ace-of-hearts-kept-after-jack-shown",
    ),
    pytest.param(
        ["6C 9D 8D 2D", "KD JC 4D 5D"],
        FIVE_ONLY_RULES,
        [(1, 1, "9D", "JC", 2)],
        id="five-only-jack-may-not-be-kept",
    ),
    pytest.param(
        ["6C 9D 8D 2D", "KD 5C 4D 6D"],
        FIVE_ONLY_RULES,
        [],
        id="five-only-five-may-be-kept",
    ),
    pytest.param(
        ["KD 2S 3D 4D", "KH 2H 3H 5D"],
        DEFAULT_RULES,
        [],
        id="plain-suit-led-no-diamond-but-kept-a-heart-is-fine",
    ),
    pytest.param(
        ["KD 2S 3D 4D", "KS 5D 3S 4S"],
        DEFAULT_RULES,
        [(1, 1, "2S", "5D", 2)],
        id="plain-suit-led-diamond-kept-back",
    ),
    pytest.param(
        ["KD 2C 3D 4D", "KS 5D 3S 4S"],
        DEFAULT_RULES,
        [],
        id="plain-suit-led-trumping-is-always-allowed",
    ),
    pytest.param(
        ["KD 2S 3D 4D", "KS 5D 3S 4S"],
        HouseRules(nontrump_lead="any"),
        [],
        id="any-card-variant-no-renege-on-a-plain-lead",
    ),
]


@pytest.mark.parametrize(("written", "rules", "expected"), RENEGE_CASES)
def test_reneges_the_plays_prove(written, rules, expected):
    result = play_round("C", 3, tricks(written), rules)
    found = [
        (r.seat, r.trick, str(r.card), str(r.evidence), r.evidence_trick) for r in result.reneges
    ]
    assert found == expected


def test_a_renege_is_explained_naming_player_trick_and_card():
    written = ["6C KH JC 7C", "5C 3H 3D QC", "AH 9S 9H 4S", "8D QD KD 7D", "2S 10S 2H JD"]
    (renege,) = play_round("C", 3, tricks(written)).reneges
    assert renege.reason == (
        "Seat 1 reneged illegally in trick 1: trump was led (the 6 of clubs) and they played the "
        "king of hearts, but they still held the queen of clubs (they played it in trick 2), so "
        "they had to play a trump."
    )
    assert renege.led == parse_card("6C")


def test_a_plain_suit_renege_is_explained():
    (renege,) = play_round("C", 3, tricks(["KD 2S 3D 4D", "KS 5D 3S 4S"])).reneges
    assert renege.reason.endswith("so they had to follow suit or play a trump.")


# Clubs trump, seat 3 deals; seat 0 leads the ace of hearts and seat 1 throws a
# diamond while holding the 2 of hearts (shown in trick 5) and no trump.
ROUND_ACE_OF_HEARTS_LED = [
    "AH 3D 4C 5D",
    "KS 2S 5S 9S",
    "QS 3S 6S 10S",
    "JS 4S 7S 6D",
    "AS 2H 8S 7D",
]


def test_hearts_on_hearts_renege_is_found_in_a_finished_round():
    rules = HouseRules(hearts_on_hearts=True)
    (renege,) = play_round("C", 3, tricks(ROUND_ACE_OF_HEARTS_LED), rules).reneges
    assert (renege.seat, renege.trick, str(renege.evidence)) == (1, 1, "2H")
    assert "hearts on hearts obliged them to play a heart" in renege.reason


# Clubs trump, seat 3 deals; seat 0 leads the ace of hearts and seat 1 keeps
# back the 5 of clubs (played in trick 2), which hearts on hearts forbids.
ROUND_FIVE_KEPT_ON_ACE_OF_HEARTS = [
    "AH 3D 4C 6C",
    "KS 5C 5S 9S",
    "QS 3S 6S 10S",
]


@pytest.mark.parametrize("tricks_given", [3, 2], ids=["three-tricks", "two-tricks"])
def test_hearts_on_hearts_forbids_reneging_the_five_on_the_ace_of_hearts(tricks_given):
    rules = HouseRules(hearts_on_hearts=True)
    written = tricks(ROUND_FIVE_KEPT_ON_ACE_OF_HEARTS[:tricks_given])
    (renege,) = play_round("C", 3, written, rules).reneges
    assert (renege.seat, renege.trick, str(renege.evidence)) == (1, 1, "5C")
    assert play_round("C", 3, written).reneges == ()


def test_hearts_on_hearts_renege_is_found_in_an_unfinished_round():
    rules = HouseRules(hearts_on_hearts=True)
    unfinished = play_round("C", 3, tricks(ROUND_ACE_OF_HEARTS_LED[:1] + ["7H 2H 8H 9S"]), rules)
    assert [(r.seat, r.trick, str(r.evidence)) for r in unfinished.reneges] == [(1, 1, "2H")]


def test_without_hearts_on_hearts_a_diamond_on_the_ace_of_hearts_is_legal():
    assert play_round("C", 3, tricks(ROUND_ACE_OF_HEARTS_LED)).reneges == ()


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("written", "error", "message"),
    [
        (
            ["6C QC JC 7C 8C"],
            PlayError,
            "Trick 1 has 5 cards; a trick has one card from each of the four players.",
        ),
        (["6C QC JC 7C", "5C 3H 3D"], PlayError, "Trick 2 has 3 cards"),
        (
            ROUND_A + ["3C 4C 8C 9C"],
            PlayError,
            "6 tricks were given, but each player holds only five cards",
        ),
        ([], PlayError, "No tricks were given; a round has five."),
        (
            ["6C QC JC 7C", "5C 3H 6C 4S"],
            PlayError,
            "The 6 of clubs is played twice (tricks 1 and 2); a deck has only one of each card.",
        ),
        (
            ["6C 7X JC 7C"],
            CardError,
            'Trick 1, card 2: "7X" is not a card: unknown suit "X".',
        ),
        (["6C JK JC 7C"], CardError, "jokers are not used under these house rules"),
    ],
    ids=[
        "five-cards",
        "three-cards",
        "six-tricks",
        "no-tricks",
        "card-twice",
        "bad-card",
        "joker",
    ],
)
def test_play_round_rejects_plays_that_cannot_happen(written, error, message):
    with pytest.raises(error) as caught:
        play_round("C", 3, tricks(written))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"dealer": 4}, PlayError, "The dealer must be seat 0, 1, 2 or 3, not 4."),
        ({"scores_before": (45, 0)}, ScoreError, "the game was already won"),
        ({"scores_before": (17, 0)}, ScoreError, "points come in fives"),
        ({"scores_before": (-5, 0)}, ScoreError, "never negative"),
        ({"seat_names": ["Ann", "Bob", "Cy"]}, PlayError, "Give four seat names"),
        ({"trump": "X"}, CardError, '"X" is not a suit'),
    ],
    ids=["dealer", "game-over", "not-fives", "negative", "seat-names", "trump"],
)
def test_play_round_rejects_bad_settings(kwargs, error, message):
    arguments = {"trump": "C", "dealer": 3, "tricks": tricks(ROUND_A)} | kwargs
    with pytest.raises(error, match=message):
        play_round(**arguments)


def test_every_round_error_is_an_engine_error_and_a_value_error():
    with pytest.raises(EngineError):
        play_round("C", 3, [["6C"]])
    with pytest.raises(ValueError):
        play_round("C", 3, [["6C"]])


def test_a_round_with_jokers_accepts_the_joker():
    rules = HouseRules(jokers="after_jack")
    result = play_round("C", 3, [["6C", "JK", "JC", "7C"]], rules)
    assert result.tricks[0].winner == 2
