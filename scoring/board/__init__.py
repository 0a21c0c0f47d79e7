"""The public scoreboard (no sign-in): one plain dict per evening, ready for
JSON and for the templates, with the hall's privacy setting applied once.

- ``freshness``: the ONE query a poll costs (``board_state``), the ETag and
  the cache (a cached board can never be older than its key says);
- ``data``: the board built from ``scoring.results.evening_results`` plus the
  current game's progress, in a constant number of queries;
- ``find``: "find my couple" (the one couple search, ``tables.search``) and
  a couple's own card;
- ``cards``: every couple card's HTML in one pass per version;
- ``views`` and ``urls``: the pages, their conditional GETs and the JSON.
"""

from cardnight.freshness import cached
from scoring.board.data import (
    build_board,
    get_board,
    get_seating,
    heading,
    progress,
)
from scoring.board.find import couple_card, couple_cards, match_couples
from scoring.board.freshness import (
    BoardState,
    board_state,
    built,
    cache_key,
    etag,
    state_of,
)
from tables.privacy import names_are_public
from tables.search import parse_number

__all__ = [
    "BoardState",
    "board_state",
    "build_board",
    "built",
    "cache_key",
    "cached",
    "couple_card",
    "couple_cards",
    "etag",
    "get_board",
    "get_seating",
    "heading",
    "match_couples",
    "names_are_public",
    "parse_number",
    "progress",
    "state_of",
]
