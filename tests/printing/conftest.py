"""Fixtures for the printing tests (evenings built in tests/printing/factory.py)."""

import pytest

from . import factory


@pytest.fixture
def six(db):
    """Six couples registered, play not started."""
    return factory.make_evening()


@pytest.fixture
def seated(db):
    """Six couples, game 1 seated: couples 1+2 at table 1, 3+4 at 2, 5+6 at 3."""
    evening = factory.make_evening()
    factory.seat_game_one(evening)
    return evening


@pytest.fixture
def finished(db):
    """The finished evening of factory.full_evening (ties, booby, jar, 50/50)."""
    return factory.full_evening()


@pytest.fixture
def empty(db):
    """An evening with no couple."""
    return factory.make_evening(slug="empty-night", couples=0)
