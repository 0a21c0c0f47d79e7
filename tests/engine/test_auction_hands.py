"""Scoring an auction hand for two to five players, calling trump and calling a
partner (RULES.md B5, seed 000)."""

import pytest

from scoring.engine import DEFAULT_RULES, possible_points, score_hand
from scoring.engine.auction import score_auction_hand
from scoring.engine.auction_calls import check_partner_call, check_trump_call, partner_from_call
from scoring.engine.errors import HouseRulesError, ScoreError


@pytest.mark.parametrize(
    ("taken", "after", "winners"),
    [
        pytest.param((30, 0), (125, 0), (0,), id="all-30-is-60-and-the-game"),
        pytest.param((25, 5), (35, 5), (), id="anything-less-is-down-30"),
    ],
)
def test_a_team_at_65_bidding_30_for_60_wins_or_goes_down_to_35(taken, after, winners):
    hand = score_hand(4, 30, 0, taken, (65, 0))
    assert hand.after == after
    assert hand.winners == winners


@pytest.mark.parametrize(
    ("bid", "bidder", "taken", "before"),
    [
        (20, 0, (20, 10), (0, 0)),
        (25, 1, (10, 20), (100, 90)),
        (30, 0, (30, 0), (65, 0)),
        (20, 1, (15, 15), (95, 0)),
        (20, 0, (20, 5), (105, 60)),
    ],
)
def test_couples_score_as_the_two_side_function(bid, bidder, taken, before):
    assert (
        score_hand(4, bid, bidder, taken, before).after
        == score_auction_hand(bid, bidder, taken, before).scores
    )


def test_the_100_rule_locks_a_player_who_does_not_hold_the_bid():
    hand = score_hand(3, 20, 0, (20, 10, 0), (0, 100, 50))
    assert hand.after == (20, 100, 50)
    assert "Player 2 is at 100, 100 or more, and scores only when holding the bid" in " ".join(
        hand.reasons
    )
    # ...and going out takes the bid: at 100, holding it and making it.
    out = score_hand(3, 20, 1, (5, 25, 0), (0, 100, 50))
    assert out.after == (5, 125, 50)
    assert out.winners == (1,)


def test_cut_throat_every_player_scores_alone():
    hand = score_hand(3, 25, 2, (5, 0, 25), (10, 10, 10))
    assert hand.after == (15, 10, 35)
    assert hand.made


def test_two_players():
    assert score_hand(2, 20, 1, (15, 15), (0, 0)).after == (15, -20)


def test_five_players_partners_go_up_and_down_together():
    made = score_hand(5, 25, 0, (15, 0, 10, 5, 0), (0, 0, 0, 0, 0), partner=2)
    assert made.after == (25, 0, 25, 5, 0)
    assert made.holders == (0, 2)
    assert "Partners go up or down together: Player 1 and Player 3 took 25." in made.reasons
    set_ = score_hand(5, 25, 0, (15, 5, 5, 5, 0), (0, 0, 0, 0, 0), partner=2)
    assert set_.after == (-25, 5, -25, 5, 0)


def test_five_players_a_partner_at_100_scores_with_the_bid_and_both_win():
    hand = score_hand(5, 20, 0, (15, 0, 10, 5, 0), (90, 0, 105, 100, 0), partner=2)
    assert hand.after == (115, 0, 130, 100, 0)
    assert hand.winners == (0, 2)  # "the other is considered to have won as well"


def test_five_players_without_a_partner_the_caller_plays_alone():
    hand = score_hand(5, 20, 3, (5, 5, 0, 20, 0), (0,) * 5)
    assert hand.after == (5, 5, 0, 20, 0)
    assert hand.holders == (3,)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((6, 20, 0, (30,) * 6), "played by 2, 3, 4 or 5 players, not 6"),
        ((4, 20, 2, (30, 0)), "There is no Player 3 in a game of 4 players."),
        ((4, 20, 0, (20, 20)), "add up to 30 (25 if no trump was played), not 20-20"),
        ((3, 20, 0, (20, 10)), "come in fives and add up to 30"),
    ],
    ids=["six-players", "no-such-column", "points-sum", "wrong-count"],
)
def test_impossible_hands_are_refused(arguments, message):
    with pytest.raises(ScoreError, match=message.replace("(", r"\(").replace(")", r"\)")):
        score_hand(*arguments)


