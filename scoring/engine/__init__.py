"""The rules engine for Forty-Fives: pure Python, no Django (RULES.md Part B).

What the site uses is importable from here (the types a function returns
come with it; import them from their module when a name is needed)::

    from scoring.engine import trick_winner, legal_plays, play_round, check_claim

Each name is imported from its module when it is first asked for (PEP 562):
a worker that starts does not load the whole engine (and its tables) for the
pages that never use it. `scoring.engine.i18n` stays as light as it was.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the same names, for the type checker
    from .auction import score_auction_hand
    from .auction_bidding import check_bidding, read_call, seat_name
    from .auction_calls import check_partner_call, check_trump_call, partner_from_call
    from .auction_hand import column_name, columns, possible_points, score_hand
    from .auction_sheet import SheetLine, check_sheet, parse_line
    from .cards import (
        ACE_OF_HEARTS,
        JOKER,
        Card,
        Rank,
        Suit,
        card_label,
        card_name,
        deck,
        parse_card,
        parse_cards,
        parse_suit,
        split_card_text,
        suit_name,
    )
    from .claims import check_claim, last_round, past_last_round
    from .errors import CardError, EngineError, HouseRulesError, PlayError, ScoreError
    from .i18n import set_translator
    from .legal import Obligation, explain_legal_plays, is_renegable, legal_plays
    from .ranks import is_trump, plain_order, suit_of, trump_order
    from .rounds import play_round
    from .rules import (
        AUCTION_RULES,
        DEFAULT_RULES,
        FIVE_ONLY_RULES,
        TWENTY_FIVE_RULES,
        HouseRules,
        Jokers,
        NonTrumpLead,
        Renege,
    )
    from .tricks import trick_winner

# Which module of the engine each name comes from.
_WHERE = {
    "score_auction_hand": "auction",
    "check_bidding": "auction_bidding",
    "read_call": "auction_bidding",
    "seat_name": "auction_bidding",
    "check_partner_call": "auction_calls",
    "check_trump_call": "auction_calls",
    "partner_from_call": "auction_calls",
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
    "last_round": "claims",
    "past_last_round": "claims",
    "CardError": "errors",
    "EngineError": "errors",
    "HouseRulesError": "errors",
    "PlayError": "errors",
    "ScoreError": "errors",
    "set_translator": "i18n",
    "Obligation": "legal",
    "explain_legal_plays": "legal",
    "is_renegable": "legal",
    "legal_plays": "legal",
    "is_trump": "ranks",
    "plain_order": "ranks",
    "suit_of": "ranks",
    "trump_order": "ranks",
    "play_round": "rounds",
    "AUCTION_RULES": "rules",
    "DEFAULT_RULES": "rules",
    "FIVE_ONLY_RULES": "rules",
    "HouseRules": "rules",
    "Jokers": "rules",
    "NonTrumpLead": "rules",
    "Renege": "rules",
    "TWENTY_FIVE_RULES": "rules",
    "trick_winner": "tricks",
}

__all__ = list(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # asked for once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
