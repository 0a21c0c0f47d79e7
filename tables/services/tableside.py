"""The table-side link: the couples at a table report their own result.

report_result(table, game, reporter, winner, *, device="") -> (TableReport | LateReport, bool)
    Couple `reporter` says `winner` won. The other couple's agreeing
    report (or a volunteer) confirms it; a disagreement is held as a
    conflict for a volunteer to settle. A report for a game that was over
    when it came (a phone that was offline) is a LateReport: kept for the
    volunteers when it disagrees with the result recorded, not kept
    (pk None) when it agrees.
report_locked(locked, table, game, reporter, winner, *, device="") -> Reported
    `report_result` on the table's evening as the caller locked it in its
    own transaction (receipts.py): the row is read and locked once. Also
    says who had been recorded as the winner before the report came (a
    volunteer's result), read with the table under the same lock, and gives
    the table's seating with its reports as the report left them (the
    page's answer, not read again).
read_late_report(table, late_id, *, device) -> None
    The person at the table has read what became of their late report.
"""

from __future__ import annotations

from typing import NamedTuple

from django.utils import timezone
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError

from ..listed import in_report_order, with_reports
from ..models import Couple, Evening, LateReport, ResultChange, Seating, Table, TableReport
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


class Reported(NamedTuple):
    report: TableReport | LateReport
    changed: bool
    # The winner (a Couple's pk) recorded at the table before this report
    # came: a volunteer's, or the couples' own; None when there was none.
    recorded_before: int | None
    # The table's seating in the current game with its reports as this
    # report left them (`tables.listed.with_reports`); None for a late one.
    seating: Seating | None = None


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
    other's confirmation). A report for a game that is over is a late
    report (see `_late_report`)."""
    with Evening.changing(table.evening) as evening:
        reported = report_locked(evening, table, game, reporter, winner, device=device)
    return reported.report, reported.changed


def report_locked(
    evening: Evening, table: Table, game: int, reporter: int, winner: int, *, device: str = ""
) -> Reported:
    """`report_result` on `evening`, the table's evening as the caller's gate
    (`Evening.changing`) gave it."""
    if _is_over(evening, game):
        late, changed = _late_report(evening, table, game, reporter, winner, device)
        return Reported(late, changed, late.seating.winner_id)
    _require_running(evening)
    _require_current(evening, game)
    seating = _seating(evening, game, table.number)
    before = seating.winner_id  # read before the report may record it
    reports = {r.reporter_id: r for r in list(_reports_query(seating.pk))}
    report, changed = _report(evening, table, seating, reports, reporter, winner, device)
    reports[report.reporter_id] = report
    seating = with_reports(seating, in_report_order(reports.values()))
    return Reported(report, changed, before, seating)


# A seating's reports, read on every report under the evening's lock: by
# reporter, so unordered (not through the reports' ordering, their seating's
# game's evening, joined for nothing).
def _reports_query(seating):
    return TableReport.objects.filter(seating_id=seating).order_by()


def _report(
    evening: Evening,
    table: Table,
    seating: Seating,
    reports: dict[int, TableReport],
    reporter: int,
    winner: int,
    device: str,
) -> tuple[TableReport, bool]:
    """The report on `seating`, the table's seating in the current game,
    whose `reports` (by reporter) are changed here as they are saved."""
    reporter_couple = _couple_at(seating, reporter)
    claimed = _couple_at(seating, winner)
    for report in reports.values():
        report.seating = seating
    seating.share_couples(reports.values())  # their reporters: the table's couples
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
        return mine, True
    if other is None or other.status == Status.SETTLED:
        mine.status = Status.PENDING
        mine.save()
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
    return mine, True


def _is_over(evening: Evening, game: int) -> bool:
    """Game `game` has been played and closed: the next one has started, or
    the evening has finished after it."""
    if evening.is_running:
        return 1 <= game < evening.current_game
    return evening.is_finished and 1 <= game <= evening.current_game


def _late_report(
    evening: Evening, table: Table, game: int, reporter: int, winner: int, device: str
) -> tuple[LateReport, bool]:
    """A report for a game that is over: it changes no result. When it
    claims the other couple than the one recorded, it is kept (OPEN) for
    the volunteers to check, and the phone that sent it says so until read;
    when it agrees, there is nothing to check and nothing is kept. Sent
    again, it is the same report (False)."""
    seating = _seating(evening, game, table.number)
    reporter_couple = _couple_at(seating, reporter)
    claimed = _couple_at(seating, winner)
    if seating.winner is None:  # a game closes with every table in: cannot happen
        raise Conflict(_("Game %(game)s is over. Ask a volunteer.") % {"game": game})
    kept = LateReport.objects.filter(seating=seating, reporter=reporter_couple).first()
    late = LateReport(seating=seating, reporter=reporter_couple, claimed_winner=claimed)
    if claimed.pk == seating.winner.pk:
        if kept is not None and kept.status == LateReport.Status.OPEN:
            kept.delete()  # the couple sent the other winner before: it agrees now
        return late, False
    if kept is not None and kept.claimed_winner_id == claimed.pk:
        return kept, False
    late.device = device
    late.save()
    return late, True


def read_late_report(table: Table, late_id: int, *, device: str) -> None:
    """The person at the table tapped "Got it": the phone that sent the late
    report stops showing it. Only that phone can (its device)."""
    with Evening.changing(table.evening_id):
        done = LateReport.objects.filter(
            pk=late_id, seating__table=table, device=device, read_at_table=None
        ).update(read_at_table=timezone.now())
        if (
            not done
            and not LateReport.objects.filter(
                pk=late_id, seating__table=table, device=device
            ).exists()
        ):
            raise UserError(_("This message is not there any more. Reload the page."))
