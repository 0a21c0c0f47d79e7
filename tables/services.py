"""Running the evening: the bridge between the rows and the rotation rule.

Every public function here is one transaction that first locks the evening
row (`select_for_update`; SQLite's IMMEDIATE transactions already serialize
writers), checks the request against the state it finds, writes with bulk
queries, keeps the tally (`Punch` rows) exactly in step with the winners, and
bumps `evening.version` so that the scoreboard notices. Requests that cannot
be carried out raise `cardnight.errors.UserError` (400), `Conflict` (409) or
`NotAllowed` (403) with a message in plain words, and change nothing.

Couples and tables are named by their NUMBERS (what people see and say), and
every request names the game it is meant for, so a tap from a screen that is
one game behind is refused instead of landing on the next game.

    start_evening(evening, *, seed=None, by_hand=None, user=None) -> Game
        Game 1: a random draw (`seed` makes it repeatable) or `by_hand`, a list
        of couple-number pairs for tables 1, 2, ... (the couple left over with
        an odd count takes the bye). Creates the Table rows with their tokens,
        punches the bye when it counts, and draws the cookie jar when it is on
        and announced or sealed (`scoring.cookiejar.draw_at_start`).
    record_result(evening, game, table, winner, *, user=None) -> (Seating, bool)
        One tap: `winner` (a couple number) won `table` in `game`. The same
        winner again is a no-op (False); a different winner when one is
        recorded is a Conflict (use change_result). Also settles a
        disagreement reported from the table.
    change_result(evening, game, table, winner, *, was, user=None) -> (Seating, bool)
        Change the current game's result before the next game starts; `was`
        is the winner the person saw, so two people changing at once cannot
        overwrite each other unseen.
    correct_result(evening, game, table, winner, *, reason, user) -> Seating
        An organizer corrects a game already played (or any game once the
        evening is finished), with a reason for the audit log. Seatings never
        change; punches do.
    report_result(table, game, reporter, winner) -> (TableReport, bool)
        The table-side link: couple `reporter` says `winner` won. The other
        couple's agreeing report (or a volunteer) confirms it; a disagreement
        is held as a conflict for a volunteer to settle.
    mark_leaving(evening, couple, *, leaving=True, user=None) -> Couple
        Couple `couple` leaves after the current game (`leaving=False` undoes
        it until the next game starts).
    advance(evening, *, from_game=None, user=None) -> Advanced
        Start the next game: refused until every table is in and every
        disagreement settled; seats it by the rotation rule.
    finish_evening(evening, *, from_game=None, user=None) -> Evening
        After the last game: nothing more is recorded except corrections.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardnight.errors import Conflict, UserError

from . import rotation
from .models import Couple, Evening, Game, Punch, ResultChange, Seating, Table, TableReport

__all__ = [
    "Advanced",
    "advance",
    "change_result",
    "correct_result",
    "finish_evening",
    "mark_leaving",
    "record_result",
    "report_result",
    "start_evening",
]


class Advanced(NamedTuple):
    game: Game
    rotation: rotation.Rotation


# --- Helpers --------------------------------------------------------------------


def _user(user):
    return user if user is not None and user.is_authenticated else None


def seating_error(error: rotation.SeatingError) -> UserError:
    """The rotation engine's error, translated, as a UserError."""
    template = _(error.template)
    return UserError(template % error.params if error.params else template)


def _bump(evening: Evening, **fields) -> None:
    """Save `fields` and bump the version (the scoreboard's freshness) in one UPDATE."""
    Evening.objects.filter(pk=evening.pk).update(version=F("version") + 1, **fields)
    for name, value in fields.items():
        setattr(evening, name, value)


def _require_running(evening: Evening) -> None:
    if evening.is_setup:
        raise Conflict(_("Play has not started yet: seat the tables first."))
    if evening.is_finished:
        raise Conflict(_("The evening is over: results can only be corrected by an organizer."))


def _require_current(evening: Evening, game: int) -> None:
    if game != evening.current_game:
        if game < evening.current_game:
            raise Conflict(
                _("Game %(game)s is over: game %(current)s is being played now. Reload the page.")
                % {"game": game, "current": evening.current_game}
            )
        raise Conflict(
            _("Game %(game)s has not started: game %(current)s is being played now.")
            % {"game": game, "current": evening.current_game}
        )


