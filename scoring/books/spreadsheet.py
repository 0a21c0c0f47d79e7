"""The books as CSV files a spreadsheet opens as they are (LibreOffice Calc,
Excel): UTF-8 with a byte order mark (so Excel reads accents right), one
header row, dates as ISO dates (2026-01-31), amounts as plain numbers with
two decimals (no currency sign, no thousands separator).

The columns are named in the page's language, and the numbers written the
way a spreadsheet set to that language reads them: in English "1234.50"
between commas; in French "1234,50" between semicolons (a French Excel or
LibreOffice takes a comma for the decimal point, and a semicolon, not a
comma, between columns). Either can be asked for whatever the language
(`Dialect`).

The books' file lists every evening of the period in date order; an evening
still open or cancelled has its status and no figures, so a column's sum in
the spreadsheet is the totals row, the last one (finished evenings only).

A cell that begins like a formula (=, +, -, @) is written with an apostrophe
before it: a name typed at the door is never run as a formula.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.humanize.templatetags.humanize import ordinal
from django.utils.html import strip_tags
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from scoring.books.figures import CANCELLED, FINISHED, BookEvening, Books, CouplesOfEvening
from scoring.rules.books import Figures

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True, slots=True)
class Dialect:
    name: str  # "comma" or "semicolon"
    delimiter: str
    decimal: str

    def amount(self, value: Decimal) -> str:
        """ "1234.50" or "1234,50": two decimals, no grouping, a minus if negative."""
        return f"{Decimal(value).quantize(Decimal('0.01')):f}".replace(".", self.decimal)


COMMA = Dialect("comma", ",", ".")
SEMICOLON = Dialect("semicolon", ";", ",")
DIALECTS = {dialect.name: dialect for dialect in (COMMA, SEMICOLON)}


def dialect_for(asked: str | None = None, language: str | None = None) -> Dialect:
    """The dialect asked for by name, else the one of the language (French:
    semicolons). An unknown name is the language's."""
    if asked in DIALECTS:
        return DIALECTS[asked]
    language = (language or get_language() or "en").split("-")[0]
    return SEMICOLON if language == "fr" else COMMA


def safe(text: str) -> str:
    """Text as a cell: one that would start a formula gets an apostrophe first."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _write(header: list[str], rows: list[list[str]], dialect: Dialect) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=dialect.delimiter, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return (BOM + buffer.getvalue()).encode("utf-8")


def status_word(row: BookEvening) -> str:
    if row.kind == FINISHED:
        return _("finished")
    if row.kind == CANCELLED:
        return _("cancelled")
    return _("still open")


def books_header() -> list[str]:
    return [
        _("Date"),
        _("Evening"),
        _("Status"),
        _("Couples"),
        _("Entries"),
        _("Jar buy-ins"),
        pgettext("books column", "50/50 takings"),
        _("50/50 paid out"),
        _("Prizes paid in cash"),
        _("Prizes given in kind"),
        _("Jar carried in"),
        _("Jar paid out"),
        _("Jar carried over"),
        _("The hall keeps"),
    ]


def _figures(figures: Figures, dialect: Dialect, jar_in_out: bool = True) -> list[str]:
    amount = dialect.amount
    return [
        str(figures.couples),
        amount(figures.entries),
        amount(figures.jar_buy_ins),
        amount(figures.fifty_fifty_takings),
        amount(figures.fifty_fifty_paid),
        amount(figures.prizes_paid),
        safe(figures.items_text()),
        amount(figures.jar_carried_in) if jar_in_out else "",
        amount(figures.jar_paid_out),
        amount(figures.jar_carried_over) if jar_in_out else "",
        amount(figures.hall_keeps),
    ]


def books_csv(books: Books, dialect: Dialect) -> bytes:
    """Every evening of the period in date order, then the totals row."""
    rows = []
    for row in books.evenings:
        cells = [row.date.isoformat(), safe(row.name), status_word(row)]
        cells += _figures(row.figures, dialect) if row.finished else [""] * 11
        rows.append(cells)
    count = len(books.finished)
    finished = ngettext("%(n)s finished evening", "%(n)s finished evenings", count) % {"n": count}
    totals = ["", _("Total"), finished]
    # The jar's in and out add up to nothing over several evenings: left empty.
    rows.append(totals + _figures(books.totals, dialect, jar_in_out=False))
    return _write(books_header(), rows, dialect)


def prize_words(target: str, place: int) -> str:
    if target == "place":
        return _("%(ordinal)s place") % {"ordinal": strip_tags(ordinal(place))}
    return {
        "booby": _("booby prize"),
        "halftime": _("half-time leader"),
        "travelling": _("travelling prize"),
        "jar": _("cookie jar"),
    }.get(target, target)


def couples_csv(evenings: tuple[CouplesOfEvening, ...], dialect: Dialect) -> bytes:
    """One row per couple and evening: the evening-by-evening statistics."""
    header = [
        _("Date"),
        _("Evening"),
        _("Status"),
        _("Couple"),
        _("First player"),
        _("Second player"),
        _("Games won"),
        _("Place"),
        _("Tied"),
        _("Prizes"),
        _("Cash won"),
        _("Prizes given in kind"),
    ]
    rows = []
    for entry in evenings:
        evening = entry.evening
        for line in entry.couples:
            rows.append(
                [
                    evening.date.isoformat(),
                    safe(evening.name),
                    status_word(evening),
                    str(line.number),
                    safe(line.player1),
                    safe(line.player2),
                    str(line.wins),
                    "" if line.place is None else str(line.place),
                    _("tied") if line.tied and line.place is not None else "",
                    "; ".join(prize_words(*code) for code in line.prizes),
                    dialect.amount(line.cash),
                    safe("; ".join(line.items)),
                ]
            )
    return _write(header, rows, dialect)
