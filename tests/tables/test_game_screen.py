"""The game screen through the test client: permissions, one-tap results
(htmx), progress, the next game, leaving couples, earlier games, corrections."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables import services
from tables.models import Evening, Game, Punch, ResultChange

from .conftest import add_couples, play_game, seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def url(name, evening, *args):
    return reverse(name, args=[evening.slug, *args])


# --- Permissions and methods ----------------------------------------------------


@pytest.mark.parametrize(
    ("name", "args", "method"),
    [
        ("game-screen", [], "get"),
        ("game-start", [], "post"),
        ("game-result", [1, 1], "post"),
        ("game-advance", [], "post"),
        ("game-finish", [], "post"),
        ("game-leaving", [], "post"),
        ("game-detail", [1], "get"),
        ("game-correct", [1, 1], "get"),
        ("table-links", [], "get"),
        ("table-link", [1], "get"),
    ],
)
def test_anonymous_people_are_sent_to_sign_in_and_outsiders_are_refused(
    client, outsider_client, evening, name, args, method
):
    target = url(name, evening, *args)
    response = getattr(client, method)(target)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = getattr(outsider_client, method)(target)
    assert response.status_code == 404  # no role in the hall: as if no such evening


@pytest.mark.parametrize("name", ["game-start", "game-finish"])
def test_only_an_organizer_starts_and_finishes_the_evening(volunteer_client, evening, name):
    add_couples(evening, 4)
    response = volunteer_client.post(url(name, evening), {"game": "1"})
    assert response.status_code == 403
    assert Evening.objects.get(pk=evening.pk).is_setup


def test_correcting_an_earlier_game_is_for_organizers(volunteer_client, evening):
    evening = started(evening, 4)
    play_game(evening)
    services.advance(evening, from_game=1)
    response = volunteer_client.post(
        url("game-correct", evening, 1, 1), {"winner": 1, "reason": "x"}
    )
    assert response.status_code == 403


@pytest.mark.parametrize(
    ("name", "args", "wrong"),
    [
        ("game-screen", [], "post"),
        ("game-result", [1, 1], "get"),
        ("game-leaving", [], "get"),
        ("game-detail", [1], "post"),
        ("game-correct", [1, 1], "put"),
        ("table-links", [], "post"),
    ],
)
def test_the_wrong_method_is_405(organizer_client, evening, name, args, wrong):
    response = getattr(organizer_client, wrong)(url(name, evening, *args))
    assert response.status_code == 405


@pytest.mark.parametrize("name", ["game-start", "game-advance", "game-finish"])
def test_a_forms_address_asked_with_get_leads_to_the_game_screen(
    organizer_client, client, evening, name
):
    """Issue 47, point 20: a Start game whose answer was lost, tapped again,
    left `.../game/next/` in the address bar, and a reload was a blank 405."""
    evening = started(evening, 4)
    response = organizer_client.get(url(name, evening))
    assert response.status_code == 302
    assert response["Location"] == url("game-screen", evening)
    page = organizer_client.get(response["Location"])
    assert page.status_code == 200 and "Game 1 of" in page.content.decode()
    # Nobody signed in: asked to sign in, as before.
    assert "/accounts/login/" in client.get(url(name, evening))["Location"]
    assert Game.objects.count() == 1  # a GET changes nothing


def test_a_late_reports_address_asked_with_get_leads_to_the_game_screen(organizer_client, evening):
    evening = started(evening, 4)
    response = organizer_client.get(url("late-report-settle", evening, 1))
    assert response.status_code == 302
    assert response["Location"] == url("game-screen", evening)


def test_an_unknown_evening_is_404(volunteer_client):
    assert volunteer_client.get("/evenings/nope/game/").status_code == 404


# --- Starting ------------------------------------------------------------------


def test_before_play_the_screen_offers_the_draw(organizer_client, evening):
    add_couples(evening, 7)
    response = organizer_client.get(url("game-screen", evening))
    html = response.content.decode()
    assert response.status_code == 200
    assert "7 couples are registered." in html and "That makes 3 tables" in html
    assert "Draw the tables and start game 1" in html


def test_a_volunteer_sees_that_an_organizer_starts(volunteer_client, evening):
    add_couples(evening, 4)
    html = volunteer_client.get(url("game-screen", evening)).content.decode()
    assert "An organizer draws the tables" in html and "Draw the tables" not in html


def test_the_organizer_draws_game_one(organizer_client, evening):
    add_couples(evening, 6)
    response = organizer_client.post(url("game-start", evening))
    assert response.status_code == 302
    evening.refresh_from_db()
    assert evening.current_game == 1 and len(seatings(evening)) == 3
    html = organizer_client.get(response["Location"]).content.decode()
    assert "Game 1 of 25" in html and "0 of 3 tables in" in html
    assert "Game 1 is seated." in html


def test_the_organizer_places_couples_by_hand(organizer_client, evening):
    add_couples(evening, 5)
    response = organizer_client.post(
        url("game-start", evening), {"by_hand": "1", "tables": "3 5\n\n1 & 4\n"}
    )
    assert response.status_code == 302
    assert [(s.couple_a.number, s.couple_b.number) for s in seatings(evening, 1)] == [
        (3, 5),
        (1, 4),
    ]
    assert Game.objects.get().bye.number == 2


@pytest.mark.parametrize(
    ("text", "message", "status"),
    [
        ("3 5\n1 4 2", "Line 2 (table 2): write two couple numbers", 400),
        ("3 five", "Line 1 (table 1): write two couple numbers", 400),
        ("3 ²", "Line 1 (table 1): write two couple numbers", 400),
        ("3 ٥", "Line 1 (table 1): write two couple numbers", 400),
        ("3 " + "9" * 5000, "Line 1 (table 1): write two couple numbers", 400),
        ("", "Write one line per table", 400),
        ("3 5\n3 4", "Couple 3 is placed twice.", 400),
        ("3 5\n1 9", "Table 2: there is no couple 9 tonight.", 400),
    ],
)
def test_a_bad_hand_placement_is_explained(organizer_client, evening, text, message, status):
    add_couples(evening, 5)
    response = organizer_client.post(url("game-start", evening), {"by_hand": "1", "tables": text})
    assert response.status_code == status
    assert message in response.content.decode()
    assert Evening.objects.get(pk=evening.pk).is_setup


def test_starting_twice_shows_the_evening_started(organizer_client, evening):
    """The second Start (the first's answer was lost) is not an error: the
    evening is running, and the screen says so."""
    add_couples(evening, 4)
    organizer_client.post(url("game-start", evening))
    response = organizer_client.post(url("game-start", evening), follow=True)
    assert response.redirect_chain == [(url("game-screen", evening), 302)]
    html = response.content.decode()
    assert "The evening has already started." in html and "Game 1 of" in html
    assert Game.objects.count() == 1


# --- Recording -----------------------------------------------------------------


def test_one_tap_records_the_winner_and_updates_the_progress_line(volunteer_client, evening):
    evening = started(evening, 6)
    table = seatings(evening)[1]
    response = volunteer_client.post(
        url("game-result", evening, 1, 2), {"winner": table.couple_b.number}, headers=HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<li class="card table-card done" id="table-2">')
    assert f"Table 2: couple {table.couple_b.number} won." in html
    assert 'id="game-status"' in html and 'hx-swap-oob="true"' in html
    assert "1 of 3 tables in" in html
    table.refresh_from_db()
    assert table.winner == table.couple_b


def test_without_javascript_a_tap_redirects_back_to_the_table(volunteer_client, evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    response = volunteer_client.post(
        url("game-result", evening, 1, 1), {"winner": table.couple_a.number}
    )
    assert response.status_code == 302
    assert response["Location"].endswith("/game/#table-1")


def test_without_javascript_a_tap_writes_nothing_but_the_result(volunteer_client, evening):
    """Its answer ("Table 1: couple 3 won.") waits in a cookie, not in the
    volunteer's session: in a flurry a session write per tap was one more
    turn at SQLite's one writer."""
    evening = started(evening, 4)
    table = seatings(evening)[0]
    volunteer_client.get(url("game-screen", evening))
    with CaptureQueriesContext(connection) as queries:
        response = volunteer_client.post(
            url("game-result", evening, 1, 1), {"winner": table.couple_a.number}
        )
    assert response.status_code == 302
    sql = [q["sql"] for q in queries]
    assert not [q for q in sql if "django_session" in q and not q.startswith("SELECT")]
    html = volunteer_client.get(response["Location"]).content.decode()
    assert f"Table 1: couple {table.couple_a.number} won." in html


def test_a_result_is_changed_from_the_screen(volunteer_client, evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    a, b = table.couple_a.number, table.couple_b.number
    volunteer_client.post(url("game-result", evening, 1, 1), {"winner": a}, headers=HTMX)
    response = volunteer_client.post(
        url("game-result", evening, 1, 1), {"winner": b, "change": "1", "was": a}, headers=HTMX
    )
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.winner.number == b
    assert Punch.objects.get().couple.number == b


@pytest.mark.parametrize(
    ("game", "table", "winner", "status", "message"),
    [
        (1, 1, "other-table", 400, "did not play at table 1"),
        (1, 1, "", 400, "Choose the winning couple."),
        (1, 1, "abc", 400, "Choose the winning couple."),
        (2, 1, "a", 409, "Game 2 has not started"),
        (1, 9, "a", 400, "Table 9 is not in play in game 1."),
    ],
)
def test_bad_taps_get_a_message_and_change_nothing(
    volunteer_client, evening, game, table, winner, status, message
):
    evening = started(evening, 4)
    rows = seatings(evening)
    value = {"a": rows[0].couple_a.number, "other-table": rows[1].couple_a.number}.get(
        winner, winner
    )
    for headers in ({}, HTMX):
        response = volunteer_client.post(
            url("game-result", evening, game, table), {"winner": value}, headers=headers
        )
        assert response.status_code == status
        assert message in response.content.decode()
    assert not Punch.objects.exists() and not ResultChange.objects.exists()


def test_a_tap_from_a_screen_one_game_behind_is_refused(volunteer_client, evening):
    evening = started(evening, 4)
    play_game(evening)
    services.advance(evening, from_game=1)
    table = seatings(evening, 2)[0]
    response = volunteer_client.post(
        url("game-result", evening, 1, 1), {"winner": table.couple_a.number}, headers=HTMX
    )
    assert response.status_code == 409
    assert "Game 1 is over: game 2 is being played now." in response.content.decode()
    table.refresh_from_db()
    assert table.winner is None


def test_the_second_volunteer_tapping_the_other_couple_is_told(volunteer_client, evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    volunteer_client.post(url("game-result", evening, 1, 1), {"winner": table.couple_a.number})
    response = volunteer_client.post(
        url("game-result", evening, 1, 1), {"winner": table.couple_b.number}, headers=HTMX
    )
    assert response.status_code == 409
    assert "Table 1 already has a result" in response.content.decode()


def test_a_table_side_conflict_is_shown_with_a_one_tap_settle(volunteer_client, evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    a, b = table.couple_a.number, table.couple_b.number
    services.report_result(table.table, 1, a, a)
    services.report_result(table.table, 1, b, b)
    html = volunteer_client.get(url("game-screen", evening)).content.decode()
    assert "The couples disagree" in html
    assert f"Couple {a} says couple {a} won." in html and f"Couple {b} says couple {b} won." in html
    response = volunteer_client.post(url("game-result", evening, 1, 1), {"winner": b}, headers=HTMX)
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.winner.number == b


# --- The next game -------------------------------------------------------------


def test_next_game_is_refused_with_a_message_until_every_table_is_in(volunteer_client, evening):
    evening = started(evening, 6)
    response = volunteer_client.post(url("game-advance", evening), {"game": "1"})
    assert response.status_code == 409
    assert "Tables 1, 2, 3 have no result yet" in response.content.decode()
    assert Game.objects.count() == 1


def test_start_next_game_shows_who_stays_and_who_moves(volunteer_client, evening):
    evening = started(evening, 5)
    play_game(evening, winner="a")
    response = volunteer_client.post(url("game-advance", evening), {"game": "1"})
    assert response.status_code == 302 and response["Location"].endswith("#movement")
    html = volunteer_client.get(response["Location"]).content.decode()
    assert "Game 2 has started." in html
    assert "Moving into game 2: who stays, who moves" in html
    assert "stays" in html and "comes from table 1" in html and "comes from the bye" in html
    assert "sits out this game (the bye)" in html


def test_pressing_start_again_once_it_started_shows_the_game_started(volunteer_client, evening):
    """Issue 47, point 20: Start game's answer lost, the page said "Not
    saved"; tapped again, the server answers the truth as a success (the
    screen, its movement, "Game 2 has already started."), not a 409."""
    evening = started(evening, 4)
    play_game(evening)
    volunteer_client.post(url("game-advance", evening), {"game": "1"})
    response = volunteer_client.post(url("game-advance", evening), {"game": "1"}, follow=True)
    assert response.redirect_chain == [(url("game-screen", evening) + "#movement", 302)]
    html = response.content.decode()
    assert "Game 2 has already started." in html and "Game 2 of" in html
    assert Game.objects.count() == 2


def test_finishing_again_once_finished_shows_the_evening_over(organizer_client, evening):
    evening = started(evening, 4, games=1)
    play_game(evening)
    organizer_client.post(url("game-finish", evening), {"game": "1"})
    response = organizer_client.post(url("game-finish", evening), {"game": "1"}, follow=True)
    assert response.redirect_chain == [(url("game-screen", evening), 302)]
    assert "The evening is over. Time for the prizes!" in response.content.decode()


def test_start_from_a_game_not_yet_played_is_still_a_conflict(volunteer_client, evening):
    evening = started(evening, 4)
    play_game(evening)
    response = volunteer_client.post(url("game-advance", evening), {"game": "2"})
    assert response.status_code == 409
    assert "Game 2 has not started yet." in response.content.decode()


def test_a_missing_game_number_is_400(volunteer_client, evening):
    evening = started(evening, 4)
    assert volunteer_client.post(url("game-advance", evening), {}).status_code == 400


def test_the_organizer_finishes_after_the_last_game(organizer_client, evening):
    evening = started(evening, 4, games=1)
    html = organizer_client.get(url("game-screen", evening)).content.decode()
    assert "Finish the evening" in html and "Start game" not in html
    play_game(evening)
    response = organizer_client.post(url("game-finish", evening), {"game": "1"})
    assert response.status_code == 302
    html = organizer_client.get(url("game-screen", evening)).content.decode()
    assert "The evening is over" in html


def test_the_screen_polls_cheaply(volunteer_client, evening, django_assert_max_num_queries):
    """A conditional GET, as the board's: 304 while nothing changed (issue 11)."""
    evening = started(evening, 4)
    poll = url("game-screen", evening)
    first = volunteer_client.get(poll, headers=HTMX)
    assert first.status_code == 200
    assert first.content.decode().lstrip().startswith('<section id="game-section"')
    with django_assert_max_num_queries(4):
        response = volunteer_client.get(poll, headers=HTMX | {"If-None-Match": first["ETag"]})
    assert response.status_code == 304
    play_game(evening)
    response = volunteer_client.get(poll, headers=HTMX | {"If-None-Match": first["ETag"]})
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="game-section"')


@pytest.mark.parametrize("couples", [10, 100])
def test_the_screen_costs_the_same_queries_for_any_size(
    volunteer_client, make_evening, couples, django_assert_max_num_queries
):
    evening = started(make_evening(), couples)
    play_game(evening)
    services.advance(evening, from_game=1)
    with django_assert_max_num_queries(20):
        response = volunteer_client.get(url("game-screen", evening))
    assert response.status_code == 200


def test_only_the_tables_still_playing(volunteer_client, evening):
    evening = started(evening, 6)
    table = seatings(evening)[0]
    services.record_result(evening, 1, 1, table.couple_a.number)
    html = volunteer_client.get(url("game-screen", evening) + "?show=todo").content.decode()
    assert 'id="table-1"' not in html and 'id="table-2"' in html


# --- Leaving -------------------------------------------------------------------


def test_a_volunteer_marks_a_couple_leaving_and_takes_it_back(volunteer_client, evening):
    evening = started(evening, 6)
    response = volunteer_client.post(url("game-leaving", evening), {"couple": "3"}, headers=HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Couple 3 leaves after game 1." in html
    assert evening.couples.get(number=3).left_after_game == 1
    response = volunteer_client.post(url("game-leaving", evening), {"couple": "3", "leaving": "0"})
    assert response.status_code == 302
    assert evening.couples.get(number=3).left_after_game is None


@pytest.mark.parametrize(
    ("data", "status", "message"),
    [
        ({"couple": "99"}, 400, "There is no couple 99 tonight."),
        ({"couple": "x"}, 400, "Enter a whole number."),
        ({"couple": "2", "leaving": "0"}, 409, "Couple 2 is not leaving."),
    ],
)
def test_bad_departures_are_refused(volunteer_client, evening, data, status, message):
    evening = started(evening, 4)
    for headers in ({}, HTMX):
        response = volunteer_client.post(url("game-leaving", evening), data, headers=headers)
        assert response.status_code == status
        assert message in response.content.decode()


# --- Earlier games -------------------------------------------------------------


def test_an_earlier_game_shows_results_and_the_organizer_corrects_one(organizer_client, evening):
    evening = started(evening, 4)
    play_game(evening, winner="a")
    services.advance(evening, from_game=1)
    table = seatings(evening, 1)[0]
    html = organizer_client.get(url("game-detail", evening, 1)).content.decode()
    assert "Game 1 of 25" in html and "Correct table 1" in html
    response = organizer_client.get(url("game-correct", evening, 1, 1))
    assert response.status_code == 200
    response = organizer_client.post(
        url("game-correct", evening, 1, 1), {"winner": table.couple_b.number, "reason": ""}
    )
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
    response = organizer_client.post(
        url("game-correct", evening, 1, 1),
        {"winner": table.couple_b.number, "reason": "Score sheet misread"},
    )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.winner == table.couple_b
    html = organizer_client.get(url("game-detail", evening, 1)).content.decode()
    assert "Corrected after the game" in html and "Score sheet misread" in html and "olive" in html


def test_a_game_not_played_yet_is_404(volunteer_client, evening):
    evening = started(evening, 4)
    assert volunteer_client.get(url("game-detail", evening, 2)).status_code == 404


def test_the_correction_form_refuses_a_couple_not_at_the_table(organizer_client, evening):
    evening = started(evening, 4)
    play_game(evening)
    services.advance(evening, from_game=1)
    stranger = seatings(evening, 1)[1].couple_a.number
    response = organizer_client.post(
        url("game-correct", evening, 1, 1), {"winner": stranger, "reason": "x"}
    )
    assert response.status_code == 400


# --- Table links ---------------------------------------------------------------


def test_the_table_links_page_shows_a_qr_code_per_table(volunteer_client, evening):
    evening = started(evening, 6)
    response = volunteer_client.get(url("table-links", evening))
    html = response.content.decode()
    assert html.count("<svg") == 3
    token = seatings(evening)[0].table.token
    assert f"http://127.0.0.1:8000/t/{token}/" in html  # the hall's address phones use
    response = volunteer_client.get(url("table-link", evening, 1))
    assert response.status_code == 200 and "<svg" in response.content.decode()
    assert volunteer_client.get(url("table-link", evening, 9)).status_code == 404


def test_table_links_come_a_page_at_a_time(volunteer_client, make_evening):
    evening = started(make_evening(), 60)
    html = volunteer_client.get(url("table-links", evening)).content.decode()
    assert html.count("<svg") == 24 and 'id="table-24"' in html and 'id="table-25"' not in html
    html = volunteer_client.get(url("table-links", evening) + "?page=2").content.decode()
    assert html.count("<svg") == 6 and 'id="table-30"' in html


# --- What the screen says ----------------------------------------------------------


def test_untapped_couples_do_not_read_won_and_the_screen_says_what_a_tap_does(
    volunteer_client, evening
):
    evening = started(evening, 4)
    html = volunteer_client.get(url("game-screen", evening)).content.decode()
    assert "Tap the winners" in html
    assert 'class="won"' not in html  # no "WON / WON" before anyone taps
    table = seatings(evening)[0]
    volunteer_client.post(url("game-result", evening, 1, 1), {"winner": table.couple_a.number})
    html = volunteer_client.get(url("game-screen", evening)).content.decode()
    assert html.count('class="won"') == 1  # the winner, in the "Change" form


def test_a_disagreement_names_each_table_once(volunteer_client, evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    a, b = table.couple_a.number, table.couple_b.number
    services.report_result(table.table, 1, a, a)
    services.report_result(table.table, 1, b, b)
    html = volunteer_client.get(url("game-screen", evening)).content.decode()
    line = html[html.index('class="disputed-line"') :]
    line = line[: line.index("</p>")]
    assert line.count("table 1") == 1


def test_after_the_last_game_no_movement_box_stays(organizer_client, evening):
    evening = started(evening, 4, games=2)
    play_game(evening)
    services.advance(evening, from_game=1)
    html = organizer_client.get(url("game-screen", evening)).content.decode()
    assert "Moving into game 2" in html
    play_game(evening)
    organizer_client.post(url("game-finish", evening), {"game": "2"})
    html = organizer_client.get(url("game-screen", evening)).content.decode()
    assert "The evening is over" in html
    assert "Moving into game 2" not in html and 'id="movement"' not in html


def test_the_big_table_code_scales_to_its_box_so_it_sits_centred(volunteer_client, evening):
    """A fixed-size SVG drawn in a wider box sat in its top-left corner."""
    evening = started(evening, 4)
    html = volunteer_client.get(url("table-link", evening, 1)).content.decode()
    svg = html[html.index("<svg") : html.index(">", html.index("<svg"))]
    assert "viewBox=" in svg and "width=" not in svg


@pytest.mark.parametrize(
    ("mode", "button", "revealed"),
    [
        ("sealed", "Finish the evening and reveal the cookie jar", True),
        ("announced", "Finish the evening and settle the cookie jar", False),  # always shown
    ],
)
def test_the_finish_button_says_what_it_does_to_the_jar(
    organizer_client, evening, mode, button, revealed
):
    from scoring.models import JarOutcome

    evening = started(evening, 4, games=1, cookie_jar=True, jar_draw_mode=mode, jar_draw_size=1)
    html = organizer_client.get(url("game-screen", evening)).content.decode()
    assert button in html
    play_game(evening)
    organizer_client.post(url("game-finish", evening), {"game": "1"})
    evening.refresh_from_db()
    assert evening.jar_revealed is revealed
    assert JarOutcome.objects.filter(evening=evening).exists()


def test_a_hat_jar_is_settled_after_its_numbers_are_typed(organizer_client, evening):
    evening = started(evening, 4, games=1, cookie_jar=True, jar_draw_mode="hat")
    html = organizer_client.get(url("game-screen", evening)).content.decode()
    assert ">Finish the evening</button>" in html
    assert "type the numbers drawn from the hat" in html
