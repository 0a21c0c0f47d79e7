"""A whole round of 45 from the plays alone (RULES.md B2-B4).

Seats are 0-3 clockwise; seats 0 and 2 are side 0, seats 1 and 3 side 1.
The player left of the dealer leads the first trick and the winner of each
trick leads the next. From the plays the engine works out every trick, the
points in trick order with the best-trump bonus at the trick where that card
fell, who reached the target first, and every renege the plays prove illegal.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Suit, card_name, parse_card, parse_suit
from .errors import CardError, PlayError, ScoreError
from .i18n import _
from .legal import Obligation, explain_legal_plays
from .ranks import is_trump, trump_order, trump_strength
from .rules import DEFAULT_RULES, HouseRules
from .tricks import trick_winner

SEATS = 4
TRICKS_PER_ROUND = 5
POINTS_PER_TRICK = 5
BEST_TRUMP_BONUS = 5

Scores = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One trick: ``points`` scored at it (bonus included), game ``scores`` after it."""

    number: int
    leader: int
    plays: tuple[Play, ...]
    winner: int
    side: int
    reason: str
    points: Scores
    scores: Scores


@dataclass(frozen=True, slots=True)
class Bonus:
    """The best trump of the round and the trick (number) where it fell."""

    card: Card
    trick: int
    side: int


@dataclass(frozen=True, slots=True)
class GameWon:
    side: int
    trick: int
    scores: Scores
    reason: str


