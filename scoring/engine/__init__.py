"""The rules engine for Forty-Fives: pure Python, no Django (RULES.md Part B).

What the site uses is importable from here (the types a function returns
come with it; import them from their module when a name is needed)::

    from scoring.engine import trick_winner, explain_legal_plays, play_round, check_claim

Each name is imported from its module when it is first asked for (PEP 562):
a worker that starts does not load the whole engine (and its tables) for the
pages that never use it. `scoring.engine.i18n` stays as light as it was.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the same names, for the type checker (explicitly re-exported)
    from .auction_bidding import check_bidding as check_bidding
    from .auction_bidding import seat_name as seat_name
    from .auction_hand import column_name as column_name
    from .auction_hand import columns as columns
    from .auction_hand import possible_points as possible_points
    from .auction_hand import score_hand as score_hand
    from .auction_sheet import SheetLine as SheetLine
    from .auction_sheet import check_sheet as check_sheet
    from .auction_sheet import parse_line as parse_line
    from .cards import ACE_OF_HEARTS as ACE_OF_HEARTS
    from .cards import JOKER as JOKER
    from .cards import Card as Card
    from .cards import Rank as Rank
    from .cards import Suit as Suit
    from .cards import card_label as card_label
    from .cards import card_name as card_name
    from .cards import deck as deck
    from .cards import parse_card as parse_card
    from .cards import parse_cards as parse_cards
    from .cards import parse_suit as parse_suit
    from .cards import split_card_text as split_card_text
    from .cards import suit_name as suit_name
    from .claims import check_claim as check_claim
    from .claims import past_last_round as past_last_round
    from .claims import round_help as round_help
    from .errors import CardError as CardError
    from .errors import EngineError as EngineError
    from .errors import PlayError as PlayError
    from .legal import explain_legal_plays as explain_legal_plays
    from .legal import is_renegable as is_renegable
    from .ranks import is_trump as is_trump
    from .ranks import plain_order as plain_order
    from .ranks import trump_order as trump_order
    from .rounds import play_round as play_round
    from .rules import AUCTION_RULES as AUCTION_RULES
    from .rules import DEFAULT_RULES as DEFAULT_RULES
    from .rules import HouseRules as HouseRules
    from .rules import Jokers as Jokers
    from .rules import NonTrumpLead as NonTrumpLead
    from .rules import Renege as Renege
    from .tricks import trick_winner as trick_winner

# Which module of the engine each name comes from.
_WHERE = {
    "check_bidding": "auction_bidding",
    "seat_name": "auction_bidding",
    "column_name": "auction_hand",
    "columns": "auction_hand",
    "possible_points": "auction_hand",
    "score_hand": "auction_hand",
    "SheetLine": "auction_sheet",
    "check_sheet": "auction_sheet",
    "parse_line": "auction_sheet",
    "ACE_OF_HEARTS": "cards",
    "Card": "cards",
    "JOKER": "cards",
    "Rank": "cards",
    "Suit": "cards",
    "card_label": "cards",
    "card_name": "cards",
    "deck": "cards",
    "parse_card": "cards",
    "parse_cards": "cards",
    "parse_suit": "cards",
    "split_card_text": "cards",
    "suit_name": "cards",
    "check_claim": "claims",
    "past_last_round": "claims",
    "round_help": "claims",
    "CardError": "errors",
    "EngineError": "errors",
    "PlayError": "errors",
    "explain_legal_plays": "legal",
    "is_renegable": "legal",
    "is_trump": "ranks",
    "plain_order": "ranks",
    "trump_order": "ranks",
    "play_round": "rounds",
    "AUCTION_RULES": "rules",
    "DEFAULT_RULES": "rules",
    "HouseRules": "rules",
    "Jokers": "rules",
    "NonTrumpLead": "rules",
    "Renege": "rules",
    "trick_winner": "tricks",
}

__all__ = list(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # asked for once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
