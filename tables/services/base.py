"""What every write of the running evening shares: the checks of the
evening's state, finding a seating and its couples, keeping the punches in
step with the winner, and the backup after a game.

Every public service is one write gate (`Evening.changing`,
tables/models/gate.py): the evening row locked and reloaded, the request
checked against the state it finds, the writes, and on a clean exit the
evening's version bumped once so that the scoreboard notices. Requests that
cannot be carried out raise `cardnight.errors.UserError` (400) or
`Conflict` (409) with a message in plain words, and change nothing. A
service that carries out another in its own gate (receipts.py) calls the
other's `..._locked` form with the evening its gate gave it: the row is read
and locked once.
Couples and tables are named by their NUMBERS, and every request names the
game it is meant for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError

from .. import rotation
from ..models import Couple, Evening, Punch, ResultChange, Seating, TableReport

T = TypeVar("T")


def _user(user):
    return user if user is not None and user.is_authenticated else None


def seating_error(error: rotation.SeatingError) -> UserError:
    """The rotation engine's error, translated, as a UserError."""
    template = _(error.template)
    return UserError(template % error.params if error.params else template)


def _require_running(evening: Evening) -> None:
    if evening.is_setup:
        raise Conflict(_("Play has not started yet: seat the tables first."))
    if evening.is_finished:
        raise Conflict(_("The evening is over: results can only be corrected by an organizer."))


def _require_current(evening: Evening, game: int) -> None:
    if game != evening.current_game:
        if game < evening.current_game:
            raise Conflict(
                _("Game %(game)s is over: game %(current)s is being played now. Reload the page.")
                % {"game": game, "current": evening.current_game}
            )
        raise Conflict(
            _("Game %(game)s has not started: game %(current)s is being played now.")
            % {"game": game, "current": evening.current_game}
        )


# Every tap's and report's read of its table, under the evening's lock.
def _seating_query(evening, game, table):
    return (
        Seating.objects.select_related("game", "table", "couple_a", "couple_b")
        .annotate(has_reports=Exists(TableReport.objects.filter(seating=OuterRef("pk"))))
        # Naming the evening on both sides lets the database use the unique
        # (evening, number) indexes of games and tables, then (game, table).
        .filter(
            game__evening_id=evening,
            game__number=game,
            table__evening_id=evening,
            table__number=table,
        )
        .order_by()[:1]
    )


def _seating(evening: Evening, game: int, table: int) -> Seating:
    """One table's seating in one game, with its couples, or a UserError."""
    seating = next(iter(_seating_query(evening.pk, game, table)), None)
    if seating is None:
        raise UserError(
            _("Table %(table)s is not in play in game %(game)s.") % {"table": table, "game": game}
        )
    return seating.share_couples()


def _couple_at(seating: Seating, number: int) -> Couple:
    for couple in (seating.couple_a, seating.couple_b):
        if couple.number == number:
            return couple
    raise UserError(
        _(
            "Couple %(couple)s did not play at table %(table)s in game %(game)s: "
            "it was couples %(a)s and %(b)s."
        )
        % {
            "couple": number,
            "table": seating.table.number,
            "game": seating.game.number,
            "a": seating.couple_a.number,
            "b": seating.couple_b.number,
        }
    )


def _move_punch(evening: Evening, game: int, old: Couple | None, new: Couple | None) -> None:
    """Keep the tally in step: game `game` is punched on the winner's card only."""
    if old is not None and (new is None or old.pk != new.pk):
        Punch.objects.filter(couple=old, game_number=game, source=Punch.Source.TABLE).delete()
    if new is not None and (old is None or old.pk != new.pk):
        Punch.objects.create(
            evening=evening, couple=new, game_number=game, source=Punch.Source.TABLE
        )


def _settle_reports(seating: Seating, winner: Couple) -> bool:
    """Mark the table's reports against the winner a person chose; True when
    a disagreement was among them (the change is then logged as settled)."""
    if not getattr(seating, "has_reports", True):
        return False
    reports = list(seating.reports.order_by())  # all marked alike: any order
    had_conflict = any(r.status == TableReport.Status.CONFLICT for r in reports)
    for report in reports:
        if had_conflict or report.claimed_winner_id != winner.pk:
            report.status = TableReport.Status.SETTLED
        else:
            report.status = TableReport.Status.CONFIRMED
    TableReport.objects.bulk_update(reports, ["status"])
    return had_conflict


def _set_winner(
    evening: Evening,
    seating: Seating,
    winner: Couple,
    *,
    kind: str,
    user=None,
    reason: str = "",
) -> None:
    old = seating.winner
    # Only the table's own confirmation leaves a result settled by phones
    # alone; any volunteer's or organizer's hand on it clears the mark.
    by_phones = kind == ResultChange.Kind.TABLE
    if old is None or old.pk != winner.pk:
        seating.winner = winner
        seating.recorded_at = timezone.now()
        seating.recorded_by = _user(user)
        seating.by_phones = by_phones
        seating.save(update_fields=["winner", "recorded_at", "recorded_by", "by_phones"])
        _move_punch(evening, seating.game.number, old, winner)
    elif seating.by_phones != by_phones:
        seating.by_phones = by_phones
        seating.save(update_fields=["by_phones"])
    ResultChange.objects.create(
        seating=seating,
        kind=kind,
        old_winner=old,
        new_winner=winner,
        changed_by=_user(user),
        reason=reason,
    )


def bye_wins(counts_as_win: bool, byes: Iterable[tuple[int, T | None]]) -> list[tuple[int, T]]:
    """THE rule "the bye counts as a win" (RULES.md A2), written once: with
    the evening's setting on, the couple sitting out a game gets a punch for
    it. `byes` are (game number, the couple on the bye or None); the answer
    is the (game number, couple) of each punch the byes earn. The couple is
    whatever the caller names couples by (an id, a number)."""
    if not counts_as_win:
        return []
    return [(game, couple) for game, couple in byes if couple is not None]


def bye_punches(evening: Evening, byes: Iterable[tuple[int, int | None]]) -> list[Punch]:
    """The punches (not saved) the byes of `evening` earn: `byes` are (game
    number, the id of the couple on the bye or None); see `bye_wins`."""
    return [
        Punch(evening=evening, couple_id=couple_id, game_number=game, source=Punch.Source.BYE)
        for game, couple_id in bye_wins(evening.bye_counts_as_win, byes)
    ]


def _backup_after(game: int) -> None:
    """After the transaction commits, have an online backup of the SQLite
    database taken (issue: a hall's laptop is not a server), in the
    background: the organizer's tap does not wait for it. A failed backup
    is logged, never turned into a failed result."""
    from cardnight.backup import backup_soon

    transaction.on_commit(lambda: backup_soon(f"after-game-{game}"), robust=True)
