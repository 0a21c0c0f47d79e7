"""The evening as plain rows for the PDFs: strings and numbers, no reportlab,
one module per printout.

Each `*_rows(evening, ...)` function loads what its PDF needs in a few
queries and returns frozen dataclasses; `scoring.printing.draw` turns them
into pages. Tests read the rows directly (the QR links, the starting tables,
the rules in words) and the PDFs separately.
"""

from .checkin_card import CheckinCard, checkin_card_rows, checkin_url
from .common import MAX_BLANK_CARDS, Heading, board_url, couple_card_url, table_entry_url
from .cue_cards import CueCard, CueCardSheet, cue_card_rows
from .quick_start import QuickStart, Section, quick_start_rows
from .results_sheet import Line, MoneyRow, PrizeRow, ResultsSheet, StandingRow, results_rows
from .rules_card import Example, RankColumn, RulesCard, card_label, rules_card_rows
from .table_cards import TableCard, TableCardSheet, table_card_rows

__all__ = [
    "MAX_BLANK_CARDS",
    "CheckinCard",
    "CueCard",
    "CueCardSheet",
    "Example",
    "Heading",
    "Line",
    "MoneyRow",
    "PrizeRow",
    "QuickStart",
    "RankColumn",
    "ResultsSheet",
    "RulesCard",
    "Section",
    "StandingRow",
    "TableCard",
    "TableCardSheet",
    "board_url",
    "card_label",
    "checkin_card_rows",
    "checkin_url",
    "couple_card_url",
    "cue_card_rows",
    "quick_start_rows",
    "results_rows",
    "rules_card_rows",
    "table_card_rows",
    "table_entry_url",
]
