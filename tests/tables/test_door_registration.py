"""Issue 12, points 4-6: duplicate couples, the couple-number limit and names
that are too long, at the door."""

import datetime
import re

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


def request_id(html: str) -> str:
    """The id of the door form in a page (one registration, however often sent)."""
    match = re.search(r'name="request_id" value="([^"]+)"', html)
    assert match, "the door form carries no request id"
    return match.group(1)


def test_a_double_enter_registers_one_couple_and_shows_no_error(volunteer_client, evening):
    page = volunteer_client.get(door(evening)).content.decode()
    data = {"player1": "Mary", "player2": "John", "request_id": request_id(page)}
    first = volunteer_client.post(door(evening), data, headers={"HX-Request": "true"})
    second = volunteer_client.post(door(evening), data, headers={"HX-Request": "true"})
    assert first.status_code == second.status_code == 200
    html = second.content.decode()
    assert "Couple 1: Mary &amp; John is registered." in html
    assert 'role="alert"' not in html
    assert evening.couples.count() == 1
    # Each answer brings a form with a fresh id, for the next couple.
    assert request_id(first.content.decode()) != data["request_id"]


def test_a_registration_sent_again_after_no_answer_has_one_effect(volunteer_client, evening):
    """The one-id-one-effect rule of the table-side reports
    (receipts.register_couple_once): the same id again finds the couple,
    even with the names typed differently (case, accents)."""
    key = request_id(volunteer_client.get(door(evening)).content.decode())
    data = {"player1": "Marie-Thérèse", "player2": "Joe", "request_id": key}
    assert volunteer_client.post(door(evening), data).status_code == 302
    again = {"player1": "marie therese", "player2": "JOE", "request_id": key}
    response = volunteer_client.post(door(evening), again, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Couple 1: Marie-Thérèse &amp; Joe is registered." in response.content.decode()
    assert evening.couples.count() == 1


def test_an_id_sent_again_with_other_names_is_refused_with_a_fresh_form(volunteer_client, evening):
    key = request_id(volunteer_client.get(door(evening)).content.decode())
    volunteer_client.post(door(evening), {"player1": "Mary", "player2": "John", "request_id": key})
    response = volunteer_client.post(
        door(evening), {"player1": "Ann", "player2": "Joe", "request_id": key}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "already used" in html
    assert 'value="Ann"' in html  # what was typed stays
    assert request_id(html) != key  # pressing Enter again registers Ann & Joe
    assert evening.couples.count() == 1


def test_the_same_names_are_warned_about_every_time(volunteer_client, evening):
    """No "typed again within seconds" exception: only the form's id tells a
    double Enter, so a second couple with the same names always gets the warning."""
    data = {"player1": "Mary", "player2": "John"}
    assert volunteer_client.post(door(evening), data).status_code == 302
    response = volunteer_client.post(door(evening), data)
    assert response.status_code == 409
    assert "already registered as couple 1" in response.content.decode()
    assert evening.couples.count() == 1


def test_register_anyway_answers_only_the_warning_it_was_shown_with(volunteer_client, evening):
    Couple.objects.create(evening=evening, number=3, player1="Yvonne D'Eon", player2="Paul D'Eon")
    Couple.objects.create(evening=evening, number=5, player1="Mary O'Brien", player2="Jim O'Brien")
    # The warning was about couple 3; the names were then changed to couple 5's.
    response = volunteer_client.post(
        door(evening), {"player1": "Mary Obrien", "player2": "Jim Obrien", "anyway": "3"}
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "already registered as couple 5" in html
    assert 'name="anyway" value="5"' in html
    response = volunteer_client.post(
        door(evening), {"player1": "Mary Obrien", "player2": "Jim Obrien", "anyway": "5"}
    )
    assert response.status_code == 302
    assert evening.couples.count() == 3


def test_enter_on_the_duplicate_warning_presses_add_couple(volunteer_client, evening):
    """Enter presses a form's first submit button: on the warning page that
    is "Add couple", and "Register anyway" comes after it."""
    Couple.objects.create(evening=evening, number=3, player1="Yvonne D'Eon", player2="Paul D'Eon")
    html = volunteer_client.post(
        door(evening), {"player1": "Paul Deon", "player2": "Yvonne Deon"}
    ).content.decode()
    form = html[html.index('<form method="post" action="' + door(evening)) :]
    first_submit = re.search(r'<button type="submit"[^>]*>([^<]*)</button>', form)
    assert first_submit.group(1) == "Add couple"
    assert 'name="anyway"' in form


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
