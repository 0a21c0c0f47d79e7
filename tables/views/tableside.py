"""The table-side page: public, reached only through a table's own link
(`/t/<token>/`, a QR code on the table). Either couple says which couple it
is and reports the winner of the current game; the other couple confirms.

The token names one table; the page only ever shows and records that table's
current game. A made-up token, or the token of an evening that is over, is a
404; a table that is not in play right now is a 409.

A report that comes after its game closed (a phone that was offline) changes
no result: when it disagrees with the result recorded it is kept for the
volunteers (a LateReport), and the phone that sent it says so, poll after
poll, until the person there taps "Got it".
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from cardnight.error_pages import error_page
from cardnight.errors import Conflict, UserError
from cardnight.numbers import read_id
from tables import queries, services
from tables.forms.game import ReportForm, report_problem
from tables.live import polled
from tables.models import MAX_COUPLE_NUMBER, LateReport, Seating, Table, TableReport
from tables.privacy import public_label
from tables.services import receipts
from tables.views.devices import device_of, known_device
from tables.whereabouts import CurrentGame, current_seating

TEMPLATE = "tables/tableside/table.html"


class _Unavailable(Exception):
    def __init__(self, response: HttpResponse):
        self.response = response


def _table(request: HttpRequest, token: str, *, finished_ok: bool = False) -> Table:
    """The table named by the token, or an error response (404 / 409).
    `finished_ok`: a report may still come (late) after the evening ended."""
    # One row (the token is unique): not ordered by the evenings' dates.
    tables = Table.objects.select_related("evening__hall").filter(token=token).order_by()[:1]
    table = next(iter(tables), None)
    if table is None:
        raise _Unavailable(
            error_page(
                request,
                _("Unknown table link"),
                _(
                    "This table link is not valid. Scan the QR code on your table again, "
                    "or ask a volunteer."
                ),
                404,
            )
        )
    evening = table.evening
    if evening.is_finished and not finished_ok:
        raise _Unavailable(
            error_page(
                request,
                _("The evening is over"),
                _("This table link has expired: the evening is over. Thank you for playing!"),
                404,
            )
        )
    if evening.is_setup:
        raise _Unavailable(
            error_page(
                request,
                _("Not started yet"),
                _("Play has not started yet. Come back when game 1 begins."),
                409,
            )
        )
    return table


def _context(
    request: HttpRequest, table: Table, reporter: int | None, seating: Seating | None = None
) -> dict | None:
    """The page's context; `seating`: the table's current seating with its
    reports as a report just left them (else it is read)."""
    evening = table.evening
    if seating is None:
        seating = queries.current_table_seating(evening, table.number)
    if seating is None:
        return None
    privacy = evening.hall.privacy
    couples = [seating.couple_a, seating.couple_b]
    me = next((c for c in couples if c.number == reporter), None)
    other = next((c for c in couples if me is not None and c.pk != me.pk), None)
    reports = {r.reporter_id: r for r in seating.table_reports}
    other_report = reports.get(other.pk) if other else None
    next_places = []
    if seating.winner is not None and not seating.disputed:
        game = CurrentGame(evening, current_seating(evening))  # for both
        for couple in sorted(couples, key=lambda c: c.pk != seating.winner_id):
            where = game.whereabouts(couple)
            next_places.append({"couple": couple, "place": where.next})
    return {
        "evening": evening,
        "table": table,
        "seating": seating,
        "couples": [{"couple": c, "label": public_label(c, privacy)} for c in couples],
        "me": me,
        "other": other,
        "my_report": reports.get(me.pk) if me else None,
        "other_report": other_report,
        "waiting_for_me": other_report is not None
        and other_report.status == TableReport.Status.PENDING,
        "labels": {c.number: public_label(c, privacy) for c in couples},
        "next_places": next_places,
        "url": reverse("tableside", args=[table.token]),
        "late_notes": _late_notes(request, table),
    }


def _unread(table: int, device: str):
    return LateReport.objects.filter(seating__table_id=table, device=device, read_at_table=None)


def _late_notes(request: HttpRequest, table: Table) -> list[dict]:
    """This phone's late reports at this table that its person has not read
    yet, each with its words (no query for a phone that never reported)."""
    device = known_device(request)
    if not device:
        return []
    # Nearly always there are none: ask for their ids first, a query a
    # fifth the cost of the one that reads them with what they say.
    if not _unread(table.pk, device).order_by().values_list("pk")[:1]:
        return []
    rows = _unread(table.pk, device).select_related(
        "seating__game", "seating__couple_a", "seating__couple_b", "claimed_winner"
    )
    return [{"late": late, "text": _late_text(late)} for late in rows]


def _late_text(late: LateReport) -> str:
    """What became of a late report, in words, for the phone that sent it."""
    words = {
        "game": late.seating.game.number,
        "c": late.claimed_winner.number,
        "w": late.recorded_winner.number,
    }
    text = (
        _(
            "Your report for game %(game)s came too late: the game was over. The volunteers "
            "had recorded couple %(w)s as the winner; you said couple %(c)s. "
            "They have been told and will check it."
        )
        % words
    )
    if late.status == LateReport.Status.CORRECTED:
        text += " " + _("An organizer corrected it: couple %(c)s won game %(game)s.") % words
    elif late.status == LateReport.Status.DISMISSED:
        text += " " + (
            _("An organizer checked it: the result stands, couple %(w)s won game %(game)s.") % words
        )
    return text


def _closed_table(request: HttpRequest, table: Table) -> HttpResponse:
    evening = table.evening
    if table.closed_after_game is not None:
        message = _(
            "Table %(table)s closed after game %(game)s. Ask a volunteer where you play now."
        )
    else:
        message = _(
            "Table %(table)s is not in play in game %(game)s. Ask a volunteer where you play."
        )
    game = table.closed_after_game or evening.current_game
    message %= {"table": table.number, "game": game}
    notes = [note["text"] for note in _late_notes(request, table)]
    return error_page(request, _("Table not in play"), " ".join([message, *notes]), 409)


def _version(request: HttpRequest, token: str) -> tuple | None:
    """The poll's ETag parts: the evening's version (1 query)."""
    rows = Table.objects.filter(token=token).order_by()  # one row, as `_table`
    return rows.values_list("evening_id", "evening__version").first()


@never_cache
@require_GET
@polled(_version)
def tableside(request: HttpRequest, token: str) -> HttpResponse:
    """The table's current game: the two couples, who deals first, the result."""
    try:
        table = _table(request, token)
    except _Unavailable as unavailable:
        return unavailable.response
    reporter = read_id(request.GET.get("as"), MAX_COUPLE_NUMBER)
    context = _context(request, table, reporter)
    if context is None:
        return _closed_table(request, table)
    template = TEMPLATE + "#table-status" if request.htmx else TEMPLATE
    return render(request, template, context)


