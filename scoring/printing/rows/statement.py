"""The statement of the hall's books as rows (`scoring.books`): one row per
finished evening, the totals, the jar's carry-over, the evenings left out
and why, every amount written as the evening's own money summary writes it."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.books import Books
from scoring.books.spreadsheet import status_word
from scoring.results import money_text
from scoring.rules.books import Figures


@dataclass(frozen=True, slots=True)
class Column:
    key: str
    title: str
    amount: bool  # a figure, right-aligned


@dataclass(frozen=True, slots=True)
class StatementRow:
    cells: tuple[str, ...]  # one per column
    mark: str = ""  # "1", "2": the note about this evening, "" when none


@dataclass(frozen=True, slots=True)
class Statement:
    hall: str
    title: str
    period: str  # "Financial year 2026: 1 January 2026 to 31 December 2026"
    licence: str  # "Lottery licence: NS-LL-2026-0457", or ""
    paper: str  # "letter" or "a4"
    columns: tuple[Column, ...]
    rows: tuple[StatementRow, ...]
    totals: tuple[str, ...]
    summary: tuple[tuple[str, str], ...]  # (label, amount): cash in, out, the hall keeps
    in_kind: str  # every prize given in kind, each with how many times: "A turkey × 12; …"
    jar: tuple[tuple[str, str], ...]  # the jar at the start, in, out, at the end
    left_out: tuple[str, ...]  # the open and cancelled evenings, one line each
    notes: tuple[str, ...]  # "1. 2026-03-06 Friday 45s: …"
    warnings: tuple[str, ...]
    empty: str  # what the table says when no evening is finished


def _columns(books: Books) -> tuple[Column, ...]:
    columns = [
        Column("date", _("Date"), False),
        Column("name", _("Evening"), False),
        Column("couples", _("Couples"), True),
        Column("entries", _("Entries"), True),
    ]
    if books.any_jar:
        columns.append(Column("jar_buy_ins", _("Jar buy-ins"), True))
    if books.any_fifty_fifty:
        columns += [
            Column("fifty_fifty_takings", pgettext("books column", "50/50 takings"), True),
            Column("fifty_fifty_paid", _("50/50 paid out"), True),
        ]
    columns += [
        Column("prizes_paid", _("Prizes paid in cash"), True),
        Column("items", _("Prizes given in kind"), False),
    ]
    if books.any_jar:
        columns += [
            Column("jar_carried_in", _("Jar carried in"), True),
            Column("jar_paid_out", _("Jar paid out"), True),
            Column("jar_carried_over", _("Jar carried over"), True),
        ]
    columns.append(Column("hall_keeps", _("The hall keeps"), True))
    return tuple(columns)


def _cell(key: str, figures: Figures, jar: bool = True, fifty: bool = True) -> str:
    if key == "couples":
        return str(figures.couples)
    if key == "items":
        return figures.items_text() or "–"
    if (key.startswith("jar_") and not jar) or (key.startswith("fifty_") and not fifty):
        return "–"
    return money_text(getattr(figures, key))


def period_words(books: Books) -> str:
    period = books.period
    span = _("%(start)s to %(end)s") % {
        "start": date_format(period.start, "j F Y"),
        "end": date_format(period.end, "j F Y"),
    }
    if period.year_name:
        return _("Financial year %(year)s: %(span)s") % {"year": period.year_name, "span": span}
    return span


def statement_rows(books: Books, paper: str | None = None) -> Statement:
    columns = _columns(books)
    rows, notes = [], []
    for evening in books.finished:
        cells = []
        for column in columns:
            if column.key == "date":
                cells.append(evening.date.isoformat())
            elif column.key == "name":
                cells.append(evening.name)
            else:
                cells.append(_cell(column.key, evening.figures, evening.jar, evening.fifty_fifty))
        mark = ""
        if evening.warnings:
            mark = str(len(notes) + 1)
            notes.append(
                _("%(mark)s. %(date)s %(evening)s: %(warnings)s")
                % {
                    "mark": mark,
                    "date": evening.date.isoformat(),
                    "evening": evening.name,
                    "warnings": " ".join(evening.warnings),
                }
            )
        rows.append(StatementRow(tuple(cells), mark))
    totals = []
    for column in columns:
        if column.key == "date":
            totals.append("")
        elif column.key == "name":
            totals.append(
                ngettext(
                    "Total of %(n)s finished evening",
                    "Total of %(n)s finished evenings",
                    len(books.finished),
                )
                % {"n": len(books.finished)}
            )
        elif column.key in ("jar_carried_in", "jar_carried_over"):
            totals.append("–")  # the same money carried from one evening to the next
        elif column.key == "items":
            count = len(books.totals.items)
            totals.append(ngettext("%(n)s item", "%(n)s items", count) % {"n": count})
        else:
            totals.append(_cell(column.key, books.totals))
    figures = books.totals
    in_kind = figures.items_text()
    summary = (
        (_("Taken in (entries, jar buy-ins, 50/50 tickets)"), money_text(figures.cash_in)),
        (_("Paid out (prizes in cash, the jar, the 50/50 prize)"), money_text(figures.cash_out)),
        (_("The hall keeps"), money_text(figures.hall_keeps)),
    )
    jar = ()
    if books.any_jar:
        jar = (
            (_("In the jar at the start (carried over)"), money_text(books.jar.start)),
            (_("Bought in"), money_text(books.jar.bought_in)),
            (_("Paid out to winners"), money_text(books.jar.paid_out)),
            (_("In the jar at the end (carried over)"), money_text(books.jar.end)),
        )
    left_out = []
    for evening in (*books.open, *books.cancelled):
        line = _("%(date)s %(evening)s: %(status)s") % {
            "date": evening.date.isoformat(),
            "evening": evening.name,
            "status": status_word(evening),
        }
        if evening.warnings:
            line = _("%(line)s. %(warnings)s") % {
                "line": line,
                "warnings": " ".join(evening.warnings),
            }
        left_out.append(line)
    hall = books.hall
    licence = ""
    if hall.lottery_licence:
        licence = _("Lottery licence: %(number)s") % {"number": hall.lottery_licence}
    return Statement(
        hall=hall.name,
        title=_("Statement of the hall's books"),
        period=period_words(books),
        licence=licence,
        paper=paper or hall.paper_size,
        columns=columns,
        rows=tuple(rows),
        totals=tuple(totals),
        summary=summary,
        in_kind=in_kind,
        jar=jar,
        left_out=tuple(sorted(left_out)),
        notes=tuple(notes),
        warnings=books.warnings,
        empty=_("No evening of this period is finished yet."),
    )
