"""The period the hall's books cover: its financial year (the one holding
today unless another is asked for) or any two dates, read from a page's
query string with a message for anything that is not a period."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from cardnight.errors import UserError
from scoring.rules import books as rules
from tables.models import FIRST_YEAR, LAST_YEAR, Hall


@dataclass(frozen=True, slots=True)
class Period:
    """From `start` to `end`, both days included. `year`: the calendar year
    the financial year starts in, when the period is one (None: two dates)."""

    start: datetime.date
    end: datetime.date
    year: int | None = None
    first_month: int = 1

    @property
    def year_name(self) -> str:
        """ "2026", "2026–2027" (a financial year), "" for two dates."""
        return "" if self.year is None else rules.year_name(self.year, self.first_month)

    @property
    def query(self) -> dict[str, str]:
        """The query string that asks for this period again (the CSV and PDF links)."""
        if self.year is not None:
            return {"year": str(self.year)}
        return {"start": self.start.isoformat(), "end": self.end.isoformat()}

    def shifted(self, years: int) -> Period | None:
        """The financial year `years` before or after this one (None for two
        dates, or out of the years an evening may have)."""
        if self.year is None or not FIRST_YEAR <= self.year + years <= LAST_YEAR:
            return None
        return financial_year(self.year + years, self.first_month)


def financial_year(year: int, first_month: int) -> Period:
    start, end = rules.year_from(year, first_month)
    return Period(start, end, year, first_month)


def this_year(hall: Hall, today: datetime.date) -> Period:
    """The hall's financial year that holds `today`."""
    start, _end = rules.financial_year(today, hall.books_year_start)
    return financial_year(start.year, hall.books_year_start)


def _date(value: str, first: bool) -> datetime.date:
    try:
        day = datetime.date.fromisoformat(value.strip())
    except ValueError:
        message = (
            _("The first date “%(value)s” is not a date: write it as 2026-01-31.")
            if first
            else _("The last date “%(value)s” is not a date: write it as 2026-01-31.")
        )
        raise UserError(message % {"value": value[:40]}) from None
    if not FIRST_YEAR <= day.year <= LAST_YEAR:
        raise UserError(
            _("Choose dates in the years %(first)s to %(last)s.")
            % {"first": FIRST_YEAR, "last": LAST_YEAR}
        )
    return day


def period_from(hall: Hall, query: Mapping[str, str], today: datetime.date) -> Period:
    """The period a page asks for: `start` and `end` (two dates, both
    included), or `year` (the financial year that starts in it), or else
    the financial year that holds `today`. Raises UserError with the reason."""
    start, end = query.get("start", "").strip(), query.get("end", "").strip()
    if start or end:
        if not (start and end):
            raise UserError(_("Give both dates, the first and the last, or neither."))
        first, last = _date(start, True), _date(end, False)
        if first > last:
            raise UserError(_("The first date is after the last one: swap them."))
        return Period(first, last, None, hall.books_year_start)
    year = query.get("year", "").strip()
    if year:
        if not year.isascii() or not year.isdigit() or not FIRST_YEAR <= int(year) <= LAST_YEAR:
            raise UserError(
                _("Choose a year from %(first)s to %(last)s.")
                % {"first": FIRST_YEAR, "last": LAST_YEAR}
            )
        return financial_year(int(year), hall.books_year_start)
    return this_year(hall, today)
