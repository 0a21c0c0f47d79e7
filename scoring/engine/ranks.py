"""Which card beats which (RULES.md B2).

Orders are listed highest first, exactly as RULES.md B2 writes them, and
every comparison in the engine goes through them.
"""

from functools import cache

from .cards import ACE_OF_HEARTS, JOKER, Card, Rank, Suit
from .rules import HouseRules, Jokers


def _ranks(written: str) -> tuple[Rank, ...]:
    """Ranks as RULES.md B2 writes them, e.g. ``"A K Q 2 3"``."""
    by_label = {rank.label: rank for rank in Rank}
    return tuple(by_label[label] for label in written.split())


# The trump suit after its 5, J and the A-hearts, and the plain suits (RULES.md B2).
_RED_TRUMP_TAIL = _ranks("A K Q 10 9 8 7 6 4 3 2")
_BLACK_TRUMP_TAIL = _ranks("A K Q 2 3 4 6 7 8 9 10")
_RED_PLAIN = _ranks("K Q J 10 9 8 7 6 5 4 3 2 A")
_BLACK_PLAIN = _ranks("K Q J A 2 3 4 5 6 7 8 9 10")


def is_trump(card: Card, trump: Suit) -> bool:
    """A card of the trump suit, the A-hearts (always a trump) or the joker."""
    return card.suit is trump or card == ACE_OF_HEARTS or card.is_joker


def suit_of(card: Card, trump: Suit) -> Suit:
    """The suit a card counts as: every trump counts as the trump suit.

    So the A-hearts is never a plain heart (RULES.md B2: it "belongs to no
    other suit").
    """
    return trump if is_trump(card, trump) or card.suit is None else card.suit


@cache
def trump_order(trump: Suit, jokers: Jokers = Jokers.NONE) -> tuple[Card, ...]:
    """All trumps, highest first: 5, J, A-hearts, then the rest of the suit.

    The A of the trump suit only appears for black suits and diamonds (the
    A-hearts already sits third when hearts are trump). A joker, when used,
    sits right after the J or right after the A-hearts.
    """
    tail = _RED_TRUMP_TAIL if trump.is_red else _BLACK_TRUMP_TAIL
    order = [Card(Rank.FIVE, trump), Card(Rank.JACK, trump), ACE_OF_HEARTS]
    order += [Card(rank, trump) for rank in tail if Card(rank, trump) != ACE_OF_HEARTS]
    if jokers is Jokers.AFTER_JACK:
        order.insert(2, JOKER)
    elif jokers is Jokers.AFTER_ACE_OF_HEARTS:
        order.insert(3, JOKER)
    return tuple(order)


@cache
def plain_order(suit: Suit) -> tuple[Card, ...]:
    """A suit that is not trump, highest first; the A-hearts is left out (a trump)."""
    ranks = _RED_PLAIN if suit.is_red else _BLACK_PLAIN
    return tuple(Card(rank, suit) for rank in ranks if Card(rank, suit) != ACE_OF_HEARTS)


def trump_strength(card: Card, trump: Suit, rules: HouseRules) -> int:
    """Higher is better; only defined for trumps."""
    order = trump_order(trump, rules.jokers)
    return len(order) - order.index(card)


def plain_strength(card: Card) -> int:
    """Higher is better, within the card's own (non-trump) suit."""
    assert card.suit is not None
    order = plain_order(card.suit)
    return len(order) - order.index(card)
