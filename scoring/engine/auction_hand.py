"""One hand of auction 45 for two to five players (RULES.md B5, seed 000).

Scores are kept in *columns*: one per player at two, three (cut-throat) and
five ("Call Y'r Partner"), one per couple at four. The side holding the bid
is the bidder's column, plus at five the partner the called card revealed;
partners go up or down by the same amount. Every other column scores the
points it took, unless it is at 100 or more (it then scores only when it
holds the bid). The first to 120 wins; if one partner reaches it, both win.

Who scores what is :func:`scoring.engine.auction.bidder_change` and
:func:`~scoring.engine.auction.is_locked`, the same rules as the two-side
:func:`~scoring.engine.auction.score_auction_hand`.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .auction import STEP, bidder_change, is_locked
from .errors import HouseRulesError, ScoreError
from .i18n import _
from .rules import AUCTION_RULES, TARGET_AUCTION, HouseRules

PLAYERS = (2, 3, 4, 5)
ROUND_TOTALS = (30, 25)  # 25 when no trump was played


@dataclass(frozen=True, slots=True)
class HandScore:
    """Scores before and after a hand, column by column, and why."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    holders: tuple[int, ...]  # the columns that held the bid (bidder, and partner at five)
    made: bool
    winners: tuple[int, ...]  # columns that won the game on this hand
    reasons: tuple[str, ...]

    @property
    def changes(self) -> tuple[int, ...]:
        return tuple(after - before for before, after in zip(self.before, self.after, strict=True))


def columns(players: int) -> int:
    """How many score columns a game of ``players`` keeps: couples at four."""
    check_players(players)
    return 2 if players == 4 else players


def column_name(players: int, column: int) -> str:
    """ "Side A" / "Side B" for couples, "Player 3" otherwise (1-based)."""
    if players == 4:
        return _("Side A") if column == 0 else _("Side B")
    return _("Player %(number)s") % {"number": column + 1}


def column_in_sentence(players: int, column: int, *, start: bool = False) -> str:
    """A column as a sentence names it: "Side A" (French "l'équipe A": a side takes its
    article, with a capital at the ``start`` of a sentence), "Player 3"."""
    if players != 4:
        return column_name(players, column)
    text = _("Side %(letter)s") % {"letter": "AB"[column]}
    return text[:1].upper() + text[1:] if start else text


def check_players(players: int) -> None:
    if players not in PLAYERS:
        raise ScoreError(
            _("Auction is played by 2, 3, 4 or 5 players, not %(players)s.") % {"players": players}
        )


def score_hand(
    players: int,
    bid: int,
    bidder: int,
    points: Sequence[int],
    before: Sequence[int] | None = None,
    *,
    partner: int | None = None,
    rules: HouseRules = AUCTION_RULES,
) -> HandScore:
    """Score one hand: ``points`` each column took (in fives, 30 in all, or 25
    with no trump played), ``bidder`` and ``partner`` are column indexes."""
    if rules.target != TARGET_AUCTION:
        raise HouseRulesError(_("Auction hands are scored in a game to 120."))
    count = columns(players)
    before = tuple(before) if before is not None else (0,) * count
    check_hand(players, bid, bidder, partner, before, rules)
    points = tuple(points)
    check_points(players, points)
    holders = (bidder,) if partner in (None, bidder) else (bidder, partner)
    taken = sum(points[column] for column in holders)
    gain, made, why = bidder_change(bid, taken)
    reasons = [why]
    if len(holders) == 2:
        reasons.append(
            _("Partners go up or down together: %(bidder)s and %(partner)s took %(taken)s.")
            % {
                "bidder": column_in_sentence(players, bidder),
                "partner": column_in_sentence(players, holders[1]),
                "taken": taken,
            }
        )
    after = scores_after(holders, gain, points, before)
    for column in range(count):
        if column not in holders and is_locked(before[column]) and points[column]:
            reasons.append(
                _(
                    "%(name)s is at %(score)s, 100 or more, and scores only when holding the "
                    "bid: the %(points)s points it took do not count."
                )
                % {
                    "name": column_in_sentence(players, column, start=True),
                    "score": before[column],
                    "points": points[column],
                }
            )
    winners = _winners(after, holders)
    if len(winners) == 1:
        name = column_in_sentence(players, winners[0], start=True)
        reasons.append(_("%(name)s reaches 120 and wins the game.") % {"name": name})
    elif winners:
        names = " & ".join(
            column_in_sentence(players, column, start=not number)
            for number, column in enumerate(winners)
        )
        reasons.append(_("%(names)s reach 120 and win the game together.") % {"names": names})
    return HandScore(before, after, holders, made, winners, tuple(reasons))


