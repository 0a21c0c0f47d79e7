"""Checking a claimed score after a number of rounds (RULES.md B4).

Each round of 45 is worth 30 points (five tricks of 5 and the best-trump
bonus), or 25 in the rare round where no trump is played; Twenty-Five rounds
are always worth 25. A side can take any share of a round in steps of 5, and
no side may have reached the target before the round claimed. The round in
which a side wins may stop at the trick where it reached the target, or be
played out (RULES.md B4): a claim is possible if either reading reaches it,
and the notes say which one it matches, and how many rounds with no trump the
reading that needs the fewest requires. Every round gives out at least 25
points, so a game ends by round 4 (Twenty-Five by round 2): the game tree is
walked round by round up to there, once per kind of game.
"""

from dataclasses import dataclass
from functools import lru_cache
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
    words: dict[str, object] = {
        "round": round_number,
        "previous": round_number - 1,
        "a": score_a,
        "b": score_b,
        "total": score_a + score_b,
        "target": rules.target,
    }
    malformed = _malformed(score_a, score_b, rules)
    if malformed:
        return ClaimCheck(False, malformed, ())
    played_out = _impossible(round_number, score_a, score_b, rules, words)
    game = _game(rules.target, rules.best_trump_bonus)
    at_winning_trick = game.stopped[round_number - 1] if round_number <= game.last_round else {}
    stopped = (score_a, score_b) in at_winning_trick
    if played_out and not stopped:
        if round_number > game.last_round:  # no round to stop in either
            return ClaimCheck(False, played_out, ())
        return ClaimCheck(False, played_out + _not_stopped(score_a, score_b, rules, words), ())
    # The rounds with no trump played each reading that reaches the claim needs (None: it
    # does not reach it); the notes flag the fewest.
    played = None if played_out else rounds_without_trump(score_a + score_b, round_number)
    at_trick = at_winning_trick[(score_a, score_b)] if stopped else None
    fewest = min(count for count in (played, at_trick) if count is not None)
    notes = _notes(round_number, fewest, score_a, score_b, rules, words)
    reading = _reading(played, at_trick, score_a, score_b, rules, words)
    return ClaimCheck(True, (), notes + reading)


