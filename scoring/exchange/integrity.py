"""Is an evening consistent? Used after a crash and before a restore
(`manage.py check_evenings`), and by the fault tests.

The evening is exported and read back by the importer, which checks every
game's seating against the rotation rule and every punch card against the
results (nothing is written: the import is rolled back). On top of that the
rows themselves are checked: games numbered 1..current without a gap, every
seat of a played game decided, and the tally (Punch rows) exactly the winners
and counting byes.

An evening found consistent is recorded as checked at its version
(`EveningCheck`, `check`): every change moves the version on, so while it
is the same the evening is the one checked, and `check_evenings` passes
over it. The evenings that change after play are checked in the background,
after the backup that follows a game (`check_changed`, run by the backup
thread): at a year of evenings a restore's check costs what the few evenings
not checked yet cost, not the whole year (issue 47).
"""

import logging
from contextlib import suppress

from django.db import IntegrityError, transaction
from django.db.models import Count, Exists, F, OuterRef, QuerySet

from cardnight.errors import UserError
from scoring.models import EveningCheck
from tables.models import Evening, Game, Punch, Seating
from tables.services.base import bye_wins

from .export import export_evening_data
from .load import import_evening_data

log = logging.getLogger(__name__)

# Evenings the backup thread checks at most after one backup: the few that
# changed since the game before (an evening finished, a correction).
CHECKED_AFTER_A_BACKUP = 2


class _Rollback(Exception):
    pass


def _import_problem(evening: Evening) -> str | None:
    data = export_evening_data(evening)
    data["slug"] = ""
    try:
        with transaction.atomic():
            import_evening_data(data, published=False)
            raise _Rollback
    except _Rollback:
        return None
    except UserError as error:
        return error.message


def problems(evening: Evening) -> list[str]:
    """Everything inconsistent about `evening`, in words (empty: all is well)."""
    found: list[str] = []
    numbers = list(evening.game_set.order_by("number").values_list("number", flat=True))
    if numbers != list(range(1, evening.current_game + 1)):
        found.append(f"games {numbers} do not run 1..{evening.current_game}")
    empty = (
        Game.objects.filter(evening=evening)
        .annotate(n=Count("seatings"))
        .filter(n=0)
        .values_list("number", flat=True)
    )
    if evening.couples.count() >= 2:
        found += [f"game {n} has no seating" for n in empty]
    undecided = Seating.objects.filter(
        game__evening=evening, game__number__lt=evening.current_game, winner__isnull=True
    ).values_list("game__number", "table__number")
    found += [f"game {g} table {t} was never decided" for g, t in undecided]
    wrong_winner = (
        Seating.objects.filter(game__evening=evening, winner__isnull=False)
        .exclude(winner=F("couple_a"))
        .exclude(winner=F("couple_b"))
    )
    found += [f"seating {s.pk} has a winner not at the table" for s in wrong_winner]

    expected = set(
        Seating.objects.filter(game__evening=evening, winner__isnull=False).values_list(
            "winner_id", "game__number"
        )
    )
    byes = Game.objects.filter(evening=evening, bye__isnull=False).values_list("number", "bye_id")
    expected |= {(couple, game) for game, couple in bye_wins(evening.bye_counts_as_win, byes)}
    actual = set(
        Punch.objects.filter(evening=evening)
        .exclude(source=Punch.Source.PAPER)
        .values_list("couple_id", "game_number")
    )
    if numbers and actual != expected:
        found.append(
            f"the punch cards do not match the results: {len(actual - expected)} punches "
            f"without a win, {len(expected - actual)} wins without a punch"
        )
    if not found:
        problem = _import_problem(evening)
        if problem:
            found.append(problem)
    return found


def check(evening: Evening) -> list[str]:
    """`problems(evening)`; when there are none, the evening is recorded as
    checked at the version it had when the check began (if it still has it:
    a change made meanwhile is checked next time)."""
    version = evening.version
    found = problems(evening)
    if not found and Evening.objects.filter(pk=evening.pk, version=version).exists():
        # Another process may record it at the same moment: either record is right.
        with suppress(IntegrityError):
            EveningCheck.objects.update_or_create(
                evening_id=evening.pk, defaults={"version": version}
            )
    return found


def unchecked(evenings: QuerySet) -> QuerySet:
    """The evenings of `evenings` that are not recorded as checked at their
    current version."""
    current = EveningCheck.objects.filter(evening_id=OuterRef("pk"), version=OuterRef("version"))
    return evenings.exclude(Exists(current))


def forget_deleted() -> int:
    """Drop the checks of evenings that are gone."""
    gone = EveningCheck.objects.exclude(evening_id__in=Evening.objects.values("pk"))
    return gone.delete()[0]


def check_changed(limit: int = CHECKED_AFTER_A_BACKUP) -> int:
    """What the backup thread runs after each backup (cardnight.backup
    `after_each_backup`): the evenings not being played that changed since
    they were last checked (finished tonight, corrected since), the latest
    first, at most `limit` of them, are checked and recorded. An evening
    that is not consistent is logged (a restore of a backup that holds it
    says so too). Returns how many were checked."""
    waiting = unchecked(Evening.objects.exclude(status=Evening.Status.RUNNING))
    count = 0
    for evening in waiting.order_by("-id")[:limit]:
        found = check(evening)
        if found:
            log.error("The evening %s is not consistent: %s", evening.slug, "; ".join(found))
        count += 1
    return count
