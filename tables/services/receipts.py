"""Requests sent again: exactly one effect, the same answer.

A phone that taps with no Wi-Fi keeps the request in its outbox and sends it
when the connection is back (static/js/live/outbox.js); if the answer was lost on
the way, it sends it again. Each such request carries an id made on the phone
(`key`). The first time a key arrives, the service function runs and its
answer is kept in a `Receipt` in the same transaction; the same key again
gets that kept answer and changes nothing. The evening's row lock (which
every write of the evening takes first) serializes two copies arriving at
once, so the second one finds the first one's receipt. The service each
one carries out runs on the evening locked here (`record_locked` and its
kin), so the row is read and locked once a request, not twice.

A request that was refused (a UserError) had no effect and keeps no receipt:
sent again, it is judged again against the evening as it is then.

    report_result_once(table, key, game, reporter, winner) -> (dict, Seating | None)
        `report_result` once per key. The answer: {"code": one of
        REPORT_CODES, "winner": the couple number recorded (or None)}; and
        the table's seating with its reports as this report left them (None
        for a kept answer or a late report: the page reads the table then).
    record_result_once(evening, key, game, table, winner, *, change, was, user) -> bool
        `record_result` (or `change_result`) once per key; the
        answer is `changed`.
    register_couple_once(evening, key, player1, player2, **options) -> (Couple, bool)
        `register_couple` at the door once per key: the couple, and whether
        this call registered it (False: it was registered by the first copy).
    new_key() -> str
        An id for a form made by the server (the door form carries one, so
        that Enter pressed again after an uncertain answer has one effect).
"""

from __future__ import annotations

import re
import secrets

from django.utils.translation import gettext as _

from cardnight.errors import UserError
from tables.names import couple_digest

from ..models import Couple, Evening, LateReport, Receipt, Seating, Table, TableReport
from .door import register_locked
from .play import record_locked
from .tableside import report_locked

KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")

# What became of a report from the table: the view says it in words.
UNCHANGED = "unchanged"  # the same report was already in
PENDING = "pending"  # waiting for the other couple
CONFIRMED = "confirmed"  # the two couples agree: the result is in
CONFLICT = "conflict"  # the two couples disagree
VOLUNTEER_AGREES = "volunteer-agrees"  # a volunteer had recorded the same winner
VOLUNTEER_DISAGREES = "volunteer-disagrees"  # a volunteer had recorded the other couple
LATE = "late"  # the game was over, the other couple recorded: kept for the volunteers
REPORT_CODES = (
    UNCHANGED,
    PENDING,
    CONFIRMED,
    CONFLICT,
    VOLUNTEER_AGREES,
    VOLUNTEER_DISAGREES,
    LATE,
)


def check_key(key: str) -> str:
    """The phone's request id, or a UserError (400)."""
    if not KEY.match(key or ""):
        raise UserError(_("This request has a broken id. Reload the page and tap again."))
    return key


def new_key() -> str:
    """A fresh request id, of the same kind the phone's outbox makes."""
    return secrets.token_hex(12)


# Read on every tap and report, under the evening's lock: compiled once.
def _receipt_query(evening, key):
    return Receipt.objects.filter(evening_id=evening, key=key)[:1]


def _kept(evening: Evening, key: str, request: str) -> dict | None:
    """The answer kept for `key`, if this request was carried out before."""
    receipt = next(iter(_receipt_query(evening.pk, key)), None)
    if receipt is None:
        return None
    if receipt.request != request:
        raise UserError(_("This request id was already used for another tap. Tap again."))
    return receipt.answer


def report_result_once(
    table: Table, key: str, game: int, reporter: int, winner: int, *, device: str = ""
) -> tuple[dict, Seating | None]:
    """`report_result`, carried out once per key (see the module)."""
    with Evening.changing(table.evening) as evening:
        request = f"report t{table.number} g{game} c{reporter} w{winner}"
        kept = _kept(evening, check_key(key), request)
        if kept is not None:
            return kept, None
        report, changed, recorded_before, seating = report_locked(
            evening, table, game, reporter, winner, device=device
        )
        if isinstance(report, LateReport):  # the game was over when it came
            code = VOLUNTEER_AGREES if report.agrees else LATE
            answer = {"code": code, "winner": report.seating.winner.number, "late": report.pk}
            Receipt.objects.create(evening=evening, key=key, request=request, answer=answer)
            return answer, None
        answer = {"code": _report_code(report, changed, recorded_before), "winner": None}
        if answer["code"] != PENDING:
            winner_now = (
                report.seating.winner
            )  # the seating the service read and wrote, under the lock
            answer["winner"] = winner_now.number if winner_now else None
        Receipt.objects.create(evening=evening, key=key, request=request, answer=answer)
        return answer, seating


def _report_code(report: TableReport, changed: bool, recorded_before: int | None) -> str:
    if not changed:
        return UNCHANGED
    if recorded_before is not None:
        agrees = report.claimed_winner_id == recorded_before
        return VOLUNTEER_AGREES if agrees else VOLUNTEER_DISAGREES
    return {
        TableReport.Status.PENDING: PENDING,
        TableReport.Status.CONFIRMED: CONFIRMED,
    }.get(report.status, CONFLICT)


def record_result_once(
    evening: Evening,
    key: str,
    game: int,
    table: int,
    winner: int,
    *,
    change: bool = False,
    was: int | None = None,
    user=None,
) -> bool:
    """A volunteer's tap, carried out once per key; returns `changed`."""
    with Evening.changing(evening) as evening:
        request = f"result t{table} g{game} w{winner} c{int(change)} was{was or 0}"
        kept = _kept(evening, check_key(key), request)
        if kept is not None:
            return kept["changed"]
        _seating, changed = record_locked(
            evening, game, table, winner, change=change, was=was, user=user
        )
        Receipt.objects.create(
            evening=evening, key=key, request=request, answer={"changed": changed}
        )
        return changed


def register_couple_once(
    evening: Evening, key: str, player1: str, player2: str, **options
) -> tuple[Couple, bool]:
    """`register_couple`, carried out once per key (see the module): the
    couple, and False when the same request had already registered it.

    The same request is the same two names as the door compares them (case,
    accents and order aside): an id sent again with other names (a page
    from the browser's cache, say) is refused like any reused id."""
    with Evening.changing(evening) as evening:
        request = "couple " + couple_digest(player1, player2)
        kept = _kept(evening, check_key(key), request)
        if kept is not None:
            couple = evening.couples.filter(number=kept["couple"]).first()
            if couple is None:
                raise UserError(
                    _("Couple %(n)s was registered, then removed.") % {"n": kept["couple"]}
                )
            return couple, False
        couple = register_locked(evening, player1, player2, **options)
        Receipt.objects.create(
            evening=evening, key=key, request=request, answer={"couple": couple.number}
        )
        return couple, True
