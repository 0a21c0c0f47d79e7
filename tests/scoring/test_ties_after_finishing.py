"""After the last game the evening is finished first, then its ties are
settled (issue 48, point 1): the checklist's order and the pages agree, and
the prizes page offers the step that is possible now, never a dead end."""

from django.urls import reverse

from scoring.checklist import DONE, LATER, TODO, checklist
from tables import services
from tables.models import Seating


def prizes_page(client, evening) -> str:
    response = client.get(reverse("prizes", args=[evening.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_checklist_finishes_the_evening_before_the_ties(last_game_in):
    night = checklist(last_game_in)
    keys = [step.key for step in night.steps]
    assert keys.index("play") < keys.index("finish") < keys.index("ties") < keys.index("results")
    assert night.next_step.key == "finish"
    assert night.step("ties").state == LATER
    assert night.step("ties").detail == "After the evening is finished."

    services.finish_evening(last_game_in, from_game=1)
    last_game_in.refresh_from_db()
    night = checklist(last_game_in)
    assert night.step("finish").state == DONE
    assert night.step("ties").state == TODO
    assert night.next_step.key == "ties"
    assert night.next_step.url == reverse("prizes", args=[last_game_in.slug])


def test_the_prizes_page_offers_finishing_once_the_last_game_is_in(organizer_client, last_game_in):
    html = prizes_page(organizer_client, last_game_in)
    assert "Ties are settled after the last game." not in html
    assert "Ties are settled once the evening is finished (above)." in html
    assert reverse("game-finish", args=[last_game_in.slug]) in html
    assert 'name="then" value="prizes"' in html


def test_finishing_from_the_prizes_page_comes_back_to_settle_the_tie(
    organizer_client, last_game_in
):
    response = organizer_client.post(
        reverse("game-finish", args=[last_game_in.slug]), {"game": "1", "then": "prizes"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("prizes", args=[last_game_in.slug])
    last_game_in.refresh_from_db()
    assert last_game_in.is_finished
    html = prizes_page(organizer_client, last_game_in)
    assert "Settle the tie" in html
    assert reverse("tiebreak-open", args=[last_game_in.slug]) in html
    assert reverse("game-finish", args=[last_game_in.slug]) not in html


def test_finishing_on_the_game_screen_still_stays_there(organizer_client, last_game_in):
    response = organizer_client.post(
        reverse("game-finish", args=[last_game_in.slug]), {"game": "1"}
    )
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("game-screen", args=[last_game_in.slug]))


def test_a_volunteer_is_told_an_organizer_finishes_the_evening(volunteer_client, last_game_in):
    html = prizes_page(volunteer_client, last_game_in)
    assert "An organizer finishes the evening." in html
    assert reverse("game-finish", args=[last_game_in.slug]) not in html


def test_before_the_last_game_is_in_the_prizes_page_offers_no_finish(
    organizer_client, last_game_in
):
    Seating.objects.filter(game__evening=last_game_in).update(winner=None)
    html = prizes_page(organizer_client, last_game_in)
    assert reverse("game-finish", args=[last_game_in.slug]) not in html
