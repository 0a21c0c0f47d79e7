"""Fixtures for the scoring tests: couples and punch cards built in code."""

from decimal import Decimal

import pytest

from scoring.services.prizes import set_prize
from tables import services
from tables.models import Couple, Evening, Punch, Seating


def make_couples(evening: Evening, count: int, **flags) -> list[Couple]:
    Couple.objects.bulk_create(
        Couple(
            evening=evening,
            number=number,
            player1=f"Player {number}a",
            player2=f"Player {number}b",
            **flags,
        )
        for number in range(1, count + 1)
    )
    Evening.objects.filter(pk=evening.pk).update(last_couple_number=count)
    return list(evening.couples.order_by("number"))


def punch(evening: Evening, couple: Couple, games) -> None:
    """Punch these game numbers on the couple's card (what results would write)."""
    Punch.objects.bulk_create(
        Punch(evening=evening, couple=couple, game_number=game) for game in games
    )


def punch_counts(evening: Evening, couples, counts) -> None:
    """Give each couple that many wins (games 1..n)."""
    for couple, count in zip(couples, counts, strict=True):
        punch(evening, couple, range(1, count + 1))


def finish(evening: Evening) -> Evening:
    Evening.objects.filter(pk=evening.pk).update(
        status=Evening.Status.FINISHED, current_game=evening.games
    )
    evening.refresh_from_db()
    return evening


@pytest.fixture
def couples5(evening):
    return make_couples(evening, 5)


@pytest.fixture
def last_game_in(evening) -> Evening:
    """One game, four couples at two tables, every result in: the two
    winners tie for place 1 and the evening is not finished yet."""
    Evening.objects.filter(pk=evening.pk).update(games=1, entry_fee=Decimal("5"))
    evening.refresh_from_db()
    make_couples(evening, 4, paid=True)
    set_prize(evening, "place", 1, kind="cash", amount=Decimal("20"))
    services.start_evening(evening, seed=1)
    evening.refresh_from_db()
    for seating in Seating.objects.filter(game__evening=evening).select_related("table"):
        services.record_result(evening, 1, seating.table.number, seating.couple_a.number)
    evening.refresh_from_db()
    return evening
