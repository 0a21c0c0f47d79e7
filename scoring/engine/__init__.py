"""The rules engine for Forty-Fives: pure Python, no Django (RULES.md Part B).

Everything the site needs is importable from here::

    from scoring.engine import trick_winner, legal_plays, play_round, check_claim

Each name is imported from its module when it is first asked for (PEP 562):
a worker that starts does not load the whole engine (and its tables) for the
pages that never use it. `scoring.engine.i18n` stays as light as it was.
"""

from __future__ import annotations

import importlib

# Which module of the engine each name comes from.
_WHERE = {
    # .auction_bidding
    "Bidding": "auction_bidding",
    "Call": "auction_bidding",
    "check_bidding": "auction_bidding",
    "read_call": "auction_bidding",
    "seat_name": "auction_bidding",
    # .auction_calls
    "CallRuling": "auction_calls",
    "TrumpCall": "auction_calls",
    "check_partner_call": "auction_calls",
    "check_trump_call": "auction_calls",
    "partner_from_call": "auction_calls",
    # .auction_hand
    "HandScore": "auction_hand",
    "column_name": "auction_hand",
    "columns": "auction_hand",
    "possible_points": "auction_hand",
    "score_hand": "auction_hand",
    # .auction_sheet
    "SheetCheck": "auction_sheet",
    "SheetLine": "auction_sheet",
    "SheetRow": "auction_sheet",
    "check_sheet": "auction_sheet",
    "parse_line": "auction_sheet",
    # .cards
    "ACE_OF_HEARTS": "cards",
    "JOKER": "cards",
    "Card": "cards",
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
    # .rules
    "AUCTION_RULES": "rules",
    "DEFAULT_RULES": "rules",
    "FIVE_ONLY_RULES": "rules",
    "TWENTY_FIVE_RULES": "rules",
    "HouseRules": "rules",
    "Jokers": "rules",
    "NonTrumpLead": "rules",
    "Renege": "rules",
    # .auction
    "AuctionResult": "auction",
    "score_auction_hand": "auction",
    # .rounds
    "Bonus": "rounds",
    "GameWon": "rounds",
    "Play": "rounds",
    "RenegeFinding": "rounds",
    "RoundResult": "rounds",
    "TrickRecord": "rounds",
    "play_round": "rounds",
    "side_of": "rounds",
    # .errors
    "CardError": "errors",
    "EngineError": "errors",
    "HouseRulesError": "errors",
    "PlayError": "errors",
    "ScoreError": "errors",
    # .claims
    "ClaimCheck": "claims",
    "check_claim": "claims",
    "last_round": "claims",
    "past_last_round": "claims",
    # .legal
    "LegalPlays": "legal",
    "Obligation": "legal",
    "explain_legal_plays": "legal",
    "is_renegable": "legal",
    "legal_plays": "legal",
    # .tricks
    "TrickResult": "tricks",
    "trick_winner": "tricks",
    # .ranks
    "is_trump": "ranks",
    "plain_order": "ranks",
    "suit_of": "ranks",
    "trump_order": "ranks",
    # .i18n
    "set_translator": "i18n",
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