@dataclass(frozen=True, slots=True)
class RenegeFinding:
    """An illegal renege: ``evidence`` is the later card that proves it."""

    seat: int
    trick: int
    card: Card
    led: Card
    evidence: Card
    evidence_trick: int
    reason: str


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Everything the plays of one round prove.

    ``complete`` is False when fewer than five tricks were given; the bonus is
    then only counted if it is already certain (the 5 of trump fell).
    ``game_won`` is always None at auction (target 120), where a hand is
    scored by :func:`scoring.engine.auction.score_auction_hand` from ``points``.
    """

    trump: Suit
    dealer: int
    complete: bool
    tricks: tuple[TrickRecord, ...]
    points: Scores
    bonus: Bonus | None
    bonus_reason: str
    scores_after: Scores
    game_won: GameWon | None
    reneges: tuple[RenegeFinding, ...]


def side_of(seat: int) -> int:
    """Seats 0 and 2 are side 0; seats 1 and 3 are side 1."""
    return seat % 2


def play_round(
    trump: Suit | str,
    dealer: int,
    tricks: Sequence[Sequence[Card | str]],
    rules: HouseRules = DEFAULT_RULES,
    scores_before: Scores = (0, 0),
    *,
    seat_names: Sequence[str] | None = None,
) -> RoundResult:
    """Replay a round of four players from its tricks (each in play order).

    ``seat_names`` (four names) are used in the reasons instead of "seat 0".
    Raises :class:`PlayError`, :class:`CardError` or :class:`ScoreError` with
    the problem in words when the plays cannot have happened.
    """
    trump = parse_suit(trump)
    _check_dealer(dealer)
    _check_scores_before(scores_before, rules)
    names = (
        tuple(seat_names)
        if seat_names
        else tuple(_("Seat %(seat)s") % {"seat": seat} for seat in range(SEATS))
    )
    if len(names) != SEATS:
        raise PlayError(_("Give four seat names, one for each player."))
    cards = _parse_tricks(tricks, rules)
    complete = len(cards) == TRICKS_PER_ROUND

    plays: list[tuple[Play, ...]] = []
    winners: list[tuple[int, str]] = []
    leader = (dealer + 1) % SEATS
    for trick in cards:
        seated = tuple(Play((leader + offset) % SEATS, card) for offset, card in enumerate(trick))
        result = trick_winner(trump, trick, rules)
        leader = seated[result.index].seat
        plays.append(seated)
        winners.append((leader, result.reason))

    bonus, bonus_reason = _best_trump_bonus(plays, winners, trump, rules, complete, names)
    records, game_won = _score_tricks(plays, winners, bonus, scores_before, rules, names)
    points = (
        sum(record.points[0] for record in records),
        sum(record.points[1] for record in records),
    )
    return RoundResult(
        trump=trump,
        dealer=dealer,
        complete=complete,
        tricks=records,
        points=points,
        bonus=bonus,
        bonus_reason=bonus_reason,
        scores_after=records[-1].scores,
        game_won=game_won,
        reneges=_find_reneges(plays, trump, rules, complete, names),
    )


def _check_dealer(dealer: int) -> None:
    if not isinstance(dealer, int) or not 0 <= dealer < SEATS:
        raise PlayError(
            _("The dealer must be seat 0, 1, 2 or 3, not %(dealer)s.") % {"dealer": dealer}
        )


def _check_scores_before(scores: Scores, rules: HouseRules) -> None:
    if len(scores) != 2 or not all(isinstance(score, int) for score in scores):
        raise ScoreError(_("The scores before the round must be two whole numbers."))
    for score in scores:
        if score % POINTS_PER_TRICK:
            raise ScoreError(
                _("A score of %(score)s is impossible: points come in fives.") % {"score": score}
            )
        if score < 0 and not rules.is_auction:
            raise ScoreError(
                _("A score of %(score)s is impossible: scores in 45 are never negative.")
                % {"score": score}
            )
        if score >= rules.target:
            raise ScoreError(
                _(
                    "A score of %(score)s means the game was already won before this round (target "
                    "%(target)s)."
                )
                % {"score": score, "target": rules.target}
            )


def _parse_tricks(
    tricks: Sequence[Sequence[Card | str]], rules: HouseRules
) -> list[tuple[Card, ...]]:
    """Read every card, checking trick sizes, the number of tricks and duplicates."""
    if not tricks:
        raise PlayError(_("No tricks were given; a round has five."))
    if len(tricks) > TRICKS_PER_ROUND:
        raise PlayError(
            _(
                "%(count)s tricks were given, but each player holds only five cards, so a round "
                "has at most five tricks."
            )
            % {"count": len(tricks)}
        )
    parsed: list[tuple[Card, ...]] = []
    first_seen: dict[Card, int] = {}
    for number, trick in enumerate(tricks, start=1):
        if len(trick) != SEATS:
            raise PlayError(
                _(
                    "Trick %(trick)s has %(count)s cards; a trick has one card from each of the "
                    "four players."
                )
                % {"trick": number, "count": len(trick)}
            )
        cards = tuple(
            _parse_in_trick(value, number, position, rules)
            for position, value in enumerate(trick, 1)
        )
        for card in cards:
            if card in first_seen:
                raise PlayError(
                    _(
                        "The %(card)s is played twice (tricks %(first)s and %(again)s); a deck has "
                        "only one of each card."
                    )
                    % {"card": card_name(card), "first": first_seen[card], "again": number}
                )
            first_seen[card] = number
        parsed.append(cards)
    return parsed


def _parse_in_trick(value: Card | str, trick: int, position: int, rules: HouseRules) -> Card:
    try:
        return parse_card(value, jokers=rules.uses_joker)
    except CardError as error:
        raise CardError(
            _("Trick %(trick)s, card %(position)s: %(error)s")
            % {"trick": trick, "position": position, "error": error}
        ) from error


def _side_name(side: int, names: Sequence[str]) -> str:
    return _("%(first)s and %(second)s") % {"first": names[side], "second": names[side + 2]}


def _best_trump_bonus(
    plays: list[tuple[Play, ...]],
    winners: list[tuple[int, str]],
    trump: Suit,
    rules: HouseRules,
    complete: bool,
    names: Sequence[str],
) -> tuple[Bonus | None, str]:
    """The 5-point bonus for the trick holding the round's best trump (RULES.md B4)."""
    if not rules.best_trump_bonus:
        return None, _("Twenty-Five is played without the best-trump bonus.")
    trumps = [
        (number, play.card)
        for number, trick in enumerate(plays, 1)
        for play in trick
        if is_trump(play.card, trump)
    ]
    if not trumps:
        if complete:
            return None, _(
                "No trump was played in the round, so there is no best-trump bonus: the round is "
                "worth 25 points."
            )
        return None, _("No trump has been played yet, so the best-trump bonus is not decided.")
    number, best = max(trumps, key=lambda item: trump_strength(item[1], trump, rules))
    words = {"card": card_name(best), "trick": number}
    if not complete and best != trump_order(trump, rules.jokers)[0]:
        return None, _(
            "The round is not finished and a higher trump than the %(card)s may still be played, "
            "so the best-trump bonus is not decided."
        ) % words
    side = side_of(winners[number - 1][0])
    words["side"] = _side_name(side, names)
    reason = (
        _(
            "The %(card)s is the best trump played in the round; it fell in trick %(trick)s, so "
            "%(side)s score the 5-point bonus at that trick."
        )
        % words
    )
    return Bonus(best, number, side), reason


