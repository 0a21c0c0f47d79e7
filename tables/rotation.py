"""The rotation rule of RULES.md A2 as pure functions: no ORM, no Django.

Couples are named by their numbers (ints) and tables by their numbers. One
game's seating is a `GameSeating`: its tables, each a `TableSeat` (the couple
that stayed, the couple that came, and who deals first), and the couple on the
bye. The functions here compute:

- `draw(couples, seed)`: game 1 by a random draw; `seat_by_hand(couples,
  pairs)`: game 1 as the organizer placed it (table 1 first).
- `rotate(seating, winners, leaving=..., arriving=..., closed=...)`: the next
  game, from this game's seating and winners, the couples who leave after this
  game, the late couples who join at the next one, and the tables already
  closed. It returns a `Rotation`: the new seating plus the tables it closes
  and opens.
- `movements(previous, seating)`: who stays, who moves where, who sits out,
  who leaves and who joins (the list a caller reads out in the hall).
- `destinations(seating)`: where each couple goes if it wins or loses, by the
  plain rule (before departures and late arrivals are known).

How `rotate` works (the README's "Decisions" explain why):

1. Plain rotation over the tables of this game in number order: the loser
   stays, the winner moves to the next table; the winner of the last table
   moves to table 1, or to the bye when there is one, and the bye couple moves
   to table 1 as its arriving couple.
2. The couples leaving after this game vacate their seats.
3. Couples free to sit (the bye couple first, then late couples in number
   order) fill the vacated seats, lowest table first, at tables where one
   couple is still sitting.
4. A table whose two couples both left is refilled by two free couples if
   there are two; otherwise it closes.
5. With no free couple left, half-empty tables are put together: the
   highest-numbered one closes and its couple moves to the lowest-numbered
   one; an odd one out closes and its couple takes the bye.
6. Free couples still waiting open new tables in pairs, numbered after the
   highest table number used so far (closed tables are never reopened); an
   odd one out takes the bye.

Seat roles: `couple_a` stayed at the table (or filled a departed couple's
seat there, or was drawn first); `couple_b` came to the table. The couple
that came deals first; when both couples are new to the table (a new or
refilled table), and in game 1, they cut for deal (`deals_first` is None).

Errors: `SeatingError` for requests that cannot be carried out (its message
is a translatable template and parameters; the Django side translates it),
`RotationBug` for states that cannot happen.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

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

    def __init__(self, template: str, **params):
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


class RotationBug(AssertionError):
    """A state that cannot happen if the code is right."""


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

    def __post_init__(self):
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

    def place_of(self, couple: int) -> int | str:
        """The table number of `couple`, BYE, or OUT."""
        if couple == self.bye:
            return BYE
        for seat in self.tables:
            if couple in seat.couples:
                return seat.table
        return OUT


@dataclass(frozen=True)
class Rotation:
    """The next game's seating and what changed in the room."""

    seating: GameSeating
    closed: tuple[int, ...] = ()  # tables closed after this game
    opened: tuple[int, ...] = ()  # tables opened for the next game


# --- Game 1 ---------------------------------------------------------------------


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


# --- The next game ----------------------------------------------------------------


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


# --- Reading a seating --------------------------------------------------------


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
