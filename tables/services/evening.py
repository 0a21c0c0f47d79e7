"""Starting and finishing the evening (RULES.md A2).

start_evening(evening, *, seed=None, by_hand=None, user=None) -> Game
    Game 1: a random draw (`seed` makes it repeatable) or `by_hand`, a list
    of couple-number pairs for tables 1, 2, ... (the couple left over with
    an odd count takes the bye). Creates the Table rows with their tokens,
    punches the bye when it counts, and sends `tables.signals.evening_started`
    inside the transaction (scoring draws the cookie jar and the
    travelling prize there).
finish_evening(evening, *, from_game=None, user=None) -> Evening
    After the last game: nothing more is recorded except corrections.
    Sends `tables.signals.evening_finished` inside the transaction
    (scoring reveals and settles the cookie jar there).
delete_evening(evening, *, typed_name="") -> None
    Deletes the evening and everything of it, a backup first; a finished
    evening only with its name typed. The register's records only it used
    leave too.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _

from cardnight import backup
from cardnight.errors import AlreadyDone, Conflict, UserError

from .. import rotation, signals
from ..models import Evening, Game, Punch, Seating, Table
from .advance import _check_all_in, _current_rows
from .base import _backup_after, _require_running, bye_punches, seating_error
from .register import drop_unused


def start_evening(
    evening: Evening,
    *,
    seed: int | str | None = None,
    by_hand: Sequence[Sequence[int]] | None = None,
    user=None,
) -> Game:
    """Seat game 1 and start play (see the module docstring)."""
    with Evening.changing(evening) as evening:
        if not evening.is_setup:
            raise AlreadyDone(_("The evening has already started."))
        couples = {c.number: c for c in evening.couples.present_at(1)}
        try:
            if by_hand is not None:
                plan = rotation.seat_by_hand(couples, by_hand)
            else:
                plan = rotation.draw(couples, seed)
        except rotation.SeatingError as error:
            raise seating_error(error) from None

        existing = {t.number: t for t in evening.tables.all()}
        new_tables = [
            Table(evening=evening, number=seat.table)
            for seat in plan.tables
            if seat.table not in existing
        ]
        Table.objects.bulk_create(new_tables)
        tables = existing | {t.number: t for t in new_tables}

        bye = couples[plan.bye] if plan.bye is not None else None
        game = Game.objects.create(evening=evening, number=1, bye=bye)
        Seating.objects.bulk_create(
            Seating(
                game=game,
                table=tables[seat.table],
                couple_a=couples[seat.couple_a],
                couple_b=couples[seat.couple_b],
            )
            for seat in plan.tables
        )
        Punch.objects.bulk_create(bye_punches(evening, [(1, bye.pk if bye else None)]))
        evening.status, evening.current_game = Evening.Status.RUNNING, 1
        signals.evening_started.send(sender=Evening, evening=evening)
        evening.change(status=Evening.Status.RUNNING, current_game=1)
        return game


def finish_evening(evening: Evening, *, from_game: int | None = None, user=None) -> Evening:
    """Close the evening after the last game: only corrections from now on."""
    with Evening.changing(evening) as evening:
        if evening.is_finished and from_game in (None, evening.current_game):
            raise AlreadyDone(_("The evening is over."))
        _require_running(evening)
        current = evening.current_game
        if from_game is not None and from_game != current:
            raise Conflict(_("The game has moved on: reload the page."))
        if current < evening.games:
            raise Conflict(
                _(
                    "Game %(game)s of %(games)s is being played: the evening finishes after the "
                    "last game. To stop early, set the number of games to %(game)s in the "
                    "settings first."
                )
                % {"game": current, "games": evening.games}
            )
        rows = _current_rows(evening)[1]
        _check_all_in(rows, next_game=None)
        evening.change(status=Evening.Status.FINISHED)
        signals.evening_finished.send(sender=Evening, evening=evening, user=user)
        _backup_after(current)
        return evening


def save_settings(form) -> Evening:
    """Save the evening's settings form (`tables.forms.EveningForm`) in one
    transaction: the row is locked first and keeps the version it has now
    (not the one read with the form), then bumped; the bye punches follow a
    changed "bye counts as a win" once play has started. A change the hall's
    calendar feed shows (`Evening.CALENDAR_FIELDS`: the date, start time,
    name, hall, cancelled, ...) also moves its calendar SEQUENCE on."""
    from .corrections import resync_bye_punches

    with Evening.changing(form.instance) as current:
        form.instance.version = current.version
        form.instance.calendar_sequence = current.calendar_sequence
        form.instance.calendar_updated_at = current.calendar_updated_at
        evening = form.save()
        current.refresh_from_db()  # the gate's evening as the form saved it
        changed = set(form.changed_data)
        if "new_hall" in changed:
            changed.add("hall")
        current.change(calendar=bool(changed & Evening.CALENDAR_FIELDS))
        if "bye_counts_as_win" in form.changed_data and not evening.is_setup:
            resync_bye_punches(current)
    return evening


@transaction.atomic
def save_hall(form):
    """Save a hall's form; its name and privacy show on every one of its
    evenings' scoreboards, so they are all marked changed (and its name,
    address and note are on every evening of its calendar feed)."""
    hall = form.save()
    hall.touch_evenings(calendar=bool({"name", "address", "note"} & set(form.changed_data)))
    return hall


def _same_name(typed: str, name: str) -> bool:
    """A name typed to confirm: case and spacing do not matter."""
    return " ".join(typed.split()).casefold() == " ".join(name.split()).casefold()


def delete_evening(evening: Evening, *, typed_name: str = "") -> None:
    """Delete `evening` and everything of it (couples, games, prizes, ties,
    its jar's outcome). A finished evening is deleted only with its name
    typed to confirm. A backup of the database is taken first (SQLite); if
    it fails, nothing is deleted."""
    if evening.is_finished and not _same_name(typed_name, evening.name):
        raise UserError(_("Type the evening's name exactly as shown to delete it."))
    try:
        backup.take_backup(f"before-deleting-{evening.slug}")
    except (OSError, sqlite3.Error, backup.BackupFailed) as error:
        raise Conflict(
            _("The backup before deleting failed (%(reason)s): nothing was deleted.")
            % {"reason": backup.failure_reason(error)}
        ) from None
    with Evening.changing(evening) as evening:
        if evening.is_finished and not _same_name(typed_name, evening.name):
            raise UserError(_("Type the evening's name exactly as shown to delete it."))
        # Games first: their seatings and byes hold the couples and tables.
        Game.objects.filter(evening=evening).delete()
        pairs = evening.couples.values_list("person1_id", "person2_id")
        records = {pk for pair in pairs for pk in pair}
        Evening.objects.filter(pk=evening.pk).delete()  # the instance keeps its pk for the gate
        drop_unused(records)  # the register's names only this evening used
