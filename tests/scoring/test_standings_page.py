"""The standings page: every couple's card and count, sortable, searchable, live."""

import pytest
from django.urls import reverse

from tables.models import Couple

from .conftest import make_couples, punch, punch_counts

pytestmark = pytest.mark.django_db


def url(evening, **query):
    base = reverse("standings", args=[evening.slug])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def order(response):
    html = response.content.decode()
    return [int(part.split('"')[0]) for part in html.split('id="standing-')[1:]]


def test_the_standings_show_each_couples_punched_games(volunteer_client, evening):
    couples = make_couples(evening, 3)
    punch(evening, couples[1], [1, 4, 7])
    response = volunteer_client.get(url(evening))
    assert response.status_code == 200
    html = response.content.decode()
    assert order(response) == [2, 1, 3]
    assert '<span class="punch">4</span>' in html


@pytest.mark.parametrize(
    ("sort", "expected"), [("place", [3, 1, 2]), ("number", [1, 2, 3]), ("wins", [2, 1, 3])]
)
def test_the_standings_sort(organizer_client, evening, sort, expected):
    couples = make_couples(evening, 3)
    punch_counts(evening, couples, [5, 2, 9])
    assert order(organizer_client.get(url(evening, sort=sort))) == expected


def test_the_standings_sort_by_name(organizer_client, evening):
    couples = make_couples(evening, 3)
    Couple.objects.filter(pk=couples[0].pk).update(player1="Zita")
    Couple.objects.filter(pk=couples[2].pk).update(player1="Angus")
    assert order(organizer_client.get(url(evening, sort="name"))) == [3, 2, 1]


def test_the_standings_search_by_number_or_name(volunteer_client, evening):
    couples = make_couples(evening, 12)
    Couple.objects.filter(pk=couples[4].pk).update(player2="Marie-Thérèse LeBlanc")
    assert order(volunteer_client.get(url(evening, q="12"))) == [12]
    assert order(volunteer_client.get(url(evening, q="thérèse"))) == [5]
    response = volunteer_client.get(url(evening, q="nobody"))
    assert order(response) == [] and "No couple matches" in response.content.decode()


@pytest.mark.parametrize("query", ["obrien", "O'Brien", "O’Brien", "therese", "deon"])
def test_the_standings_search_folds_accents_and_apostrophes(volunteer_client, evening, query):
    couples = make_couples(evening, 3)
    Couple.objects.filter(pk=couples[1].pk).update(player1="Pat O'Brien")
    Couple.objects.filter(pk=couples[2].pk).update(player1="Marie-Thérèse", player2="Joe D'Eon")
    expected = [2] if query.lower().replace("’", "'") in ("obrien", "o'brien") else [3]
    assert order(volunteer_client.get(url(evening, q=query))) == expected


def test_an_htmx_request_gets_the_table_that_polls_itself(volunteer_client, evening):
    make_couples(evening, 2)
    response = volunteer_client.get(url(evening), headers={"HX-Request": "true"})
    html = response.content.decode().strip()
    assert html.startswith('<section id="standings-table"')
    assert 'data-poll="' in html and 'data-every="10"' in html
    assert "aria-live" not in html  # the page's status line speaks, not a 24-row table


@pytest.mark.parametrize("sort", ["bogus", "", "PLACE", "wins;drop", "%00"])
def test_a_bad_sort_falls_back_to_places(volunteer_client, evening, sort):
    couples = make_couples(evening, 3)
    punch_counts(evening, couples, [5, 2, 9])
    response = volunteer_client.get(url(evening, sort=sort))
    assert response.status_code == 200
    assert order(response) == [3, 1, 2]  # by place, as with no sort at all
    assert order(response) == order(volunteer_client.get(url(evening)))


@pytest.mark.parametrize("query", ["mac don", "mac donald", "mcdonald", "o brien"])
def test_the_standings_search_finds_a_name_typed_in_two_parts(volunteer_client, evening, query):
    make_couples(evening, 3)
    Couple.objects.filter(evening=evening, number=2).update(
        player1="Rita O'Brien", player2="Angus MacDonald"
    )
    Couple.objects.filter(evening=evening, number=3).update(player2="Pat O'Brien")
    expected = [2, 3] if query == "o brien" else [2]
    assert sorted(order(volunteer_client.get(url(evening, q=query)))) == expected
