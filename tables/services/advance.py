"""Starting the next game, seated by the rotation rule (RULES.md A2).

advance(evening, *, from_game=None, user=None) -> Advanced
    Refused until every table is in and every disagreement settled.
"""

from __future__ import annotations

from typing import NamedTuple

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardnight.errors import AlreadyDone, Conflict

from .. import rotation
from ..models import Evening, Game, Punch, Seating, Table, TableReport
from .base import _backup_after, _require_running, bye_punches, seating_error


class Advanced(NamedTuple):
    game: Game
    rotation: rotation.Rotation


def _game_seating(seatings, numbers: dict[int, int], bye_id: int | None) -> rotation.GameSeating:
    """Rows (table number, couple_a id, couple_b id, deals id) as a GameSeating."""
    return rotation.GameSeating(
        tables=tuple(
            rotation.TableSeat(
                table=row["table__number"],
                couple_a=numbers[row["couple_a_id"]],
                couple_b=numbers[row["couple_b_id"]],
                deals_first=numbers.get(row["deals_first_id"]),
            )
            for row in sorted(seatings, key=lambda r: r["table__number"])
        ),
        bye=numbers[bye_id] if bye_id is not None else None,
    )


def _check_all_in(seatings, *, next_game: int | None) -> None:
    """Refuse while a table has no result or its couples disagree."""
    missing = [r["table__number"] for r in seatings if r["winner_id"] is None]
    if missing and next_game is None:
        raise Conflict(
            ngettext(
                "Table %(tables)s has no result yet: every table must be in before "
                "the evening finishes.",
                "Tables %(tables)s have no result yet: every table must be in before "
                "the evening finishes.",
                len(missing),
            )
            % {"tables": rotation.numbers_text(missing)}
        )
    if missing:
        raise Conflict(
            ngettext(
                "Table %(tables)s has no result yet: every table must be in before "
                "game %(next)s starts.",
                "Tables %(tables)s have no result yet: every table must be in before "
                "game %(next)s starts.",
                len(missing),
            )
            % {"tables": rotation.numbers_text(missing), "next": next_game}
        )
    disputed = [r["table__number"] for r in seatings if r["disputed"]]
    if disputed:
        raise Conflict(
            ngettext(
                "At table %(tables)s the couples disagree about the winner: settle it first.",
                "At tables %(tables)s the couples disagree about the winner: settle them first.",
                len(disputed),
            )
            % {"tables": rotation.numbers_text(disputed)}
        )


def _current_rows(evening: Evening):
    game = Game.objects.get(evening=evening, number=evening.current_game)
    conflict = TableReport.objects.filter(
        seating=OuterRef("pk"), status=TableReport.Status.CONFLICT
    )
    rows = list(
        Seating.objects.filter(game=game)
        .annotate(disputed=Exists(conflict))
        .values(
            "table__number", "couple_a_id", "couple_b_id", "deals_first_id", "winner_id", "disputed"
        )
    )
    return game, rows


def advance(evening: Evening, *, from_game: int | None = None, user=None) -> Advanced:
    """Start the next game, seated by the rotation rule (RULES.md A2).

    `from_game` is the game the person saw as current: pressing "Start game
    N+1" on two phones at once starts it once, and the second is told."""
    with Evening.changing(evening) as evening:
        _require_running(evening)
        current = evening.current_game
        if from_game is not None and from_game < current:
            raise AlreadyDone(_("Game %(game)s has already started.") % {"game": current})
        if from_game is not None and from_game > current:
            raise Conflict(_("Game %(game)s has not started yet.") % {"game": from_game})
        if current >= evening.games:
            raise Conflict(
                _("Game %(game)s was the last game: finish the evening.") % {"game": current}
            )
        game, rows = _current_rows(evening)
        _check_all_in(rows, next_game=current + 1)

        couples = list(evening.couples.values("id", "number", "joined_game", "left_after_game"))
        numbers = {c["id"]: c["number"] for c in couples}
        ids = {c["number"]: c["id"] for c in couples}
        seating = _game_seating(rows, numbers, game.bye_id)
        winners = {r["table__number"]: numbers[r["winner_id"]] for r in rows}
        leaving = {c["number"] for c in couples if c["left_after_game"] == current}
        arriving = {
            c["number"]
            for c in couples
            if c["joined_game"] == current + 1
            and (c["left_after_game"] is None or c["left_after_game"] > current)
        }
        tables = {t.number: t for t in evening.tables.all()}
        closed = {n for n, t in tables.items() if t.closed_after_game is not None}
        try:
            plan = rotation.rotate(
                seating,
                winners,
                leaving=leaving,
                arriving=arriving,
                closed=closed,
                game=current + 1,
            )
        except rotation.SeatingError as error:
            raise seating_error(error) from None

        if plan.closed:
            Table.objects.filter(evening=evening, number__in=plan.closed).update(
                closed_after_game=current
            )
        new_tables = [Table(evening=evening, number=n) for n in plan.opened]
        Table.objects.bulk_create(new_tables)
        tables.update({t.number: t for t in new_tables})

        bye_id = ids[plan.seating.bye] if plan.seating.bye is not None else None
        next_game = Game.objects.create(evening=evening, number=current + 1, bye_id=bye_id)
        Seating.objects.bulk_create(
            Seating(
                game=next_game,
                table=tables[seat.table],
                couple_a_id=ids[seat.couple_a],
                couple_b_id=ids[seat.couple_b],
                deals_first_id=ids[seat.deals_first] if seat.deals_first is not None else None,
            )
            for seat in plan.seating.tables
        )
        Punch.objects.bulk_create(bye_punches(evening, [(current + 1, bye_id)]))
        evening.change(current_game=current + 1)
        _backup_after(current)
        return Advanced(next_game, plan)
