"""Corrections made by an organizer after the fact.

correct_result(evening, game, table, winner, *, reason, user) -> Seating
    An organizer corrects a game already played (or any game once the
    evening is finished), with a reason for the audit log. Seatings never
    change; punches do.
settle_late_report(evening, late_id, *, correct, user) -> LateReport
    An organizer's one tap on a table's late report: correct the result to
    what the table reported (through correct_result), or keep the result
    recorded. Either way the warning goes.
resync_bye_punches(evening)
    The bye punches follow the "bye counts as a win" setting after it is
    changed in the middle of an evening.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError

from ..models import Evening, LateReport, Punch, ResultChange, Seating
from .base import _couple_at, _seating, _set_winner, _user, bye_punches


@transaction.atomic
def correct_result(
    evening: Evening, game: int, table: int, winner: int, *, reason: str, user
) -> Seating:
    """An organizer corrects the result of a game already played.

    The seating of every game stays as it was played (RULES.md A2); the
    punches follow the corrected winner. The reason is required."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise UserError(_("Say why the result is corrected: the reason is kept in the log."))
    with Evening.changing(evening) as evening:
        if evening.is_setup:
            raise Conflict(_("Play has not started yet: there is nothing to correct."))
        if evening.is_running and game >= evening.current_game:
            raise Conflict(
                _(
                    "Game %(game)s is still being played: "
                    "change its result on the game screen instead."
                )
                % {"game": game}
            )
        seating = _seating(evening, game, table)
        couple = _couple_at(seating, winner)
        if seating.winner is not None and seating.winner.pk == couple.pk:
            raise Conflict(
                _("Couple %(couple)s is already the winner of table %(table)s in game %(game)s.")
                % {"couple": winner, "table": table, "game": game}
            )
        _set_winner(
            evening, seating, couple, kind=ResultChange.Kind.CORRECTED, user=user, reason=reason
        )
        # A late report from the table that named this winner has been dealt with.
        _resolve_late(seating, LateReport.Status.CORRECTED, user, claimed_winner=couple)
        return seating


def _resolve_late(seating: Seating, status: str, user, **which) -> int:
    return LateReport.objects.filter(
        seating=seating, status=LateReport.Status.OPEN, **which
    ).update(status=status, resolved_at=timezone.now(), resolved_by=_user(user))


def settle_late_report(evening: Evening, late_id: int, *, correct: bool, user) -> LateReport:
    """An organizer's one tap on a table's late report (see the module).

    `correct`: the table was right, its couple won (the correction is
    logged with the late report as its reason, the punches follow, the
    version is bumped so phones and boards see it); otherwise the recorded
    result stands. Refused when someone dealt with it meanwhile."""
    with Evening.changing(evening) as evening:
        late = (
            LateReport.objects.select_related(
                "seating__game", "seating__table", "seating__winner", "reporter", "claimed_winner"
            )
            .filter(pk=late_id, seating__game__evening=evening)
            .first()
        )
        if late is None:
            raise UserError(_("This late report is not there any more. Reload the page."))
        seating = late.seating
        if late.status != LateReport.Status.OPEN or late.agrees:
            raise Conflict(
                _(
                    "Someone has already dealt with this late report: table %(table)s, "
                    "game %(game)s, couple %(w)s won."
                )
                % {
                    "table": seating.table.number,
                    "game": seating.game.number,
                    "w": seating.winner.number,
                }
            )
        if correct:
            reason = _(
                "Table %(table)s reported couple %(c)s for game %(game)s after it closed "
                "(corrected from the late report)."
            ) % {
                "table": seating.table.number,
                "c": late.claimed_winner.number,
                "game": seating.game.number,
            }
            correct_result(
                evening,
                seating.game.number,
                seating.table.number,
                late.claimed_winner.number,
                reason=reason,
                user=user,
            )
        else:
            _resolve_late(
                seating, LateReport.Status.DISMISSED, user, claimed_winner=late.claimed_winner
            )
        late.refresh_from_db()
        return late


def resync_bye_punches(evening: Evening) -> None:
    """Make the bye punches match the "bye counts as a win" setting, after an
    organizer changes it in the middle of an evening."""
    with Evening.changing(evening) as evening:
        byes = Punch.objects.filter(evening=evening, source=Punch.Source.BYE)
        have = set(byes.values_list("game_number", flat=True))
        wanted = bye_punches(
            evening, evening.game_set.filter(~Q(bye=None)).values_list("number", "bye_id")
        )
        stale = byes.exclude(game_number__in=[punch.game_number for punch in wanted])
        missing = [punch for punch in wanted if punch.game_number not in have]
        stale.delete()
        Punch.objects.bulk_create(missing)
