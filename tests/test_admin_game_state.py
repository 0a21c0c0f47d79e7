"""Issue 12, point 11: the admin cannot bypass the evening's rules. Results,
punches, seatings, the current game and the jar's sealed draw are read-only
there; they change only through the app's services."""

import pytest
from django.contrib.auth.models import User
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse

from tables import services
from tables.models import Couple, Evening, Punch

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(db):
    user = User.objects.create_superuser("root", password="x-long-password-45")
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def running(evening):
    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True, jar_draw_mode="sealed", jar_draw_size=3
    )
    evening.refresh_from_db()
    for n in range(1, 5):
        Couple.objects.create(evening=evening, number=n, player1=f"A{n}", player2=f"B{n}")
    services.start_evening(evening, seed=1)
    evening.refresh_from_db()
    return evening


def test_the_evening_admin_shows_game_state_read_only(admin_client, running):
    url = reverse("admin:tables_evening_change", args=[running.pk])
    html = admin_client.get(url).content.decode()
    assert 'name="current_game"' not in html
    assert 'name="jar_numbers"' not in html
    assert 'name="games"' not in html
    assert 'name="name"' in html  # the evening's own words stay editable


def test_posting_game_state_to_the_admin_changes_nothing(admin_client, running):
    numbers = running.jar_numbers
    data = {k: v for k, v in model_to_dict(running).items() if v is not None}
    data.update(
        {
            "date": "2026-11-27",
            "jar_numbers": "[1, 2, 3]",
            "current_game": 20,
            "couples-TOTAL_FORMS": "0",
            "couples-INITIAL_FORMS": "0",
            "name": "Renamed",
            "_save": "Save",
        }
    )
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    url = reverse("admin:tables_evening_change", args=[running.pk])
    response = admin_client.post(url, data)
    assert response.status_code == 302  # the save went through...
    running.refresh_from_db()
    assert running.name == "Renamed"
    assert running.current_game == 1  # ...without the game state
    assert running.jar_numbers == numbers


@pytest.mark.parametrize(
    "model",
    [
        "tables_punch",
        "tables_seating",
        "tables_game",
        "tables_tablereport",
        "tables_latereport",
        "scoring_jaroutcome",
    ],
)
def test_results_and_punches_cannot_be_added_or_changed_in_the_admin(admin_client, running, model):
    assert admin_client.get(reverse(f"admin:{model}_add")).status_code == 403


def test_a_punch_cannot_be_deleted_in_the_admin(admin_client, running):
    punch = Punch.objects.create(evening=running, couple=running.couples.first(), game_number=1)
    url = reverse("admin:tables_punch_delete", args=[punch.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    assert Punch.objects.filter(pk=punch.pk).exists()


@pytest.mark.parametrize("date", ["9999-12-31", "1999-12-31"])
def test_the_admin_refuses_a_date_outside_the_years_of_evenings(admin_client, evening, date):
    data = {k: v for k, v in model_to_dict(evening).items() if v is not None}
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    data.update(
        {
            "date": date,
            "couples-TOTAL_FORMS": "0",
            "couples-INITIAL_FORMS": "0",
            "_save": "Save",
        }
    )
    response = admin_client.post(reverse("admin:tables_evening_change", args=[evening.pk]), data)
    assert response.status_code == 200  # the form again, with its message
    assert "Choose a date in the years 2000 to 2100." in response.content.decode()
    evening.refresh_from_db()
    assert evening.date.year == 2026
