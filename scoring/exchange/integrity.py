"""Is an evening consistent? Used after a crash (`manage.py check_evenings`)
and by the fault tests.

The evening is exported and read back by the importer, which checks every
game's seating against the rotation rule and every punch card against the
results (nothing is written: the import is rolled back). On top of that the
rows themselves are checked: games numbered 1..current without a gap, every
seat of a played game decided, and the tally (Punch rows) exactly the winners
and counting byes.
"""

from django.db import transaction
from django.db.models import Count, F

from cardnight.errors import UserError
from tables.models import Evening, Game, Punch, Seating
from tables.services.base import bye_wins

from .export import export_evening_data
from .load import import_evening_data


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
