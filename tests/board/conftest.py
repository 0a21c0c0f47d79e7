"""Fixtures for the scoreboard tests (the builders are in helpers.py)."""

import pytest

from tests.support.board import build_evening

# Every test starts with an empty cache and the default language
# (tests/conftest.py, `fresh_language_and_caches`).


@pytest.fixture
def make_evening(hall):
    def make(**kwargs):
        return build_evening(hall, **kwargs)

    return make
