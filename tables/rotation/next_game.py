"""The next game: winners stay or move by the rotation rule (RULES.md A2)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from .game_one import _check_enough, _check_numbers
from .seating import (
    GameSeating,
    Rotation,
    RotationBug,
    SeatingError,
    TableSeat,
    _,
    numbers_text,
)


@dataclass
class _Table:
    """A table being filled for the next game: two seats, each a couple or None."""

    number: int
    a: int | None  # the staying seat
    b: int | None  # the arriving seat
    a_filled: bool = False  # the seat was filled by a couple new to the table
    b_filled: bool = False

    @property
    def empty_seats(self) -> int:
        return (self.a is None) + (self.b is None)

    def fill(self, couple: int) -> None:
        if self.a is None:
            self.a, self.a_filled = couple, True
        elif self.b is None:
            self.b, self.b_filled = couple, True
        else:
            raise RotationBug(f"table {self.number} is full")

    def lone(self) -> int | None:
        return self.a if self.a is not None else self.b

    def seat(self) -> TableSeat:
        if self.a is None or self.b is None:
            raise RotationBug(f"table {self.number} is not full")
        # The couple that came deals first; two couples new to the table cut.
        deals = None if self.a_filled and self.b_filled else self.b
        return TableSeat(self.number, self.a, self.b, deals)


@dataclass
class _Plan:
    tables: dict[int, _Table] = field(default_factory=dict)
    free: list[int] = field(default_factory=list)  # couples waiting for a seat
    closed: list[int] = field(default_factory=list)


def _check_rotation_input(
    seating: GameSeating,
    winners: Mapping[int, int],
    leaving: set[int],
    arriving: set[int],
    closed: set[int],
) -> None:
    missing = [t for t in seating.table_numbers if winners.get(t) is None]
    if missing:
        raise SeatingError(
            _("Every table needs its result first: tables %(tables)s have none."),
            tables=numbers_text(missing),
        )
    for table, winner in winners.items():
        try:
            seat = seating.seat(table)
        except KeyError:
            raise SeatingError(
                _("Table %(table)s is not in play in this game."), table=table
            ) from None
        if winner not in seat.couples:
            raise SeatingError(
                _("Couple %(couple)s did not play at table %(table)s."),
                couple=winner,
                table=table,
            )
    present = seating.couples
    if not leaving <= present:
        raise SeatingError(
            _("Couples %(couples)s are not playing this game, so they cannot leave after it."),
            couples=numbers_text(leaving - present),
        )
    if arriving & present:
        raise SeatingError(
            _("Couples %(couples)s are already playing: they cannot arrive late."),
            couples=numbers_text(arriving & present),
        )
    _check_numbers(arriving)
    reopened = closed & set(seating.table_numbers)
    if reopened:
        raise RotationBug(f"closed tables {sorted(reopened)} are in play")


def rotate(
    seating: GameSeating,
    winners: Mapping[int, int],
    *,
    leaving: Collection[int] = (),
    arriving: Collection[int] = (),
    closed: Collection[int] = (),
    game: int | None = None,
) -> Rotation:
    """The seating of the next game (see the module docstring for the steps).

    `winners` maps every table of `seating` to its winning couple; `leaving`
    are couples of this game who play no further; `arriving` are late couples
    who join at the next game; `closed` are tables closed earlier in the
    evening (their numbers are never used again). `game` is the next game's
    number, for messages only."""
    leaving_set, arriving_set, closed_set = set(leaving), set(arriving), set(closed)
    _check_rotation_input(seating, winners, leaving_set, arriving_set, closed_set)
    next_game = game if game is not None else 0
    staying = (seating.couples - leaving_set) | arriving_set
    _check_enough(staying, next_game)

    # 1. Plain rotation: losers stay, winners move on round the open tables.
    numbers = list(seating.table_numbers)
    plan = _Plan()
    for number in numbers:
        seat = seating.seat(number)
        plan.tables[number] = _Table(number, a=seat.other(winners[number]), b=None)
    for i, number in enumerate(numbers):
        winner = winners[number]
        if i + 1 < len(numbers):
            plan.tables[numbers[i + 1]].b = winner
        elif seating.bye is not None:
            plan.free.append(winner)  # to the bye: first to fill a seat
        else:
            plan.tables[numbers[0]].b = winner
    if seating.bye is not None:
        plan.tables[numbers[0]].b = seating.bye

    # 2. Departures vacate their seats (a departing couple on the bye frees it).
    plan.free = [c for c in plan.free if c not in leaving_set]
    for table in plan.tables.values():
        if table.a in leaving_set:
            table.a = None
        if table.b in leaving_set:
            table.b = None
    # Late couples wait with the bye couple, in couple-number order.
    plan.free.extend(sorted(arriving_set))

    # 3. Free couples fill seats at half-empty tables, lowest table first.
    for number in sorted(plan.tables):
        table = plan.tables[number]
        if table.empty_seats == 1 and plan.free:
            table.fill(plan.free.pop(0))

    # 4. A table left empty is refilled by two free couples, or closes.
    for number in sorted(plan.tables):
        table = plan.tables[number]
        if table.empty_seats == 2:
            if len(plan.free) >= 2:
                table.fill(plan.free.pop(0))
                table.fill(plan.free.pop(0))
            else:
                del plan.tables[number]
                plan.closed.append(number)

    # 5. No free couple left: put half-empty tables together.
    half = sorted(n for n, t in plan.tables.items() if t.empty_seats == 1)
    if half and plan.free:
        raise RotationBug("free couples left while seats are empty")
    while half:
        highest = half.pop()
        lone = plan.tables.pop(highest).lone()
        if lone is None:
            raise RotationBug(f"half-full table {highest} has no couple")
        plan.closed.append(highest)
        if half:
            plan.tables[half.pop(0)].fill(lone)
        else:
            plan.free.append(lone)

    # 6. Free couples still waiting open new tables; an odd one takes the bye.
    opened: list[int] = []
    highest_used = max([*numbers, *closed_set], default=0)
    while len(plan.free) >= 2:
        highest_used += 1
        new = _Table(highest_used, a=None, b=None)
        new.fill(plan.free.pop(0))
        new.fill(plan.free.pop(0))
        plan.tables[highest_used] = new
        opened.append(highest_used)
    if len(plan.free) > 1:
        raise RotationBug("more than one couple on the bye")
    bye = plan.free[0] if plan.free else None

    result = GameSeating(tables=tuple(plan.tables[n].seat() for n in sorted(plan.tables)), bye=bye)
    if result.couples != staying:
        raise RotationBug(f"seated {sorted(result.couples)} but {sorted(staying)} are present")
    if len(result.tables) != len(staying) // 2:
        raise RotationBug("wrong number of tables")
    return Rotation(seating=result, closed=tuple(sorted(plan.closed)), opened=tuple(opened))
