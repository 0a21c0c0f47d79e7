"""Shortening an evening after the cookie jar's draw (issue 48, point 6): an
evening shorter than its last drawn game is refused with a reason that says
what to do, since nobody could win the jar (docs/decisions.md "Decisions")."""

import pytest
from django.urls import reverse

from tables.models import Evening
from tests.test_evening_form import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(evening) -> Evening:
    Evening.objects.filter(pk=evening.pk).update(
        status="running",
        current_game=2,
        cookie_jar=True,
        jar_draw_size=2,
        jar_draw_mode="announced",
        jar_numbers=[7, 10],
    )
    evening.refresh_from_db()
    return evening


def post(client, evening, **overrides):
    data = form_data(new_hall="", hall=evening.hall.pk, cookie_jar="on", jar_draw_size="2")
    data |= {"half_time_game": "2"} | overrides
    return client.post(reverse("evening-edit", args=[evening.slug]), data)


def test_shortening_below_a_drawn_game_is_refused_with_what_to_do(organizer_client, drawn):
    response = post(organizer_client, drawn, games="4")
    assert response.status_code == 400
    errors = response.context["form"].errors["games"]
    assert errors == [
        "The cookie jar's drawn games go up to game 10: with fewer games nobody could win "
        "the jar. Keep at least 10 games."
    ]
    drawn.refresh_from_db()
    assert drawn.games == 25 and drawn.jar_numbers == [7, 10]


def test_shortening_to_the_last_drawn_game_is_fine(organizer_client, drawn):
    assert post(organizer_client, drawn, games="10").status_code == 302
    drawn.refresh_from_db()
    assert drawn.games == 10


def test_a_sealed_draw_is_not_given_away(organizer_client, drawn):
    Evening.objects.filter(pk=drawn.pk).update(jar_draw_mode="sealed")
    response = post(organizer_client, drawn, games="4", jar_draw_mode="sealed")
    assert response.status_code == 400
    (error,) = response.context["form"].errors["games"]
    assert "10" not in error and "7" not in error
    assert "sealed draw has a game after game 4" in error


def test_before_play_turning_the_jar_off_lets_the_evening_be_shorter(organizer_client, drawn):
    """Numbers from the hat typed before play: the jar can still be turned off."""
    Evening.objects.filter(pk=drawn.pk).update(status="setup", current_game=0)
    data = form_data(new_hall="", hall=drawn.hall.pk, games="4", half_time_game="2")
    response = organizer_client.post(reverse("evening-edit", args=[drawn.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    drawn.refresh_from_db()
    assert drawn.games == 4 and not drawn.cookie_jar
