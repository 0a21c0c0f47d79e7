"""The hall's privacy setting: full names, first names only, or couple
numbers only; a hidden name never appears anywhere in any answer."""

import re

import pytest

from tables.models import Hall
from tests.support.board import HTMX, url

pytestmark = pytest.mark.django_db

NAMES = [
    ("Marie-Thérèse LeBlanc", "Joe D'Eon"),
    ("Rita Zwicker", "Angus Quigley"),
    ("<script>alert(1)</script> Xavier", "'; DROP TABLE Yelle"),
]
LAST_NAMES = ["LeBlanc", "D'Eon", "D&#x27;Eon", "Zwicker", "Quigley", "DROP", "Yelle"]
FIRST_NAMES = ["Marie-Thérèse", "Joe", "Rita", "Angus", "Xavier"]


@pytest.fixture
def evening_for(make_evening, hall):
    def make(privacy, **kwargs):
        Hall.objects.filter(pk=hall.pk).update(privacy=privacy)
        hall.refresh_from_db()
        return make_evening(
            couples=12,
            played=25,
            games=25,
            names=NAMES,
            cookie_jar=True,
            booby_prize=True,
            half_time_leader=True,
            travelling_prize=True,
            travelling_start=1,
            fifty_fifty=True,
            fifty_fifty_ticket="117",
            fifty_fifty_winner="Bernadette Chiasson",
            **kwargs,
        )

    return make


CSRF_TOKEN = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[A-Za-z0-9]+')


def every_answer(client, evening):
    """Every public answer about the evening, as one string."""
    bodies = []
    for name, args, query in [
        ("board", (), ""),
        ("board-tv", (), ""),
        ("board-json", (), ""),
        ("board-couple", (1,), ""),
        ("board-couple", (2,), ""),
        ("board-couple", (3,), ""),
        ("board-find", (), "?q=1"),
        ("board-find", (), "?q=xyz"),
    ]:
        for headers in ({}, HTMX):
            response = client.get(url(name, evening, *args) + query, headers=headers, follow=True)
            assert response.status_code == 200, (name, args, query)
            bodies.append(response.content.decode())
    # The CSRF tokens are random letters and digits: one spelled "Joe" once.
    return CSRF_TOKEN.sub(r"\1", "\n".join(bodies))


def test_full_names_are_shown_when_the_hall_allows(client, evening_for):
    evening = evening_for(Hall.Privacy.FULL)
    everything = every_answer(client, evening)
    assert "Marie-Thérèse LeBlanc &amp; Joe D&#x27;Eon" in everything
    assert "Rita Zwicker" in everything


def test_first_names_only_hide_every_last_name(client, evening_for):
    evening = evening_for(Hall.Privacy.FIRST)
    everything = every_answer(client, evening)
    for last in LAST_NAMES:
        assert last not in everything, last
    assert "Marie-Thérèse &amp; Joe" in everything
    assert "Bernadette" in everything and "Chiasson" not in everything


def test_numbers_only_hide_every_name(client, evening_for):
    evening = evening_for(Hall.Privacy.NUMBERS)
    everything = every_answer(client, evening)
    for name in LAST_NAMES + FIRST_NAMES + ["Bernadette", "Chiasson"]:
        assert name not in everything, name
    assert "Couple 1" in everything


@pytest.mark.parametrize("privacy", [Hall.Privacy.FIRST, Hall.Privacy.NUMBERS])
def test_a_hidden_name_finds_nothing(client, evening_for, privacy):
    """Else typing a last name would tell which couple number it is."""
    evening = evening_for(privacy)
    for headers in ({}, HTMX):
        response = client.get(url("board-find", evening) + "?q=Zwicker", headers=headers)
        assert response.status_code == 200
        html = response.content.decode()
        assert "couple-card" not in html and "find-matches" not in html
        for name in ["LeBlanc", "Quigley", "Yelle"]:
            assert name not in html


def test_a_first_name_still_finds_its_couple_with_first_names_only(client, evening_for):
    evening = evening_for(Hall.Privacy.FIRST)
    response = client.get(url("board-find", evening) + "?q=marie-therese")
    assert response.status_code == 302
    assert response["Location"] == url("board-couple", evening, 1)


def test_the_json_follows_the_privacy_setting(client, evening_for):
    evening = evening_for(Hall.Privacy.NUMBERS)
    data = client.get(url("board-json", evening)).json()
    assert data["privacy"] == "numbers"
    assert data["names_shown"] is False
    assert all(row["names"] == "" for row in data["standings"])


def test_a_hostile_name_is_shown_as_text(client, evening_for):
    evening = evening_for(Hall.Privacy.FULL)
    html = client.get(url("board", evening)).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Xavier" in html
    data = client.get(url("board-json", evening)).json()
    third = next(row for row in data["standings"] if row["couple"] == 3)
    assert third["names"] == "<script>alert(1)</script> Xavier & '; DROP TABLE Yelle"


def test_with_numbers_only_the_standings_have_no_names_column(client, evening_for):
    evening = evening_for(Hall.Privacy.NUMBERS)
    html = client.get(url("board", evening)).content.decode()
    assert 'class="names"' not in html
    assert "Find my couple: number" in html and "number or name" not in html
