"""Places from game counts (RULES.md A4). Pure: no Django, no database.

Input is a list of ``(key, wins)`` pairs, one per couple (the key is
anything hashable and orderable, usually the couple number or a small
dataclass ordered by couple number). Output is the prize places.

Two methods:

- ``distinct`` (the default, as the seed describes): place 1 is every couple
  with the highest count, place 2 every couple with the next highest
  DISTINCT count, and so on. Two 18s, one 16, two 15s give place 1 = the two
  18s, place 2 = the 16, place 3 = the two 15s.
- ``standard`` (bridge-club, "1-1-3"): a couple's place is one more than the
  number of couples with more games. Tied couples contest the prizes of all
  the places they cover: two 18s cover places 1 and 2, the 16 is third.

A couple with no game won is never placed (it may take the booby prize).
"""

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

DISTINCT = "distinct"
STANDARD = "standard"
METHODS = (DISTINCT, STANDARD)


@dataclass(frozen=True, slots=True)
class PlaceGroup:
    """The couples on one game count that hold (or contest) prize places.

    ``place`` is the first place the group holds; ``covers`` every prize place
    it holds or contests (more than one only with standard ranking, capped at
    the number of prize places). ``tied`` when more than one couple is in it.
    """

    place: int
    wins: int
    couples: tuple[Hashable, ...]
    covers: tuple[int, ...]

    @property
    def tied(self) -> bool:
        return len(self.couples) > 1


def _by_count(
    pairs: Iterable[tuple[Hashable, int]],
) -> list[tuple[int, tuple[Hashable, ...]]]:
    """Groups of couples by game count, highest count first; each group's
    couples in the order given (callers pass them in couple-number order)."""
    ordered = sorted(pairs, key=lambda pair: -pair[1])  # stable: keeps the given order
    return [
        (wins, tuple(key for key, _ in group))
        for wins, group in groupby(ordered, key=lambda pair: pair[1])
    ]


def rank_of_each(
    pairs: Sequence[tuple[Hashable, int]], method: str = DISTINCT
) -> dict[Hashable, int | None]:
    """Every couple's place by ``method`` (distinct counts: 1, 1, 2, 3, 3;
    standard: 1, 1, 3, 4, 4), or ``None`` for a couple with no game won."""
    _check_method(method)
    ranks: dict[Hashable, int | None] = {}
    above = 0
    for index, (wins, keys) in enumerate(_by_count(pairs), start=1):
        place = index if method == DISTINCT else above + 1
        for key in keys:
            ranks[key] = place if wins > 0 else None
        above += len(keys)
    return ranks


def place_groups(
    pairs: Sequence[tuple[Hashable, int]], prize_places: int, method: str = DISTINCT
) -> list[PlaceGroup]:
    """The prize places, best first (RULES.md A4).

    >>> [(g.place, g.wins, g.couples) for g in place_groups(
    ...     [("a", 18), ("b", 18), ("c", 16), ("d", 15), ("e", 15), ("f", 9)], 3)]
    [(1, 18, ('a', 'b')), (2, 16, ('c',)), (3, 15, ('d', 'e'))]
    """
    _check_method(method)
    if prize_places < 1:
        return []
    groups: list[PlaceGroup] = []
    above = 0
    for index, (wins, keys) in enumerate(_by_count(pairs), start=1):
        if wins <= 0:
            break
        place = index if method == DISTINCT else above + 1
        if place > prize_places:
            break
        if method == DISTINCT:
            covers: tuple[int, ...] = (place,)
        else:
            covers = tuple(range(place, min(place + len(keys), prize_places + 1)))
        groups.append(PlaceGroup(place=place, wins=wins, couples=keys, covers=covers))
        above += len(keys)
    return groups


def left_early(left_after_game: int | None, games: int) -> bool:
    """A couple that went home before the evening's last game (RULES.md A6)."""
    return left_after_game is not None and left_after_game < games


def not_played_yet(joined_game: int, current_game: int, finished: bool) -> bool:
    """A couple with no whole game behind it yet: during play, one that joins
    at the game being played or later (a late arrival registered a minute
    ago); once the evening is over, one that never reached a game. It is not
    in line for the booby prize as it stands (RULES.md A6): its 0 games say
    nothing yet."""
    return joined_game > current_game if finished else joined_game >= current_game


def booby_group(
    pairs: Sequence[tuple[Hashable, int]],
    placed: Iterable[Hashable],
    ineligible: Iterable[Hashable] = (),
) -> tuple[int, tuple[Hashable, ...]] | None:
    """The couples in line for the booby prize (RULES.md A6): the fewest games
    among the couples that hold or contest no prize place and are not
    ``ineligible`` (by default a couple that left before the last game, see
    ``left_early``). ``None`` when no couple is left in line (a tiny
    evening), or nothing is played."""
    if not pairs or max(wins for _, wins in pairs) <= 0:
        return None
    skip = set(placed) | set(ineligible)
    rest = [(key, wins) for key, wins in pairs if key not in skip]
    if not rest:
        return None
    fewest = min(wins for _, wins in rest)
    return fewest, tuple(key for key, wins in rest if wins == fewest)


def leaders(pairs: Sequence[tuple[Hashable, int]]) -> tuple[int, tuple[Hashable, ...]] | None:
    """The couples with the most games (the half-time leader); ``None`` when
    nobody has won a game."""
    if not pairs:
        return None
    most = max(wins for _, wins in pairs)
    if most <= 0:
        return None
    return most, tuple(key for key, wins in pairs if wins == most)


def _check_method(method: str) -> None:
    if method not in METHODS:
        raise ValueError(f"unknown ranking method {method!r}")
