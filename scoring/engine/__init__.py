"""The rules engine for Forty-Fives: pure Python, no Django (RULES.md Part B).

What the site uses is importable from here (the types a function returns
come with it; import them from their module when a name is needed)::

    from scoring.engine import trick_winner, legal_plays, play_round, check_claim
"""

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

__all__ = [
    "check_bidding",
    "read_call",
    "seat_name",
    "check_partner_call",
    "check_trump_call",
    "partner_from_call",
    "column_name",
    "columns",
    "possible_points",
    "score_hand",
    "SheetLine",
    "check_sheet",
    "parse_line",
    "ACE_OF_HEARTS",
    "AUCTION_RULES",
    "DEFAULT_RULES",
    "FIVE_ONLY_RULES",
    "JOKER",
    "TWENTY_FIVE_RULES",
    "Card",
    "CardError",
    "EngineError",
    "HouseRules",
    "HouseRulesError",
    "Jokers",
    "NonTrumpLead",
    "Obligation",
    "PlayError",
    "Rank",
    "Renege",
    "ScoreError",
    "Suit",
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
    "split_card_text",
    "suit_of",
    "suit_name",
    "trick_winner",
    "trump_order",
]
