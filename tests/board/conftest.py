"""Fixtures for the scoreboard tests (the builders are in helpers.py)."""

import pytest
from django.core.cache import cache

from tests.support.board import build_evening


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Cached boards are keyed by evening id and version; ids come back after
    a test's rollback, so every test starts with an empty cache."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def make_evening(hall):
    def make(**kwargs):
        return build_evening(hall, **kwargs)

    return make