def _seating(evening: Evening, game: int, table: int) -> Seating:
    """One table's seating in one game, with its couples, or a UserError."""
    seating = (
        Seating.objects.select_related("game", "table", "couple_a", "couple_b", "winner")
        .annotate(has_reports=Exists(TableReport.objects.filter(seating=OuterRef("pk"))))
        # Naming the evening on both sides lets the database use the unique
        # (evening, number) indexes of games and tables, then (game, table).
        .filter(
            game__evening=evening, game__number=game, table__evening=evening, table__number=table
        )
        .order_by()
        .first()
    )
    if seating is None:
        raise UserError(
            _("Table %(table)s is not in play in game %(game)s.") % {"table": table, "game": game}
        )
    return seating


def _couple_at(seating: Seating, number: int) -> Couple:
    for couple in (seating.couple_a, seating.couple_b):
        if couple.number == number:
            return couple
    raise UserError(
        _(
            "Couple %(couple)s did not play at table %(table)s in game %(game)s: "
            "it was couples %(a)s and %(b)s."
        )
        % {
            "couple": number,
            "table": seating.table.number,
            "game": seating.game.number,
            "a": seating.couple_a.number,
            "b": seating.couple_b.number,
        }
    )


def _move_punch(evening: Evening, game: int, old: Couple | None, new: Couple | None) -> None:
    """Keep the tally in step: game `game` is punched on the winner's card only."""
    if old is not None and (new is None or old.pk != new.pk):
        Punch.objects.filter(couple=old, game_number=game, source=Punch.Source.TABLE).delete()
    if new is not None and (old is None or old.pk != new.pk):
        Punch.objects.create(
            evening=evening, couple=new, game_number=game, source=Punch.Source.TABLE
        )


def _settle_reports(seating: Seating, winner: Couple) -> bool:
    """Mark the table's reports against the winner a person chose; True when
    a disagreement was among them (the change is then logged as settled)."""
    if not getattr(seating, "has_reports", True):
        return False
    reports = list(seating.reports.all())
    had_conflict = any(r.status == TableReport.Status.CONFLICT for r in reports)
    for report in reports:
        if had_conflict or report.claimed_winner_id != winner.pk:
            report.status = TableReport.Status.SETTLED
        else:
            report.status = TableReport.Status.CONFIRMED
    TableReport.objects.bulk_update(reports, ["status"])
    return had_conflict


def _set_winner(
    evening: Evening,
    seating: Seating,
    winner: Couple,
    *,
    kind: str,
    user=None,
    reason: str = "",
) -> None:
    old = seating.winner
    if old is None or old.pk != winner.pk:
        seating.winner = winner
        seating.recorded_at = timezone.now()
        seating.recorded_by = _user(user)
        seating.save(update_fields=["winner", "recorded_at", "recorded_by"])
        _move_punch(evening, seating.game.number, old, winner)
    ResultChange.objects.create(
        seating=seating,
        kind=kind,
        old_winner=old,
        new_winner=winner,
        changed_by=_user(user),
        reason=reason,
    )
    _bump(evening)


def _numbers_text(numbers: Sequence[int]) -> str:
    return rotation.numbers_text(numbers)


# --- Starting the evening ---------------------------------------------------------


def _game_one_draws(evening: Evening) -> None:
    """The draws made as game 1 starts, inside its transaction: the cookie
    jar's numbers when announced or sealed (RULES.md A7; a hat draw is typed
    in by the organizer) and the travelling prize's first holder (A8)."""
    from scoring.cookiejar import draw_at_start
    from scoring.extras import at_game_one

    if evening.cookie_jar and evening.jar_draw_mode != Evening.JarDraw.HAT:
        draw_at_start(evening)
    at_game_one(evening)


def _backup_after(game: int) -> None:
    """After the transaction commits, take an online backup of the SQLite
    database (issue: a hall's laptop is not a server). A failed backup is
    logged, never turned into a failed result."""
    from cardnight.backup import take_backup

    transaction.on_commit(lambda: take_backup(f"after-game-{game}"), robust=True)


