"""THE RESULTS OF AN EVENING, as one frozen tree of plain values.

``evening_results(evening)`` is what every page that shows results builds on:
the organizer's standings and prizes pages, the public scoreboard and
board.json, the printed results sheet. It reads the punches (tables.Punch,
the tally), the prizes, the tie-break records and the cookie jar, and
returns :class:`EveningResults`, with a CONSTANT number of SQL queries
whatever the number of couples (at most 10; ``tests/scoring`` asserts it).

Everything is computed "as it stands": during play the places are the
current ones; ``finished`` says whether the evening is over. Nothing here
writes to the database.

The package: ``tree`` (the frozen values), ``load`` (the rows, constant
queries), ``compute`` (places, booby, half-time, ties), ``extras``
(travelling prize, 50/50, cookie jar), ``money`` (the money summary),
``wording`` (the words). The pure rules are in ``scoring.rules``.

Conventions for consumers
- Couples are :class:`CoupleRef` (plain values: id, number, names …); lists
  of couples are in couple-number order.
- Money is ``Decimal`` with 2 places.
- ``status`` of a place: ``"awarded"`` (one couple, outright), ``"tied"``
  (several couples, not settled yet), ``"settled"`` (a tie settled by a
  split, a cut or a play-off: see ``how_settled``).
- Names are full names; a public page applies the hall's privacy setting
  itself.
"""

from scoring.results.compute import compute, evening_results, tie_records, tiebreak_matches
from scoring.results.load import Loaded, load
from scoring.results.tree import (
    AWARDED,
    CENT,
    SETTLED,
    TIED,
    ZERO,
    CoupleRef,
    EveningResults,
    FiftyFiftyResult,
    HalfTimeResult,
    JarResult,
    MoneyLine,
    MoneySummary,
    PlaceResult,
    PrizeInfo,
    Standing,
    TravellingPass,
    TravellingResult,
)
from scoring.results.wording import card_label, money_text

__all__ = [
    "AWARDED",
    "CENT",
    "SETTLED",
    "TIED",
    "ZERO",
    "CoupleRef",
    "EveningResults",
    "FiftyFiftyResult",
    "HalfTimeResult",
    "JarResult",
    "Loaded",
    "MoneyLine",
    "MoneySummary",
    "PlaceResult",
    "PrizeInfo",
    "Standing",
    "TravellingPass",
    "TravellingResult",
    "card_label",
    "compute",
    "evening_results",
    "load",
    "money_text",
    "tie_records",
    "tiebreak_matches",
]
