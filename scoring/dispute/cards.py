"""Cards in and out of the dispute page: typed cards, the tap grid, tapping without JavaScript."""

from collections.abc import Iterable, Mapping, Sequence

from django import forms

from scoring.engine import (
    JOKER,
    Card,
    CardError,
    HouseRules,
    Rank,
    Suit,
    card_name,
    is_trump,
    parse_card,
    split_card_text,
    suit_name,
)

SEATS = 4
TRICKS = 5
HAND = 5

# Suits in the order the page shows them: red and black alternate.
SUIT_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
GRID_RANKS = (
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
ACTIONS = ("undo", "clear")


def split_cards(text: str) -> list[str]:
    """Cards as typed: separated by spaces, commas or semicolons ("dame de pique" is one)."""
    return split_card_text(text)


def normalize_tokens(tokens: Iterable[str], *, jokers: bool) -> list[str]:
    """Each token as the engine writes the card ("th" -> "10H"), or unchanged if not a card."""
    result = []
    for token in tokens:
        try:
            result.append(str(parse_card(token, jokers=jokers)))
        except CardError:
            result.append(token)
    return result


def card_info(card: Card) -> dict:
    """A card for the templates: its code, rank, suit symbol, colour and name in words."""
    if card.is_joker:
        return {
            "code": str(card),
            "rank": "JK",
            "symbol": "★",
            "red": False,
            "name": card_name(card),
            "joker": True,
        }
    assert card.suit is not None
    return {
        "code": str(card),
        "rank": card.rank.label,
        "symbol": card.suit.symbol,
        "red": card.suit.is_red,
        "name": card_name(card),
        "joker": False,
    }


def suit_info(suit: Suit) -> dict:
    return {
        "letter": suit.value,
        "symbol": suit.symbol,
        "red": suit.is_red,
        "name": suit_name(suit),
    }


def suits() -> list[dict]:
    return [suit_info(suit) for suit in SUIT_ORDER]


def card_grid(used: Iterable[str], trump: str, rules: HouseRules) -> dict:
    """The 52 cards (and the joker when the house uses one) as tap buttons, by suit.

    ``used`` are the card codes already in the form (shown pressed); cards that
    are trump under ``trump`` are marked.
    """
    used = set(used)
    trump_suit = Suit(trump) if trump else None

    def button(card: Card) -> dict:
        return card_info(card) | {
            "pressed": str(card) in used,
            "trump": bool(trump_suit) and is_trump(card, trump_suit),
        }

    rows = [
        suit_info(suit) | {"cards": [button(Card(rank, suit)) for rank in GRID_RANKS]}
        for suit in SUIT_ORDER
    ]
    return {"suits": rows, "joker": button(JOKER) if rules.uses_joker else None}


def apply_action(form_class: type[forms.Form], query: Mapping[str, str]) -> dict[str, str] | None:
    """The query after a tapped card (``tap``), ``action=undo`` or ``action=clear``.

    None when the query holds no such action. A tapped card already in a card
    field is taken out; otherwise it goes to the first card field with room
    (the last one when all are full, so the engine can say what is wrong).
    The result drops ``tap``, ``action`` and ``rule``.
    """
    tap = str(query.get("tap", "")).strip()
    action = str(query.get("action", "")).strip()
    if not tap and action not in ACTIONS:
        return None
    names = [name for name, _capacity in form_class.card_fields]
    if not names:
        return None
    capacities = [capacity for _name, capacity in form_class.card_fields]
    values = [normalize_tokens(split_cards(query.get(name, "")), jokers=True) for name in names]
    if tap:
        tap_card(values, capacities, normalize_tokens([tap], jokers=True)[0])
    elif action == "undo":
        undo_card(values)
    else:
        values = [[] for _name in names]
    params = {
        name: str(query.get(name, ""))
        for name in (*form_class.RULE_FIELDS, *form_class.mode_fields)
        if name in query
    }
    params |= {name: " ".join(cards) for name, cards in zip(names, values, strict=True)}
    return params


def tap_card(values: list[list[str]], capacities: Sequence[int], code: str) -> None:
    """Toggle ``code`` in the card fields ``values`` (in place); see `apply_action`."""
    for cards in values:
        if code in cards:
            cards.remove(code)
            return
    for cards, capacity in zip(values, capacities, strict=True):
        if len(cards) < capacity:
            cards.append(code)
            return
    values[-1].append(code)


def undo_card(values: list[list[str]]) -> None:
    """Take back the last card of the last card field that has one (in place)."""
    for cards in reversed(values):
        if cards:
            cards.pop()
            return


def filling_field(form: forms.Form) -> str:
    """The card field the next tap goes to (the page highlights it)."""
    values = form.card_values()
    for (name, capacity), cards in zip(form.card_fields, values, strict=True):
        if len(cards) < capacity:
            return name
    return form.card_fields[-1][0] if form.card_fields else ""