@transaction.atomic
def start_evening(
    evening: Evening,
    *,
    seed: int | str | None = None,
    by_hand: Sequence[Sequence[int]] | None = None,
    user=None,
) -> Game:
    """Seat game 1 and start play (see the module docstring)."""
    evening = evening.locked()
    if not evening.is_setup:
        raise Conflict(_("The evening has already started."))
    couples = {c.number: c for c in evening.couples.present_at(1)}
    try:
        if by_hand is not None:
            plan = rotation.seat_by_hand(couples, by_hand)
        else:
            plan = rotation.draw(couples, seed)
    except rotation.SeatingError as error:
        raise seating_error(error) from None

    existing = {t.number: t for t in evening.tables.all()}
    new_tables = [
        Table(evening=evening, number=seat.table)
        for seat in plan.tables
        if seat.table not in existing
    ]
    Table.objects.bulk_create(new_tables)
    tables = existing | {t.number: t for t in new_tables}

    bye = couples[plan.bye] if plan.bye is not None else None
    game = Game.objects.create(evening=evening, number=1, bye=bye)
    Seating.objects.bulk_create(
        Seating(
            game=game,
            table=tables[seat.table],
            couple_a=couples[seat.couple_a],
            couple_b=couples[seat.couple_b],
        )
        for seat in plan.tables
    )
    if bye is not None and evening.bye_counts_as_win:
        Punch.objects.create(evening=evening, couple=bye, game_number=1, source=Punch.Source.BYE)
    evening.status, evening.current_game = Evening.Status.RUNNING, 1
    _game_one_draws(evening)
    _bump(evening, status=Evening.Status.RUNNING, current_game=1)
    return game


# --- Results ----------------------------------------------------------------------


@transaction.atomic
def record_result(
    evening: Evening, game: int, table: int, winner: int, *, user=None
) -> tuple[Seating, bool]:
    """Record the winner of a table in the current game (one tap).

    Returns (seating, changed). Tapping the winner already recorded changes
    nothing; tapping the other couple is refused (use change_result), so two
    volunteers tapping at once never overwrite each other unseen. When the
    couples at the table disagree, this settles it."""
    evening = evening.locked()
    _require_running(evening)
    _require_current(evening, game)
    seating = _seating(evening, game, table)
    couple = _couple_at(seating, winner)
    if seating.winner is not None and seating.winner.pk != couple.pk:
        raise Conflict(
            _(
                "Table %(table)s already has a result: couple %(winner)s won. "
                "Use “Change” to correct it."
            )
            % {"table": table, "winner": seating.winner.number}
        )
    had_conflict = _settle_reports(seating, couple)
    if seating.winner is not None and not had_conflict:
        return seating, False  # the same tap twice
    kind = ResultChange.Kind.SETTLED if had_conflict else ResultChange.Kind.RECORDED
    _set_winner(evening, seating, couple, kind=kind, user=user)
    return seating, True


@transaction.atomic
def change_result(
    evening: Evening, game: int, table: int, winner: int, *, was: int | None, user=None
) -> tuple[Seating, bool]:
    """Change a result of the current game before the next game starts.

    `was` is the winner the person saw on the screen (None: no result yet);
    if someone else changed it meanwhile, the change is refused."""
    evening = evening.locked()
    _require_running(evening)
    _require_current(evening, game)
    seating = _seating(evening, game, table)
    couple = _couple_at(seating, winner)
    now = seating.winner.number if seating.winner is not None else None
    if now != was:
        raise Conflict(
            _(
                "Someone else has just changed table %(table)s: its result is now %(now)s. "
                "Look again before changing it."
            )
            % {
                "table": table,
                "now": _("couple %(n)s won") % {"n": now} if now else _("not recorded"),
            }
        )
    had_conflict = _settle_reports(seating, couple)
    if now == winner and not had_conflict:
        return seating, False
    if had_conflict:
        kind = ResultChange.Kind.SETTLED
    elif now is None:
        kind = ResultChange.Kind.RECORDED
    else:
        kind = ResultChange.Kind.CHANGED
    _set_winner(evening, seating, couple, kind=kind, user=user)
    return seating, True


