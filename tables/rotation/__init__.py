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
- `present_at(joined_game, left_after_game, game)`: whether a couple plays (or
  sits out) a game, by when it joined and left.

How `rotate` works (docs/decisions.md "Decisions" explains why):

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

from .game_one import draw, seat_by_hand
from .next_game import rotate
from .reading import Move, destinations, differences, movements
from .seating import (
    BYE,
    OUT,
    GameSeating,
    Rotation,
    RotationBug,
    SeatingError,
    TableSeat,
    numbers_text,
    present_at,
)

__all__ = [
    "BYE",
    "OUT",
    "GameSeating",
    "Move",
    "Rotation",
    "RotationBug",
    "SeatingError",
    "TableSeat",
    "destinations",
    "differences",
    "draw",
    "movements",
    "numbers_text",
    "present_at",
    "rotate",
    "seat_by_hand",
]
