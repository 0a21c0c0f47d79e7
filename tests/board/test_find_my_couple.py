"""Find my couple: by number or by name; one match opens its card, several
are listed to choose from, none says so."""

import pytest

from scoring.board import match_couples, parse_number
from tables.models import Hall
from tests.support.board import HTMX, url

pytestmark = pytest.mark.django_db

NAMES = [
    ("Mary MacNeil", "John MacNeil"),
    ("Marie-Thérèse LeBlanc", "Joe D'Eon"),
    ("Mary Gillis", "Angus Gillis"),
    ("Rita Samson", "Dan Samson"),
]


@pytest.fixture
def evening(make_evening):
    return make_evening(couples=4, played=2, names=NAMES)


def find(client, evening, query, htmx=False):
    return client.get(url("board-find", evening), {"q": query}, headers=HTMX if htmx else {})


def test_a_number_opens_that_couples_card(client, evening):
    response = find(client, evening, "3")
    assert response.status_code == 302
    assert response["Location"] == url("board-couple", evening, 3)


def test_with_htmx_a_number_shows_the_card_in_place(client, evening):
    response = find(client, evening, "#3", htmx=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="couple-card-3"' in html
    assert "Mary Gillis &amp; Angus Gillis" in html
    assert f'data-poll="{url("board-couple", evening, 3)}"' in html  # and keeps itself fresh


def test_a_name_that_only_one_couple_has_opens_its_card(client, evening):
    assert find(client, evening, "Samson")["Location"] == url("board-couple", evening, 4)
    assert find(client, evening, "therese")["Location"] == url("board-couple", evening, 2)
    assert find(client, evening, "d'eon")["Location"] == url("board-couple", evening, 2)
    assert find(client, evening, "mary mac")["Location"] == url("board-couple", evening, 1)


def test_an_ambiguous_name_lists_the_couples_to_choose_from(client, evening):
    response = find(client, evening, "Mary")
    html = response.content.decode()
    assert response.status_code == 200
    assert "2 couples match, choose yours:" in html
    assert url("board-couple", evening, 1) in html
    assert url("board-couple", evening, 3) in html
    assert url("board-couple", evening, 4) not in html


def test_an_ambiguous_name_is_listed_in_place_with_htmx(client, evening):
    html = find(client, evening, "mary", htmx=True).content.decode()
    assert "<html" not in html
    assert "2 couples match" in html


@pytest.mark.parametrize("query", ["Zachary", "42", "0"])
def test_no_match_says_so(client, evening, query):
    for htmx in (False, True):
        response = find(client, evening, query, htmx=htmx)
        assert response.status_code == 200
        html = response.content.decode()
        assert f"No couple matches “{query}”." in html
        assert "couple-card" not in html


def test_an_empty_search_asks_for_a_number_or_a_name(client, evening):
    html = find(client, evening, "   ").content.decode()
    assert "Type your couple number or a name." in html


def test_with_numbers_only_a_name_search_is_refused_politely(client, evening, hall):
    Hall.objects.filter(pk=hall.pk).update(privacy=Hall.Privacy.NUMBERS)
    html = find(client, evening, "Mary", htmx=True).content.decode()
    assert "This hall shows couple numbers only" in html
    assert find(client, evening, "2")["Location"] == url("board-couple", evening, 2)


def test_a_very_long_search_is_cut_short_not_refused(client, evening):
    response = find(client, evening, "x" * 5000)
    assert response.status_code == 200


def test_the_board_page_has_the_find_box_and_a_place_for_its_answer(client, evening):
    html = client.get(url("board", evening)).content.decode()
    assert 'action="/e/friday-45s/find/"' in html
    assert 'hx-get="/e/friday-45s/find/"' in html
    assert 'hx-target="#find-result"' in html
    assert 'id="find-result"' in html


@pytest.mark.parametrize(
    ("text", "number"),
    [("12", 12), (" 12 ", 12), ("#12", 12), ("no. 12", 12), ("N° 7", 7), ("12a", None),
     ("", None), ("twelve", None), ("1 2", None), ("12345", None)],
)  # fmt: skip
def test_parse_number(text, number):
    assert parse_number(text) == number


ROWS = [
    {"couple": 1, "names": "Mary MacNeil & John MacNeil"},
    {"couple": 2, "names": "Marie-Thérèse LeBlanc & Joe D'Eon"},
    {"couple": 3, "names": "Mary Gillis & Angus Gillis"},
    {"couple": 5, "names": ""},  # numbers only
]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("1", [1]),
        ("5", [5]),
        ("4", []),
        ("mary", [1, 3]),
        ("MARY", [1, 3]),
        ("mary gil", [3]),
        ("gillis mary", [3]),
        ("thérèse", [2]),
        ("therese", [2]),
        ("marie", [2]),
        ("eon", [2]),
        ("d'eon", [2]),
        ("joe & marie", [2]),
        ("neil", []),  # words are matched from their start
        ("", []),
        ("&", []),
        ("zzz", []),
    ],
)
def test_match_couples(text, found):
    assert [row["couple"] for row in match_couples(ROWS, text)] == found


@pytest.mark.parametrize("query", ["obrien", "O'Brien", "O’Brien", "o-brien", "OBRIEN"])
def test_apostrophes_and_hyphens_do_not_matter_when_finding_a_name(client, make_evening, query):
    evening = make_evening(couples=2, played=1, names=[("Pat O'Brien", "Ann Rankin"), NAMES[0]])
    assert find(client, evening, query)["Location"] == url("board-couple", evening, 1)


def test_a_name_typed_without_its_apostrophe_finds_it():
    rows = [{"couple": 2, "names": "Marie-Thérèse & Joe D'Eon"}, {"couple": 1, "names": "A & B"}]
    assert [row["couple"] for row in match_couples(rows, "deon")] == [2]
    assert [row["couple"] for row in match_couples(rows, "D’Eon")] == [2]
    assert [row["couple"] for row in match_couples(rows, "marietherese")] == [2]
    assert [row["couple"] for row in match_couples(rows, "marie thérèse")] == [2]


@pytest.mark.parametrize("query", ["mac don", "mac donald", "mcdonald", "Mac Donald"])
def test_a_mac_name_typed_in_two_parts_finds_its_couple(client, make_evening, query):
    """The organizer guide's own example, `mac don`, finds Angus MacDonald."""
    names = [("Rita Landry", "Angus MacDonald"), ("Mary MacNeil", "John MacNeil")]
    evening = make_evening(couples=2, played=1, names=names)
    assert find(client, evening, query)["Location"] == url("board-couple", evening, 1)
