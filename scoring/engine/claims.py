"""Checking a claimed score after a number of rounds (RULES.md B4).

Each round of 45 is worth 30 points (five tricks of 5 and the best-trump
bonus), or 25 in the rare round where no trump is played; Twenty-Five rounds
are always worth 25. A side can take any share of a round in steps of 5, and
no side may have reached the target before the round claimed. The round in
which a side wins may stop at the trick where it reached the target, or be
played out (RULES.md B4): a claim is possible if either reading reaches it,
and the notes say which one it matches.
"""

from dataclasses import dataclass
from functools import cache
from itertools import product

from .errors import HouseRulesError, ScoreError
from .i18n import _
from .rules import DEFAULT_RULES, HouseRules

STEP = 5
FULL_ROUND = 30
ROUND_WITHOUT_TRUMP = 25
TRICKS = 5


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """``ok`` says whether the claim can happen; ``reasons`` say why not, ``notes`` add context."""

    ok: bool
    reasons: tuple[str, ...]
    notes: tuple[str, ...]


def check_claim(
    round_number: int,
    score_a: int,
    score_b: int,
    rules: HouseRules = DEFAULT_RULES,
) -> ClaimCheck:
    """Whether two sides can have ``score_a``-``score_b`` at the end of round ``round_number``.

    After round 1: 30-0, 25-5, 20-10, 15-15 (or 25 in all with no trump);
    after round 2: a win, 40-20, 35-25, 30-30, ... (RULES.md B4).
    """
    if rules.is_auction:
        raise HouseRulesError(
            _("Auction scores depend on the bids, so they cannot be checked this way.")
        )
    if (
        not all(isinstance(value, int) for value in (round_number, score_a, score_b))
        or round_number < 1
    ):
        raise ScoreError(
            _("Give the round number (1 or more) and the two scores as whole numbers.")
        )
    words = {
        "round": round_number,
        "previous": round_number - 1,
        "a": score_a,
        "b": score_b,
        "total": score_a + score_b,
        "target": rules.target,
    }
    malformed = _malformed(score_a, score_b)
    if malformed:
        return ClaimCheck(False, malformed, ())
    played_out = _impossible(round_number, score_a, score_b, rules, words)
    stopped = (score_a, score_b) in _stopped_scores(
        round_number, rules.target, rules.best_trump_bonus
    )
    if played_out and not stopped:
        return ClaimCheck(False, played_out + _not_stopped(score_a, score_b, rules, words), ())
    if played_out:  # only the stopped reading reaches it
        notes: tuple[str, ...] = (_("The game was won in round %(round)s.") % words,)
    else:
        notes = _notes(round_number, score_a, score_b, rules, words)
    return ClaimCheck(True, (), notes + _reading(not played_out, stopped, score_a, score_b, words))


@cache
def _on_after(round_number: int, target: int, bonus: bool) -> frozenset[tuple[int, int]]:
    """Every score after ``round_number`` whole rounds with neither side at the target yet."""
    if round_number == 0:
        return frozenset({(0, 0)})
    totals = (FULL_ROUND, ROUND_WITHOUT_TRUMP) if bonus else (ROUND_WITHOUT_TRUMP,)
    found = set()
    for a, b in _on_after(round_number - 1, target, bonus):
        for total in totals:
            for taken in range(0, total + 1, STEP):
                if a + taken < target and b + total - taken < target:
                    found.add((a + taken, b + total - taken))
    return frozenset(found)


@cache
def _stopped_scores(round_number: int, target: int, bonus: bool) -> frozenset[tuple[int, int]]:
    """Scores at the trick where a side reached ``target`` in round ``round_number``.

    Every way five tricks can fall (and the trick holding the best trump, if
    any), counted in trick order from every score the game can have before
    the round, stopped at the first trick that takes a side to the target.
    """
    bonus_tricks = (*range(TRICKS), None) if bonus else (None,)
    found = set()
    for before in _on_after(round_number - 1, target, bonus):
        for sides, bonus_trick in product(product((0, 1), repeat=TRICKS), bonus_tricks):
            scores = list(before)
            for number, side in enumerate(sides):
                scores[side] += STEP * (2 if number == bonus_trick else 1)
                if scores[side] >= target:
                    found.add((scores[0], scores[1]))
                    break
    return frozenset(found)


def _not_stopped(
    score_a: int, score_b: int, rules: HouseRules, words: dict[str, object]
) -> tuple[str, ...]:
    """Why the claim is not a round stopped at the winning trick either (only for a win)."""
    if max(score_a, score_b) < rules.target:
        return ()
    if min(score_a, score_b) >= rules.target:
        return (
            _(
                "Nor can the round have stopped at the trick where a side reached %(target)s: "
                "the other side would still be below %(target)s."
            )
            % words,
        )
    most = rules.target + (STEP if rules.best_trump_bonus else 0)
    if max(score_a, score_b) > most:
        return (
            _(
                "Nor can the round have stopped at the trick where a side reached %(target)s: "
                "that trick leaves it at %(most)s at most (a trick is worth 5, or 10 with the "
                "best trump)."
            )
            % (words | {"most": most}),
        )
    return (
        _(
            "Nor can the round have stopped at the trick where a side reached %(target)s: no "
            "score the game can have before round %(round)s leads there."
        )
        % words,
    )


