"""How a tie is settled (RULES.md A5). Pure: no database.

The couples of a tie are keys (the bridge uses couple ids) given in
couple-number order. Everything here is a function of what was recorded, so
the state of a tie-break can always be recomputed from its rows:

- :func:`decide` turns the couples' choices into the method (any play-off
  wins the day and refusers forfeit; a split only when unanimous and the
  prize can be split; otherwise a cut);
- :func:`cut_state` replays the rounds of a cut (low card wins, ace low,
  suits do not matter, couples tied for a place that matters cut again);
- :func:`playoff_state` replays a knock-out play-off and :func:`pair_round`
  draws the next round's pairs;
- :func:`split_cents` shares cash to the cent;
- :func:`tie_outcome` puts it together.

``places`` is how many ranks the tie decides: 1 for a tie for one prize,
more with standard ranking, where two 18s contest first AND second.
"""

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from itertools import groupby

from scoring.engine import Card, Rank, card_name, deck, parse_card
from scoring.engine.errors import CardError
from scoring.engine.i18n import _
from scoring.rules.errors import RuleError

# Couples, in a given order (anything hashable: numbers in the app, letters in tests).
Couples = tuple[Hashable, ...]

SPLIT = "split"
CUT = "cut"
PLAYOFF = "playoff"
REFUSE = "refuse"
CHOICES = (SPLIT, CUT, PLAYOFF, REFUSE)

CHOOSING = "choosing"
CUTTING = "cutting"
PLAYING = "playing"
SETTLED = "settled"

CENT = Decimal("0.01")


class TieRuleError(RuleError):
    """Records that do not fit the rules of a tie (a card twice, a winner
    who was not in the game, a choice that does not exist)."""


# --- The choice ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """The method the choices call for, who plays it and who forfeited."""

    method: str  # SPLIT, CUT or PLAYOFF
    players: Couples  # couples that take part, in the order given
    forfeited: Couples = ()  # couples that would not play off


def decide(
    couples: Sequence[Hashable], choices: Mapping[Hashable, str | None], can_split: bool
) -> Decision:
    """Apply RULES.md A5 to every couple's choice.

    - any couple wants a play-off: a play-off; the couples that will not play
      off (``REFUSE``) forfeit their claim; the others play;
    - every couple wants a split and the prize can be split: a split;
    - otherwise: a cut (a refusal with no play-off wanted is just "not a split").
    """
    missing = [key for key in couples if not choices.get(key)]
    if missing:
        raise TieRuleError(_("Every couple in the tie must choose first."))
    unknown = [choices[key] for key in couples if choices[key] not in CHOICES]
    if unknown:
        raise TieRuleError(_('"%(choice)s" is not a way to settle a tie.') % {"choice": unknown[0]})
    wanted = [choices[key] for key in couples]
    if PLAYOFF in wanted:
        forfeited = tuple(key for key in couples if choices[key] == REFUSE)
        players = tuple(key for key in couples if choices[key] != REFUSE)
        return Decision(PLAYOFF, players, forfeited)
    if can_split and all(choice == SPLIT for choice in wanted):
        return Decision(SPLIT, tuple(couples))
    return Decision(CUT, tuple(couples))


# --- The cut ------------------------------------------------------------------


def cut_value(card: Card) -> int:
    """Low card wins: ace 1, 2 … 10, jack 11, queen 12, king 13; suits do not matter."""
    if card.rank is Rank.ACE:
        return 1
    return int(card.rank)


def read_cut_card(text: str | Card) -> Card:
    """A cut card as typed ("AH", "10s", "T♠"); a clear error for anything else."""
    try:
        return parse_card(text)
    except CardError as error:
        raise TieRuleError(str(error)) from None


def check_round(cards: Mapping[Hashable, Card]) -> None:
    """One round is cut from one deck: the same card cannot come up twice."""
    seen: dict[Card, Hashable] = {}
    for key, card in cards.items():
        if card in seen:
            raise TieRuleError(
                _("The %(card)s was cut twice in one round; a deck has only one.")
                % {"card": card_name(card)}
            )
        seen[card] = key


