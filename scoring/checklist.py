"""TONIGHT'S CHECKLIST: where an evening stands and what comes next (reads only).

``checklist(evening, phone_host=...)`` returns the steps of a night in the
order it runs (settings and prizes, publish, cue cards, the door, seating,
table cards, the games, finishing, ties/booby/jar, the results sheet), each
done / to do / not yet possible (with the reason) and its one page, and the
warnings that matter on the night. A constant number of SQL queries whatever
the size of the evening: the results tree (at most 9), the current game's
progress (1), its disagreements (1), the tables' late reports still to check
(1) and which prizes are set (1). The
last backup's time is read from the backup folder, not the database.

It lives in scoring because it reads the ties and the cookie jar; the
evening's page (scoring.views.hub) shows it.
"""

from __future__ import annotations

import datetime
import ipaddress
from dataclasses import dataclass

from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardnight import backup, database
from scoring.models import Prize, prize_label, prizes_on
from scoring.results import EveningResults, evening_results
from tables import queries
from tables.models import Evening

DONE = "done"
TODO = "todo"
LATER = "later"  # not yet possible: `why` says what must happen first

MIN_COUPLES = 2  # seating needs at least one table
OPTIONAL = {"publish", "cue-cards", "table-cards", "results"}  # a night can go on without them


@dataclass(frozen=True)
class Step:
    key: str
    title: str
    state: str  # DONE | TODO | LATER
    detail: str  # the progress, or why it is not possible yet
    button: str
    url: str
    organizer_only: bool = False
    optional: bool = False  # may be skipped: not proposed once the night has moved past it

    @property
    def done(self) -> bool:
        return self.state == DONE


@dataclass(frozen=True)
class Warning:
    key: str
    text: str
    url: str = ""
    button: str = ""