@require_POST
def tableside_report(request: HttpRequest, token: str) -> HttpResponse:
    """Couple `reporter` reports that couple `winner` won `game` at this table."""
    try:
        table = _table(request, token, finished_ok=True)
    except _Unavailable as unavailable:
        return unavailable.response
    form = ReportForm(request.POST)
    reporter, seating = None, None
    if form.is_valid():
        data = form.cleaned_data
        reporter = data["reporter"]
        try:
            if data["request_id"]:  # from the phone's outbox: once per id
                answer, seating = receipts.report_result_once(
                    table,
                    data["request_id"],
                    data["game"],
                    reporter,
                    data["winner"],
                    device=device_of(request),
                )
                message = _answer_message(answer)
                late = "late" in answer
            else:
                report, changed = services.report_result(
                    table, data["game"], reporter, data["winner"], device=device_of(request)
                )
                seating = None if isinstance(report, LateReport) else report.seating
                message = _status_message(report, changed)
                late = isinstance(report, LateReport)
        except UserError as error:
            return _report_error(request, table, reporter, error)
        if late:
            # Its game was over: the evening may have moved on, or ended,
            # between this request reading it and the report's lock. Any
            # other report changed only its table, which is read afresh.
            table.evening.refresh_from_db()
        if table.evening.is_finished:  # a late report for the last game: no table page now
            notes = [note["text"] for note in _late_notes(request, table)]
            text = " ".join([message, *notes]).strip()
            return error_page(request, _("The evening is over"), text, 409)
        if not request.htmx:
            if message:  # a late report's words are on the page until read
                messages.success(request, message)
            return redirect(f"{reverse('tableside', args=[table.token])}?as={reporter}")
        context = _context(request, table, reporter, seating)
        if context is None:
            return _closed_table(request, table)
        context["message"] = message
        return render(request, TEMPLATE + "#table-status", context)
    problem = report_problem(form, _("Tap the winning couple."))
    return _report_error(request, table, reporter, UserError(problem))