def scores_after(
    holders: tuple[int, ...], gain: int, points: Sequence[int], before: Sequence[int]
) -> tuple[int, ...]:
    """The holders of the bid change by ``gain``; the others add their points unless locked."""
    return tuple(
        score + gain if column in holders else score if is_locked(score) else score + taken
        for column, (score, taken) in enumerate(zip(before, points, strict=True))
    )


def _winners(after: Sequence[int], holders: tuple[int, ...]) -> tuple[int, ...]:
    """Columns at 120 or more; partners win together; otherwise the most points wins."""
    reached = [column for column, score in enumerate(after) if score >= TARGET_AUCTION]
    if not reached:
        return ()
    if any(column in holders for column in reached):
        return holders
    best = max(after[column] for column in reached)
    return tuple(column for column in reached if after[column] == best)


def check_hand(
    players: int,
    bid: int,
    bidder: int,
    partner: int | None,
    before: Sequence[int],
    rules: HouseRules,
) -> None:
    """Refuse a bid, a bidder, a partner or scores before the hand that cannot be."""
    count = columns(players)
    if bid not in rules.bids:
        raise ScoreError(
            _("A bid of %(bid)s is not allowed; the bids are %(bids)s.")
            % {"bid": bid, "bids": ", ".join(str(level) for level in rules.bids)}
        )
    for column in (bidder, partner):
        if column is not None and not 0 <= column < count:
            raise ScoreError(
                _("There is no %(name)s in a game of %(players)s players.")
                % {"name": column_name(5, column), "players": players}
            )
    if partner is not None and players != 5:
        raise ScoreError(_("Only the five-player game (Call Y'r Partner) has a called partner."))
    if len(before) != count:
        raise ScoreError(
            _("Give %(count)s scores, one for each column of the score sheet.") % {"count": count}
        )
    if any(score % STEP or score >= TARGET_AUCTION for score in before):
        raise ScoreError(
            _("The scores before the hand must be in fives and below 120, not %(scores)s.")
            % {"scores": "-".join(str(score) for score in before)}
        )


def check_points(players: int, points: Sequence[int]) -> None:
    """Points taken: one number per column, in fives, 30 in all (25 if no trump was played)."""
    count = columns(players)
    if (
        len(points) != count
        or any(point < 0 or point % STEP for point in points)
        or sum(points) not in ROUND_TOTALS
    ):
        raise ScoreError(
            _(
                "The points taken in a hand come in fives and add up to 30 (25 if no trump was "
                "played), not %(points)s."
            )
            % {"points": "-".join(str(point) for point in points)}
        )


@cache
def possible_points(players: int) -> tuple[tuple[int, ...], ...]:
    """Every way a hand's points can fall among the columns (five tricks of 5
    and the 5-point bonus, or no bonus when no trump is played)."""
    count = columns(players)
    found: set[tuple[int, ...]] = set()

    def deal(tricks_left: int, points: list[int]) -> None:
        if tricks_left == 0:
            found.add(tuple(points))
            for column in range(count):
                if points[column]:  # the bonus goes to a column that won a trick
                    with_bonus = list(points)
                    with_bonus[column] += STEP
                    found.add(tuple(with_bonus))
            return
        for column in range(count):
            points[column] += STEP
            deal(tricks_left - 1, points)
            points[column] -= STEP

    deal(5, [0] * count)
    return tuple(sorted(found))
