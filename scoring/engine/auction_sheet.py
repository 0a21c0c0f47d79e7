"""Checking an auction score sheet, one hand per line (RULES.md B5).

A line says who held the bid, the bid, and the running scores the table
wrote after the hand: ``A 25 30 5`` (couples: side A bid 25, then 30-5), or
``2 20 20 10 0`` (three players: Player 2 bid 20). At five, the partner
follows the bidder: ``1+3 25 ...``. Each line is checked from the line
before (0 for everyone at the start): the written scores must be what some
fall of the five tricks gives under the scoring rules. The check stops at
the first line that cannot be right and says why; it also says on which
line the game was won, and by whom.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .auction import STEP, bidder_changes, bidder_gain, is_locked
from .auction_hand import (
    HandScore,
    check_hand,
    column_in_sentence,
    column_name,
    columns,
    possible_points,
    score_hand,
    scores_after,
)
from .claims import no_trump_note, rounds_without_trump
from .errors import EngineError, ScoreError
from .i18n import _
from .rules import AUCTION_RULES, HouseRules

_BIDDER = re.compile(r"^(?P<bidder>[a-z0-9]+)(?:\+(?P<partner>[0-9]+))?$")


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One hand as written: columns are 0-based."""

    bidder: int
    bid: int
    scores: tuple[int, ...]
    partner: int | None = None


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int  # 1-based line number
    line: SheetLine
    ok: bool | None  # None: not checked (after the first wrong line)
    reason: str
    notes: tuple[str, ...] = ()  # a line that can be right but is rare (no trump played)


@dataclass(frozen=True, slots=True)
class SheetCheck:
    rows: tuple[SheetRow, ...]
    wrong_line: int | None
    winners: tuple[int, ...]
    won_on: int | None
    summary: str


def parse_line(text: str, players: int) -> SheetLine:
    """``"A 25 30 5"`` -> side A bid 25, scores 30 and 5 (see the module)."""
    count = columns(players)
    tokens = [token for token in re.split(r"[\s,;]+", str(text).strip().lower()) if token]
    example = _example(players)
    if len(tokens) != count + 2:
        raise ScoreError(
            _(
                'A line is who bid, the bid and %(count)s scores, like "%(example)s"; "%(text)s" '
                "has %(given)s parts."
            )
            % {"count": count, "example": example, "text": text, "given": len(tokens)}
        )
    match = _BIDDER.match(tokens[0])
    bidder = _column(match["bidder"], players) if match else None
    partner = _column(match["partner"], players) if match and match["partner"] else None
    if match is None or bidder is None or (match["partner"] and (partner is None or players != 5)):
        raise ScoreError(
            _('"%(who)s" is not who bid: write %(choices)s, like "%(example)s".')
            % {"who": tokens[0], "choices": _choices(players), "example": example}
        )
    try:
        bid, *scores = (int(token) for token in tokens[1:])
    except ValueError:
        raise ScoreError(
            _('The bid and the scores are whole numbers, like "%(example)s", not "%(text)s".')
            % {"example": example, "text": text}
        ) from None
    return SheetLine(bidder, bid, tuple(scores), partner)


def _column(token: str, players: int) -> int | None:
    if players == 4:
        return {"a": 0, "b": 1}.get(token)
    numbers = [str(n) for n in range(1, players + 1)]  # ASCII digits only, never "²"
    if token in numbers:
        return numbers.index(token)
    return None


def _choices(players: int) -> str:
    if players == 4:
        return _("A or B")
    return _("a player's number, 1 to %(players)s") % {"players": players}


def _example(players: int) -> str:
    return {2: "1 20 20 10", 3: "2 20 10 20 0", 4: "A 25 30 0", 5: "1+3 25 25 0 25 5 0"}[players]


def check_sheet(
    players: int, lines: Sequence[SheetLine], rules: HouseRules = AUCTION_RULES
) -> SheetCheck:
    """Check every line from 0-0 (see the module): the first wrong line, the winner."""
    count = columns(players)
    before = (0,) * count
    rows: list[SheetRow] = []
    wrong: int | None = None
    winners: tuple[int, ...] = ()
    won_on: int | None = None
    for number, line in enumerate(lines, start=1):
        if wrong is not None:
            rows.append(SheetRow(number, line, None, ""))
            continue
        if won_on is not None:
            wrong = number
            reason = _("The game was won on line %(line)s: no hand is played after it.") % {
                "line": won_on
            }
            rows.append(SheetRow(number, line, False, reason))
            continue
        ok, reason, hand, notes = _check_line(players, line, before, rules)
        rows.append(SheetRow(number, line, ok, reason, notes))
        if not ok:
            wrong = number
            continue
        if hand is not None and hand.winners:
            winners, won_on = hand.winners, number
        before = line.scores
    return SheetCheck(
        tuple(rows), wrong, winners, won_on, _summary(players, rows, wrong, winners, won_on)
    )


