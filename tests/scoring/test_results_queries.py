"""evening_results costs a constant number of SQL queries, whatever the
number of couples."""

from decimal import Decimal

import pytest

from scoring.models import Prize, Target, TieBreak, TieBreakEntry
from scoring.results import evening_results
from tables.models import Evening

from .conftest import finish, make_couples, punch

pytestmark = pytest.mark.django_db

MAX_QUERIES = 10  # 9, and who is still playing a running jar evening


def build(evening, n):
    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True,
        jar_numbers=[1, 2, 3],
        booby_prize=True,
        travelling_prize=True,
        travelling_start=1,
        half_time_leader=True,
        fifty_fifty=True,
    )
    evening.refresh_from_db()
    couples = make_couples(evening, n, paid=True, jar_buy_in=True)
    for index, couple in enumerate(couples):
        punch(evening, couple, [g for g in range(1, 26) if (g + index) % 3])
    Prize.objects.create(evening=evening, place=1, amount=50)
    tiebreak = TieBreak.objects.create(evening=evening, target=Target.PLACE, place=1, wins=17)
    TieBreakEntry.objects.create(tiebreak=tiebreak, couple=couples[0], choice="cut")
    return finish(evening)


@pytest.mark.parametrize("n", [10, 200])
def test_the_number_of_queries_does_not_grow_with_the_couples(
    evening, n, django_assert_max_num_queries
):
    evening = build(evening, n)
    with django_assert_max_num_queries(MAX_QUERIES):
        results = evening_results(evening)
    assert len(results.standings) == n


def test_the_results_are_one_tree_of_plain_values(evening):
    evening = build(evening, 12)
    results = evening_results(evening)
    assert results.finished is True
    assert len(results.standings) == 12
    assert results.places[0].status in ("awarded", "tied", "settled")
    assert list(results.jar.numbers) == [1, 2, 3]
    assert isinstance(results.money.entries, Decimal)