@require_POST
def tableside_late_read(request: HttpRequest, token: str, late: int) -> HttpResponse:
    """ "Got it": the person at the table has read what became of a late report."""
    try:
        table = _table(request, token, finished_ok=True)
    except _Unavailable as unavailable:
        return unavailable.response
    try:
        services.read_late_report(table, late, device=known_device(request))
    except UserError as error:
        return error_page(request, _("That did not work"), error.message, error.status)
    reporter = read_id(request.POST.get("as"), MAX_COUPLE_NUMBER)
    query = f"?as={reporter}" if reporter is not None else ""
    return redirect(reverse("tableside", args=[table.token]) + query)


def _report_error(request, table: Table, reporter, error: UserError) -> HttpResponse:
    table.evening.refresh_from_db()
    context = _context(request, table, reporter)
    if context is None and isinstance(error, Conflict):  # e.g. too late: say what was recorded
        return error_page(request, _("Table not in play"), error.message, error.status)
    if context is None:
        return _closed_table(request, table)
    context["error"] = error.message
    template = TEMPLATE + "#table-status" if request.htmx else TEMPLATE
    return render(request, template, context, status=error.status)


def _status_message(report: TableReport | LateReport, changed: bool) -> str:
    if isinstance(report, LateReport):  # the game was over when it came
        if report.agrees:
            return _answer_message(
                {"code": receipts.VOLUNTEER_AGREES, "winner": report.seating.winner.number}
            )
        return ""  # the page says it until read (late_notes)
    Status = TableReport.Status
    if not changed:
        return _("Your report was already in. Thank you.")
    if report.status == Status.PENDING:
        return _("Thank you. Now the other couple confirms it on this page (or a volunteer does).")
    if report.status == Status.CONFIRMED:
        return _("Confirmed: the result is in. Thank you!")
    return _("The two couples disagree. A volunteer is coming to settle it.")


def _answer_message(answer: dict) -> str:
    """What became of a report sent from the phone's outbox, in words."""
    code, winner = answer["code"], {"w": answer.get("winner")}
    if code == receipts.LATE:
        return ""  # the page says it until read (late_notes)
    if code == receipts.VOLUNTEER_AGREES:
        return _("A volunteer had already recorded it: couple %(w)s won. Thank you!") % winner
    if code == receipts.VOLUNTEER_DISAGREES:
        return (
            _(
                "A volunteer had already recorded couple %(w)s as the winner, "
                "and you said otherwise. A volunteer is coming to check it."
            )
            % winner
        )
    Status = TableReport.Status
    status = {
        receipts.PENDING: Status.PENDING,
        receipts.CONFIRMED: Status.CONFIRMED,
        receipts.CONFLICT: Status.CONFLICT,
    }.get(code)
    return _status_message(TableReport(status=status), changed=status is not None)
