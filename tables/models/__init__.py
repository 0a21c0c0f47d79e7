"""The models of tables: the evening (halls, evenings, couples) and the play
(tables, games, seatings, reports, the audit log, punches, receipts).

RULES.md part A is the reference. Domain rules live in model methods here and
in plain functions in tables/rotation/ (pure) and tables/services/ (the
bridge that loads rows, calls the rules and writes the result in one
transaction).
"""

from .checkin import CheckinEntry
from .evening import (
    DEFAULT_START_TIME,
    FIRST_YEAR,
    LAST_YEAR,
    MAX_COUPLE_NUMBER,
    MAX_GAMES,
    MAX_HALL_NOTE,
    MAX_NAME,
    Couple,
    CoupleQuerySet,
    Evening,
    EveningQuerySet,
    Hall,
    date_in_range,
    new_generation,
    new_token,
    unique_hall_slug,
)
from .evening_template import EveningTemplate
from .membership import Membership, OneTimePassword
from .play import Game, LateReport, Punch, Receipt, ResultChange, Seating, Table, TableReport
from .players import Player, PlayerKey, PlayerProposal, PlayerQuerySet, person_of

__all__ = [
    "DEFAULT_START_TIME",
    "FIRST_YEAR",
    "LAST_YEAR",
    "MAX_COUPLE_NUMBER",
    "MAX_GAMES",
    "MAX_HALL_NOTE",
    "MAX_NAME",
    "CheckinEntry",
    "Couple",
    "CoupleQuerySet",
    "Evening",
    "EveningQuerySet",
    "EveningTemplate",
    "Game",
    "Hall",
    "LateReport",
    "Membership",
    "OneTimePassword",
    "Player",
    "PlayerKey",
    "PlayerProposal",
    "PlayerQuerySet",
    "Punch",
    "Receipt",
    "ResultChange",
    "Seating",
    "Table",
    "TableReport",
    "date_in_range",
    "new_generation",
    "new_token",
    "person_of",
    "unique_hall_slug",
]
