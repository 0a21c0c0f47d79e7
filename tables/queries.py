"""Read helpers for the evening's games, for the game screen and the other
capabilities (scoreboard, printing, scoring). Each runs a fixed number of
queries, whatever the number of tables or couples.

    current_seatings(evening) -> list[ListedSeating]    # 1 query
    game_seatings(evening, number) -> list[ListedSeating]   # 1 query
    game_table(evening, number, table) -> Seating       # 1 query
    progress(evening) -> Progress(tables_in, tables_total)   # 1 query
    disputed_tables(evening) -> list[int]               # 1 query
    game_plan(evening, number) -> rotation.GameSeating  # 2 queries
    movement(evening, number) -> Movement               # 4 queries (3 given seatings)
    open_reports(evening) -> dict[seating id, list[TableReport]]   # 1 query
    late_reports(evening) -> list[LateReport] still to check     # 1 query
    leaving_and_joining(evening) -> (leaving, joining)  # 1 query
    current_tables(evening) -> list[ListedSeating] with reports    # 2 queries
    current_table(evening, table) -> ListedSeating with reports    # 2 queries
    current_table_seating(evening, table) -> Seating with reports  # 2 queries
    upcoming_public(today) -> Evening queryset, hall loaded  # 1 query
    public_halls(today) -> halls with `.upcoming` evenings   # 2 queries

A game's tables come in table-number order: as `ListedSeating`s (plain
values: what a listing shows) from the listings, as `Seating`s with
`table`, `couple_a`, `couple_b`, `deals_first` and `winner` loaded from
`game_table` and `current_table_seating`. Where each couple is and goes
next: tables/whereabouts.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Count, F, Prefetch, Q

from . import rotation
from .listed import (
    REPORT_ORDER,
    ListedCouple,
    ListedSeating,
    listed_seatings,
    table_reports,
    with_reports,
)
from .models import (
    Couple,
    Evening,
    Game,
    Hall,
    LateReport,
    ResultChange,
    Seating,
    TableReport,
)

BYE, OUT = rotation.BYE, rotation.OUT


def _seatings(evening: Evening | int, number: int):
    """Game `number`'s seatings with their tables and couples (the first
    dealer and winner are among the couples: `Seating.share_couples`)."""
    return (
        Seating.objects.filter(game__evening=evening, game__number=number)
        .select_related("table", "couple_a", "couple_b")
        .order_by("table__number")
    )


def current_seatings(evening: Evening) -> list[ListedSeating]:
    """Every table of the current game (empty before play starts)."""
    if not evening.current_game:
        return []
    return listed_seatings(evening, evening.current_game)


def game_seatings(evening: Evening, number: int) -> list[ListedSeating]:
    """Every table of game `number`."""
    return listed_seatings(evening, number)


def game_table(evening: Evening, number: int, table: int) -> Seating | None:
    """Table `table` in game `number` (1 query)."""
    found = next(iter(_game_table_query(evening.pk, number, table)), None)
    return found.share_couples() if found else None


# The table side's every page and report reads its table.
def _game_table_query(evening, number, table):
    return _seatings(evening, number).filter(table__evening_id=evening, table__number=table)[:1]


class Progress(NamedTuple):
    tables_in: int
    tables_total: int
    bye: int | None = None  # the couple sitting out the current game

    @property
    def complete(self) -> bool:
        return self.tables_total > 0 and self.tables_in == self.tables_total


def progress(evening: Evening) -> Progress:
    """How many tables of the current game have their result in, and who
    sits out (1 query). THE "n of m tables in" of the game screen and the
    public board."""
    if not evening.current_game:
        return Progress(0, 0)
    found = next(iter(_progress_query(evening.pk, evening.current_game)), None)
    if found is None:
        return Progress(0, 0)
    total, done, bye = found
    return Progress(done, total, bye)


# Read on every tap's answer and game screen. One row: a game's number is
# unique in its evening.
def _progress_query(evening, number):
    return (
        Game.objects.filter(evening_id=evening, number=number)
        .annotate(total=Count("seatings"), done=Count("seatings__winner"))
        .values_list("total", "done", "bye__number")
        .order_by()[:1]
    )


def disputed_tables(evening: Evening) -> list[int]:
    """Tables of the current game where the couples' reports disagree (1 query)."""
    if not evening.current_game:
        return []
    return list(_disputed_query(evening.pk, evening.current_game))


def _disputed_query(evening, number):
    return (
        TableReport.objects.filter(
            seating__game__evening_id=evening,
            seating__game__number=number,
            status=TableReport.Status.CONFLICT,
        )
        .values_list("seating__table__number", flat=True)
        .order_by("seating__table__number")  # not the reports' ordering: one row a table
        .distinct()
    )