def test_a_partner_only_at_five():
    with pytest.raises(ScoreError, match="Only the five-player game"):
        score_hand(3, 20, 0, (20, 10, 0), partner=1)


def test_hands_are_scored_only_in_a_game_to_120():
    with pytest.raises(HouseRulesError):
        score_hand(4, 20, 0, (20, 10), rules=DEFAULT_RULES)


def test_possible_points_are_five_tricks_and_the_bonus():
    couples = possible_points(4)
    assert (30, 0) in couples and (25, 0) in couples and (5, 25) in couples
    assert all(sum(points) in (25, 30) for points in couples)
    assert (0, 30) in couples and (15, 15) in couples
    assert len(possible_points(5)) == len(set(possible_points(5)))


# --- Calling trump ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump", "variant", "ok"),
    [
        ("KC 2D 3D 4S 6S", "C", "hand", True),
        ("KC 2D 3D 4S 6S", "H", "hand", False),
        ("AH 2D 3D 4S 6S", "C", "hand", True),  # the ace of hearts is a trump in every suit
        ("2D 3D 4S 6S 9C 8C QH", "H", "hand_and_kitty", True),
        ("9C 8C QD", "H", "kitty", False),
        ("9C 8C QD", "D", "kitty", True),
        ("7S", "S", "top_card", True),
        ("7S", "H", "top_card", False),
    ],
    ids=[
        "holds-a-trump",
        "no-trump-in-hand",
        "ace-of-hearts",
        "richmond-looks-at-the-kitty",
        "go-on-the-kitty-no",
        "go-on-the-kitty-yes",
        "go-on-the-top-card",
        "top-card-decides",
    ],
)
def test_calling_trump_needs_a_trump(cards, trump, variant, ok):
    ruling = check_trump_call(cards.split(), trump, variant)
    assert ruling.ok is ok


def test_calling_trump_names_the_house_variant():
    assert "(go on the kitty)" in check_trump_call(["9C"], "C", "kitty").reason
    assert "must hold at least one trump" in check_trump_call(["9C"], "H").reason
    assert "the 6 of spades makes spades trump, not hearts" in (
        check_trump_call(["6S"], "H", "top_card").reason
    )


# --- Call Y'r Partner ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("called", "hand", "ok"),
    [
        ("AH", "5S JS 2D 3D 4C", True),  # "if he has the five and jack ... the Ace of Hearts"
        ("AS", "JS AH 2D 3D 4C", True),  # "... jack and Ace of Hearts: the Ace of trump"
        ("5S", "JS AH 2D 3D 4C", False),  # "a player can never call for the five of trump"
        ("JS", "AH KS 2D 3D 4C", False),  # higher than every card held
        ("KD", "2D 3C 4C 6C 7C", False),
        ("KD", "2D 3S 4C 6C 7C", True),  # any trump outranks a plain card
        ("2D", "KD 3C 4C 6C 7C", True),
        ("3D", "3D 4C 6C 7C 8C", True),  # a card in the caller's own hand (uncommon)
        (None, "2D 3C 4C 6C 7C", True),  # "I'm not calling"
    ],
)
def test_a_card_higher_than_every_card_in_the_hand_cannot_be_called(called, hand, ok):
    assert check_partner_call(called, hand.split(), "S").ok is ok


@pytest.mark.parametrize(
    ("holder", "trick", "partner"),
    [(3, 1, True), (3, 2, True), (3, 3, False), (None, None, False), (1, 1, False)],
    ids=["first-trick", "second-trick", "too-late", "nobody", "the-caller-himself"],
)
def test_the_called_card_is_played_in_the_first_or_second_trick(holder, trick, partner):
    assert partner_from_call(1, holder, trick).ok is partner
