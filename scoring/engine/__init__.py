"""The rules engine for Forty-Fives: pure Python, no Django (RULES.md Part B).

Everything the site needs is importable from here::

    from scoring.engine import trick_winner, legal_plays, play_round, check_claim
"""

from .auction import AuctionResult, score_auction_hand
from .auction_bidding import Bidding, Call, check_bidding, read_call, seat_name
from .auction_calls import (
    CallRuling,
    TrumpCall,
    check_partner_call,
    check_trump_call,
    partner_from_call,
)
from .auction_hand import HandScore, column_name, columns, possible_points, score_hand
from .auction_sheet import SheetCheck, SheetLine, SheetRow, check_sheet, parse_line
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
from .claims import ClaimCheck, check_claim, last_round, past_last_round
from .errors import CardError, EngineError, HouseRulesError, PlayError, ScoreError
from .i18n import set_translator
from .legal import LegalPlays, Obligation, explain_legal_plays, is_renegable, legal_plays
from .ranks import is_trump, plain_order, suit_of, trump_order
from .rounds import (
    Bonus,
    GameWon,
    Play,
    RenegeFinding,
    RoundResult,
    TrickRecord,
    play_round,
    side_of,
)
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
from .tricks import TrickResult, trick_winner

__all__ = [
    "Bidding",
    "Call",
    "check_bidding",
    "read_call",
    "seat_name",
    "CallRuling",
    "TrumpCall",
    "check_partner_call",
    "check_trump_call",
    "partner_from_call",
    "HandScore",
    "column_name",
    "columns",
    "possible_points",
    "score_hand",
    "SheetCheck",
    "SheetLine",
    "SheetRow",
    "check_sheet",
    "parse_line",
    "ACE_OF_HEARTS",
    "AUCTION_RULES",
    "DEFAULT_RULES",
    "FIVE_ONLY_RULES",
    "JOKER",
    "TWENTY_FIVE_RULES",
    "AuctionResult",
    "Bonus",
    "Card",
    "CardError",
    "ClaimCheck",
    "EngineError",
    "GameWon",
    "HouseRules",
    "HouseRulesError",
    "Jokers",
    "LegalPlays",
    "NonTrumpLead",
    "Obligation",
    "Play",
    "PlayError",
    "Rank",
    "Renege",
    "RenegeFinding",
    "RoundResult",
    "ScoreError",
    "Suit",
    "TrickRecord",
    "TrickResult",
    "card_label",
    "card_name",
    "check_claim",
    "deck",
    "explain_legal_plays",
    "is_renegable",
    "is_trump",
    "last_round",
    "legal_plays",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "past_last_round",
    "plain_order",
    "play_round",
    "score_auction_hand",
    "set_translator",
    "side_of",
    "split_card_text",
    "suit_of",
    "suit_name",
    "trick_winner",
    "trump_order",
]
