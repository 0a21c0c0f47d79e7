"""The door page: register couples fast, fix them, mark them paid."""

import pytest
from django.urls import reverse

from tables.models import Couple, Evening

pytestmark = pytest.mark.django_db


def door(evening):
    return reverse("door", args=[evening.slug])


def test_it_registers_couples_with_the_next_numbers(volunteer_client, evening):
    for first, second in [("Mary", "John"), ("Ann", "Joe"), ("Rita", "Angus")]:
        response = volunteer_client.post(door(evening), {"player1": first, "player2": second})
        assert response.status_code == 302
    couples = list(evening.couples.values_list("number", "player1", "player2"))
    assert couples == [(1, "Mary", "John"), (2, "Ann", "Joe"), (3, "Rita", "Angus")]


def test_an_htmx_registration_returns_the_door_section_with_a_fresh_form(volunteer_client, evening):
    response = volunteer_client.post(
        door(evening), {"player1": "Mary", "player2": "John"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="door-section">')
    assert "Couple 1: Mary &amp; John." in html
    assert 'value="Mary"' not in html  # the form is empty again


def test_names_are_tidied(volunteer_client, evening):
    volunteer_client.post(
        door(evening), {"player1": "  Marie-Thérèse   LeBlanc ", "player2": "Joe D'Eon"}
    )
    couple = evening.couples.get()
    assert (couple.player1, couple.player2) == ("Marie-Thérèse LeBlanc", "Joe D'Eon")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"player1": "", "player2": "John"}, "This field is required"),
        ({"player1": "   ", "player2": "John"}, "This field is required"),
        ({"player1": "x" * 500, "player2": "John"}, "at most 80 letters (this one has 500)"),
        ({"player1": "Mary", "player2": "John", "number": "0"}, "greater than or equal to 1"),
        ({"player1": "Mary", "player2": "John", "number": "abc"}, "whole number"),
    ],
)
def test_bad_names_get_a_message_and_nothing_is_saved(volunteer_client, evening, data, message):
    response = volunteer_client.post(door(evening), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert evening.couples.count() == 0


def test_a_duplicate_couple_number_is_refused(volunteer_client, evening):
    volunteer_client.post(door(evening), {"player1": "Mary", "player2": "John", "number": "7"})
    response = volunteer_client.post(
        door(evening), {"player1": "Ann", "player2": "Joe", "number": "7"}
    )
    assert response.status_code == 400
    assert "Couple 7 is already registered tonight." in response.content.decode()
    assert evening.couples.count() == 1


def test_numbers_are_never_reused_after_a_removal(organizer_client, evening):
    organizer_client.post(door(evening), {"player1": "Mary", "player2": "John"})
    organizer_client.post(door(evening), {"player1": "Ann", "player2": "Joe"})
    response = organizer_client.post(reverse("couple-remove", args=[evening.slug, 2]))
    assert response.status_code == 302
    organizer_client.post(door(evening), {"player1": "Rita", "player2": "Angus"})
    assert list(evening.couples.values_list("number", flat=True)) == [1, 3]


def test_a_couple_cannot_be_removed_once_play_has_started(organizer_client, evening):
    Couple.objects.create(evening=evening, number=1, player1="A", player2="B")
    Evening.objects.filter(pk=evening.pk).update(status="running", current_game=1)
    response = organizer_client.post(reverse("couple-remove", args=[evening.slug, 1]))
    assert response.status_code == 409
    assert evening.couples.count() == 1


def test_a_couple_registered_during_play_joins_at_the_next_game(volunteer_client, evening):
    Evening.objects.filter(pk=evening.pk).update(status="running", current_game=4)
    response = volunteer_client.post(door(evening), {"player1": "Late", "player2": "Comers"})
    assert response.status_code == 302
    assert evening.couples.get().joined_game == 5


def test_no_couple_joins_a_finished_evening(volunteer_client, evening):
    Evening.objects.filter(pk=evening.pk).update(status="finished", current_game=25)
    response = volunteer_client.post(door(evening), {"player1": "Too", "player2": "Late"})
    assert response.status_code == 409
    assert evening.couples.count() == 0


def test_a_volunteer_marks_a_couple_paid_and_unpaid(volunteer_client, evening):
    Couple.objects.create(evening=evening, number=1, player1="A", player2="B")
    url = reverse("couple-paid", args=[evening.slug, 1])
    response = volunteer_client.post(url, {"paid": "1"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'id="couple-1"' in response.content.decode()
    assert evening.couples.get().paid
    volunteer_client.post(url, {"paid": "0"})
    assert not evening.couples.get().paid


def test_a_volunteer_fixes_a_name(volunteer_client, evening):
    Couple.objects.create(evening=evening, number=1, player1="Mray", player2="John")
    url = reverse("couple-edit", args=[evening.slug, 1])
    response = volunteer_client.post(url, {"player1": "Mary", "player2": "John"})
    assert response.status_code == 302
    assert evening.couples.get().player1 == "Mary"


def test_every_change_bumps_the_evening_version(volunteer_client, evening):
    volunteer_client.post(door(evening), {"player1": "Mary", "player2": "John"})
    assert Evening.objects.get(pk=evening.pk).version == 2


def test_the_door_page_query_count_does_not_grow_with_the_couples(
    volunteer_client, evening, django_assert_max_num_queries
):
    for number in range(1, 61):
        Couple.objects.create(evening=evening, number=number, player1="A", player2="B")
    with django_assert_max_num_queries(8):
        assert volunteer_client.get(door(evening)).status_code == 200


def test_a_plain_form_sent_while_the_database_is_away_says_nothing_was_saved(
    volunteer, evening, monkeypatch
):
    """The app's own 503: for a form sent without htmx the page says the form
    was not saved and does not reload by itself (which would lose it)."""
    from django.db import OperationalError
    from django.test import Client

    from tables import services

    def database_away(*args, **kwargs):
        raise OperationalError("connection to server failed")

    monkeypatch.setattr(services, "register_couple", database_away)
    client = Client(raise_request_exception=False)
    client.force_login(volunteer)
    response = client.post(door(evening), {"player1": "Ann", "player2": "Joe"})
    assert response.status_code == 503
    html = response.content.decode()
    assert "Nothing was saved: the database is not answering. Go back and send it again" in html
    assert 'http-equiv="refresh"' not in html
    assert evening.couples.count() == 0