def _reading(
    played_out: bool, stopped: bool, score_a: int, score_b: int, words: dict[str, object]
) -> tuple[str, ...]:
    """Which reading of the winning round the claim matches (RULES.md B4)."""
    if not stopped:
        return ()
    words = words | {"side": _("Side A") if score_a >= score_b else _("Side B")}
    if played_out:
        return (
            _(
                "It matches both readings: the round played out, or stopped at the trick where "
                "%(side)s reached %(target)s."
            )
            % words,
        )
    return (
        _(
            "It matches a round that stopped at the trick where %(side)s reached %(target)s "
            "(the rest of the round was not played); a round played out cannot end there."
        )
        % words,
    )


def _malformed(score_a: int, score_b: int) -> tuple[str, ...]:
    reasons = []
    for side, score in ((_("Side A"), score_a), (_("Side B"), score_b)):
        words = {"side": side, "score": score}
        if score < 0:
            reasons.append(
                _(
                    "A score of %(score)s for %(side)s is impossible: scores in 45 are never "
                    "negative."
                )
                % words
            )
        elif score % STEP:
            reasons.append(
                _(
                    "A score of %(score)s for %(side)s is impossible: points come in fives (5 a "
                    "trick, 5 for the best trump)."
                )
                % words
            )
    return tuple(reasons)


def _impossible(
    round_number: int, score_a: int, score_b: int, rules: HouseRules, words: dict[str, object]
) -> tuple[str, ...]:
    """Plain-English reasons a well-formed claim cannot happen; empty if it can.

    tests/engine/test_claims.py checks these rules against a walk through
    every possible game for rounds 1-6 (no game of 45 reaches round 5).
    """
    most_a_round = FULL_ROUND if rules.best_trump_bonus else ROUND_WITHOUT_TRUMP
    still_playing = 2 * (rules.target - STEP)  # most points with neither side at the target
    low, high = ROUND_WITHOUT_TRUMP * round_number, most_a_round * round_number
    before_low = ROUND_WITHOUT_TRUMP * (round_number - 1)
    before_high = min(most_a_round * (round_number - 1), still_playing)
    total = score_a + score_b
    words = words | {
        "low": low,
        "high": high,
        "before_low": before_low,
        "still_playing": still_playing,
        "most": most_a_round,
    }
    if before_low > still_playing:
        return (
            _(
                "A game to %(target)s never reaches round %(round)s: after %(previous)s rounds at "
                "least %(before_low)s points have been scored, so a side had already reached "
                "%(target)s."
            )
            % words,
        )
    reasons = []
    if not low <= total <= high:
        if rules.best_trump_bonus:
            text = _(
                "After round %(round)s the two scores add up to %(high)s (30 a round), or 5 less "
                "for each round in which no trump was played, so between %(low)s and %(high)s; "
                "%(a)s + %(b)s = %(total)s."
            )
        else:
            text = _(
                "In Twenty-Five every round is worth 25 points, so after round %(round)s the two "
                "scores add up to %(high)s; %(a)s + %(b)s = %(total)s."
            )
        reasons.append(text % words)
    elif total > before_high + most_a_round:
        reasons.append(
            _(
                "For the game to reach round %(round)s neither side can have had %(target)s after "
                "round %(previous)s, so at most %(still_playing)s points had been scored then, and "
                "a round adds at most %(most)s: %(a)s + %(b)s = %(total)s is too many."
            )
            % words
        )
    reasons.extend(_passed_target_earlier(round_number, score_a, score_b, rules, words))
    return tuple(reasons)


def _passed_target_earlier(
    round_number: int, score_a: int, score_b: int, rules: HouseRules, words: dict[str, object]
) -> list[str]:
    """A side whose score means it had reached the target before the last round."""
    every_round_without_trump = score_a + score_b == ROUND_WITHOUT_TRUMP * round_number
    if rules.best_trump_bonus and every_round_without_trump:
        text = _(
            "%(side)s cannot have %(score)s after round %(round)s: %(a)s + %(b)s = %(total)s means "
            "no trump was played in any round, so a side took at most %(most)s points a round and "
            "they had at least %(before)s after round %(previous)s, and the game ends in the round "
            "where a side reaches %(target)s."
        )
    else:
        text = _(
            "%(side)s cannot have %(score)s after round %(round)s: a side takes at most %(most)s "
            "points in a round, so they had at least %(before)s after round %(previous)s, and the "
            "game ends in the round where a side reaches %(target)s."
        )
    most = ROUND_WITHOUT_TRUMP if every_round_without_trump else FULL_ROUND
    reasons = []
    for side, score in ((_("Side A"), score_a), (_("Side B"), score_b)):
        if score - most >= rules.target:
            details = {"side": side, "score": score, "most": most, "before": score - most}
            reasons.append(text % (words | details))
    return reasons


def _notes(
    round_number: int, score_a: int, score_b: int, rules: HouseRules, words: dict[str, object]
) -> tuple[str, ...]:
    notes = []
    rounds_without_trump = (FULL_ROUND * round_number - score_a - score_b) // STEP
    if rules.best_trump_bonus and rounds_without_trump:
        notes.append(
            _(
                "This needs %(count)s round(s) in which no trump was played at all, which is very "
                "rare."
            )
            % {"count": rounds_without_trump}
        )
    if min(score_a, score_b) >= rules.target:
        notes.append(
            _(
                "Both sides passed %(target)s in round %(round)s: the side that got there first, "
                "counting in trick order, won the game."
            )
            % words
        )
    elif max(score_a, score_b) >= rules.target:
        notes.append(_("The game was won in round %(round)s.") % words)
    return tuple(notes)