def _game(evening: Evening, number: int) -> Game | None:
    """Game `number`, its bye loaded. Unordered: a Game's own ordering
    (evening, number) would join the evening and order by its ordering,
    for the one row there is."""
    return next(iter(_game_query(evening.pk, number)), None)


# The game screen's, the movement's and every advance's reads.
def _game_query(evening, number):
    return (
        Game.objects.filter(evening_id=evening, number=number).select_related("bye").order_by()[:1]
    )


def _plan_rows_query(game):
    return (
        Seating.objects.filter(game_id=game)
        .order_by()
        .values_list("table__number", "couple_a__number", "couple_b__number", "deals_first__number")
    )


def game_plan(evening: Evening, number: int) -> rotation.GameSeating | None:
    """Game `number` as the rotation engine sees it (couple numbers), or None."""
    game = _game(evening, number)
    if game is None:
        return None
    rows = list(_plan_rows_query(game.pk))
    return rotation.GameSeating(
        tables=tuple(rotation.TableSeat(*row) for row in sorted(rows)),
        bye=game.bye.number if game.bye else None,
    )


@dataclass(frozen=True)
class TableMove:
    """One table of a game and where its two couples came from."""

    seating: ListedSeating
    from_a: int | str  # where couple_a was in the game before: table, BYE or OUT
    from_b: int | str


@dataclass(frozen=True)
class Movement:
    """How the room changed from game `number - 1` to game `number`."""

    number: int
    tables: list[TableMove]
    bye: Couple | None
    bye_from: int | str | None
    left: list[Couple]  # played the game before, gone now
    opened: list[int]
    closed: list[int]


def movement(
    evening: Evening, number: int, seatings: list[ListedSeating] | None = None
) -> Movement | None:
    """Who stays, who moves where, who sits out, going into game `number`.
    `seatings`: game `number`'s, when the caller has them already (the game
    screen, `current_seatings`): one query fewer."""
    game = _game(evening, number)
    if game is None:
        return None
    if seatings is None:
        seatings = listed_seatings(evening, number)
    previous = game_plan(evening, number - 1) if number > 1 else None

    def origin(couple: Couple | ListedCouple) -> int | str:
        return previous.place_of(couple.number) if previous is not None else OUT

    now = {c.number for s in seatings for c in (s.couple_a, s.couple_b)}
    if game.bye:
        now.add(game.bye.number)
    gone = sorted(previous.couples - now) if previous is not None else []
    left = list(evening.couples.filter(number__in=gone)) if gone else []
    before_tables = set(previous.table_numbers) if previous is not None else set()
    now_tables = {s.table.number for s in seatings}
    return Movement(
        number=number,
        tables=[TableMove(s, origin(s.couple_a), origin(s.couple_b)) for s in seatings],
        bye=game.bye,
        bye_from=origin(game.bye) if game.bye else None,
        left=left,
        opened=sorted(now_tables - before_tables) if previous is not None else [],
        closed=sorted(before_tables - now_tables),
    )


def open_reports(evening: Evening) -> dict[int, list[TableReport]]:
    """Table-side reports of the current game, by seating id."""
    reports: dict[int, list[TableReport]] = {}
    if not evening.current_game:
        return reports
    for report in list(_open_reports_query(evening.pk, evening.current_game)):
        reports.setdefault(report.seating_id, []).append(report)
    return reports


def _open_reports_query(evening, number):
    return (
        TableReport.objects.filter(seating__game__evening_id=evening, seating__game__number=number)
        .select_related("reporter", "claimed_winner")
        .order_by(*REPORT_ORDER)
    )  # a table's in the order they came


def late_reports(evening: Evening) -> list[LateReport]:
    """Tables' reports that came after their game closed and name the other
    couple than the result has: what the volunteers must still check, oldest
    first (1 query, read from the index of the open ones, `open_late_reports`,
    whatever the evening has played). Corrected or dismissed ones are gone;
    so is one the result now agrees with."""
    if evening.is_setup:
        return []
    reports = list(_late_reports_query(evening.pk))
    # Put in order here, not by the SQL: the few rows cost nothing to sort,
    # while Django's ORDER BY matched its terms against each of the sixty
    # columns read, a third of this query's cost on every game screen.
    return sorted(reports, key=lambda report: (report.created_at, report.pk))


