"""The table-side link: the couples at a table report their own result.

report_result(table, game, reporter, winner, *, device="") -> (TableReport, bool)
    Couple `reporter` says `winner` won. The other couple's agreeing
    report (or a volunteer) confirms it; a disagreement is held as a
    conflict for a volunteer to settle.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from cardnight.errors import Conflict

from ..models import Couple, ResultChange, Table, TableReport
from .base import _couple_at, _require_current, _require_running, _seating, _set_winner


def _check_device(reports: dict, reporter: Couple, device: str) -> None:
    """A browser that has spoken for one couple of the table cannot speak
    for the other: a confirmation must come from the other couple's phone."""
    if not device:
        return
    for couple_id, report in reports.items():
        if couple_id != reporter.pk and report.device == device:
            raise Conflict(
                _(
                    "This phone has already reported for couple %(n)s at this table. "
                    "The other couple confirms on their own phone, or asks a volunteer."
                )
                % {"n": report.reporter.number}
            )


@transaction.atomic
def report_result(
    table: Table, game: int, reporter: int, winner: int, *, device: str = ""
) -> tuple[TableReport, bool]:
    """Couple `reporter` reports from the table's own link that `winner` won.

    Returns (report, changed). The first report waits for the other couple;
    an agreeing report from the other couple records the result; a
    disagreeing one holds both as a conflict for a volunteer. Sending the same
    report twice changes nothing; a couple may change its own report until
    the result is in. `device` names the browser that sends it: one browser
    cannot report for both couples of a table (its own report and the
    other's confirmation)."""
    evening = table.evening.locked()
    _require_running(evening)
    _require_current(evening, game)
    seating = _seating(evening, game, table.number)
    reporter_couple = _couple_at(seating, reporter)
    claimed = _couple_at(seating, winner)
    reports = {r.reporter_id: r for r in seating.reports.select_related("reporter")}
    _check_device(reports, reporter_couple, device)
    mine = reports.get(reporter_couple.pk)
    other = reports.get(seating.opponent_of(reporter_couple.pk))
    Status = TableReport.Status

    if mine is not None and mine.claimed_winner_id == claimed.pk:
        return mine, False  # the same report sent twice
    if mine is not None and mine.status in (Status.CONFIRMED, Status.SETTLED):
        raise Conflict(
            _(
                "The result of table %(table)s is in: couple %(winner)s won. "
                "If it is wrong, ask a volunteer."
            )
            % {"table": table.number, "winner": seating.winner.number}
        )
    if mine is None:
        mine = TableReport(seating=seating, reporter=reporter_couple)
    mine.claimed_winner = claimed
    mine.device = device or mine.device

    if seating.winner is not None:
        # A volunteer (or both couples) already recorded it: agree, or flag it.
        agrees = seating.winner.pk == claimed.pk
        mine.status = Status.CONFIRMED if agrees else Status.CONFLICT
        mine.save()
        if not agrees:
            evening.bump_version()
        return mine, True
    if other is None or other.status == Status.SETTLED:
        mine.status = Status.PENDING
        mine.save()
        evening.bump_version()
        return mine, True
    if other.claimed_winner_id == claimed.pk:
        mine.status = other.status = Status.CONFIRMED
        mine.save()
        other.save(update_fields=["status"])
        _set_winner(evening, seating, claimed, kind=ResultChange.Kind.TABLE)
        return mine, True
    mine.status = other.status = Status.CONFLICT
    mine.save()
    other.save(update_fields=["status"])
    evening.bump_version()
    return mine, True