def round_help(rules: HouseRules = DEFAULT_RULES) -> str:
    """What a round is worth under ``rules``, and the scores after round 1: the claim
    form's help line, from the same numbers the check uses."""
    if rules.is_auction:
        return _("Auction scores depend on the bids: check them on the Score sheet tab.")
    most = FULL_ROUND if rules.best_trump_bonus else ROUND_WITHOUT_TRUMP
    splits = [f"{taken}-{most - taken}" for taken in range(most, (most - 1) // 2, -STEP)]
    words = {
        "most": most,
        "scores": _("%(first)s or %(last)s")
        % {"first": ", ".join(splits[:-1]), "last": splits[-1]},
    }
    if rules.best_trump_bonus:
        return (
            _(
                "Each round of 45 is worth %(most)s points (5 a trick and 5 for the best trump), "
                "so after round 1 a score is %(scores)s."
            )
            % words
        )
    return (
        _(
            "Each round of Twenty-Five is worth %(most)s points (5 a trick, no best-trump "
            "bonus), so after round 1 a score is %(scores)s."
        )
        % words
    )


def rounds_without_trump(points: int, rounds: int = 1) -> int:
    """How many of ``rounds`` played-out rounds had no trump played, from the points they gave
    out in all: 30 a round, 25 when no trump was played (RULES.md B4; auction too, B5)."""
    return (FULL_ROUND * rounds - points) // STEP


def no_trump_note(count: int) -> str:
    """The flag on a score that needs ``count`` rounds with no trump played (the claim
    check, the auction score sheet)."""
    if count == 1:
        return _("This needs a round in which no trump was played at all, which is very rare.")
    return _(
        "This needs %(count)s rounds in which no trump was played at all, which is very rare."
    ) % {"count": count}


@dataclass(frozen=True, slots=True)
class _Game:
    """Every score a game can have, round by round, and the fewest rounds with no trump to get it.

    ``still_on[r]``: after ``r`` whole rounds with neither side at the target
    yet (``still_on[0]`` is 0-0). ``stopped[r - 1]``: at the trick where a side
    reached the target in round ``r``, counting only the rounds before it (the
    rest of that round was not played). Both stop at the last round a game can
    reach, so their size does not grow with the round asked about.
    """

    still_on: tuple[dict[tuple[int, int], int], ...]
    stopped: tuple[dict[tuple[int, int], int], ...]

    @property
    def last_round(self) -> int:
        return len(self.still_on)


@lru_cache(maxsize=4)  # one per kind of game: 45, Twenty-Five
def _game(target: int, bonus: bool) -> _Game:
    """The whole game tree of a game to ``target``, walked round by round (no recursion)."""
    totals = (FULL_ROUND, ROUND_WITHOUT_TRUMP) if bonus else (ROUND_WITHOUT_TRUMP,)
    bonus_tricks = (*range(TRICKS), None) if bonus else (None,)
    still_on: list[dict[tuple[int, int], int]] = []
    stopped: list[dict[tuple[int, int], int]] = []
    before: dict[tuple[int, int], int] = {(0, 0): 0}
    while before:
        still_on.append(before)
        after: dict[tuple[int, int], int] = {}
        reached: dict[tuple[int, int], int] = {}
        for (a, b), without_trump in before.items():
            for total in totals:
                count = without_trump + int(bonus and total == ROUND_WITHOUT_TRUMP)
                for taken in range(0, total + 1, STEP):
                    score = (a + taken, b + total - taken)
                    if max(score) < target:
                        after[score] = min(after.get(score, count), count)
            # Every way five tricks can fall (and the trick holding the best
            # trump, if any), counted in trick order, stopped at the first
            # trick that takes a side to the target.
            for sides, bonus_trick in product(product((0, 1), repeat=TRICKS), bonus_tricks):
                scores = [a, b]
                for number, side in enumerate(sides):
                    scores[side] += STEP * (2 if number == bonus_trick else 1)
                    if scores[side] >= target:
                        score = (scores[0], scores[1])
                        reached[score] = min(reached.get(score, without_trump), without_trump)
                        break
        stopped.append(reached)
        before = after
    return _Game(tuple(still_on), tuple(stopped))


def last_round(rules: HouseRules = DEFAULT_RULES) -> int:
    """The last round a game of 45 (or Twenty-Five) can reach: 4 (2 in Twenty-Five).

    Every round gives out at least 25 points and the game ends in the round
    where a side reaches the target, so two sides still playing have at most
    ``2 * (target - 5)`` points together. Auction has no such bound (a side
    that loses its bid goes down), and its scores are not checked here.
    """
    if rules.is_auction:
        raise HouseRulesError(
            _("Auction scores depend on the bids, so they cannot be checked this way.")
        )
    return _game(rules.target, rules.best_trump_bonus).last_round


def past_last_round(round_number: int, rules: HouseRules = DEFAULT_RULES) -> str:
    """Why a game never reaches ``round_number`` ("" if it can): the one rule for the
    engine's answer and the score form's bound."""
    last = last_round(rules)
    if round_number <= last:
        return ""
    words = {
        "target": rules.target,
        "round": round_number,
        "last": last,
        "least": ROUND_WITHOUT_TRUMP * last,
        "still_playing": 2 * (rules.target - STEP),
    }
    return (
        _(
            "A game to %(target)s never reaches round %(round)s: it ends by round %(last)s. "
            "Each round gives out at least 25 points, so after %(last)s rounds at least "
            "%(least)s have been scored, and two sides both still below %(target)s have at most "
            "%(still_playing)s together."
        )
        % words
    )


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
        if rules.best_trump_bonus:
            text = _(
                "Nor can the round have stopped at the trick where a side reached %(target)s: "
                "that trick leaves it at %(most)s at most (a trick is worth 5, or 10 with the "
                "best trump)."
            )
        else:
            text = _(
                "Nor can the round have stopped at the trick where a side reached %(target)s: "
                "that trick leaves it at %(most)s at most (a trick is worth 5)."
            )
        return (text % (words | {"most": most}),)
    return (
        _(
            "Nor can the round have stopped at the trick where a side reached %(target)s: no "
            "score the game can have before round %(round)s leads there."
        )
        % words,
    )


def _needs(count: int) -> str:
    """The rounds with no trump a reading needs, as words for a sentence."""
    if count == 1:
        return _("a round in which no trump was played")
    return _("%(count)s rounds in which no trump was played") % {"count": count}


def _reading(
    played: int | None,
    at_trick: int | None,
    score_a: int,
    score_b: int,
    rules: HouseRules,
    words: dict[str, object],
) -> tuple[str, ...]:
    """Which reading of the winning round the claim matches (RULES.md B4), and, when both
    do, what the one that needs more rounds with no trump needs.

    ``played`` and ``at_trick``: the rounds with no trump the round played out, or
    stopped at the winning trick, needs to reach the claim (None: it cannot).
    """
    if at_trick is None:
        if max(score_a, score_b) < rules.target:
            return ()
        return (
            _(
                "It matches the round played out: it cannot have stopped at the trick where a "
                "side reached %(target)s."
            )
            % words,
        )
    # The side's letter, not its name: French needs "l'équipe A" in a sentence.
    words = words | {"side": "A" if score_a >= score_b else "B"}
    if played is not None:
        if rules.best_trump_bonus and played > at_trick:
            return (
                _(
                    "It matches both readings: a round that stopped at the trick where Side "
                    "%(side)s reached %(target)s, or the round played out, but that needs "
                    "%(needs)s."
                )
                % (words | {"needs": _needs(played)}),
            )
        if rules.best_trump_bonus and at_trick > played:
            return (
                _(
                    "It matches both readings: the round played out, or a round that stopped at "
                    "the trick where Side %(side)s reached %(target)s, but that needs %(needs)s."
                )
                % (words | {"needs": _needs(at_trick)}),
            )
        return (
            _(
                "It matches both readings: the round played out, or stopped at the trick where "
                "Side %(side)s reached %(target)s."
            )
            % words,
        )
    return (
        _(
            "It matches a round that stopped at the trick where Side %(side)s reached %(target)s "
            "(the rest of the round was not played); a round played out cannot end there."
        )
        % words,
    )


def _malformed(score_a: int, score_b: int, rules: HouseRules) -> tuple[str, ...]:
    if rules.best_trump_bonus:
        negative = _(
            "A score of %(score)s for Side %(side)s is impossible: scores in 45 are never negative."
        )
        fives = _(
            "A score of %(score)s for Side %(side)s is impossible: points come in fives "
            "(5 a trick, 5 for the best trump)."
        )
    else:
        negative = _(
            "A score of %(score)s for Side %(side)s is impossible: scores in Twenty-Five are "
            "never negative."
        )
        fives = _(
            "A score of %(score)s for Side %(side)s is impossible: points come in fives "
            "(5 a trick)."
        )
    reasons = []
    for side, score in (("A", score_a), ("B", score_b)):
        words = {"side": side, "score": score}  # the letter: "pour l'équipe A" in French
        if score < 0:
            reasons.append(negative % words)
        elif score % STEP:
            reasons.append(fives % words)
    return tuple(reasons)


def _impossible(
    round_number: int, score_a: int, score_b: int, rules: HouseRules, words: dict[str, object]
) -> tuple[str, ...]:
    """Plain-English reasons a well-formed claim cannot happen; empty if it can.

    tests/engine/test_claims.py checks these rules against a walk through
    every possible game for rounds 1-6 (no game of 45 reaches round 5).
    """
    beyond = past_last_round(round_number, rules)
    if beyond:
        return (beyond,)
    most_a_round = FULL_ROUND if rules.best_trump_bonus else ROUND_WITHOUT_TRUMP
    still_playing = 2 * (rules.target - STEP)  # most points with neither side at the target
    low, high = ROUND_WITHOUT_TRUMP * round_number, most_a_round * round_number
    before_high = min(most_a_round * (round_number - 1), still_playing)
    total = score_a + score_b
    words = words | {
        "low": low,
        "high": high,
        "still_playing": still_playing,
        "most": most_a_round,
    }
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
    """A side whose score means it had reached the target before the last round.

    After round 1 there is no round before: a score that high is already more
    than the round's total, which the reason before this one says.
    """
    if round_number == 1:
        return []
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
    # The most a side can take in a round: 25 in Twenty-Five, or in 45 when the
    # total says no round had a trump; 30 otherwise.
    if every_round_without_trump or not rules.best_trump_bonus:
        most = ROUND_WITHOUT_TRUMP
    else:
        most = FULL_ROUND
    reasons = []
    for side, score in ((_("Side A"), score_a), (_("Side B"), score_b)):
        if score - most >= rules.target:
            details = {"side": side, "score": score, "most": most, "before": score - most}
            reasons.append(text % (words | details))
    return reasons


def _notes(
    round_number: int,
    rounds_without_trump: int,
    score_a: int,
    score_b: int,
    rules: HouseRules,
    words: dict[str, object],
) -> tuple[str, ...]:
    """``rounds_without_trump``: the fewest any reading of the claim needs."""
    notes = []
    if rules.best_trump_bonus and rounds_without_trump:
        notes.append(no_trump_note(rounds_without_trump))
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
