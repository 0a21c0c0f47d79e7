"""Scoring a hand of auction 45 / 120 (RULES.md B5)."""

import re

import pytest

from scoring.engine import AUCTION_RULES, DEFAULT_RULES, HouseRules
from scoring.engine.auction import score_auction_hand
from scoring.engine.errors import HouseRulesError, ScoreError

OLD_CIRCLES = HouseRules(nontrump_lead="any", target=120, min_bid=15)


@pytest.mark.parametrize(
    ("bid", "bidder", "taken", "before", "after", "made"),
    [
        pytest.param(20, 0, (20, 10), (0, 0), (20, 10), True, id="bid-20-made-exactly"),
        pytest.param(20, 0, (25, 5), (0, 0), (25, 5), True, id="bidder-scores-what-it-took"),
        pytest.param(25, 1, (10, 20), (0, 0), (10, -25), False, id="set-loses-the-bid"),
        pytest.param(30, 0, (30, 0), (0, 0), (60, 0), True, id="thirty-for-sixty"),
        pytest.param(30, 0, (25, 5), (65, 0), (35, 5), False, id="seed-65-bids-30-goes-down-to-35"),
        pytest.param(20, 0, (5, 25), (10, 0), (-10, 25), False, id="in-the-hole"),
        pytest.param(20, 1, (10, 20), (100, 90), (100, 110), True, id="defenders-at-100-locked"),
        pytest.param(25, 1, (10, 20), (100, 90), (100, 65), False, id="locked-while-bidder-set"),
        pytest.param(20, 0, (20, 10), (105, 60), (125, 70), True, id="at-100-scores-holding-bid"),
        pytest.param(20, 1, (15, 15), (95, 0), (110, -20), False, id="below-100-scores-past-it"),
        pytest.param(20, 0, (20, 5), (0, 0), (20, 5), True, id="hand-without-trump-25"),
    ],
)
def test_auction_hand_scores(bid, bidder, taken, before, after, made):
    result = score_auction_hand(bid, bidder, taken, before)
    assert result.scores == after
    assert result.made is made


def test_seed_65_bidding_30_for_60_wins_the_game():
    result = score_auction_hand(30, 0, (30, 0), (65, 0))
    assert result.scores == (125, 0)
    assert result.winner == 0
    assert result.reason == (
        "The bidders bid 30 and took all 30 points: 30 for 60. "
        "Side 0 reaches 120 and wins the game."
    )


def test_a_set_bidder_gives_the_defenders_the_game():
    result = score_auction_hand(25, 1, (30, 0), (95, 110))
    assert result.scores == (125, 85)
    assert result.winner == 0


def test_no_winner_below_120():
    assert score_auction_hand(20, 0, (20, 10), (0, 0)).winner is None


def test_reasons_are_plain_words():
    set_hand = score_auction_hand(25, 1, (10, 20), (100, 90))
    assert set_hand.reason == (
        "The bidders bid 25 but took only 20: they are set and lose 25. The other side is at 100 "
        "or more and scores only when it holds the bid."
    )


def test_a_bid_of_15_is_only_for_old_circles():
    with pytest.raises(ScoreError, match="A bid of 15 is not allowed; the bids are 20, 25, 30."):
        score_auction_hand(15, 0, (15, 15))
    assert score_auction_hand(15, 0, (15, 15), rules=OLD_CIRCLES).scores == (15, 15)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((35, 0, (30, 0)), "A bid of 35 is not allowed"),
        ((20, 2, (30, 0)), "The bidding side must be 0 or 1, not 2."),
        ((20, 0, (20, 20)), "add up to 30 (25 if no trump was played), not 20-20"),
        ((20, 0, (17, 13)), "come in fives"),
        ((20, 0, (35, -5)), "come in fives"),
        ((20, 0, (20, 10), (120, 0)), "below 120, not 120-0"),
        ((20, 0, (20, 10), (12, 0)), "must be in fives"),
    ],
    ids=["bid-35", "side-2", "points-sum", "points-fives", "negative-points", "over", "scores-5"],
)
def test_impossible_hands_are_refused(arguments, message):
    with pytest.raises(ScoreError, match=re.escape(message)):
        score_auction_hand(*arguments)


def test_auction_scoring_needs_a_game_to_120():
    with pytest.raises(HouseRulesError, match="Auction hands are scored in a game to 120."):
        score_auction_hand(20, 0, (20, 10), rules=DEFAULT_RULES)


def test_the_auction_preset_plays_any_card_to_120():
    assert AUCTION_RULES.target == 120
    assert AUCTION_RULES.is_auction
    assert AUCTION_RULES.nontrump_lead == "any"
