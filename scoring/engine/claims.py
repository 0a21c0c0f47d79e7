"""Checking a claimed score after a number of rounds (RULES.md B4).

Each round of 45 is worth 30 points (five tricks of 5 and the best-trump
bonus), or 25 in the rare round where no trump is played; Twenty-Five rounds
are always worth 25. A side can take any share of a round in steps of 5, and
the game stops at the end of the round in which a side reached the target,
so no side may have reached it before the round claimed.
"""

from dataclasses import dataclass

from .errors import HouseRulesError, ScoreError
from .i18n import _
from .rules import DEFAULT_RULES, HouseRules

STEP = 5
FULL_ROUND = 30
ROUND_WITHOUT_TRUMP = 25


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
    reasons = _malformed(score_a, score_b) or _impossible(
        round_number, score_a, score_b, rules, words
    )
    if reasons:
        return ClaimCheck(False, reasons, ())
    return ClaimCheck(True, (), _notes(round_number, score_a, score_b, rules, words))


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
