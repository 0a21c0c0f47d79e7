"""The hall's books, the pure part: its financial year, a period's totals and
the cookie jar's balance over a period (no Django, no database).

The figures of each evening come from the evening's own money summary
(`scoring.results.money`, the one money rule); this module only adds them
up, so a period's totals are the sum of the evenings' signed summaries to
the cent, whichever way they are summed.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

ZERO = Decimal("0.00")


def financial_year(day: datetime.date, first_month: int) -> tuple[datetime.date, datetime.date]:
    """The first and last day of the financial year that holds `day`, for a
    year that starts on the first of `first_month` (1: the calendar year)."""
    start_year = day.year if day.month >= first_month else day.year - 1
    return year_from(start_year, first_month)


def year_from(start_year: int, first_month: int) -> tuple[datetime.date, datetime.date]:
    """The financial year that starts in `start_year`: (first day, last day)."""
    if not 1 <= first_month <= 12:
        raise ValueError(f"first_month {first_month} is not a month")
    start = datetime.date(start_year, first_month, 1)
    following = datetime.date(start_year + 1, first_month, 1)
    return start, following - datetime.timedelta(days=1)


def year_name(start_year: int, first_month: int) -> str:
    """ "2026" for a calendar year, "2026-2027" for one that starts later."""
    if first_month == 1:
        return str(start_year)
    return f"{start_year}\u2013{start_year + 1}"


@dataclass(frozen=True, slots=True)
class Figures:
    """One evening's money as its summary says it, or a period's totals.

    ``items``: the prizes given that are things, not money, by name (a
    period's totals list every one). ``jar_carried_in``/``jar_carried_over``
    are the jar's in and out; summed over several evenings they mean nothing
    (the same money is carried from one evening into the next) and the books
    show the jar's balance at the start and the end of the period instead."""

    couples: int = 0
    entries: Decimal = ZERO
    jar_buy_ins: Decimal = ZERO
    fifty_fifty_takings: Decimal = ZERO
    fifty_fifty_paid: Decimal = ZERO
    prizes_paid: Decimal = ZERO
    items: tuple[str, ...] = ()
    jar_carried_in: Decimal = ZERO
    jar_paid_out: Decimal = ZERO
    jar_carried_over: Decimal = ZERO
    hall_keeps: Decimal = ZERO

    @property
    def tally(self) -> tuple[tuple[str, int], ...]:
        """The items, each once with how many times it was given (`tally`)."""
        return tally(self.items)

    def items_text(self) -> str:
        """ "A turkey × 12; A quilt": the items for one cell of a table."""
        return "; ".join(name if n == 1 else f"{name} \u00d7 {n}" for name, n in self.tally)

    @property
    def cash_in(self) -> Decimal:
        """What the cash box took: entries, jar buy-ins, 50/50 tickets."""
        return self.entries + self.jar_buy_ins + self.fifty_fifty_takings

    @property
    def cash_out(self) -> Decimal:
        """What it paid: prizes in cash, the jar to its winners, the 50/50 prize."""
        return self.prizes_paid + self.jar_paid_out + self.fifty_fifty_paid


def total(rows: Iterable[Figures]) -> Figures:
    """The sum of the evenings' figures, field by field, and every item given."""
    rows = list(rows)

    def add(name: str) -> Decimal:
        return sum((Decimal(getattr(row, name)) for row in rows), ZERO)

    return Figures(
        couples=sum(row.couples for row in rows),
        entries=add("entries"),
        jar_buy_ins=add("jar_buy_ins"),
        fifty_fifty_takings=add("fifty_fifty_takings"),
        fifty_fifty_paid=add("fifty_fifty_paid"),
        prizes_paid=add("prizes_paid"),
        items=tuple(item for row in rows for item in row.items),
        jar_carried_in=add("jar_carried_in"),
        jar_paid_out=add("jar_paid_out"),
        jar_carried_over=add("jar_carried_over"),
        hall_keeps=add("hall_keeps"),
    )


@dataclass(frozen=True, slots=True)
class JarBalance:
    """The cookie jar over a period: what it held at the start (carried into
    the period), what went in and out, and what it held at the end.
    ``gap``: start + bought in - paid out - end; zero when every jar of the
    period is settled and handed on, else money the books cannot place."""

    start: Decimal
    bought_in: Decimal
    paid_out: Decimal
    end: Decimal

    @property
    def gap(self) -> Decimal:
        return self.start + self.bought_in - self.paid_out - self.end


def jar_balance(start: Decimal, evenings: Iterable[Figures], end: Decimal | None) -> JarBalance:
    """The jar's balance over the finished evenings of a period (`evenings`,
    in date order, only those with a jar). `end`: what the last of them
    carried over (None when the period has no jar evening: the jar held
    what it held at the start)."""
    evenings = list(evenings)
    return JarBalance(
        start=start,
        bought_in=sum((row.jar_buy_ins for row in evenings), ZERO),
        paid_out=sum((row.jar_paid_out for row in evenings), ZERO),
        end=start if end is None else end,
    )


def tally(items: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """Prizes given in kind, each name once with how many times it was given,
    in the order first given: ("A turkey", 12), ("A quilt", 1)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return tuple(counts.items())
