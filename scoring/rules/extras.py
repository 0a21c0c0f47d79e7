"""The travelling prize and the 50/50 draw (RULES.md A8). Pure: no Django.

Travelling prize: a couple is drawn at random at the start. After each game
it passes to the couple that beat its holder ("it travels with the winners");
a holder that wins, sits out on the bye or has gone home keeps it. Whoever
holds it after the last game wins it.

50/50: half the takings of the draw go to the drawn ticket.
"""

from collections.abc import Iterable
from decimal import Decimal

from scoring.rules.ties import percent_of

FIFTY_FIFTY_PERCENT = Decimal(50)


Seat = tuple[int, int, int, int | None]  # (game, couple a, couple b, winner or None)


def travel(start: int, seatings: Iterable[Seat]) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Follow the travelling prize through the games. Pure.

    ``seatings``: ``(game number, couple a, couple b, winner or None)`` rows,
    ordered by game. Returns ``(holder, after_game, passes)``: the holder
    after game ``after_game`` (the last game whose result for the holder is
    known) and every pass as ``(game, from, to)``."""
    by_game: dict[int, list[tuple[int, int, int | None]]] = {}
    for game, a, b, winner in seatings:
        by_game.setdefault(game, []).append((a, b, winner))
    holder, after_game, passes = start, 0, []
    for game in sorted(by_game):
        seat = next((row for row in by_game[game] if holder in (row[0], row[1])), None)
        if seat is not None:
            winner = seat[2]
            if winner is None:
                break
            if winner != holder:
                passes.append((game, holder, winner))
                holder = winner
        # Not seated: the holder sits out on the bye (or has gone home) and keeps it.
        after_game = game
    return holder, after_game, passes


def fifty_fifty_prize(takings: Decimal) -> Decimal:
    """What the drawn ticket of a 50/50 wins: half the takings, rounded down to the cent."""
    return percent_of(takings, FIFTY_FIFTY_PERCENT)