@dataclass(frozen=True, slots=True)
class CutState:
    """Where a cut stands after the rounds so far.

    ``groups`` orders every couple, lowest card first; couples still tied
    share a group. ``to_cut`` are the couples that must cut in round
    ``next_round`` (empty when the cut is decided); ``ranking`` the couples
    that take ranks 1, 2 … ``places`` once it is decided."""

    groups: tuple[Couples, ...]
    to_cut: Couples
    next_round: int
    done: bool
    ranking: Couples


def _needy(groups: list[Couples], places: int) -> list[Couples]:
    """Groups still tied on a rank that decides a prize."""
    needy, start = [], 1
    for group in groups:
        if len(group) > 1 and start <= places:
            needy.append(group)
        start += len(group)
    return needy


def cut_state(
    couples: Sequence[Hashable], places: int, rounds: Sequence[Mapping[Hashable, Card]]
) -> CutState:
    """Replay the rounds of a cut. Round 1 is cut by every couple; after each
    round the couples tied on the same card value for a rank that matters
    cut again (all such groups in the same next round)."""
    groups: list[Couples] = [tuple(couples)]
    order = {key: index for index, key in enumerate(couples)}
    for number, cards in enumerate(rounds, start=1):
        needy = _needy(groups, places)
        expected = {key for group in needy for key in group}
        if set(cards) != expected:
            raise TieRuleError(
                _("Round %(round)s of the cut needs one card from each couple still tied.")
                % {"round": number}
            )
        check_round(cards)
        regrouped: list[Couples] = []
        for group in groups:
            if group not in needy:
                regrouped.append(group)
                continue
            by_value = sorted(group, key=lambda key: (cut_value(cards[key]), order[key]))
            regrouped.extend(
                tuple(keys) for _, keys in groupby(by_value, key=lambda key: cut_value(cards[key]))
            )
        groups = regrouped
    needy = _needy(groups, places)
    to_cut = tuple(key for group in needy for key in group)
    done = not to_cut
    ranking = tuple(key for group in groups for key in group)[:places] if done else ()
    return CutState(tuple(groups), to_cut, len(rounds) + 1, done, ranking)


def deal_cut(couples: Sequence[Hashable], rng: random.Random) -> dict[Hashable, Card]:
    """A fair random cut: one card each, from one shuffled 52-card deck."""
    cards = rng.sample(deck(), len(couples))
    return dict(zip(couples, cards, strict=True))


# --- The play-off -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayoffGameRecord:
    """One recorded play-off game; ``b`` is None when ``a`` advances alone."""

    round: int
    a: Hashable
    b: Hashable | None
    winner: Hashable | None


@dataclass(frozen=True, slots=True)
class PlayoffState:
    """Where a knock-out stands.

    ``ranking`` holds the couples ranked so far, best first. While a round is
    under way, ``pending`` lists its games without a result; when a round is
    complete and the play-off is not over, ``needs_pairing`` is true and
    ``alive`` are the couples to pair for round ``next_round``."""

    ranking: Couples
    alive: Couples
    pending: tuple[PlayoffGameRecord, ...]
    needs_pairing: bool
    next_round: int
    done: bool


def playoff_state(
    players: Sequence[Hashable], places: int, games: Sequence[PlayoffGameRecord]
) -> PlayoffState:
    """Replay a play-off. With two couples one game decides it; with more,
    knock-out rounds (an odd couple out advances) until one is left. When the
    tie decides several places (standard ranking), the couples not yet ranked
    play off again for the next place, until every place is filled; a couple
    left alone takes the next place without playing."""
    places = min(places, len(players))
    ranking: list[Hashable] = []
    alive: list[Hashable] = list(players)

    def settle_alone() -> None:
        nonlocal alive
        while len(ranking) < places and len(alive) == 1:
            ranking.append(alive[0])
            alive = [key for key in players if key not in ranking]

    settle_alone()
    rounds = sorted({game.round for game in games})
    for position, number in enumerate(rounds):
        if len(ranking) >= places:
            raise TieRuleError(_("The play-off is already decided."))
        these = [game for game in games if game.round == number]
        seated = [game.a for game in these] + [game.b for game in these if game.b is not None]
        if Counter(seated) != Counter(alive):
            raise TieRuleError(
                _("Round %(round)s of the play-off does not seat every couple still in it once.")
                % {"round": number}
            )
        for game in these:
            allowed = (game.a,) if game.b is None else (game.a, game.b)
            if game.winner is not None and game.winner not in allowed:
                raise TieRuleError(_("The winner of a play-off game must be one of its couples."))
        pending = tuple(game for game in these if game.winner is None)
        if pending:
            if position != len(rounds) - 1:
                raise TieRuleError(_("A play-off round has started before the last one ended."))
            return PlayoffState(tuple(ranking), tuple(alive), pending, False, number + 1, False)
        alive = [game.winner for game in these]
        settle_alone()
    done = len(ranking) >= places
    next_round = (rounds[-1] if rounds else 0) + 1
    return PlayoffState(
        tuple(ranking), () if done else tuple(alive), (), not done, next_round, done
    )


