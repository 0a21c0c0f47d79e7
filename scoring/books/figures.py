"""The hall's books over a period: one row per evening, each row the
evening's own money summary (`scoring.results`, the one money rule the
results sheet prints), the totals of the finished evenings, and the cookie
jar's balance at the start and the end of the period.

An evening still open (registering couples, or playing) and a cancelled one
are listed apart and never added to the totals: an open evening's money is
not final, and a cancelled evening took none (couples marked paid on one
are pointed out, to be refunded).

Each evening's figures are built once and kept in Django's cache under a
key that holds the evening's version and database generation (the board's
way: every change to an evening moves its version on, so a kept value is
never older than its key says), the code's revision, and where its jar came
from (the previous jar evening and its settled carry-over, which its own
version does not follow), so a year of 52 evenings costs two queries and
one cache read once each has been built. A cache that fails counts as empty.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardnight.freshness import cache_get_many, cache_set_many, code_revision, digest
from scoring import results as results_module
from scoring.results import TIED, ZERO, EveningResults
from scoring.results.extras import carried_in_from
from scoring.results.load import hall_jar_chain, previous_jars
from scoring.results.wording import date_text
from scoring.rules import books as rules
from scoring.rules.books import Figures, JarBalance
from tables.models import Evening, Hall

from .period import Period

FINISHED, OPEN, CANCELLED = "finished", "open", "cancelled"
# How long a built evening stays in the cache: its key holds its version,
# so this only bounds memory, never freshness.
CACHE_SECONDS = 7 * 24 * 60 * 60


@dataclass(frozen=True)
class CoupleLine:
    """One couple of one evening, for a hall that keeps its own statistics.
    ``prizes``: (target, place) of each prize it took ("place", "booby",
    "halftime", "travelling", "jar"); ``cash``: what they came to in money;
    ``items``: the prizes that were things."""

    number: int
    player1: str
    player2: str
    wins: int
    place: int | None
    tied: bool
    prizes: tuple[tuple[str, int], ...] = ()
    cash: Decimal = ZERO
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class BookEvening:
    """One evening of the books. ``kind``: FINISHED, OPEN or CANCELLED;
    ``figures``: its money summary (an open evening's as it stands).
    The flags say what keeps a figure from being final (worded by
    `warnings`, in the language of the page that shows them)."""

    id: int
    slug: str
    name: str
    date: datetime.date
    kind: str
    status: str  # the evening's status: setup, running, finished
    figures: Figures
    jar: bool = False
    fifty_fifty: bool = False
    paid_couples: int = 0
    ties_open: int = 0
    jar_unsettled: bool = False
    jar_differs: bool = False
    jar_undrawn: bool = False
    previous_unsettled: str = ""
    previous_unsettled_date: datetime.date | None = None

    @property
    def finished(self) -> bool:
        return self.kind == FINISHED

    @property
    def warnings(self) -> tuple[str, ...]:
        """What a treasurer must know before signing this row, in words."""
        found = []
        if self.kind == CANCELLED and self.paid_couples:
            found.append(
                ngettext(
                    "%(n)s couple is marked paid: refund it or count it by hand.",
                    "%(n)s couples are marked paid: refund them or count them by hand.",
                    self.paid_couples,
                )
                % {"n": self.paid_couples}
            )
        if self.kind == CANCELLED:
            return tuple(found)
        if self.ties_open:
            found.append(
                ngettext(
                    "%(n)s tie to settle: its prize is counted, not yet who took it.",
                    "%(n)s ties to settle: their prizes are counted, not yet who took them.",
                    self.ties_open,
                )
                % {"n": self.ties_open}
            )
        if self.previous_unsettled:
            found.append(
                _(
                    "The cookie jar of %(name)s (%(date)s) was never settled, so what it "
                    "carried over is not counted here. Settle it on that evening's jar page."
                )
                % {"name": self.previous_unsettled, "date": date_text(self.previous_unsettled_date)}
            )
        if self.jar_undrawn:
            found.append(
                _(
                    "The cookie jar's numbers were never drawn: its pot is neither paid out "
                    "nor carried over."
                )
            )
        elif self.jar_unsettled:
            found.append(_("The cookie jar is not settled: settle it on the evening's jar page."))
        if self.jar_differs:
            found.append(_("Results changed after the cookie jar was settled: settle it again."))
        return tuple(found)


@dataclass(frozen=True)
class Books:
    """The hall's books for `period`: the finished evenings (summed in
    `totals`), the open and the cancelled ones (never summed), oldest first;
    the jar's balance over the finished evenings."""

    hall: Hall
    period: Period
    finished: tuple[BookEvening, ...]
    open: tuple[BookEvening, ...]
    cancelled: tuple[BookEvening, ...]
    totals: Figures
    jar: JarBalance
    any_jar: bool
    any_fifty_fifty: bool
    # Every evening's figures as kept (a digest of their keys): the page's
    # tables are rendered once for it (templates/scoring/books.html).
    key: str = ""

    @property
    def evenings(self) -> tuple[BookEvening, ...]:
        """Every evening of the period, in date order."""
        return tuple(
            sorted((*self.finished, *self.open, *self.cancelled), key=lambda e: (e.date, e.id))
        )

    @property
    def warnings(self) -> tuple[str, ...]:
        found = []
        if self.jar.gap:
            found.append(
                _(
                    "The cookie jar does not add up over the period: %(start)s at the start, "
                    "plus %(bought)s bought in, less %(paid)s paid out, is not the %(end)s "
                    "it held at the end. See the evenings marked below."
                )
                % {
                    "start": results_module.money_text(self.jar.start),
                    "bought": results_module.money_text(self.jar.bought_in),
                    "paid": results_module.money_text(self.jar.paid_out),
                    "end": results_module.money_text(self.jar.end),
                }
            )
        return tuple(found)


