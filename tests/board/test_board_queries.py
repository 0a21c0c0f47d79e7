"""The number of SQL queries per board request does not grow with the
number of couples: asserted at 10 and 200 couples, with an empty cache (the
board built from scratch), with a warm cache, and for a 304."""

import pytest
from django.core.cache import cache

from tests.support.board import HTMX, url

pytestmark = pytest.mark.django_db

# The ETag lookup, the evening with its hall, the results (scoring.results
# reads at most 10), and the current game's progress.
COLD = 13
# A cache hit: the ETag look-up, nothing else.
WARM = 1
# The couple's card adds its seat in the current game.
CARD = COLD + 3

VIEWS = [
    ("board", (), {}, COLD),
    ("board", (), HTMX, COLD),
    ("board-tv", (), {}, COLD),
    ("board-json", (), {}, COLD),
    ("board-couple", (3,), {}, CARD),
    ("board-couple", (3,), HTMX, CARD),
]


def options():
    """Every setting that makes the results read more: jar, extras, booby."""
    return {
        "cookie_jar": True,
        "booby_prize": True,
        "half_time_leader": True,
        "travelling_prize": True,
        "travelling_start": 1,
        "fifty_fifty": True,
    }


@pytest.mark.parametrize("couples", [10, 200])
@pytest.mark.parametrize(("name", "args", "headers", "most"), VIEWS)
def test_a_board_built_from_scratch_runs_a_fixed_number_of_queries(
    client, make_evening, django_assert_max_num_queries, couples, name, args, headers, most
):
    evening = make_evening(couples=couples, played=12, current_in=couples // 5, **options())
    client.get(url(name, evening, *args), headers=headers)  # the CSRF cookie
    cache.clear()
    with django_assert_max_num_queries(most):
        response = client.get(url(name, evening, *args), headers=headers)
    assert response.status_code == 200


@pytest.mark.parametrize("couples", [10, 200])
@pytest.mark.parametrize("name", ["board", "board-tv", "board-json"])
def test_a_cached_board_costs_only_the_etag_query(
    client, make_evening, django_assert_max_num_queries, couples, name
):
    evening = make_evening(couples=couples, played=12, **options())
    client.get(url(name, evening))
    with django_assert_max_num_queries(WARM):
        assert client.get(url(name, evening)).status_code == 200
    with django_assert_max_num_queries(WARM):
        assert client.get(url(name, evening), headers=HTMX).status_code == 200


@pytest.mark.parametrize("couples", [10, 200])
def test_a_304_costs_one_query(client, make_evening, django_assert_num_queries, couples):
    evening = make_evening(couples=couples, played=12, **options())
    etag = client.get(url("board", evening), headers=HTMX)["ETag"]
    with django_assert_num_queries(1):
        response = client.get(url("board", evening), headers={**HTMX, "If-None-Match": etag})
    assert response.status_code == 304


@pytest.mark.parametrize("couples", [10, 200])
def test_find_my_couple_runs_a_fixed_number_of_queries(
    client, make_evening, django_assert_max_num_queries, couples
):
    evening = make_evening(couples=couples, played=12, **options())
    with django_assert_max_num_queries(CARD):
        response = client.get(url("board-find", evening) + "?q=3", headers=HTMX)
    assert response.status_code == 200
    with django_assert_max_num_queries(COLD):
        client.get(url("board-find", evening) + "?q=mary")


@pytest.mark.parametrize("name", ["board", "board-tv", "board-couple"])
def test_a_poll_with_news_from_the_cache_costs_one_query(
    client, make_evening, django_assert_num_queries, name
):
    """The phone's copy is old and the new one is built: the early 304 check's
    look-up is the view's too (it was made twice)."""
    evening = make_evening(couples=10, played=12, **options())
    args = (3,) if name == "board-couple" else ()
    client.get(url(name, evening, *args), headers=HTMX)  # built and kept
    old = 'W/"an-older-copy"'
    with django_assert_num_queries(1):
        response = client.get(url(name, evening, *args), headers={**HTMX, "If-None-Match": old})
    assert response.status_code == 200
