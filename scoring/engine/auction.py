"""Scoring one hand of auction 45 / 120 (RULES.md B5).

The bidding side scores what it took if that is at least its bid, and loses
the bid otherwise; a bid of 30 that takes all 30 points scores 60 ("30 for
60"). The other side scores what it took, except that a side at 100 or more
scores only when it holds the bid. The game is to 120; scores may go below
zero ("in the hole").
"""

from dataclasses import dataclass

from .errors import HouseRulesError, ScoreError
from .i18n import _
from .rules import AUCTION_RULES, TARGET_AUCTION, HouseRules

STEP = 5
ALL_POINTS = 30
THIRTY_FOR_SIXTY = 60
LOCKED_AT = 100

Scores = tuple[int, int]


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """Scores after the hand, whether the bid was made, the winning side if any, and why."""

    scores: Scores
    made: bool
    winner: int | None
    reason: str


def score_auction_hand(
    bid: int,
    bidder_side: int,
    points_taken: Scores,
    scores_before: Scores = (0, 0),
    rules: HouseRules = AUCTION_RULES,
) -> AuctionResult:
    """Score one auction hand; ``points_taken`` are the trick points of sides 0 and 1.

    Only one side can reach 120 on a hand: the defenders take at most 10
    (15 against a bid of 15) when the bid is made, and a set bidder goes down.
    """
    if rules.target != TARGET_AUCTION:
        raise HouseRulesError(_("Auction hands are scored in a game to 120."))
    _check_hand(bid, bidder_side, points_taken, scores_before, rules)
    taken = points_taken[bidder_side]
    gain, made, reason = bidder_change(bid, taken)
    defenders = 1 - bidder_side
    scores = [0, 0]
    scores[bidder_side] = scores_before[bidder_side] + gain
    scores[defenders] = scores_before[defenders]
    if is_locked(scores_before[defenders]):
        reason += " " + _("The other side is at 100 or more and scores only when it holds the bid.")
    else:
        scores[defenders] += points_taken[defenders]
    winner = next((side for side in (0, 1) if scores[side] >= TARGET_AUCTION), None)
    if winner is not None:
        reason += " " + _("Side %(side)s reaches 120 and wins the game.") % {"side": winner}
    return AuctionResult((scores[0], scores[1]), made, winner, reason)


def bidder_change(bid: int, taken: int) -> tuple[int, bool, str]:
    """What the side holding the bid scores: (change, made, why) (RULES.md B5).

    Made (took at least the bid): up by what it took, 60 for a bid of 30 that
    took all 30 ("30 for 60"); set: down by the bid.
    """
    words = {"bid": bid, "taken": taken}
    gain = bidder_gain(bid, taken)
    if gain == THIRTY_FOR_SIXTY:
        return gain, True, _("The bidders bid 30 and took all 30 points: 30 for 60.")
    if gain >= 0:
        reason = _("The bidders bid %(bid)s and took %(taken)s, so they score %(taken)s.")
        return gain, True, reason % words
    reason = _("The bidders bid %(bid)s but took only %(taken)s: they are set and lose %(bid)s.")
    return gain, False, reason % words


def bidder_gain(bid: int, taken: int) -> int:
    """:func:`bidder_change`'s number alone (no words): for checking many hands fast."""
    if taken < bid:
        return -bid
    return THIRTY_FOR_SIXTY if bid == ALL_POINTS == taken else taken


def bidder_changes(bid: int) -> tuple[int, ...]:
    """Every change the bid's holders can score: down by the bid, or up by bid..30 (60)."""
    made = tuple(range(bid, ALL_POINTS + 1, STEP))
    return (-bid, *made[:-1], THIRTY_FOR_SIXTY if bid == ALL_POINTS else ALL_POINTS)


def is_locked(score: int) -> bool:
    """A side at 100 or more scores only when it holds the bid (RULES.md B5)."""
    return score >= LOCKED_AT


def _check_hand(
    bid: int, bidder_side: int, points_taken: Scores, scores_before: Scores, rules: HouseRules
) -> None:
    if bid not in rules.bids:
        raise ScoreError(
            _("A bid of %(bid)s is not allowed; the bids are %(bids)s.")
            % {"bid": bid, "bids": ", ".join(str(level) for level in rules.bids)}
        )
    if bidder_side not in (0, 1):
        raise ScoreError(
            _("The bidding side must be 0 or 1, not %(side)s.") % {"side": bidder_side}
        )
    if any(points < 0 or points % STEP for points in points_taken) or sum(points_taken) not in (
        25,
        ALL_POINTS,
    ):
        raise ScoreError(
            _(
                "The points taken in a hand come in fives and add up to 30 (25 if no trump was "
                "played), not %(points)s."
            )
            % {"points": "-".join(str(points) for points in points_taken)}
        )
    if any(score % STEP or score >= TARGET_AUCTION for score in scores_before):
        raise ScoreError(
            _("The scores before the hand must be in fives and below 120, not %(scores)s.")
            % {"scores": "-".join(str(score) for score in scores_before)}
        )
