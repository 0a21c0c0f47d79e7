"""Cards, suits and how to write them (RULES.md B1).

A card is written rank then suit: ``"5H"``, ``"10S"``, ``"JC"``, ``"AH"``.
Parsing also takes ``"T"`` for 10, lower case, suit symbols (``"A♥"``,
``"10♠"``, ``"5♢"``) and cards in words, English or French (``"queen of
spades"``, ``"dame de pique"``, ``"as de cœur"``, ``"10 carreau"``). The
joker is ``"JK"``; it only exists when the house rules use one.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from .errors import CardError
from .i18n import _


class Suit(StrEnum):
    """The four suits, valued by their letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        """The suit's symbol as printed: ``"♥"``."""
        return _SUIT_SYMBOLS[self]


class Rank(IntEnum):
    """Face values; the number is only an identity, never a strength in 45."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        """The rank as written on a card: ``"10"``, ``"J"``, ``"JK"``."""
        return _RANK_LABELS.get(self, str(self.value))


_RANK_LABELS = {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_RANK_FROM_TEXT = {rank.label: rank for rank in Rank if rank is not Rank.JOKER}
_RANK_FROM_TEXT["T"] = Rank.TEN

_SUIT_FROM_TEXT = {
    "c": Suit.CLUBS,
    "club": Suit.CLUBS,
    "clubs": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "d": Suit.DIAMONDS,
    "diamond": Suit.DIAMONDS,
    "diamonds": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "h": Suit.HEARTS,
    "heart": Suit.HEARTS,
    "hearts": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "s": Suit.SPADES,
    "spade": Suit.SPADES,
    "spades": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
# Suit names in French, as halls on Isle Madame write them (accents optional).
_SUIT_FROM_TEXT |= {
    word: suit
    for suit, words in (
        (Suit.CLUBS, ("trèfle", "trèfles", "trefle", "trefles")),
        (Suit.DIAMONDS, ("carreau", "carreaux")),
        (Suit.HEARTS, ("cœur", "cœurs", "coeur", "coeurs")),
        (Suit.SPADES, ("pique", "piques")),
    )
    for word in words
}
# Ranks written as words, English or French: "queen of spades", "dame de pique".
_RANK_FROM_WORD = {
    "jack": Rank.JACK,
    "queen": Rank.QUEEN,
    "king": Rank.KING,
    "ace": Rank.ACE,
    "valet": Rank.JACK,
    "dame": Rank.QUEEN,
    "roi": Rank.KING,
    "as": Rank.ACE,
}
_RANK_FROM_WORD |= {str(rank.value): rank for rank in Rank if rank <= Rank.TEN}
# "dame de pique", "10 of hearts", "as♥", "valet trèfle", "roi de cœur".
_CARD_IN_WORDS = re.compile(
    r"^(?P<rank>10|[2-9]|jack|queen|king|ace|valet|dame|roi|as)"
    r"\s*(?:(?<=\s)(?:de|of)\s+|d['’]\s*)?(?P<suit>[^\s'’]+)$"
)
_JOKER_TEXTS = ("JK", "JOKER")
_VARIATION_SELECTOR = "\ufe0f"  # emoji form of the suit symbols, e.g. "♥️"


@dataclass(frozen=True, slots=True)
class Card:
    """One card. The joker has no suit; every other card has one."""

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise CardError(_("Only the joker has no suit."))

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    def __str__(self) -> str:
        return self.rank.label + (self.suit.value if self.suit else "")


JOKER = Card(Rank.JOKER, None)
ACE_OF_HEARTS = Card(Rank.ACE, Suit.HEARTS)
STANDARD_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER
)


def deck(with_joker: bool = False) -> tuple[Card, ...]:
    """The 52 cards (RULES.md B1), plus the joker when the house uses one."""
    return STANDARD_DECK + ((JOKER,) if with_joker else ())


def parse_suit(value: Suit | str) -> Suit:
    """A suit from its letter, name or symbol: ``"H"``, ``"hearts"``, ``"♥"``."""
    if isinstance(value, Suit):
        return value
    key = str(value).strip().replace(_VARIATION_SELECTOR, "").lower()
    try:
        return _SUIT_FROM_TEXT[key]
    except KeyError:
        raise CardError(
            _('"%(text)s" is not a suit: use C, D, H or S, a name like "hearts", or ♥.')
            % {"text": value}
        ) from None


def parse_card(value: Card | str, *, jokers: bool = False) -> Card:
    """Read one card (RULES.md B1); ``jokers`` says whether "JK" is allowed.

    Raises :class:`CardError` naming the bad input, e.g.
    ``"7X" is not a card: unknown suit "X"``.
    """
    if isinstance(value, Card):
        if value.is_joker and not jokers:
            raise CardError(_no_jokers_message(str(value)))
        return value
    if not isinstance(value, str):
        raise CardError(
            _('"%(text)s" is not a card: a card is written like "10S" or "AH".') % {"text": value}
        )
    text = value.strip().replace(_VARIATION_SELECTOR, "")
    if text.upper() in _JOKER_TEXTS:
        if not jokers:
            raise CardError(_no_jokers_message(value))
        return JOKER
    in_words = _card_in_words(text)
    if in_words is not None:
        return in_words
    if len(text) < 2:
        raise CardError(
            _('"%(text)s" is not a card: a card is a rank and a suit, like "10S" or "AH".')
            % {"text": value}
        )
    rank_text, suit_text = text[:-1].upper(), text[-1]
    if suit_text.lower() not in _SUIT_FROM_TEXT:
        raise CardError(
            _('"%(text)s" is not a card: unknown suit "%(suit)s".')
            % {"text": value, "suit": suit_text}
        )
    if rank_text not in _RANK_FROM_TEXT:
        raise CardError(
            _('"%(text)s" is not a card: unknown rank "%(rank)s".')
            % {"text": value, "rank": rank_text}
        )
    return Card(_RANK_FROM_TEXT[rank_text], _SUIT_FROM_TEXT[suit_text.lower()])


def _card_in_words(text: str) -> Card | None:
    """A card written with words: "dame de pique", "as de cœur", "10 of hearts"; else None."""
    match = _CARD_IN_WORDS.match(text.lower())
    if not match:
        return None
    rank = _RANK_FROM_WORD.get(match["rank"])
    suit = _SUIT_FROM_TEXT.get(match["suit"])
    if rank is None or suit is None or (len(match["suit"]) == 1 and match["suit"].isalpha()):
        return None  # "10h" and "ah" are read as written, rank then suit letter
    return Card(rank, suit)


def split_card_text(text: str) -> list[str]:
    """Cards as typed, one token each: separated by spaces, commas or semicolons,
    a card in words kept whole ("dame de pique, 5H as♥" -> three tokens)."""
    tokens = [token for token in _SEPARATORS.split(str(text or "").strip()) if token]
    cards: list[str] = []
    index = 0
    while index < len(tokens):
        for width in (3, 2):
            words = " ".join(tokens[index : index + width])
            if len(tokens) - index >= width and _card_in_words(words) is not None:
                cards.append(words)
                index += width
                break
        else:
            cards.append(tokens[index])
            index += 1
    return cards


_SEPARATORS = re.compile(r"[\s,;]+")


def parse_cards(values: Iterable[Card | str], *, jokers: bool = False) -> tuple[Card, ...]:
    """Read several cards, refusing any card that appears twice."""
    cards = tuple(parse_card(value, jokers=jokers) for value in values)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(
                _("The %(card)s appears twice; a deck has only one of each card.")
                % {"card": card_name(card)}
            )
        seen.add(card)
    return cards


def _no_jokers_message(text: str) -> str:
    return _('"%(text)s" is not a card: jokers are not used under these house rules.') % {
        "text": text
    }


def suit_name(suit: Suit) -> str:
    """The suit's name in words, plural as halls say it: "hearts"."""
    names = {
        Suit.CLUBS: _("clubs"),
        Suit.DIAMONDS: _("diamonds"),
        Suit.HEARTS: _("hearts"),
        Suit.SPADES: _("spades"),
    }
    return names[suit]