def _late_reports_query(evening):
    return (
        LateReport.objects.filter(seating__game__evening_id=evening, status=LateReport.Status.OPEN)
        .exclude(claimed_winner=F("seating__winner"))
        .select_related(
            "seating__table",
            "seating__game",
            "seating__winner",
            "seating__couple_a",
            "seating__couple_b",
            "claimed_winner",
        )
        .order_by()
    )


def leaving_and_joining(evening: Evening) -> tuple[list[Couple], list[Couple]]:
    """Couples leaving after the current game, and late couples joining at the next."""
    game = evening.current_game
    couples = list(_leaving_and_joining_query(evening.pk, game, game + 1))
    for couple in couples:
        couple.evening = evening  # as `evening.couples` sets it
    leaving = [c for c in couples if c.left_after_game == game and c.joined_game <= game]
    joining = [
        c
        for c in couples
        if c.joined_game == game + 1 and (c.left_after_game is None or c.left_after_game > game)
    ]
    return leaving, joining


def _leaving_and_joining_query(evening, leaving, joining):
    return (
        Couple.objects.filter(evening_id=evening)
        .filter(Q(left_after_game=leaving) | Q(joined_game=joining))
        .order_by("number")
    )


def changes(evening: Evening, number: int | None = None) -> list[ResultChange]:
    """The audit log of results (newest first), of one game or of the evening."""
    rows = ResultChange.objects.filter(seating__game__evening=evening)
    if number is not None:
        rows = rows.filter(seating__game__number=number)
    return list(
        rows.select_related(
            "seating__table", "seating__game", "old_winner", "new_winner", "changed_by"
        )
    )


def games_summary(evening: Evening) -> list[dict]:
    """One line per game started: number, tables, results in, corrections,
    results settled by the table's phones alone."""
    return [dict(zip(_SUMMARY, row, strict=True)) for row in list(_games_summary_query(evening.pk))]


_SUMMARY = ("number", "tables", "results", "corrections", "by_phones", "bye__number")


def _games_summary_query(evening):
    return (
        Game.objects.filter(evening_id=evening)
        .order_by("number")
        .annotate(
            tables=Count("seatings", distinct=True),
            results=Count("seatings", filter=Q(seatings__winner__isnull=False), distinct=True),
            corrections=Count(
                "seatings__changes",
                filter=Q(seatings__changes__kind=ResultChange.Kind.CORRECTED),
                distinct=True,
            ),
            by_phones=Count("seatings", filter=Q(seatings__by_phones=True), distinct=True),
        )
        .values_list(*_SUMMARY)
    )


def current_tables(
    evening: Evening, *, todo_only: bool = False, seatings: list[ListedSeating] | None = None
) -> list[ListedSeating]:
    """The current game's tables for the game screen (2 queries; 1 when
    given `seatings`, the current game's), each with `reports` (its
    table-side reports), `disputed` and `pending` set."""
    if seatings is None:
        seatings = current_seatings(evening)
    reports = open_reports(evening) if seatings else {}
    for seating in seatings:
        with_reports(seating, reports.get(seating.pk, []))
    if todo_only:
        seatings = [s for s in seatings if s.winner_id is None or s.disputed]
    return seatings


def current_table(evening: Evening, number: int) -> ListedSeating | None:
    """One table of the current game, as `current_tables` gives it: the
    game screen's answer to a tap (2 queries)."""
    if not evening.current_game:
        return None
    found = listed_seatings(evening, evening.current_game, table=number)
    if not found:
        return None
    return with_reports(found[0], table_reports(found[0].pk))


def current_table_seating(evening: Evening, number: int) -> Seating | None:
    """One table of the current game as a `Seating`, its couples' rows
    loaded (where they go next needs more of them than a listing reads),
    with its reports as `current_tables` sets them: the table side's page
    (2 queries)."""
    if not evening.current_game:
        return None
    seating = game_table(evening, evening.current_game, number)
    if seating is None:
        return None
    reports = table_reports(seating.pk, couples_of=seating)
    return with_reports(seating, reports)


# --- Where is a game tonight (the home page, the hall's public page) ----------


def upcoming_public(today=None):
    """Published evenings from `today` on that are not finished (cancelled
    ones included, to be shown as cancelled), soonest first, hall loaded."""
    return (
        Evening.objects.published()
        .upcoming(today)
        .select_related("hall")
        .order_by("date", "start_time", "name", "id")
    )


def public_halls(today=None):
    """Every hall, each with its upcoming published evenings as `.upcoming`
    (a cancelled one is shown as cancelled: players learn it is off)."""
    upcoming = Prefetch("evenings", queryset=upcoming_public(today), to_attr="upcoming")
    return Hall.objects.order_by("name").prefetch_related(upcoming)