@dataclass(frozen=True)
class Checklist:
    steps: tuple[Step, ...]
    warnings: tuple[Warning, ...]
    last_backup: datetime.datetime | None

    @property
    def next_step(self) -> Step | None:
        """The first step still to do, or None once the night is over. A
        step that may be skipped (publishing, a printout) is not proposed
        once a later step that may not be skipped is done."""
        for index, step in enumerate(self.steps):
            if step.state != TODO:
                continue
            later = self.steps[index + 1 :]
            if step.optional and any(s.done and not s.optional for s in later):
                continue
            return step
        return None

    def step(self, key: str) -> Step:
        return next(step for step in self.steps if step.key == key)


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or address, with or without a port) only
    reaches this computer, so a phone cannot use it."""
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:8000
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    if host in ("localhost", "localhost.localdomain") or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def checklist(evening: Evening, *, phone_host: str = "") -> Checklist:
    """Tonight's checklist of `evening` (see the module docstring).

    `phone_host` is the address the site's links and QR codes use (the host
    of the request, or the hall's "address phones use" where one is set); a
    loopback address there is the first warning."""
    results = evening_results(evening)
    progress = queries.progress(evening)
    disputed = queries.disputed_tables(evening)
    late = queries.late_reports(evening)
    last_backup = backup.last_backup_time()
    stored = set(Prize.objects.filter(evening=evening).values_list("target", "place"))
    unset = [slot for slot in prizes_on(evening) if slot not in stored]
    steps = _steps(evening, results, progress, unset, any_set=bool(stored))
    warnings = _warnings(evening, results, disputed, late, phone_host, last_backup, steps)
    return Checklist(tuple(steps), tuple(warnings), last_backup)


def _url(name: str, evening: Evening, anchor: str = "") -> str:
    return reverse(name, args=[evening.slug]) + anchor


def _all_played(evening: Evening, progress: queries.Progress) -> bool:
    if evening.is_finished:
        return True
    return evening.current_game == evening.games and progress.complete


def _steps(
    evening: Evening, results: EveningResults, progress, unset: list, *, any_set: bool
) -> list[Step]:
    """`unset`: the prizes that are on and not set yet (target, place)."""
    couples = len(results.standings)
    seated = not evening.is_setup
    played = _all_played(evening, progress)
    ties = results.ties
    enough = couples >= MIN_COUPLES
    steps: list[Step] = []

    def add(key, title, done, possible, detail, button, url, organizer_only=False, optional=None):
        state = DONE if done else (TODO if possible is True else LATER)
        why = possible if isinstance(possible, str) and not done else ""
        optional = key in OPTIONAL if optional is None else optional
        steps.append(Step(key, title, state, why or detail, button, url, organizer_only, optional))

    if not unset:
        prizes_detail = _("The prizes are set.")
    elif not any_set:
        prizes_detail = _("Check the settings, then set the prizes.")
    else:
        prizes_detail = _("Still to set: %(prizes)s.") % {
            "prizes": ", ".join(prize_label(target, place) for target, place in unset)
        }
    add(
        "prizes",
        _("Settings and prizes"),
        not unset,
        True,
        prizes_detail,
        _("Set the prizes"),
        _url("prizes", evening),
        organizer_only=True,
        optional=seated,  # once play starts, a prize still unset is not the next step
    )
    add(
        "publish",
        _("Publish on the public scoreboard"),
        evening.published,
        True,
        _("Players can follow it on their phones.")
        if evening.published
        else _("Still private: the cue cards' QR codes lead nowhere until it is published."),
        _("Publish it in the settings"),
        _url("evening-edit", evening, "#id_published"),
        organizer_only=True,
    )
    add(
        "cue-cards",
        _("Print the cue cards"),
        evening.cue_cards_printed_at is not None,
        True if couples else _("Register the couples first (blank cards work for walk-ins)."),
        _("Printed.") if evening.cue_cards_printed_at else _("A punch card for every couple."),
        _("Cue cards"),
        _url("print-index", evening),
    )
    unpaid = sum(1 for standing in results.standings if not standing.couple.paid)
    add(
        "door",
        _("Register the couples at the door"),
        seated,
        True,
        ngettext("%(n)d couple registered.", "%(n)d couples registered.", couples) % {"n": couples}
        + (
            " " + ngettext("%(n)d has not paid.", "%(n)d have not paid.", unpaid) % {"n": unpaid}
            if unpaid
            else ""
        ),
        _("Register couples"),
        _url("door", evening),
    )
    add(
        "seat",
        _("Seat the tables"),
        seated,
        True if enough else _("At least two couples must be registered."),
        "",
        _("Go to the seating"),
        _url("game-screen", evening),
    )
    add(
        "table-cards",
        _("Print the table cards"),
        evening.table_cards_printed_at is not None,
        True if seated else _("The tables are seated first."),
        _("Printed.") if evening.table_cards_printed_at else "",
        _("Table cards"),
        _url("print-index", evening),
    )
    add(
        "play",
        _("Play the games"),
        played,
        True if seated else _("The tables are seated first."),
        _("Game %(n)d of %(g)d: %(in)d of %(total)d tables in.")
        % {
            "n": evening.current_game,
            "g": evening.games,
            "in": progress.tables_in,
            "total": progress.tables_total,
        }
        if seated and not played
        else "",
        _("Record results"),
        _url("game-screen", evening),
    )
    finished = evening.is_finished
    add(
        "finish",
        _("Finish the evening"),
        finished,
        True if played else _("After the last game's results are in."),
        _("The ties and prizes are settled once it is finished.")
        if played and not finished
        else "",
        _("Finish on the game screen"),
        _url("game-screen", evening),
        organizer_only=True,
    )
    add(
        "ties",
        _("Settle ties, booby and jar"),
        finished and not ties,
        True if finished else _("After the evening is finished."),
        ngettext("%(n)d tie to settle.", "%(n)d ties to settle.", len(ties)) % {"n": len(ties)}
        if ties
        else "",
        _("Ties and prizes"),
        _url("prizes", evening),
    )
    add(
        "results",
        _("Print the results"),
        evening.results_printed_at is not None and finished and not ties,
        True if finished and not ties else _("After the ties are settled."),
        _("Printed.") if evening.results_printed_at else "",
        _("Results sheet"),
        _url("print-index", evening),
    )
    return steps


def _warnings(evening, results, disputed, late, phone_host, last_backup, steps) -> list[Warning]:
    warnings: list[Warning] = []
    sqlite = backup.sqlite_path()
    if database.cannot_write_now(sqlite.parent if sqlite is not None else None):
        warnings.append(Warning("cannot-write", database.cannot_save_warning()))
    if phone_host and is_loopback(phone_host):
        warnings.append(
            Warning(
                "loopback",
                _(
                    "Phones cannot reach %(host)s: it is this computer's own address. Set "
                    "the address phones use on the Print page (the Wi-Fi address the laptop "
                    "printed when it started) before printing QR codes or table links."
                )
                % {"host": phone_host},
            )
        )
    if evening.cue_cards_printed_at and not evening.published:
        warnings.append(
            Warning(
                "unpublished",
                _(
                    "The cue cards are printed but the evening is not published: their QR "
                    "codes show nothing until it is."
                ),
                _url("evening-edit", evening, "#id_published"),
                _("Publish"),
            )
        )
    unpaid = [s.couple.number for s in results.standings if not s.couple.paid]
    if unpaid and (evening.entry_fee or 0) > 0:
        warnings.append(
            Warning(
                "unpaid",
                ngettext(
                    "%(n)d couple has not paid: %(numbers)s.",
                    "%(n)d couples have not paid: %(numbers)s.",
                    len(unpaid),
                )
                % {"n": len(unpaid), "numbers": ", ".join(str(n) for n in unpaid)},
                _url("door", evening),
                _("Door"),
            )
        )
    if disputed:
        warnings.append(
            Warning(
                "disagreement",
                ngettext(
                    "Table %(tables)s reported two different winners.",
                    "Tables %(tables)s reported different winners.",
                    len(disputed),
                )
                % {"tables": ", ".join(str(n) for n in disputed)},
                _url("game-screen", evening),
                _("Game screen"),
            )
        )
    for report in late:  # came after its game closed, names the other couple
        warnings.append(
            Warning(
                "late-report",
                report.summary(),
                _url("game-screen", evening, "#late-reports"),
                _("Game screen"),
            )
        )
    ties = results.ties
    if ties and _step_reached(steps, "ties"):
        warnings.append(
            Warning(
                "tie",
                ngettext("A tie is not settled yet.", "%(n)d ties are not settled yet.", len(ties))
                % {"n": len(ties)},
                _url("prizes", evening),
                _("Prizes and ties"),
            )
        )
    for text in results.warnings:
        warnings.append(Warning("results", text, _url("prizes", evening), _("Prizes and ties")))
    if backup.sqlite_path() is not None:
        warnings.append(_backup_warning(last_backup, backup.last_backup_failure()))
    return warnings


def _backup_warning(last_backup, failure) -> Warning:
    """The hub's line about backups: the last one, or (a warning) why the
    last one failed."""
    if failure is not None and (last_backup is None or failure[0] > last_backup):
        when, reason = failure
        text = _("The last backup failed at %(when)s: %(reason)s.") % {
            "when": _when(when),
            "reason": _("the disk is full") if reason == backup.DISK_FULL else reason,
        }
        if last_backup is not None:
            text += " " + _("The one before is from %(when)s.") % {"when": _when(last_backup)}
        return Warning("backup-failed", _one_stop(text))
    if last_backup is None:
        return Warning("backup", _("No backup yet: one is taken after every game."))
    return Warning("backup", _one_stop(_("Last backup: %(when)s.") % {"when": _when(last_backup)}))


def _one_stop(text: str) -> str:
    """A sentence ending in a time that ends in a full stop ("9:40 p.m.")
    ends with that one, not two."""
    text = text.replace(".. ", ". ")
    return text[:-1] if text.endswith("..") else text


def _step_reached(steps: list[Step], key: str) -> bool:
    return next(step for step in steps if step.key == key).state != LATER


def _when(moment: datetime.datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")
