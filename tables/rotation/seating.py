"""The seating types and errors of the rotation rule (pure: no Django)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

BYE = "bye"  # a place: sitting out
OUT = "out"  # a place: not in that game (not arrived yet, or gone)


def _(message: str) -> str:
    """Marks a message for translation (makemessages picks up `_`); the
    Django side translates `SeatingError.template` when it shows it."""
    return message


class SeatingError(ValueError):
    """A request the rotation rule cannot carry out, in plain words.

    `template` is an English message with %(name)s placeholders (marked for
    translation), `params` its values; `str(error)` is the English text."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


class RotationBug(AssertionError):
    """A state that cannot happen if the code is right."""


def present_at(joined_game: int, left_after_game: int | None, game_number: int) -> bool:
    """Does a couple that joined at `joined_game` and left after
    `left_after_game` (None: stays to the end) play, or sit out, game
    `game_number`? (`Couple.is_present_at`; `CoupleQuerySet.present_at` is
    its SQL twin.)"""
    return joined_game <= game_number and (
        left_after_game is None or left_after_game >= game_number
    )


def numbers_text(numbers: Iterable[int]) -> str:
    """`[3, 7, 12]` -> "3, 7, 12" (for messages)."""
    return ", ".join(str(n) for n in sorted(numbers))


@dataclass(frozen=True)
class TableSeat:
    """Two couples at one table for one game."""

    table: int
    couple_a: int  # stayed at the table (or drawn first, or filled a seat)
    couple_b: int  # came to the table
    deals_first: int | None = None  # None: the two couples cut for deal

    @property
    def couples(self) -> tuple[int, int]:
        return (self.couple_a, self.couple_b)

    def other(self, couple: int) -> int:
        if couple == self.couple_a:
            return self.couple_b
        if couple == self.couple_b:
            return self.couple_a
        raise RotationBug(f"couple {couple} is not at table {self.table}")


@dataclass(frozen=True)
class GameSeating:
    """Where every couple of one game sits: tables in number order, and the bye."""

    tables: tuple[TableSeat, ...]
    bye: int | None = None

    def __post_init__(self) -> None:
        numbers = [seat.table for seat in self.tables]
        if numbers != sorted(set(numbers)):
            raise RotationBug(f"tables out of order or repeated: {numbers}")
        seen: set[int] = set()
        for couple in self.couples_in_order():
            if couple in seen:
                raise RotationBug(f"couple {couple} seated twice")
            seen.add(couple)

    def couples_in_order(self) -> list[int]:
        couples = [c for seat in self.tables for c in seat.couples]
        if self.bye is not None:
            couples.append(self.bye)
        return couples

    @property
    def couples(self) -> frozenset[int]:
        return frozenset(self.couples_in_order())

    @property
    def table_numbers(self) -> tuple[int, ...]:
        return tuple(seat.table for seat in self.tables)

    def seat(self, table: int) -> TableSeat:
        for seat in self.tables:
            if seat.table == table:
                return seat
        raise KeyError(table)

    @cached_property
    def _tables_of(self) -> dict[int, int]:
        """{couple: its table}, made once: `place_of` is asked for every
        couple of a game (the game screen's movement), which was quadratic."""
        return {couple: seat.table for seat in self.tables for couple in seat.couples}

    def place_of(self, couple: int) -> int | str:
        """The table number of `couple`, BYE, or OUT."""
        if couple == self.bye:
            return BYE
        return self._tables_of.get(couple, OUT)


@dataclass(frozen=True)
class Rotation:
    """The next game's seating and what changed in the room."""

    seating: GameSeating
    closed: tuple[int, ...] = ()  # tables closed after this game
    opened: tuple[int, ...] = ()  # tables opened for the next game
