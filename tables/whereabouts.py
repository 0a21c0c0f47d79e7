"""Where each couple plays now and goes next, for the table side's page,
the public board's couple cards and the organizer's pages. Each runs a fixed
number of queries, whatever the number of tables or couples.

    current_seating(evening) -> GameSeatingRows        # 2 queries
    whereabouts(evening, couple) -> Whereabouts         # 2 queries at most
    CurrentGame(evening, current_seating(evening))      # every couple's, 0 more
"""

from __future__ import annotations

from dataclasses import dataclass

from . import rotation
from .models import Couple, Evening, Game, Seating

BYE, OUT = rotation.BYE, rotation.OUT


@dataclass(frozen=True)
class Whereabouts:
    """Where a couple is in the current game and where it goes next.

    Places are a table number, `BYE` or `OUT` (not playing). `if_win` and
    `if_lose` follow the plain rotation rule; departures and late arrivals
    announced later can still change them. `next` is the place that applies
    once the couple's result is in (None while it is not, or when no game
    follows)."""

    game: int
    place: int | str
    opponent: int | None = None
    deals_first: bool | None = None
    result: str | None = None  # "won", "lost" or None
    if_win: int | str | None = None
    if_lose: int | str | None = None
    next: int | str | None = None
    joins_at: int | None = None


@dataclass(frozen=True)
class GameSeatingRows:
    """The current game's seating as plain rows (cacheable): its number, the
    couple sitting out and (table, couple_a, couple_b, deals_first, winner)."""

    game: int
    bye: int | None
    rows: tuple[tuple, ...]


def current_seating(evening: Evening) -> GameSeatingRows | None:
    """The current game's seating (2 queries), shared by every couple's
    `whereabouts`; None before the first game or when the game is missing."""
    game_number = evening.current_game
    if not game_number:
        return None
    game = list(_game_bye(evening.pk, game_number))  # [None]: a game with no bye
    if not game:
        return None
    rows = sorted(_game_rows(evening.pk, game_number))
    return GameSeatingRows(game_number, game[0], tuple(rows))


def _game_bye(evening: int, number: int):
    return (
        Game.objects.filter(evening_id=evening, number=number)
        .order_by()  # one row: no join of the evening for a Game's own ordering
        .values_list("bye__number", flat=True)[:1]
    )


def _game_rows(evening: int, number: int):
    return (
        Seating.objects.filter(game__evening_id=evening, game__number=number)
        .order_by()  # sorted by the caller
        .values_list(
            "table__number",
            "couple_a__number",
            "couple_b__number",
            "deals_first__number",
            "winner__number",
        )
    )


_UNREAD = object()


def whereabouts(evening: Evening, couple: Couple, now=_UNREAD) -> Whereabouts:
    """Where `couple` plays now and where it goes next (2 queries, none when
    `now`, the evening's `current_seating`, is given)."""
    if now is _UNREAD and evening.current_game and couple.is_present_at(evening.current_game):
        now = current_seating(evening)
    return CurrentGame(evening, None if now is _UNREAD else now).whereabouts(couple)


class CurrentGame:
    """The current game's seating and where each couple goes next, worked
    out ONCE for every couple's `whereabouts` (the public board's pass over
    all the couple cards asks it for each couple)."""

    def __init__(self, evening: Evening, now: GameSeatingRows | None):
        self.evening, self.now = evening, now
        game_number = evening.current_game
        self.usable = bool(game_number) and now is not None and now.game == game_number
        if self.usable:
            seating = rotation.GameSeating(
                tables=tuple(rotation.TableSeat(t, a, b, d) for t, a, b, d, _ in now.rows),
                bye=now.bye,
            )
            self.places = {}
            self.rows = {}
            for row in now.rows:
                for number in (row[1], row[2]):
                    self.places[number] = row[0]
                    self.rows[number] = row
            if now.bye is not None:
                self.places[now.bye] = BYE
            self.destinations = rotation.destinations(seating)

    def whereabouts(self, couple: Couple) -> Whereabouts:
        return self.whereabouts_of(couple.number, couple.joined_game, couple.left_after_game)

    def whereabouts_of(self, me: int, joined_game: int, left_after_game: int | None) -> Whereabouts:
        """`whereabouts` of couple number `me`, from its numbers alone (the
        board's pass asks it for every couple without making Couple rows)."""
        evening = self.evening
        game_number = evening.current_game
        if not game_number:
            return Whereabouts(game=0, place=OUT, joins_at=joined_game)
        if not rotation.present_at(joined_game, left_after_game, game_number):
            joins = joined_game if joined_game > game_number else None
            return Whereabouts(game=game_number, place=OUT, joins_at=joins)
        if not self.usable:
            return Whereabouts(game=game_number, place=OUT)
        place = self.places.get(me, OUT)
        if_win, if_lose = self.destinations.get(me, (None, None))
        if evening.is_last_game or evening.is_finished:
            if_win = if_lose = None  # no game follows
        elif left_after_game == game_number:
            if_win = if_lose = OUT
        if place != BYE and place != OUT:
            _, a, b, deals, winner = self.rows[me]
            result = None if winner is None else ("won" if winner == me else "lost")
            return Whereabouts(
                game=game_number,
                place=place,
                opponent=b if a == me else a,
                deals_first=None if deals is None else deals == me,
                result=result,
                if_win=if_win,
                if_lose=if_lose,
                next={"won": if_win, "lost": if_lose}.get(result),
            )
        return Whereabouts(
            game=game_number,
            place=place,
            if_win=if_win if place == BYE else None,
            if_lose=if_lose if place == BYE else None,
            next=if_win if place == BYE else None,
        )