def _score_tricks(
    plays: list[tuple[Play, ...]],
    winners: list[tuple[int, str]],
    bonus: Bonus | None,
    scores_before: Scores,
    rules: HouseRules,
    names: Sequence[str],
) -> tuple[tuple[TrickRecord, ...], GameWon | None]:
    """Count points in trick order and find who reached the target first (RULES.md B4)."""
    records: list[TrickRecord] = []
    game_won: GameWon | None = None
    scores = list(scores_before)
    for number, (trick, (winner, reason)) in enumerate(zip(plays, winners, strict=True), start=1):
        side = side_of(winner)
        points = [0, 0]
        points[side] += POINTS_PER_TRICK
        if bonus and bonus.trick == number:
            points[bonus.side] += BEST_TRUMP_BONUS
        scores = [scores[0] + points[0], scores[1] + points[1]]
        if game_won is None and not rules.is_auction and scores[side] >= rules.target:
            game_won = GameWon(
                side,
                number,
                (scores[0], scores[1]),
                _game_won_reason(side, number, scores, rules, names),
            )
        records.append(
            TrickRecord(
                number=number,
                leader=trick[0].seat,
                plays=trick,
                winner=winner,
                side=side,
                reason=reason,
                points=(points[0], points[1]),
                scores=(scores[0], scores[1]),
            )
        )
    return tuple(records), game_won


def _game_won_reason(
    side: int, trick: int, scores: list[int], rules: HouseRules, names: Sequence[str]
) -> str:
    if rules.best_trump_bonus:
        text = _(
            "%(side)s reached %(target)s at trick %(trick)s (%(a)s-%(b)s) and win the game: "
            "points count in trick order, even if they did not know they held the best trump."
        )
    else:
        text = _(
            "%(side)s reached %(target)s at trick %(trick)s (%(a)s-%(b)s) and win the game: "
            "points count in trick order."
        )
    return text % {
        "side": _side_name(side, names),
        "target": rules.target,
        "trick": trick,
        "a": scores[0],
        "b": scores[1],
    }


def _find_reneges(
    plays: list[tuple[Play, ...]],
    trump: Suit,
    rules: HouseRules,
    complete: bool,
    names: Sequence[str],
) -> tuple[RenegeFinding, ...]:
    """Every renege the plays prove illegal (RULES.md B3, last point).

    A play is proven illegal when the cards the player showed afterwards were
    in their hand and obliged them to play differently. In a finished round
    those later cards are the player's whole hand. In an unfinished one the
    hand may hold unseen cards, but every obligation only grows with more
    cards (under hearts on hearts an unseen trump would oblige a trump, which
    forbids the card played just as the heart it showed did), so the cards
    shown are enough.
    """
    del complete  # kept in the signature: the judgement is the same either way
    judged = rules
    findings: list[RenegeFinding] = []
    for index, trick in enumerate(plays):
        led = trick[0].card
        for play in trick[1:]:
            later = [
                (number, p.card)
                for number, t in enumerate(plays[index + 1 :], index + 2)
                for p in t
                if p.seat == play.seat
            ]
            legal = explain_legal_plays(
                [play.card] + [card for _n, card in later], led, trump, judged
            )
            if play.card in legal.cards:
                continue
            evidence_trick, evidence = next(item for item in later if item[1] in legal.obliging)
            words = {
                "player": names[play.seat],
                "trick": index + 1,
                "led": card_name(led),
                "card": card_name(play.card),
                "evidence": card_name(evidence),
                "later": evidence_trick,
            }
            findings.append(
                RenegeFinding(
                    play.seat,
                    index + 1,
                    play.card,
                    led,
                    evidence,
                    evidence_trick,
                    _renege_reason(legal.obligation) % words,
                )
            )
    return tuple(findings)


def _renege_reason(obligation: Obligation) -> str:
    if obligation is Obligation.MUST_TRUMP:
        return _(
            "%(player)s reneged illegally in trick %(trick)s: trump was led (the %(led)s) and they "
            "played the %(card)s, but they still held the %(evidence)s (they played it in trick "
            "%(later)s), so they had to play a trump."
        )
    if obligation is Obligation.HEARTS_ON_HEARTS:
        return _(
            "%(player)s reneged illegally in trick %(trick)s: the ace of hearts was led and, "
            "holding no trump, they played the %(card)s, but they still held the %(evidence)s "
            "(they played it in trick %(later)s), and hearts on hearts obliged them to play a "
            "heart."
        )
    return _(
        "%(player)s reneged illegally in trick %(trick)s: the %(led)s was led and they played the "
        "%(card)s, but they still held the %(evidence)s (they played it in trick %(later)s), so "
        "they had to follow suit or play a trump."
    )
