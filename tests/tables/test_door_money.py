"""Issue 12, points 1-3: paid and in-the-jar are set to explicit values at the
door (a double tap cannot undo them), an edit of the names changes nothing
else, and after the evening only an organizer corrects the money, logged."""

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from scoring.models import JarOutcome
from tables.models import Couple, Evening

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def couple(evening):
    return Couple.objects.create(evening=evening, number=1, player1="Mary", player2="John")


@pytest.fixture
def jar_evening(evening):
    Evening.objects.filter(pk=evening.pk).update(cookie_jar=True, jar_buy_in="2.00")
    evening.refresh_from_db()
    return evening


def paid_url(evening, n=1):
    return reverse("couple-paid", args=[evening.slug, n])


def jar_url(evening, n=1):
    return reverse("couple-jar", args=[evening.slug, n])


def test_a_double_tap_on_mark_paid_leaves_the_couple_paid(volunteer_client, evening, couple):
    first = volunteer_client.post(paid_url(evening), {"paid": "1"}, headers=HTMX)
    row = first.content.decode()
    # The row shows the state, with no button there that would undo it.
    assert "✔ Paid" in row
    assert 'name="paid" value="0"' not in row
    assert "<button" not in row.split("✔ Paid")[0].split('class="names"')[1]
    volunteer_client.post(paid_url(evening), {"paid": "1"}, headers=HTMX)
    assert Couple.objects.get(pk=couple.pk).paid


def test_a_post_without_an_explicit_value_changes_nothing(volunteer_client, evening, couple):
    Couple.objects.filter(pk=couple.pk).update(paid=True)
    response = volunteer_client.post(paid_url(evening), {})
    assert response.status_code == 400
    assert "Tap the button again" in response.content.decode()
    assert Couple.objects.get(pk=couple.pk).paid


def test_the_undo_is_a_separate_action_on_the_couples_page(volunteer_client, evening, couple):
    Couple.objects.filter(pk=couple.pk).update(paid=True)
    page = volunteer_client.get(reverse("couple-edit", args=[evening.slug, 1])).content.decode()
    assert 'name="paid" value="0"' in page and "Undo: not paid" in page
    response = volunteer_client.post(paid_url(evening), {"paid": "0", "from": "edit"})
    assert response.status_code == 302
    assert not Couple.objects.get(pk=couple.pk).paid


def test_setting_the_same_value_again_does_not_bump_the_version(volunteer_client, evening, couple):
    volunteer_client.post(paid_url(evening), {"paid": "1"})
    version = Evening.objects.get(pk=evening.pk).version
    volunteer_client.post(paid_url(evening), {"paid": "1"})
    assert Evening.objects.get(pk=evening.pk).version == version


def test_editing_the_names_keeps_paid_and_the_jar(volunteer_client, jar_evening):
    Couple.objects.create(
        evening=jar_evening, number=1, player1="Mray", player2="John", paid=True, jar_buy_in=True
    )
    url = reverse("couple-edit", args=[jar_evening.slug, 1])
    response = volunteer_client.post(url, {"player1": "Mary", "player2": "John"})
    assert response.status_code == 302
    couple = jar_evening.couples.get()
    assert (couple.player1, couple.paid, couple.jar_buy_in) == ("Mary", True, True)


def test_the_jar_is_one_tap_in_the_door_list(volunteer_client, jar_evening, couple):
    page = volunteer_client.get(reverse("door", args=[jar_evening.slug])).content.decode()
    assert f'action="{jar_url(jar_evening)}"' in page
    response = volunteer_client.post(jar_url(jar_evening), {"jar": "1"}, headers=HTMX)
    assert response.status_code == 200
    assert "✔ In the jar" in response.content.decode()
    volunteer_client.post(jar_url(jar_evening), {"jar": "1"}, headers=HTMX)
    assert Couple.objects.get(pk=couple.pk).jar_buy_in


def test_a_settled_jar_refuses_a_buy_in_change_at_the_door(organizer_client, jar_evening, couple):
    Evening.objects.filter(pk=jar_evening.pk).update(status="finished", current_game=25)
    JarOutcome.objects.create(
        evening=jar_evening, buy_ins="0", carried_in="0", pot="0", carried_over="0", winners=[]
    )
    response = organizer_client.post(jar_url(jar_evening), {"jar": "1"})
    assert response.status_code == 409
    assert "settled" in response.content.decode()
    assert not Couple.objects.get(pk=couple.pk).jar_buy_in


def test_after_the_evening_a_volunteer_cannot_change_who_paid(volunteer_client, evening, couple):
    Evening.objects.filter(pk=evening.pk).update(status="finished", current_game=25)
    response = volunteer_client.post(paid_url(evening), {"paid": "1"})
    assert response.status_code == 403
    assert "only an organizer" in response.content.decode()
    assert not Couple.objects.get(pk=couple.pk).paid


def test_after_the_evening_an_organizers_correction_is_logged(organizer_client, evening, couple):
    Evening.objects.filter(pk=evening.pk).update(status="finished", current_game=25)
    organizer_client.post(paid_url(evening), {"paid": "1"})
    assert Couple.objects.get(pk=couple.pk).paid
    entry = LogEntry.objects.get(object_id=str(couple.pk))
    assert entry.user.username == "olive"
    assert "Corrected after the evening: paid" in entry.change_message


def test_the_registration_form_keeps_paid_and_jar_for_the_next_couple(
    volunteer_client, jar_evening
):
    url = reverse("door", args=[jar_evening.slug])
    data = {"player1": "Mary", "player2": "John", "paid": "on", "jar_buy_in": "on"}
    response = volunteer_client.post(url, data, headers=HTMX)
    html = response.content.decode()
    assert 'name="paid" id="id_paid" checked' in html
    assert 'name="jar_buy_in" id="id_jar_buy_in" checked' in html
    assert "<details open" in html
    # Without htmx the redirect carries them too.
    response = volunteer_client.post(url, {**data, "player1": "Ann", "player2": "Joe"})
    assert response.status_code == 302
    page = volunteer_client.get(response.url).content.decode()
    assert 'name="paid" id="id_paid" checked' in page