@transaction.atomic
def correct_result(
    evening: Evening, game: int, table: int, winner: int, *, reason: str, user
) -> Seating:
    """An organizer corrects the result of a game already played.

    The seating of every game stays as it was played (RULES.md A2); the
    punches follow the corrected winner. The reason is required."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise UserError(_("Say why the result is corrected: the reason is kept in the log."))
    evening = evening.locked()
    if evening.is_setup:
        raise Conflict(_("Play has not started yet: there is nothing to correct."))
    if evening.is_running and game >= evening.current_game:
        raise Conflict(
            _("Game %(game)s is still being played: change its result on the game screen instead.")
            % {"game": game}
        )
    seating = _seating(evening, game, table)
    couple = _couple_at(seating, winner)
    if seating.winner is not None and seating.winner.pk == couple.pk:
        raise Conflict(
            _("Couple %(couple)s is already the winner of table %(table)s in game %(game)s.")
            % {"couple": winner, "table": table, "game": game}
        )
    _set_winner(
        evening, seating, couple, kind=ResultChange.Kind.CORRECTED, user=user, reason=reason
    )
    return seating


# --- Table-side reports -----------------------------------------------------------


def _check_device(reports: dict, reporter: Couple, device: str) -> None:
    """A browser that has spoken for one couple of the table cannot speak
    for the other: a confirmation must come from the other couple's phone."""
    if not device:
        return
    for couple_id, report in reports.items():
        if couple_id != reporter.pk and report.device == device:
            raise Conflict(
                _(
                    "This phone has already reported for couple %(n)s at this table. "
                    "The other couple confirms on their own phone, or asks a volunteer."
                )
                % {"n": report.reporter.number}
            )


@transaction.atomic
def report_result(
    table: Table, game: int, reporter: int, winner: int, *, device: str = ""
) -> tuple[TableReport, bool]:
    """Couple `reporter` reports from the table's own link that `winner` won.

    Returns (report, changed). The first report waits for the other couple;
    an agreeing report from the other couple records the result; a
    disagreeing one holds both as a conflict for a volunteer. Sending the same
    report twice changes nothing; a couple may change its own report until
    the result is in. `device` names the browser that sends it: one browser
    cannot report for both couples of a table (its own report and the
    other's confirmation)."""
    evening = table.evening.locked()
    _require_running(evening)
    _require_current(evening, game)
    seating = _seating(evening, game, table.number)
    reporter_couple = _couple_at(seating, reporter)
    claimed = _couple_at(seating, winner)
    reports = {r.reporter_id: r for r in seating.reports.select_related("reporter")}
    _check_device(reports, reporter_couple, device)
    mine = reports.get(reporter_couple.pk)
    other = reports.get(seating.opponent_of(reporter_couple.pk))
    Status = TableReport.Status

    if mine is not None and mine.claimed_winner_id == claimed.pk:
        return mine, False  # the same report sent twice
    if mine is not None and mine.status in (Status.CONFIRMED, Status.SETTLED):
        raise Conflict(
            _(
                "The result of table %(table)s is in: couple %(winner)s won. "
                "If it is wrong, ask a volunteer."
            )
            % {"table": table.number, "winner": seating.winner.number}
        )
    if mine is None:
        mine = TableReport(seating=seating, reporter=reporter_couple)
    mine.claimed_winner = claimed
    mine.device = device or mine.device

    if seating.winner is not None:
        # A volunteer (or both couples) already recorded it: agree, or flag it.
        agrees = seating.winner.pk == claimed.pk
        mine.status = Status.CONFIRMED if agrees else Status.CONFLICT
        mine.save()
        if not agrees:
            _bump(evening)
        return mine, True
    if other is None or other.status == Status.SETTLED:
        mine.status = Status.PENDING
        mine.save()
        _bump(evening)
        return mine, True
    if other.claimed_winner_id == claimed.pk:
        mine.status = other.status = Status.CONFIRMED
        mine.save()
        other.save(update_fields=["status"])
        _set_winner(evening, seating, claimed, kind=ResultChange.Kind.TABLE)
        return mine, True
    mine.status = other.status = Status.CONFLICT
    mine.save()
    other.save(update_fields=["status"])
    _bump(evening)
    return mine, True


# --- Couples leaving ----------------------------------------------------------------


