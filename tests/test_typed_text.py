"""One rule for typed text (cardnight.text), wherever it enters: the door,
the hall and evening forms, the prize forms, the admin and import_evening.
Spaces are tidied (a tab or line break becomes a space); any other control
character is refused with a message, never stored."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardnight.text import PlainTextFormField
from scoring.exchange import ImportProblem, export_evening_data, import_evening_data
from scoring.exchange.problems import text as import_text
from scoring.models import Prize
from tables.models import Couple, Evening, Hall
from tests.tables.conftest import add_couples
from tests.test_evening_form import form_data

pytestmark = pytest.mark.django_db

BELL, ESCAPE, DELETE = "\x07", "\x1b", "\x7f"
NO_MEMBERS = {"memberships-TOTAL_FORMS": "0", "memberships-INITIAL_FORMS": "0"}
HALL = {"paper_size": "letter", "privacy": "full", "address": "", "note": "", "phone_address": "",
        "books_year_start": "1"}  # fmt: skip


@pytest.mark.parametrize("bad", ["\x00", BELL, ESCAPE, DELETE])
def test_the_door_refuses_a_control_character_in_a_name(volunteer_client, evening, bad):
    response = volunteer_client.post(
        f"/evenings/{evening.slug}/door/", {"player1": f"Mary{bad}Beaton", "player2": "Joe"}
    )
    assert response.status_code == 400
    assert "control character" in response.content.decode()
    assert not Couple.objects.exists()


def test_the_door_makes_a_pasted_tab_or_line_break_a_space(volunteer_client, evening):
    response = volunteer_client.post(
        f"/evenings/{evening.slug}/door/", {"player1": "Mary\tBeaton", "player2": "Joe\r\nDan"}
    )
    assert response.status_code == 302
    assert Couple.objects.get().names == "Mary Beaton & Joe Dan"


@pytest.mark.parametrize("field", ["name", "address", "note"])
def test_the_hall_form_refuses_a_control_character(organizer_client, hall, field):
    data = HALL | {"name": hall.name, field: f"St. Joseph's{ESCAPE}[2J Hall"}
    response = organizer_client.post(f"/halls/{hall.pk}/edit/", data)
    assert response.status_code == 400
    assert "control character" in response.content.decode()
    assert Hall.objects.get(pk=hall.pk).name == "St. Joseph's Parish Hall"


def test_a_line_break_in_a_hall_name_becomes_a_space(organizer_client, hall):
    data = HALL | {"name": "St. Joseph's\nParish Hall", "note": "Bring\r\na plate"}
    assert organizer_client.post(f"/halls/{hall.pk}/edit/", data).status_code == 302
    hall.refresh_from_db()
    assert (hall.name, hall.note) == ("St. Joseph's Parish Hall", "Bring a plate")


def test_a_new_hall_typed_on_the_evening_form_refuses_a_control_character(admin_client):
    data = form_data(new_hall=f"Legion{BELL}", name=f"Friday{ESCAPE}")
    response = admin_client.post("/evenings/new/", data)
    assert response.status_code == 400
    assert response.content.decode().count("control character") == 2
    assert not Hall.objects.exists() and not Evening.objects.exists()


@pytest.mark.parametrize("bad", ["\n", BELL])
def test_the_admin_refuses_a_control_character_in_a_hall_name(admin_client, bad):
    data = HALL | NO_MEMBERS | {"name": f"Legion{bad}", "slug": ""}
    response = admin_client.post("/admin/tables/hall/add/", data)
    if bad == "\n":  # tidied, as everywhere
        assert response.status_code == 302
        assert Hall.objects.filter(name="Legion").exists()
    else:
        assert response.status_code == 200  # the admin's form again, with the message
        assert "control character" in response.content.decode()
        assert not Hall.objects.exists()


def test_the_admin_refuses_a_control_character_in_a_players_name(admin_client, evening):
    add_couples(evening, 1)
    couple = evening.couples.get()
    data = {"evening": evening.pk, "number": 1, "player1": f"Ann{ESCAPE}", "player2": "Joe",
            "joined_game": 1}  # fmt: skip
    response = admin_client.post(f"/admin/tables/couple/{couple.pk}/change/", data)
    assert "control character" in response.content.decode()
    couple.refresh_from_db()
    assert ESCAPE not in couple.player1


def test_a_prize_item_and_the_50_50_winner_refuse_a_control_character(organizer_client, evening):
    add_couples(evening, 4)
    url = f"/evenings/{evening.slug}/prizes/"
    data = {"target": "place", "place": "1", "kind": "item", "item": f"A quilt{BELL}"}
    assert organizer_client.post(url + "set/", data).status_code == 400
    assert not Prize.objects.exists()
    data = {"takings": "20", "ticket": "7", "winner": f"Joe{BELL}"}
    assert organizer_client.post(url + "fifty-fifty/", data).status_code == 400
    assert Evening.objects.get(pk=evening.pk).fifty_fifty_winner == ""


@pytest.mark.parametrize("bad", ["\x00", BELL, ESCAPE])
def test_import_refuses_what_the_door_refuses(evening, bad):
    add_couples(evening, 2)
    data = json.loads(json.dumps(export_evening_data(evening)))
    data["slug"] = ""
    data["hall"] = f"Legion{bad}"
    with pytest.raises(ImportProblem, match="control character"):
        import_evening_data(data)
    assert not Hall.objects.filter(name__startswith="Legion").exists()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=12))
def test_the_forms_and_the_importer_agree_on_every_text(value):
    """The same text is tidied the same way, or refused, by both ways in."""
    field = PlainTextFormField(max_length=80, required=False)
    try:
        on_the_web = field.clean(value)
    except Exception:
        on_the_web = None
    try:
        imported = import_text(value, "name", max_length=80, required=False)
    except ImportProblem:
        imported = None
    assert on_the_web == imported
