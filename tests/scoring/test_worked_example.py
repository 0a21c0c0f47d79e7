"""RULES.md A4's worked example: 18, 18, 16, 15, 15."""

import pytest

from scoring.results import evening_results
from scoring.rules.ranking import place_groups, rank_of_each

from .conftest import finish, make_couples, punch_counts

pytestmark = pytest.mark.django_db

EXAMPLE = [("a", 18), ("b", 18), ("c", 16), ("d", 15), ("e", 15), ("f", 12)]


def test_the_worked_example_by_distinct_counts():
    groups = place_groups(EXAMPLE, 3)
    assert [(g.place, g.wins, g.couples) for g in groups] == [
        (1, 18, ("a", "b")),
        (2, 16, ("c",)),
        (3, 15, ("d", "e")),
    ]
    assert [g.tied for g in groups] == [True, False, True]


def test_the_worked_example_by_standard_ranking():
    groups = place_groups(EXAMPLE, 3, "standard")
    assert [(g.place, g.wins, g.couples, g.covers) for g in groups] == [
        (1, 18, ("a", "b"), (1, 2)),
        (3, 16, ("c",), (3,)),
    ]
    assert rank_of_each(EXAMPLE, "standard") == {"a": 1, "b": 1, "c": 3, "d": 4, "e": 4, "f": 6}
    assert rank_of_each(EXAMPLE) == {"a": 1, "b": 1, "c": 2, "d": 3, "e": 3, "f": 4}


def test_the_worked_example_through_evening_results(evening):
    couples = make_couples(evening, 6)
    punch_counts(evening, couples, [18, 16, 18, 15, 12, 15])
    results = evening_results(finish(evening))
    summary = [
        (p.place, p.wins, [c.number for c in p.couples], p.status, [c.number for c in p.winners])
        for p in results.places
    ]
    assert summary == [
        (1, 18, [1, 3], "tied", []),
        (2, 16, [2], "awarded", [2]),
        (3, 15, [4, 6], "tied", []),
    ]
    assert [s.couple.number for s in results.standings] == [1, 3, 2, 4, 6, 5]
    assert [s.place for s in results.standings] == [1, 1, 2, 3, 3, 4]
    assert [s.tied for s in results.standings] == [True, True, False, True, True, False]