@transaction.atomic
def mark_leaving(evening: Evening, couple: int, *, leaving: bool = True, user=None) -> Couple:
    """Couple number `couple` plays no game after the current one (RULES.md A2).

    `leaving=False` takes it back, until the next game starts. A late couple
    that has not played yet and will not come is marked the same way."""
    evening = evening.locked()
    if evening.is_setup:
        raise Conflict(
            _("Play has not started: a couple that is not staying is removed at the door.")
        )
    if evening.is_finished:
        raise Conflict(_("The evening is over."))
    row = evening.couples.filter(number=couple).first()
    if row is None:
        raise UserError(_("There is no couple %(n)s tonight.") % {"n": couple})
    current = evening.current_game
    if not leaving:
        if row.left_after_game != current:
            if row.left_after_game is None:
                raise Conflict(_("Couple %(n)s is not leaving.") % {"n": couple})
            raise Conflict(
                _("Couple %(n)s left after game %(game)s: that cannot be undone now.")
                % {"n": couple, "game": row.left_after_game}
            )
        row.left_after_game = None
    else:
        if row.left_after_game is not None:
            if row.left_after_game == current:
                raise Conflict(
                    _("Couple %(n)s is already leaving after this game.") % {"n": couple}
                )
            raise Conflict(
                _("Couple %(n)s already left after game %(game)s.")
                % {"n": couple, "game": row.left_after_game}
            )
        if current >= evening.games:
            raise Conflict(_("This is the last game: no game follows it."))
        row.left_after_game = current
    row.save(update_fields=["left_after_game"])
    _bump(evening)
    return row


# --- The next game --------------------------------------------------------------


def _game_seating(seatings, numbers: dict[int, int], bye_id: int | None) -> rotation.GameSeating:
    """Rows (table number, couple_a id, couple_b id, deals id) as a GameSeating."""
    return rotation.GameSeating(
        tables=tuple(
            rotation.TableSeat(
                table=row["table__number"],
                couple_a=numbers[row["couple_a_id"]],
                couple_b=numbers[row["couple_b_id"]],
                deals_first=numbers.get(row["deals_first_id"]),
            )
            for row in sorted(seatings, key=lambda r: r["table__number"])
        ),
        bye=numbers[bye_id] if bye_id is not None else None,
    )


def _check_all_in(seatings, *, next_game: int | None) -> None:
    """Refuse while a table has no result or its couples disagree."""
    missing = [r["table__number"] for r in seatings if r["winner_id"] is None]
    if missing and next_game is None:
        raise Conflict(
            ngettext(
                "Table %(tables)s has no result yet: every table must be in before "
                "the evening finishes.",
                "Tables %(tables)s have no result yet: every table must be in before "
                "the evening finishes.",
                len(missing),
            )
            % {"tables": _numbers_text(missing)}
        )
    if missing:
        raise Conflict(
            ngettext(
                "Table %(tables)s has no result yet: every table must be in before "
                "game %(next)s starts.",
                "Tables %(tables)s have no result yet: every table must be in before "
                "game %(next)s starts.",
                len(missing),
            )
            % {"tables": _numbers_text(missing), "next": next_game}
        )
    disputed = [r["table__number"] for r in seatings if r["disputed"]]
    if disputed:
        raise Conflict(
            ngettext(
                "At table %(tables)s the couples disagree about the winner: settle it first.",
                "At tables %(tables)s the couples disagree about the winner: settle them first.",
                len(disputed),
            )
            % {"tables": _numbers_text(disputed)}
        )


def _current_rows(evening: Evening):
    game = Game.objects.get(evening=evening, number=evening.current_game)
    conflict = TableReport.objects.filter(
        seating=OuterRef("pk"), status=TableReport.Status.CONFLICT
    )
    rows = list(
        Seating.objects.filter(game=game)
        .annotate(disputed=Exists(conflict))
        .values(
            "table__number", "couple_a_id", "couple_b_id", "deals_first_id", "winner_id", "disputed"
        )
    )
    return game, rows