# --- One evening ------------------------------------------------------------


def kind_of(evening: Evening) -> str:
    if evening.cancelled:
        return CANCELLED
    return FINISHED if evening.status == Evening.Status.FINISHED else OPEN


def book_evening(evening: Evening, result: EveningResults, data) -> BookEvening:
    """An evening's row from its results (`data`: its loaded rows)."""
    money = result.money
    jar = result.jar
    figures = Figures(
        couples=len(data.couples),
        entries=money.entries,
        jar_buy_ins=money.jar_buy_ins,
        fifty_fifty_takings=money.fifty_fifty_takings,
        fifty_fifty_paid=money.fifty_fifty_paid,
        prizes_paid=money.prizes_paid,
        items=money.items,
        jar_carried_in=money.jar_carried_in,
        jar_paid_out=money.jar_paid_out,
        jar_carried_over=money.jar_carried_over,
        hall_keeps=money.hall_keeps,
    )
    finished = result.finished
    return BookEvening(
        id=evening.pk,
        slug=evening.slug,
        name=evening.name,
        date=evening.date,
        kind=kind_of(evening),
        status=evening.status,
        figures=figures,
        jar=jar.enabled,
        fifty_fifty=result.fifty_fifty.enabled,
        paid_couples=money.paid_couples,
        ties_open=len(result.ties) if finished else 0,
        jar_unsettled=jar.enabled and finished and not jar.settled,
        jar_differs=jar.settled_differs,
        jar_undrawn=jar.enabled and finished and jar.numbers is None,
        previous_unsettled=jar.previous_unsettled or "",
        previous_unsettled_date=(data.previous_jar or {}).get("date")
        if jar.previous_unsettled
        else None,
    )


def couple_lines(result: EveningResults) -> tuple[CoupleLine, ...]:
    """Each couple's games, place and (once the evening is finished) prizes."""
    prizes: dict[int, list[tuple[str, int]]] = {}
    cash: dict[int, Decimal] = {}
    items: dict[int, list[str]] = {}

    def took(couple_id: int, code: tuple[str, int], amount, item: str = "") -> None:
        prizes.setdefault(couple_id, []).append(code)
        cash[couple_id] = cash.get(couple_id, ZERO) + (amount or ZERO)
        if item:
            items.setdefault(couple_id, []).append(item)

    if result.finished:
        won = list(result.places)
        if result.booby:
            won.append(result.booby)
        if result.half_time.decided and result.half_time.leader:
            won.append(result.half_time.leader)
        for place in won:
            if place.status == TIED or place.prize is None:
                continue
            item = place.prize.item if place.prize.value is None else ""
            for couple in place.winners:
                took(couple.id, (place.target, place.place), place.shares.get(couple.id), item)
        for couple in result.jar.winners:
            took(couple.id, ("jar", 0), result.jar.shares.get(couple.id))
        travelling = result.travelling
        if travelling.enabled and travelling.final and travelling.holder:
            prize = travelling.prize
            value = prize.value if prize else None
            item = prize.item if prize and prize.value is None else ""
            took(travelling.holder.id, ("travelling", 0), value, item)
    lines = [
        CoupleLine(
            number=standing.couple.number,
            player1=standing.couple.player1,
            player2=standing.couple.player2,
            wins=standing.wins,
            place=standing.place,
            tied=standing.tied,
            prizes=tuple(prizes.get(standing.couple.id, ())),
            cash=cash.get(standing.couple.id, ZERO),
            items=tuple(items.get(standing.couple.id, ())),
        )
        for standing in result.standings
    ]
    return tuple(sorted(lines, key=lambda line: line.number))


# --- The cache ----------------------------------------------------------------


