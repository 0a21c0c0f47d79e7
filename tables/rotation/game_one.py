"""Game 1: a random draw or a seating placed by hand (RULES.md A2)."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence

from .seating import (
    GameSeating,
    RotationBug,
    SeatingError,
    TableSeat,
    _,
    numbers_text,
)


def _check_enough(couples: Collection[int], game: int) -> None:
    if len(couples) < 2:
        raise SeatingError(
            _(
                "Only %(n)s couple would play game %(game)s: at least two couples are "
                "needed for a table."
            ),
            n=len(couples),
            game=game,
        )


def _check_numbers(couples: Iterable[int]) -> list[int]:
    result = sorted(couples)
    if len(set(result)) != len(result):
        raise RotationBug("a couple number is repeated")
    if any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in result):
        raise RotationBug(f"couple numbers must be whole numbers from 1: {result}")
    return result


def _pairs_to_seating(order: Sequence[int]) -> GameSeating:
    tables = tuple(
        TableSeat(table=i // 2 + 1, couple_a=order[i], couple_b=order[i + 1])
        for i in range(0, len(order) - 1, 2)
    )
    bye = order[-1] if len(order) % 2 else None
    return GameSeating(tables=tables, bye=bye)


def draw(couples: Collection[int], seed: int | str | None = None) -> GameSeating:
    """Game 1 by a random draw: tables 1..N//2, the odd couple out on the bye.

    The same seed always gives the same draw (for tests and simulations); with
    no seed the draw comes from the operating system's randomness."""
    order = _check_numbers(couples)
    _check_enough(order, 1)
    rng = random.SystemRandom() if seed is None else random.Random(seed)
    rng.shuffle(order)
    return _pairs_to_seating(order)


def seat_by_hand(couples: Collection[int], pairs: Sequence[Sequence[int]]) -> GameSeating:
    """Game 1 as the organizer placed it: `pairs[0]` sits at table 1, and so on.

    Every couple must be placed once; with an odd number the one couple not
    placed takes the bye."""
    present = set(_check_numbers(couples))
    _check_enough(present, 1)
    placed: list[int] = []
    for table, pair in enumerate(pairs, start=1):
        if len(pair) != 2:
            raise SeatingError(
                _("Table %(table)s needs two couples, not %(n)s."), table=table, n=len(pair)
            )
        for couple in pair:
            if couple not in present:
                raise SeatingError(
                    _("Table %(table)s: there is no couple %(couple)s tonight."),
                    table=table,
                    couple=couple,
                )
            if couple in placed:
                raise SeatingError(
                    _("Couple %(couple)s is placed twice."),
                    couple=couple,
                )
            placed.append(couple)
    left = sorted(present - set(placed))
    if len(left) > 1:
        raise SeatingError(
            _("Couples %(couples)s have no table: place every couple but one at most."),
            couples=numbers_text(left),
        )
    return _pairs_to_seating(placed + left)
