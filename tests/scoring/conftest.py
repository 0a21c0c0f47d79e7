"""Fixtures for the scoring tests: couples and punch cards built in code."""

import pytest

from tables.models import Couple, Evening, Punch


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
