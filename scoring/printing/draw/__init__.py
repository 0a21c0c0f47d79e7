"""Draw the printing rows (scoring.printing.rows) as PDF pages with reportlab,
one module per printout.

Cue cards and table cards are drawn on a canvas at fixed positions; the rules
card and the results sheet flow with platypus. Everything is black and white
friendly (the red suits are a dark red that prints as dark grey), and all text
is real text, so it can be searched and extracted. User text never reaches
platypus markup unescaped.
"""

from .checkin_card import draw_checkin_card
from .common import page_size
from .cue_cards import (
    CARD_H,
    CARD_PAD,
    CARD_W,
    Box,
    cue_card_layout,
    draw_cue_cards,
)
from .quick_start import draw_quick_start
from .results_sheet import NAME_SIZE, draw_results_sheet, standings_name_fit
from .rules_card import draw_rules_card
from .table_cards import draw_table_cards, table_number_fit

__all__ = [
    "CARD_H",
    "CARD_PAD",
    "CARD_W",
    "NAME_SIZE",
    "Box",
    "cue_card_layout",
    "draw_checkin_card",
    "draw_cue_cards",
    "draw_quick_start",
    "draw_results_sheet",
    "draw_rules_card",
    "draw_table_cards",
    "page_size",
    "standings_name_fit",
    "table_number_fit",
]
