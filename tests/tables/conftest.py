"""Fixtures for the tables tests: evenings with couples, started through the
same service functions the pages use."""

import datetime

import pytest

from tables import services
from tables.models import Evening, Seating


def add_couples(evening: Evening, n: int) -> None:
    for i in range(n):
        services.register_couple(evening, f"Ann {i + 1}", f"Joe {i + 1}")


def started(evening: Evening, n: int, *, seed: int = 1, **settings) -> Evening:
    """`evening` with `n` couples and game 1 drawn with `seed`."""
    if settings:
        Evening.objects.filter(pk=evening.pk).update(**settings)
        evening.refresh_from_db()
    add_couples(evening, n)
    services.start_evening(evening, seed=seed)
    evening.refresh_from_db()
    return evening


def seatings(evening: Evening, game: int | None = None) -> list[Seating]:
    game = game or Evening.objects.get(pk=evening.pk).current_game
    return list(
        Seating.objects.filter(game__evening=evening, game__number=game)
        .select_related("table", "couple_a", "couple_b", "winner")
        .order_by("table__number")
    )


def play_game(evening: Evening, *, winner="a") -> None:
    """Record every table of the current game: couple_a wins (or couple_b)."""
    evening.refresh_from_db()
    for s in seatings(evening):
        couple = s.couple_a if winner == "a" else s.couple_b
        services.record_result(evening, evening.current_game, s.table.number, couple.number)
    evening.refresh_from_db()


@pytest.fixture
def make_evening(hall):
    """Factory: a new evening in the hall (several per test when needed)."""
    counter = iter(range(1, 1000))

    def make(**fields) -> Evening:
        n = next(counter)
        defaults = {
            "hall": hall,
            "name": f"Evening {n}",
            "slug": f"evening-{n}",
            "date": datetime.date(2026, 11, 27),
        }
        return Evening.objects.create(**(defaults | fields))

    return make


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """The personas' passwords need no slow hashing in these tests."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
