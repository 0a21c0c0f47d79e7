"""Issue 12, points 4-6: duplicate couples, the couple-number limit and names
that are too long, at the door."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tables.models import MAX_COUPLE_NUMBER, Couple
from tables.services.door import couple_key, fold_name

pytestmark = pytest.mark.django_db


def door(evening):
    return reverse("door", args=[evening.slug])


def test_names_fold_case_accents_punctuation_and_order():
    assert fold_name("Marie-Thérèse D'Eon") == fold_name("marie therese deon")
    assert couple_key("Mary MacDonald", "John") == couple_key("john", "MARY Mac-Donald")
    assert couple_key("Mary", "John") != couple_key("Mary", "Joan")


def test_a_duplicate_couple_is_warned_about_with_register_anyway(volunteer_client, evening):
    Couple.objects.create(evening=evening, number=1, player1="Marie-Thérèse", player2="Joe")
    Couple.objects.filter(number=1).update(
        created_at=timezone.now() - datetime.timedelta(minutes=5)
    )
    response = volunteer_client.post(door(evening), {"player1": "joe", "player2": "Marie Therese"})
    assert response.status_code == 409
    html = response.content.decode()
    assert "already registered as couple 1" in html
    assert 'name="anyway" value="1"' in html
    assert evening.couples.count() == 1
    response = volunteer_client.post(
        door(evening), {"player1": "joe", "player2": "Marie Therese", "anyway": "1"}
    )
    assert response.status_code == 302
    assert evening.couples.count() == 2


def test_a_double_enter_registers_one_couple_and_shows_no_error(volunteer_client, evening):
    data = {"player1": "Mary", "player2": "John"}
    first = volunteer_client.post(door(evening), data, headers={"HX-Request": "true"})
    second = volunteer_client.post(door(evening), data, headers={"HX-Request": "true"})
    assert first.status_code == second.status_code == 200
    html = second.content.decode()
    assert "Couple 1: Mary &amp; John is registered." in html
    assert 'role="alert"' not in html
    assert evening.couples.count() == 1


def test_no_automatic_couple_number_past_the_limit(volunteer_client, evening):
    data = {"player1": "Mary", "player2": "John", "number": str(MAX_COUPLE_NUMBER)}
    assert volunteer_client.post(door(evening), data).status_code == 302
    response = volunteer_client.post(door(evening), {"player1": "Ann", "player2": "Joe"})
    assert response.status_code == 409
    assert "type a free number" in response.content.decode()
    assert list(evening.couples.values_list("number", flat=True)) == [MAX_COUPLE_NUMBER]
    # A typed number under the limit still works.
    response = volunteer_client.post(
        door(evening), {"player1": "Ann", "player2": "Joe", "number": "12"}
    )
    assert response.status_code == 302


def test_a_number_past_the_limit_is_refused(volunteer_client, evening):
    data = {"player1": "Mary", "player2": "John", "number": str(MAX_COUPLE_NUMBER + 1)}
    response = volunteer_client.post(door(evening), data)
    assert response.status_code == 400
    assert evening.couples.count() == 0


def test_a_long_name_is_refused_with_a_message_at_the_field(volunteer_client, evening):
    page = volunteer_client.get(door(evening)).content.decode()
    assert 'maxlength="80"' in page
    assert "A name is at most 80 letters: anything longer is cut off." in page
    response = volunteer_client.post(door(evening), {"player1": "x" * 200, "player2": "John"})
    assert response.status_code == 400
    assert "A name is at most 80 letters (this one has 200): shorten it." in (
        response.content.decode()
    )
    assert evening.couples.count() == 0
