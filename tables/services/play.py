"""Results of the current game from the game screen (one tap per table).

record_result(evening, game, table, winner, *, user=None) -> (Seating, bool)
    One tap: `winner` (a couple number) won `table` in `game`. The same
    winner again is a no-op (False); a different winner when one is
    recorded is a Conflict (use change_result). Also settles a
    disagreement reported from the table.
change_result(evening, game, table, winner, *, was, user=None) -> (Seating, bool)
    Change the current game's result before the next game starts; `was`
    is the winner the person saw, so two people changing at once cannot
    overwrite each other unseen.
record_locked(locked, game, table, winner, *, change, was, user) -> (Seating, bool)
    Either of them on an evening the caller has locked in its own
    transaction (receipts.py): the row is read and locked once.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from cardnight.errors import Conflict

from ..models import Evening, ResultChange, Seating
from .base import (
    _couple_at,
    _require_current,
    _require_running,
    _seating,
    _set_winner,
    _settle_reports,
)


def record_result(
    evening: Evening, game: int, table: int, winner: int, *, user=None
) -> tuple[Seating, bool]:
    """Record the winner of a table in the current game (one tap).

    Returns (seating, changed). Tapping the winner already recorded changes
    nothing; tapping the other couple is refused (use change_result), so two
    volunteers tapping at once never overwrite each other unseen. When the
    couples at the table disagree, this settles it."""
    with Evening.changing(evening) as evening:
        return _record(evening, game, table, winner, user=user)


def record_locked(
    locked: Evening,
    game: int,
    table: int,
    winner: int,
    *,
    change: bool,
    was: int | None,
    user=None,
) -> tuple[Seating, bool]:
    """`change_result` (`change`) or `record_result`, on `locked`: the
    evening as the caller's write gate (`Evening.changing`) gave it."""
    if change:
        return _change(locked, game, table, winner, was=was, user=user)
    return _record(locked, game, table, winner, user=user)


def _record(
    evening: Evening, game: int, table: int, winner: int, *, user=None
) -> tuple[Seating, bool]:
    _require_running(evening)
    _require_current(evening, game)
    seating = _seating(evening, game, table)
    couple = _couple_at(seating, winner)
    if seating.winner is not None and seating.winner.pk != couple.pk:
        raise Conflict(
            _(
                "Table %(table)s already has a result: couple %(winner)s won. "
                "Use “Change” to correct it."
            )
            % {"table": table, "winner": seating.winner.number}
        )
    had_conflict = _settle_reports(seating, couple)
    if seating.winner is not None and not had_conflict:
        return seating, False  # the same tap twice
    kind = ResultChange.Kind.SETTLED if had_conflict else ResultChange.Kind.RECORDED
    _set_winner(evening, seating, couple, kind=kind, user=user)
    return seating, True


def change_result(
    evening: Evening, game: int, table: int, winner: int, *, was: int | None, user=None
) -> tuple[Seating, bool]:
    """Change a result of the current game before the next game starts.

    `was` is the winner the person saw on the screen (None: no result yet);
    if someone else changed it meanwhile, the change is refused."""
    with Evening.changing(evening) as evening:
        return _change(evening, game, table, winner, was=was, user=user)


def _change(
    evening: Evening, game: int, table: int, winner: int, *, was: int | None, user=None
) -> tuple[Seating, bool]:
    _require_running(evening)
    _require_current(evening, game)
    seating = _seating(evening, game, table)
    couple = _couple_at(seating, winner)
    now = seating.winner.number if seating.winner is not None else None
    if now != was:
        raise Conflict(
            _(
                "Someone else has just changed table %(table)s: its result is now %(now)s. "
                "Look again before changing it."
            )
            % {
                "table": table,
                "now": _("couple %(n)s won") % {"n": now} if now else _("not recorded"),
            }
        )
    had_conflict = _settle_reports(seating, couple)
    if now == winner and not had_conflict:
        return seating, False
    if had_conflict:
        kind = ResultChange.Kind.SETTLED
    elif now is None:
        kind = ResultChange.Kind.RECORDED
    else:
        kind = ResultChange.Kind.CHANGED
    _set_winner(evening, seating, couple, kind=kind, user=user)
    return seating, True