def _summary(
    players: int,
    rows: Sequence[SheetRow],
    wrong: int | None,
    winners: tuple[int, ...],
    won_on: int | None,
) -> str:
    if wrong is not None:
        return _("Line %(line)s cannot be right.") % {"line": wrong}
    if won_on is not None:
        names = " & ".join(column_name(players, column) for column in winners)
        return _("Every line can be right; %(names)s won the game on line %(line)s.") % {
            "names": names,
            "line": won_on,
        }
    if not rows:
        return _("Type the hands, one per line.")
    return _("Every line can be right; nobody has reached 120 yet.")


def _check_line(
    players: int, line: SheetLine, before: tuple[int, ...], rules: HouseRules
) -> tuple[bool, str, HandScore | None, tuple[str, ...]]:
    """Whether ``line`` can follow ``before``; why, the hand that matches it (the one
    needing the fewest hands with no trump played), and the flag if even it needs one."""
    count = columns(players)
    try:
        check_hand(players, line.bid, line.bidder, line.partner, before, rules)
    except EngineError as error:
        return False, str(error), None, ()
    if len(line.scores) != count:
        return False, _("This line needs %(count)s scores.") % {"count": count}, None, ()
    if any(score % STEP for score in line.scores):
        return (
            False,
            _("Scores come in fives; this line has %(scores)s.")
            % {"scores": " ".join(str(score) for score in line.scores)},
            None,
            (),
        )
    holders = (line.bidder,) if line.partner in (None, line.bidder) else (line.bidder, line.partner)
    possible, matches = [], []
    for points in possible_points(players):
        gain = bidder_gain(line.bid, sum(points[column] for column in holders))
        after = scores_after(holders, gain, points, before)
        if after == line.scores:
            matches.append(points)
        possible.append(after)
    if not matches:
        return False, _why_not(players, line, before, holders, possible), None, ()
    # The fall of the tricks that needs the fewest hands with no trump played.
    points = min(matches, key=lambda points: rounds_without_trump(sum(points)))
    hand = score_hand(
        players, line.bid, line.bidder, points, before, partner=line.partner, rules=rules
    )
    without_trump = rounds_without_trump(sum(points))
    notes = (no_trump_note(without_trump),) if without_trump else ()
    return True, _matched(players, hand), hand, notes


def _matched(players: int, hand: HandScore) -> str:
    reasons = list(hand.reasons)
    if hand.winners and any(is_locked(hand.before[column]) for column in hand.winners):
        reasons.append(
            _("At 100 or more, %(name)s could only go out on their own bid, and did.")
            % {"name": column_in_sentence(players, hand.holders[0])}
        )
    return " ".join(reasons)


def _why_not(
    players: int,
    line: SheetLine,
    before: tuple[int, ...],
    holders: tuple[int, ...],
    possible: list[tuple[int, ...]],
) -> str:
    """The first column whose written score no fall of the tricks gives, in words."""
    bidder = line.bidder
    change = line.scores[bidder] - before[bidder]
    words = {
        "name": column_in_sentence(players, bidder, start=True),
        "bid": line.bid,
        "change": f"{change:+d}",
        "before": before[bidder],
        "after": line.scores[bidder],
    }
    if change not in bidder_changes(line.bid):
        if line.bid == 30:
            text = _(
                '%(name)s held the bid of 30: they go up 60 (all 30 points, "30 for 60") or down '
                "30; the sheet has %(before)s to %(after)s (%(change)s)."
            )
        else:
            text = _(
                "%(name)s held the bid of %(bid)s: they go up by what they took, %(bid)s to 30, "
                "or down %(bid)s; the sheet has %(before)s to %(after)s (%(change)s)."
            )
        return text % words
    for partner in holders[1:]:
        if line.scores[partner] - before[partner] != change:
            return _(
                "Partners go up or down together: %(name)s changed by %(change)s, so %(partner)s "
                "must too."
            ) % (
                words
                | {
                    "name": column_in_sentence(players, bidder),
                    "partner": column_in_sentence(players, partner),
                }
            )
    same = [after for after in possible if after[bidder] == line.scores[bidder]]
    for column in range(columns(players)):
        if column in holders:
            continue
        scores = sorted({after[column] for after in same})
        if line.scores[column] in scores:
            continue
        other = {
            "name": column_in_sentence(players, column, start=True),
            "them": column_in_sentence(players, column),
            "score": line.scores[column],
            "before": before[column],
            "possible": ", ".join(str(score) for score in scores),
        }
        if is_locked(before[column]):
            return (
                _(
                    "%(name)s was at %(before)s, 100 or more, and did not hold the bid, so "
                    "stays at %(before)s, not %(score)s."
                )
                % other
            )
        return _(
            "%(name)s did not hold the bid, so scores only the points they took: with the "
            "bidders at %(bidder_score)s, %(them)s can have %(possible)s, not %(score)s."
        ) % (other | {"bidder_score": line.scores[bidder]})
    return _(
        "The points of one hand add up to 30 (25 if no trump was played); the other columns "
        "together went up by more than the bidders left them."
    )
