"""A game's tables as the listings show them (the game screen's tables and
movement, a game's page): plain values read in one query, not four model
instances a table. `tables.queries.current_seatings` and `game_seatings`
are the way in; `with_reports` adds a table's table-side reports to a
listed table or to a `Seating` alike."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TypeVar

from .models import Couple, Evening, Seating, TableReport
from .names import couple_names


@dataclass(frozen=True, slots=True)
class ListedCouple:
    """A couple as a listing of tables shows it: what `Couple` gives a
    listing (`pk`, `number`, the two names, `names`), read as plain values."""

    pk: int
    number: int
    player1: str
    player2: str

    @property
    def names(self) -> str:
        return couple_names(self.player1, self.player2)


@dataclass(frozen=True, slots=True)
class ListedTable:
    number: int


@dataclass(slots=True)
class ListedSeating:
    """A table of a game as the game screen, the movement and a game's page
    show it: what they read of a `Seating` (its table's number, its two
    couples, who deals first and who won, by which means), read as plain
    values, one row a table. Made as model instances, a game's hundred
    tables took four hundred objects and most of the game screen's time.
    `current_tables` adds the table-side reports."""

    pk: int
    table: ListedTable
    couple_a: ListedCouple
    couple_b: ListedCouple
    deals_first_id: int | None
    winner_id: int | None
    by_phones: bool
    table_reports: list[TableReport] = field(default_factory=list)
    disputed: bool = False
    pending: list[TableReport] = field(default_factory=list)

    def _couple(self, pk: int | None) -> ListedCouple | None:
        if pk is None:
            return None
        if pk == self.couple_a.pk:
            return self.couple_a
        if pk == self.couple_b.pk:
            return self.couple_b
        # Never one of another table (services.record_result refuses it);
        # read as it is rather than shown wrong if it ever were.
        other = Couple.objects.values_list("pk", "number", "player1", "player2").get(pk=pk)
        return ListedCouple(*other)

    @property
    def shown(self) -> tuple:
        """All that the table's card on the game screen shows of it: the game
        screen keeps each card's HTML by it (templates/tables/game/screen.html)."""
        reports = tuple((r.reporter_id, r.claimed_winner_id, r.status) for r in self.table_reports)
        couples = (self.couple_a, self.couple_b)
        return (self.pk, self.table.number, couples, self.deals_first_id, self.winner_id,
                self.by_phones, self.disputed, bool(self.pending), reports)  # fmt: skip

    @property
    def winner(self) -> ListedCouple | None:
        return self._couple(self.winner_id)

    @property
    def deals_first(self) -> ListedCouple | None:
        return self._couple(self.deals_first_id)


_LISTED = (
    "pk",
    "table__number",
    "couple_a_id",
    "couple_a__number",
    "couple_a__player1",
    "couple_a__player2",
    "couple_b_id",
    "couple_b__number",
    "couple_b__player1",
    "couple_b__player2",
    "deals_first_id",
    "winner_id",
    "by_phones",
)


def listed_seatings(
    evening: Evening, number: int, *, table: int | None = None
) -> list[ListedSeating]:
    """Every table of game `number`, in table-number order (1 query); only
    table number `table` when it is given."""
    rows = _listed(evening.pk, number)
    if table is not None:
        # Naming the evening on the table's side too lets the database use
        # the unique (evening, number) index of tables.
        rows = rows.filter(table__evening_id=evening.pk, table__number=table)
    return [_listed_seating(*row) for row in rows]


def _listed(evening: int, number: int):
    return (
        Seating.objects.filter(game__evening_id=evening, game__number=number)
        .order_by("table__number")
        .values_list(*_LISTED)
    )


def _listed_seating(pk, table, a, a_number, a1, a2, b, b_number, b1, b2, deals, winner, by_phones):
    """One row of `_LISTED`, in its order."""
    return ListedSeating(
        pk,
        ListedTable(table),
        ListedCouple(a, a_number, a1, a2),
        ListedCouple(b, b_number, b1, b2),
        deals,
        winner,
        by_phones,
    )


_S = TypeVar("_S", ListedSeating, Seating)


def table_reports(seating: int, *, couples_of: Seating | None = None) -> list[TableReport]:
    """One table's reports, in the order they came (1 query). With
    `couples_of`, the table's `Seating` read with its couples, their
    couples are those rows (`Seating.share_couples`), not read again."""
    if couples_of is None:
        return list(_reports(seating).select_related("reporter", "claimed_winner"))
    reports = list(_reports(seating))
    couples_of.share_couples(reports)
    return reports


# A table's reports in the order they came: the listings' and the table
# side's, read from the database or put in order after a report wrote them.
REPORT_ORDER = ("created_at", "id")


def in_report_order(reports: Iterable[TableReport]) -> list[TableReport]:
    """`reports` in the order they came, as `table_reports` reads them."""
    return sorted(reports, key=attrgetter(*REPORT_ORDER))


def _reports(seating: int):
    return TableReport.objects.filter(seating_id=seating).order_by(*REPORT_ORDER)


def with_reports(seating: _S, reports: list[TableReport]) -> _S:
    """`seating` with its table-side `reports` as `table_reports`, and
    `disputed` (the couples disagree) and `pending` (waiting for the other
    couple) worked out from them."""
    seating.table_reports = reports
    seating.disputed = any(r.status == TableReport.Status.CONFLICT for r in reports)
    seating.pending = [r for r in reports if r.status == TableReport.Status.PENDING]
    return seating