@transaction.atomic
def advance(evening: Evening, *, from_game: int | None = None, user=None) -> Advanced:
    """Start the next game, seated by the rotation rule (RULES.md A2).

    `from_game` is the game the person saw as current: pressing "Start game
    N+1" on two phones at once starts it once, and the second is told."""
    evening = evening.locked()
    _require_running(evening)
    current = evening.current_game
    if from_game is not None and from_game != current:
        raise Conflict(
            _("Game %(game)s has already started.") % {"game": current}
            if from_game < current
            else _("Game %(game)s has not started yet.") % {"game": from_game}
        )
    if current >= evening.games:
        raise Conflict(
            _("Game %(game)s was the last game: finish the evening.") % {"game": current}
        )
    game, rows = _current_rows(evening)
    _check_all_in(rows, next_game=current + 1)

    couples = list(evening.couples.values("id", "number", "joined_game", "left_after_game"))
    numbers = {c["id"]: c["number"] for c in couples}
    ids = {c["number"]: c["id"] for c in couples}
    seating = _game_seating(rows, numbers, game.bye_id)
    winners = {r["table__number"]: numbers[r["winner_id"]] for r in rows}
    leaving = {c["number"] for c in couples if c["left_after_game"] == current}
    arriving = {
        c["number"]
        for c in couples
        if c["joined_game"] == current + 1
        and (c["left_after_game"] is None or c["left_after_game"] > current)
    }
    tables = {t.number: t for t in evening.tables.all()}
    closed = {n for n, t in tables.items() if t.closed_after_game is not None}
    try:
        plan = rotation.rotate(
            seating,
            winners,
            leaving=leaving,
            arriving=arriving,
            closed=closed,
            game=current + 1,
        )
    except rotation.SeatingError as error:
        raise seating_error(error) from None

    if plan.closed:
        Table.objects.filter(evening=evening, number__in=plan.closed).update(
            closed_after_game=current
        )
    new_tables = [Table(evening=evening, number=n) for n in plan.opened]
    Table.objects.bulk_create(new_tables)
    tables.update({t.number: t for t in new_tables})

    bye_id = ids[plan.seating.bye] if plan.seating.bye is not None else None
    next_game = Game.objects.create(evening=evening, number=current + 1, bye_id=bye_id)
    Seating.objects.bulk_create(
        Seating(
            game=next_game,
            table=tables[seat.table],
            couple_a_id=ids[seat.couple_a],
            couple_b_id=ids[seat.couple_b],
            deals_first_id=ids[seat.deals_first] if seat.deals_first is not None else None,
        )
        for seat in plan.seating.tables
    )
    if bye_id is not None and evening.bye_counts_as_win:
        Punch.objects.create(
            evening=evening, couple_id=bye_id, game_number=current + 1, source=Punch.Source.BYE
        )
    _bump(evening, current_game=current + 1)
    _backup_after(current)
    return Advanced(next_game, plan)


@transaction.atomic
def finish_evening(evening: Evening, *, from_game: int | None = None, user=None) -> Evening:
    """Close the evening after the last game: only corrections from now on."""
    evening = evening.locked()
    _require_running(evening)
    current = evening.current_game
    if from_game is not None and from_game != current:
        raise Conflict(_("The game has moved on: reload the page."))
    if current < evening.games:
        raise Conflict(
            _(
                "Game %(game)s of %(games)s is being played: the evening finishes after the "
                "last game. To stop early, set the number of games to %(game)s in the "
                "settings first."
            )
            % {"game": current, "games": evening.games}
        )
    rows = _current_rows(evening)[1]
    _check_all_in(rows, next_game=None)
    _bump(evening, status=Evening.Status.FINISHED)
    if evening.cookie_jar and evening.jar_numbers:
        # Reveal a sealed draw and settle the jar at once (RULES.md A7); the
        # organizer can settle it again after a correction.
        from scoring.cookiejar import reveal

        reveal(evening, user)
    _backup_after(current)
    return evening


# --- For other apps -------------------------------------------------------------


@transaction.atomic
def resync_bye_punches(evening: Evening) -> None:
    """Make the bye punches match the "bye counts as a win" setting, after an
    organizer changes it in the middle of an evening."""
    evening = evening.locked()
    byes = Punch.objects.filter(evening=evening, source=Punch.Source.BYE)
    if not evening.bye_counts_as_win:
        if byes.exists():
            byes.delete()
            _bump(evening)
        return
    have = set(byes.values_list("game_number", flat=True))
    missing = [
        Punch(evening=evening, couple_id=bye_id, game_number=number, source=Punch.Source.BYE)
        for number, bye_id in evening.game_set.filter(~Q(bye=None)).values_list("number", "bye_id")
        if number not in have
    ]
    if missing:
        Punch.objects.bulk_create(missing)
        _bump(evening)