def card_name(card: Card) -> str:
    """The card in words: "5 of hearts", "jack of spades", "joker".

    English has no article here (messages say "the %(card)s"); a language
    whose article depends on the card puts it in the translations instead
    (French: "le 5 de cœur", "la dame de pique", "l'as de cœur", and "the
    %(card)s" is just "%(card)s"), hence the separate message for number
    cards."""
    if card.suit is None:
        return _("joker")
    faces = {
        Rank.JACK: _("jack"),
        Rank.QUEEN: _("queen"),
        Rank.KING: _("king"),
        Rank.ACE: _("ace"),
    }
    suit = suit_name(card.suit)
    if card.rank in faces:
        return _("%(rank)s of %(suit)s") % {"rank": faces[card.rank], "suit": suit}
    return _("%(number)s of %(suit)s") % {"number": card.rank.label, "suit": suit}


def card_label(card: Card) -> str:
    """A card as printed for people: "10♥", "A♠", "JK" for the joker; the
    face letters in the reader's language (French: R, D, V for K, Q, J).
    Parsing and the card notation (``str(card)``) keep K, Q, J."""
    if card.suit is None:
        return card.rank.label
    faces = {
        # Translators: one letter for the king on a printed card (French "R" for roi).
        Rank.KING: _("K (king)"),
        # Translators: one letter for the queen on a printed card (French "D" for dame).
        Rank.QUEEN: _("Q (queen)"),
        # Translators: one letter for the jack on a printed card (French "V" for valet).
        Rank.JACK: _("J (jack)"),
    }
    rank = faces[card.rank].split(" ")[0] if card.rank in faces else card.rank.label
    return rank + card.suit.symbol


def the_cards(cards: Iterable[Card]) -> str:
    """Cards in words with articles: "the 6 of clubs and the ace of hearts"."""
    names = [_("the %(card)s") % {"card": card_name(card)} for card in cards]
    if len(names) < 2:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}
