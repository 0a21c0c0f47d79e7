"""Creating and editing an evening: every setting, and every bad value."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tables.models import Evening, Hall

pytestmark = pytest.mark.django_db


def form_data(**overrides):
    data = {
        "name": "Friday 45s",
        "date": "2026-11-27",
        "new_hall": "Arichat Parish Hall",
        "games": "25",
        "entry_fee": "10.00",
        "prize_places": "3",
        "ranking": "distinct",
        "bye_counts_as_win": "on",
        "jar_buy_in": "2.00",
        "jar_draw_size": "8",
        "jar_draw_mode": "announced",
        "half_time_game": "12",
        "renege": "cape_breton",
        "nontrump_lead": "follow_or_trump",
        "jokers": "none",
        "game_target": "45",
    }
    data.update(overrides)
    return data


@pytest.fixture
def site_admin_client(db):
    client = Client()
    client.force_login(User.objects.create_superuser("sadie"))
    return client


def test_it_creates_an_evening_with_a_new_hall_and_the_defaults(site_admin_client):
    """A site administrator may add the hall while making the evening."""
    response = site_admin_client.post(reverse("evening-create"), form_data())
    evening = Evening.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("evening-next-step", args=[evening.slug])
    assert evening.hall.name == "Arichat Parish Hall"
    assert evening.slug == "friday-45s-2026-11-27"
    assert (evening.games, evening.prize_places, evening.bye_counts_as_win) == (25, 3, True)
    assert evening.ranking == Evening.Ranking.DISTINCT
    assert not evening.published


def test_two_evenings_of_the_same_name_and_date_get_different_slugs(organizer_client, hall):
    organizer_client.post(reverse("evening-create"), form_data(new_hall="", hall=hall.pk))
    organizer_client.post(reverse("evening-create"), form_data(new_hall="", hall=hall.pk))
    assert sorted(Evening.objects.values_list("slug", flat=True)) == [
        "friday-45s-2026-11-27",
        "friday-45s-2026-11-27-2",
    ]


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"games": "0"}, "games", "greater than or equal to 1"),
        ({"games": "1000"}, "games", "less than or equal to 60"),
        ({"name": ""}, "name", "This field is required"),
        ({"name": "x" * 500}, "name", "at most 100 characters"),
        ({"hall": ""}, "hall", "Choose the hall"),
        ({"entry_fee": "-5"}, "entry_fee", "cannot be negative"),
        ({"entry_fee": "1.005"}, "entry_fee", "2 decimal places"),
        (
            {"cookie_jar": "on", "jar_draw_size": "30"},
            "jar_draw_size",
            "more games than the evening has",
        ),
        ({"half_time_leader": "on", "half_time_game": "25"}, "half_time_game", "before the last"),
        ({"date": "yesterday"}, "date", "valid date"),
        ({"date": "9999-12-31"}, "date", "Choose a date in the years 2000 to 2100."),
        ({"date": "1999-12-31"}, "date", "Choose a date in the years 2000 to 2100."),
        ({"date": "0001-01-01"}, "date", "Choose a date in the years 2000 to 2100."),
        ({"date": "2101-01-01"}, "date", "Choose a date in the years 2000 to 2100."),
    ],
)
def test_bad_settings_get_a_clear_message_and_nothing_is_saved(
    organizer_client, hall, overrides, field, message
):
    data = form_data(new_hall="", hall=hall.pk) | overrides
    response = organizer_client.post(reverse("evening-create"), data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert message in " ".join(errors[field]), errors
    assert Evening.objects.count() == 0
    assert Hall.objects.count() == 1


@pytest.mark.parametrize("date", ["2000-01-01", "2100-12-31"])
def test_the_first_and_last_days_of_the_range_are_taken(organizer_client, hall, date):
    response = organizer_client.post(
        reverse("evening-create"), form_data(new_hall="", hall=hall.pk, date=date)
    )
    assert response.status_code == 302
    assert Evening.objects.get().date.isoformat() == date


def test_an_evening_cannot_be_moved_to_the_year_9999(organizer_client, hall):
    evening = Evening.objects.create(
        hall=hall, name="Friday 45s", slug="friday", date=datetime.date(2026, 11, 27)
    )
    data = form_data(new_hall="", hall=hall.pk, date="9999-12-31")
    response = organizer_client.post(reverse("evening-edit", args=[evening.slug]), data)
    assert response.status_code == 400
    assert "in the years 2000 to 2100" in response.content.decode()
    evening.refresh_from_db()
    assert evening.date == datetime.date(2026, 11, 27)


def test_the_date_field_tells_the_browser_its_range(organizer_client, hall):
    html = organizer_client.get(reverse("evening-create")).content.decode()
    assert 'min="2000-01-01"' in html and 'max="2100-12-31"' in html


@pytest.mark.parametrize(
    ("overrides", "refused"),
    [
        # A 6-game evening keeps the defaults (half time after game 12, 8 jar
        # games): with those prizes off, their rules do not block it.
        ({}, None),
        ({"half_time_leader": "on"}, "half_time_game"),
        ({"half_time_leader": "on", "half_time_game": "3"}, None),
        ({"half_time_leader": "on", "half_time_game": "6"}, "half_time_game"),
        ({"cookie_jar": "on"}, "jar_draw_size"),
        ({"cookie_jar": "on", "jar_draw_size": "6"}, None),
        ({"cookie_jar": "on", "jar_draw_size": "4", "half_time_leader": "on"}, "half_time_game"),
    ],
)
def test_a_rule_for_a_prize_that_is_off_does_not_block_a_short_evening(
    organizer_client, hall, overrides, refused
):
    data = form_data(new_hall="", hall=hall.pk, games="6") | overrides
    response = organizer_client.post(reverse("evening-create"), data)
    if refused is None:
        assert response.status_code == 302, response.context["form"].errors
        assert Evening.objects.get().games == 6
    else:
        assert response.status_code == 400
        assert list(response.context["form"].errors) == [refused]
        assert Evening.objects.count() == 0


def test_a_hall_organizer_cannot_add_a_hall_through_the_evening_form(organizer_client, hall):
    """Halls are the site administrator's (issue 15): the field is not there,
    and a hand-made POST with it adds nothing."""
    page = organizer_client.get(reverse("evening-create")).content.decode()
    assert 'name="new_hall"' not in page
    organizer_client.post(reverse("evening-create"), form_data(hall=hall.pk))
    assert list(Hall.objects.values_list("name", flat=True)) == [hall.name]


def test_an_organizer_edits_the_settings(organizer_client, evening):
    data = form_data(new_hall="", hall=evening.hall.pk, prize_places="4", ranking="standard")
    response = organizer_client.post(reverse("evening-edit", args=[evening.slug]), data)
    assert response.status_code == 302
    evening.refresh_from_db()
    assert (evening.prize_places, evening.ranking) == (4, "standard")
    assert evening.version == 2


def test_an_evening_under_way_cannot_be_made_shorter_than_the_current_game(
    organizer_client, evening
):
    Evening.objects.filter(pk=evening.pk).update(status="running", current_game=10)
    data = form_data(new_hall="", hall=evening.hall.pk, games="8", half_time_game="4")
    response = organizer_client.post(reverse("evening-edit", args=[evening.slug]), data)
    assert response.status_code == 400
    assert "Game 10 is already being played" in str(response.context["form"].errors)


def test_turning_off_bye_counts_as_win_mid_evening_removes_the_bye_punches(
    organizer_client, evening
):
    from tables import services
    from tables.models import Punch
    from tables.services import register_couple

    for n in range(5):
        register_couple(evening, f"A{n}", f"B{n}")
    services.start_evening(evening, seed=1)
    assert Punch.objects.filter(evening=evening, source="bye").count() == 1
    data = form_data(new_hall="", hall=evening.hall.pk)
    del data["bye_counts_as_win"]
    response = organizer_client.post(reverse("evening-edit", args=[evening.slug]), data)
    assert response.status_code == 302
    assert not Punch.objects.filter(evening=evening, source="bye").exists()
    data["bye_counts_as_win"] = "on"
    organizer_client.post(reverse("evening-edit", args=[evening.slug]), data)
    assert Punch.objects.filter(evening=evening, source="bye").count() == 1