def pair_round(
    alive: Sequence[Hashable], rng: random.Random
) -> list[tuple[Hashable, Hashable | None]]:
    """Pairs drawn at random for the next knock-out round; with an odd number
    the couple left over advances alone (paired with None)."""
    drawn = list(alive)
    rng.shuffle(drawn)
    pairs = [(drawn[i], drawn[i + 1]) for i in range(0, len(drawn) - 1, 2)]
    if len(drawn) % 2:
        pairs.append((drawn[-1], None))
    return pairs


# --- The split ----------------------------------------------------------------


def split_cents(amount: Decimal, couples: Sequence[Hashable]) -> dict[Hashable, Decimal]:
    """Equal shares rounded down to the cent; the cents left over go one each
    to the couples in the order given (couple-number order). The shares add
    up to ``amount`` exactly."""
    if not couples:
        return {}
    cents = int((Decimal(amount) * 100).to_integral_value(rounding=ROUND_DOWN))
    base, extra = divmod(cents, len(couples))
    return {
        key: (Decimal(base + (1 if index < extra else 0)) * CENT).quantize(CENT)
        for index, key in enumerate(couples)
    }


def percent_of(amount: Decimal, percent: Decimal) -> Decimal:
    """``percent`` % of ``amount``, rounded down to the cent."""
    return (Decimal(amount) * Decimal(percent) / 100).quantize(CENT, rounding=ROUND_DOWN)


# --- Everything together ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TieOutcome:
    """The state of one tie-break, recomputed from its records.

    ``ranking``: for a cut or a play-off, the couples that take ranks
    1, 2 … (only when settled, possibly fewer than ``places`` if couples
    forfeited); for a split, every couple shares (``split_among``)."""

    status: str
    method: str | None = None
    forfeited: Couples = ()
    ranking: Couples = ()
    split_among: Couples = ()
    cut: CutState | None = None
    playoff: PlayoffState | None = None
    cut_among: Couples = field(default=())  # who the cut is between


def tie_outcome(
    couples: Sequence[Hashable],
    places: int,
    choices: Mapping[Hashable, str | None],
    can_split: bool,
    cuts: Sequence[Mapping[Hashable, Card]] = (),
    games: Sequence[PlayoffGameRecord] = (),
) -> TieOutcome:
    """Where a tie-break stands after the choices, cuts and play-off games
    recorded so far.

    After a play-off, couples that forfeited finish behind every couple that
    played; when places are left for them (standard ranking) and more than
    one forfeited, they cut for those places."""
    if any(not choices.get(key) for key in couples):
        return TieOutcome(CHOOSING)
    decision = decide(couples, choices, can_split)
    if decision.method == SPLIT:
        return TieOutcome(SETTLED, SPLIT, split_among=decision.players)
    if decision.method == CUT:
        state = cut_state(decision.players, places, cuts)
        return TieOutcome(
            SETTLED if state.done else CUTTING,
            CUT,
            ranking=state.ranking,
            cut=state,
            cut_among=decision.players,
        )
    played = playoff_state(decision.players, places, games)
    if not played.done:
        if cuts:
            raise TieRuleError(_("Cards were cut before the play-off was over."))
        return TieOutcome(PLAYING, PLAYOFF, decision.forfeited, playoff=played)
    left = places - len(played.ranking)
    if left <= 0 or not decision.forfeited:
        return TieOutcome(
            SETTLED, PLAYOFF, decision.forfeited, ranking=played.ranking, playoff=played
        )
    state = cut_state(decision.forfeited, left, cuts)
    return TieOutcome(
        SETTLED if state.done else CUTTING,
        PLAYOFF,
        decision.forfeited,
        ranking=played.ranking + state.ranking if state.done else (),
        playoff=played,
        cut=state,
        cut_among=decision.forfeited,
    )
