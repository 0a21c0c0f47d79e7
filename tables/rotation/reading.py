"""Reading a seating: who moves where, and how two seatings differ."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .seating import (
    BYE,
    OUT,
    GameSeating,
)


@dataclass(frozen=True)
class Move:
    """Where one couple was in a game and where it is in the next.

    `before` and `after` are a table number, BYE or OUT."""

    couple: int
    before: int | str
    after: int | str

    @property
    def kind(self) -> str:
        """stays, moves, sits_out, joins or leaves."""
        if self.after == OUT:
            return "leaves"
        if self.before == OUT:
            return "joins"
        if self.after == BYE:
            return "sits_out"
        if self.before == self.after:
            return "stays"
        return "moves"


def movements(
    previous: GameSeating | None, seating: GameSeating, *, leaving: Collection[int] = ()
) -> list[Move]:
    """Every couple's move from `previous` to `seating`, in couple-number order.

    Couples of `previous` not in `seating` left; couples of `seating` not in
    `previous` joined (every couple joins in game 1)."""
    before = previous.couples if previous is not None else frozenset()
    couples = sorted(before | seating.couples | set(leaving))
    return [
        Move(
            couple,
            previous.place_of(couple) if previous is not None else OUT,
            seating.place_of(couple),
        )
        for couple in couples
    ]


def destinations(seating: GameSeating) -> dict[int, tuple[int | str, int | str]]:
    """Where each couple goes next (if it wins, if it loses) by the plain rule.

    The loser stays; the winner moves to the next table, or the bye after the
    last table when there is a bye; the bye couple goes to the first table.
    Departures and late arrivals announced later can change this."""
    numbers = list(seating.table_numbers)
    result: dict[int, tuple[int | str, int | str]] = {}
    for i, number in enumerate(numbers):
        if i + 1 < len(numbers):
            onward: int | str = numbers[i + 1]
        elif seating.bye is not None:
            onward = BYE
        else:
            onward = numbers[0]
        for couple in seating.seat(number).couples:
            result[couple] = (onward, number)
    if seating.bye is not None and numbers:
        result[seating.bye] = (numbers[0], numbers[0])
    return result


def differences(expected: GameSeating, actual: GameSeating) -> list[str]:
    """Plain-English differences between two seatings of the same game, for
    the importer's messages (an empty list when they agree)."""
    problems: list[str] = []
    exp = {seat.table: seat for seat in expected.tables}
    act = {seat.table: seat for seat in actual.tables}
    for table in sorted(set(exp) | set(act)):
        if table not in act:
            a, b = exp[table].couples
            problems.append(f"table {table} should seat couples {a} and {b}, but is missing")
        elif table not in exp:
            problems.append(f"table {table} should not be in play")
        elif set(exp[table].couples) != set(act[table].couples):
            a, b = exp[table].couples
            x, y = act[table].couples
            problems.append(f"table {table} should seat couples {a} and {b}, not {x} and {y}")
        elif (
            act[table].deals_first is not None and act[table].deals_first != exp[table].deals_first
        ):
            deals = exp[table].deals_first
            problems.append(
                f"at table {table} couple {deals} deals first"
                if deals is not None
                else f"at table {table} the couples cut for deal"
            )
    if expected.bye != actual.bye:
        problems.append(
            f"the bye should be couple {expected.bye}"
            if expected.bye is not None
            else "no couple should be on the bye"
        )
    return problems