def cache_key(evening: dict, previous: dict | None, part: str) -> str:
    """What an evening's kept figures are made from: its version and
    generation, the code, and the jar it starts from (the previous jar
    evening's row and settled carry-over, which its own version does not
    follow when that evening is deleted or moved). `evening`: its row
    (`_evenings`)."""
    came_from = "-"
    if previous is not None:
        came_from = ".".join(
            str(previous[name]) for name in ("id", "jar_outcome__id", "jar_outcome__carried_over")
        )
    return ":".join(
        [
            "books",
            code_revision(),
            str(evening["id"]),
            str(evening["version"]),
            evening["generation"],
            came_from,
            part,
        ]
    )


def _built(hall: Hall, evenings: list[dict], previous: dict, part: str, build):
    """({evening id: value}, the period's key) for `part` ("row" or
    "couples"): from the cache
    when kept, else built (the evenings loaded together, in a constant
    number of queries) by `build(evening, result, data)` and kept. An open
    evening too: every change to it moves its version on (the write gate),
    so a kept value is as it stands.

    The values of the whole period are also kept together, under a digest
    of every evening's key: a period asked again is one cache read, not one
    per evening (a file each in the file cache)."""
    keys = {row["id"]: cache_key(row, previous.get(row["id"]), part) for row in evenings}
    together = "books:period:" + digest(*keys.values())
    values = cache_get_many([together]).get(together)
    if values is not None:
        return values, together
    kept = cache_get_many(list(keys.values()))
    values = {pk: kept[key] for pk, key in keys.items() if key in kept}
    missing = [pk for pk in keys if pk not in values]
    if missing:
        full = list(Evening.objects.filter(pk__in=missing))
        for evening in full:
            evening.hall = hall  # known: no query for it
        loaded = results_module.load(full)
        built = {}
        for evening in full:
            data = loaded[evening.pk]
            values[evening.pk] = built[keys[evening.pk]] = build(
                evening, results_module.compute(data), data
            )
        cache_set_many(built, CACHE_SECONDS)
    cache_set_many({together: values}, CACHE_SECONDS)
    return values, together


# --- The period ---------------------------------------------------------------

# What an evening's key is made of, and what its place in the jar's chain needs.
KEY_FIELDS = ("id", "date", "cancelled", "cookie_jar", "version", "generation")


def _evenings(hall: Hall, period: Period) -> list[dict]:
    """The period's evenings, oldest first, as the few values their keys need."""
    return list(
        Evening.objects.filter(hall=hall, date__range=(period.start, period.end))
        .order_by("date", "id")
        .values(*KEY_FIELDS)
    )


def _chain(hall: Hall, evenings: list[dict], period: Period):
    """Where each jar evening's jar comes from, and what the jar held at the
    start of the period (the hall's jar chain up to its end: one query)."""
    chain = hall_jar_chain([hall.pk], period.end)
    jar_evenings = [row for row in evenings if row["cookie_jar"]]
    points = [(row["date"], row["id"]) for row in jar_evenings] + [(period.start, 0)]
    *found, before = previous_jars(chain, hall.pk, points)
    previous = {row["id"]: row_before for row, row_before in zip(jar_evenings, found, strict=True)}
    return previous, carried_in_from(before)[0]


def hall_books(hall: Hall, period: Period) -> Books:
    """The hall's books for `period` (see the module docstring)."""
    evenings = _evenings(hall, period)
    previous, jar_start = _chain(hall, evenings, period)
    rows, key = _built(hall, evenings, previous, "row", book_evening)
    ordered = [rows[evening["id"]] for evening in evenings]
    finished = tuple(row for row in ordered if row.kind == FINISHED)
    jar_rows = [row for row in finished if row.jar]
    end = jar_rows[-1].figures.jar_carried_over if jar_rows else None
    return Books(
        hall=hall,
        period=period,
        finished=finished,
        open=tuple(row for row in ordered if row.kind == OPEN),
        cancelled=tuple(row for row in ordered if row.kind == CANCELLED),
        totals=rules.total(row.figures for row in finished),
        jar=rules.jar_balance(jar_start, (row.figures for row in jar_rows), end),
        any_jar=any(row.jar for row in ordered),
        any_fifty_fifty=any(row.fifty_fifty for row in ordered),
        key=key,
    )


@dataclass(frozen=True)
class CouplesOfEvening:
    evening: BookEvening
    couples: tuple[CoupleLine, ...]


def hall_couples(hall: Hall, period: Period) -> tuple[CouplesOfEvening, ...]:
    """Each evening of the period that was not cancelled, with its couples,
    their games, places and prizes (the evening-by-evening statistics)."""
    evenings = [evening for evening in _evenings(hall, period) if not evening["cancelled"]]
    previous, _start = _chain(hall, evenings, period)
    built, _key = _built(hall, evenings, previous, "couples", lambda evening, result, data: (
        book_evening(evening, result, data), couple_lines(result)
    ))  # fmt: skip
    return tuple(CouplesOfEvening(*built[evening["id"]]) for evening in evenings)
