"""The bidding of auction 45 (RULES.md B5, seed 000's worked example)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import AUCTION_RULES, HouseRules, check_bidding
from scoring.engine.auction_bidding import read_call
from scoring.engine.errors import ScoreError

OLD_CIRCLES = HouseRules(nontrump_lead="any", target=120, min_bid=15)


def bidding(calls: str, players: int = 4, rules: HouseRules = AUCTION_RULES):
    return check_bidding(calls.split(), players, rules)


# Seed 000: "Player 1 (clockwise from the dealer) may bid 20, Player 2 may pass,
# Player 3 may bid 25, then the dealer holds. ..." Every branch it describes.
SEED_EXAMPLE = "20 pass 25 hold"


@pytest.mark.parametrize(
    ("more", "winner", "bid"),
    [
        # "Player 1 may now bid 30 (thus Player 3 cannot bid again and the dealer
        # can either hold again or 'give it to them')"
        pytest.param("30 hold", 4, 30, id="p1-bids-30-dealer-holds-again"),
        pytest.param("30 pass", 1, 30, id="p1-bids-30-dealer-gives-it-to-them"),
        # "or may pass (thus Player 3 can either give it to the dealer for 25 or
        # bid 30, which the dealer may either give to him or hold again)"
        pytest.param("pass pass", 4, 25, id="p1-passes-p3-gives-it-to-the-dealer-for-25"),
        pytest.param("pass 30 pass", 3, 30, id="p1-passes-p3-bids-30-dealer-gives-it"),
        pytest.param("pass 30 hold", 4, 30, id="p1-passes-p3-bids-30-dealer-holds-again"),
    ],
)
def test_the_seeds_worked_example_in_every_branch(more, winner, bid):
    ruling = bidding(f"{SEED_EXAMPLE} {more}")
    assert ruling.legal
    assert ruling.finished
    assert (ruling.winner, ruling.bid) == (winner, bid)


def test_after_the_dealer_holds_player_1_calls_and_may_raise_or_pass():
    ruling = bidding(SEED_EXAMPLE)
    assert ruling.legal and not ruling.finished
    assert ruling.next_seat == 1
    assert ruling.next_calls == ("pass", "30")
    assert [call.words for call in ruling.calls] == [
        "Player 1 bids 20.",
        "Player 2 passes.",
        "Player 3 bids 25.",
        "The dealer holds: takes the bid at 25.",
    ]


def test_player_3_cannot_bid_again_once_player_1_bids_30():
    ruling = bidding(f"{SEED_EXAMPLE} 30")
    assert ruling.next_seat == 4
    assert ruling.next_calls == ("pass", "hold")
    assert ruling.calls[-1].automatic
    assert ruling.calls[-1].words == "Player 3 cannot bid above 30, so passes."


@pytest.mark.parametrize(
    ("calls", "winner", "bid"),
    [
        # "If the dealer had passed to begin with, Player 1 could either bid 30
        # or give it to Player 3."
        pytest.param("20 pass 25 pass 30", 1, 30, id="dealer-passed-p1-bids-30"),
        pytest.param("20 pass 25 pass pass", 3, 25, id="dealer-passed-p1-gives-it-to-p3"),
        pytest.param("pass pass pass 20", 4, 20, id="nobody-bid-the-dealer-bids"),
        pytest.param("20 pass pass pass", 1, 20, id="everyone-passes-a-20"),
        pytest.param("20 pass 25 hold pass pass 30", 4, 30, id="winner-raises-to-30-for-60"),
    ],
)
def test_other_finished_biddings(calls, winner, bid):
    ruling = bidding(calls)
    assert ruling.legal and ruling.finished
    assert (ruling.winner, ruling.bid) == (winner, bid)


def test_everyone_passing_throws_the_hand_in():
    ruling = bidding("pass pass pass pass")
    assert ruling.legal and ruling.finished
    assert ruling.winner is None
    assert ruling.reason == "Everyone passed: nobody bid, so the hand is thrown in and dealt again."


@pytest.mark.parametrize(
    ("calls", "at", "reason"),
    [
        ("hold", 0, "Player 1 cannot hold: only the dealer may hold."),
        ("pass pass pass hold", 3, "The dealer cannot hold: nobody has bid yet."),
        ("20 20", 1, "Player 2 cannot bid 20: the bid stands at 20, and a bid must be 5 or 10"),
        ("20 pass 25 30", 3, "The dealer does not outbid: they hold (take the bid at 25) or pass"),
        ("15", 0, "A bid of 15 is not allowed; the bids are 20, 25, 30."),
        ("35", 0, "A bid of 35 is not allowed"),
        ("20 pass pass pass 25", 4, "The bidding was over: Player 1 won it at 20."),
        ("pass pass pass pass 20", 4, "The bidding was over: everyone passed"),
        (f"{SEED_EXAMPLE} 30 hold 30", 6, "The bidding was over: the dealer won it at 30."),
    ],
    ids=[
        "only-the-dealer-holds",
        "nothing-to-hold",
        "not-higher",
        "dealer-outbids",
        "fifteen-without-the-house-rule",
        "no-such-bid",
        "after-the-end",
        "after-all-passed",
        "raise-when-already-30",
    ],
)
def test_illegal_calls_say_why(calls, at, reason):
    ruling = bidding(calls)
    assert not ruling.legal
    assert ruling.illegal_at == at
    assert ruling.reason.startswith(reason), ruling.reason


def test_a_jump_of_15_is_not_5_or_10_higher():
    ruling = bidding("15 30", rules=OLD_CIRCLES)
    assert not ruling.legal
    assert "a bid must be 5 or 10 higher" in ruling.reason
    assert bidding("15 25 30 pass", rules=OLD_CIRCLES).winner == 3


def test_two_and_five_players():
    assert bidding("20 hold", players=2).next_calls == ("pass", "25", "30")
    assert bidding("20 hold pass", players=2).winner == 2
    five = bidding("20 25 pass pass hold pass 30 pass", players=5)
    assert (five.winner, five.bid) == (2, 30)


@pytest.mark.parametrize("text", ["x", "twenty", "-5"])
def test_a_call_that_is_not_a_call_is_refused(text):
    with pytest.raises(ScoreError, match="is not a call"):
        read_call(text)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=2, max_value=5), st.data())
def test_following_the_allowed_calls_always_ends_with_the_highest_bid(players, data):
    """Property: any sequence made of allowed calls is legal and ends; the winner
    holds the highest bid anyone made."""
    calls: list[str] = []
    for _turn in range(40):
        ruling = check_bidding(calls, players)
        assert ruling.legal
        if ruling.finished:
            break
        calls.append(data.draw(st.sampled_from(ruling.next_calls)))
    else:
        pytest.fail("the bidding did not end")
    bids = [int(call) for call in calls if call.isdigit()]
    assert ruling.bid == (max(bids) if bids else None)
    assert (ruling.winner is None) == (not bids)
