"""The plain forms that change data (corrections, the evening's settings, a
tie-break ...) are sent by htmx (hx-boost; static/js/live/not-saved.js, on
boosted forms): a proxy's 502 or no answer says "Not saved: try again." in
the form and keeps what was typed, nothing is saved; the same tap again
succeeds as a plain form would (a redirect, a whole page)."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from scoring.models import Target, TieBreak
from scoring.services.prizes import set_prize
from tables import services
from tables.models import Couple, Evening, ResultChange
from tests.conftest import sign_in
from tests.scoring.conftest import finish, punch_counts
from tests.tables.conftest import play_game, seatings, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NOT_SAVED = "Not saved: try again."


def bad_gateway(route):
    """What Caddy answers when the app server behind it is gone."""
    if route.request.method == "POST":
        route.fulfill(status=502, body="<h1>502 Bad Gateway</h1>")
    else:
        route.continue_()


def post_to(phone, pattern, click):
    """Click, and wait for the POST's answer (whatever it is)."""
    with phone.expect_response(lambda r: r.request.method == "POST" and pattern in r.url) as answer:
        click()
    return answer.value.status


def test_a_correction_answered_502_keeps_the_reason_and_a_retry_corrects_it(
    live_server, phone, organizer, evening
):
    evening = started(evening, 6)
    play_game(evening, winner="a")
    services.advance(evening, from_game=1)
    table = seatings(evening, 1)[0]
    sign_in(phone, live_server, "olive")
    url = f"{live_server.url}/evenings/{evening.slug}/games/1/tables/1/correct/"
    phone.goto(url)
    phone.route("**/correct/", bad_gateway)
    phone.get_by_label(f"Couple {table.couple_b.number}", exact=False).check()
    phone.get_by_label("Why", exact=True).fill("Wrong couple tapped")
    button = phone.get_by_role("button", name="Correct the result")

    assert post_to(phone, "/correct/", button.click) == 502
    expect(phone.locator("main form").get_by_role("alert")).to_have_text(NOT_SAVED)
    expect(phone.locator("#live-banner")).to_contain_text("The server has a problem")
    expect(phone.get_by_label("Why", exact=True)).to_have_value("Wrong couple tapped")
    expect(phone.get_by_label(f"Couple {table.couple_b.number}", exact=False)).to_be_checked()
    assert phone.url == url
    assert not ResultChange.objects.filter(kind="corrected").exists()

    phone.unroute("**/correct/")
    assert post_to(phone, "/correct/", button.click) == 302
    expect(phone.get_by_role("heading", name="Correct game 1, table 1")).to_have_count(0)
    expect(phone.locator("#live-banner")).to_be_hidden()
    expect(phone.locator(".live-notice")).to_have_count(0)
    assert "/correct/" not in phone.url  # where a plain form's redirect leads
    assert ResultChange.objects.filter(kind="corrected").count() == 1


def test_the_evening_settings_answered_502_keep_what_was_typed_then_save_once(
    live_server, phone, organizer, evening
):
    sign_in(phone, live_server, "olive")
    url = f"{live_server.url}/evenings/{evening.slug}/edit/"
    phone.goto(url)
    phone.route("**/edit/", bad_gateway)
    phone.get_by_label("Name", exact=True).fill("Saturday 45s")
    button = phone.get_by_role("button", name="Save settings")

    assert post_to(phone, "/edit/", button.click) == 502
    expect(phone.locator("main form").first.get_by_role("alert")).to_have_text(NOT_SAVED)
    expect(phone.get_by_label("Name", exact=True)).to_have_value("Saturday 45s")
    assert Evening.objects.get(pk=evening.pk).name == "Friday 45s"

    phone.unroute("**/edit/")
    post_to(phone, "/edit/", button.click)
    expect(phone.locator("main").get_by_text("Settings saved.")).to_be_visible()
    assert phone.url.rstrip("/") != url.rstrip("/")
    assert Evening.objects.get(pk=evening.pk).name == "Saturday 45s"


def test_the_evening_settings_with_an_error_show_it_as_today(
    live_server, phone, organizer, evening
):
    """A 400 (the form's own errors) is the page, as a plain form's answer."""
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{evening.slug}/edit/")
    phone.get_by_label("Name", exact=True).fill("")
    button = phone.get_by_role("button", name="Save settings")
    assert post_to(phone, "/edit/", button.click) == 400
    expect(phone.get_by_text("Please fix the fields marked below.")).to_be_visible()
    expect(phone.locator(".live-notice")).to_have_count(0)
    assert Evening.objects.get(pk=evening.pk).name == "Friday 45s"


@pytest.fixture
def tied_evening(evening):
    Evening.objects.filter(pk=evening.pk).update(entry_fee=Decimal("10.00"))
    couples = [
        Couple.objects.create(
            evening=evening, number=n, player1=f"A{n}", player2=f"B{n}", paid=True
        )
        for n in range(1, 5)
    ]
    punch_counts(evening, couples, [17, 17, 12, 9])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="30.00")
    return finish(evening)


def test_settling_a_tie_answered_502_says_not_saved_and_a_retry_opens_it_once(
    live_server, phone, organizer, tied_evening
):
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{tied_evening.slug}/prizes/")
    phone.route("**/ties/open/", bad_gateway)
    button = phone.get_by_role("button", name="Settle the tie")

    assert post_to(phone, "/ties/open/", button.click) == 502
    form = phone.locator("form[action$='/ties/open/']")
    expect(form.get_by_role("alert")).to_have_text(NOT_SAVED)
    assert phone.url.endswith("/prizes/")
    assert not TieBreak.objects.exists()

    phone.unroute("**/ties/open/")
    button.click()
    phone.wait_for_url("**/ties/*/")
    expect(phone.get_by_role("heading", name="Tie for place 1")).to_be_visible()
    # The tie page's own htmx forms work on the page put in place.
    phone.get_by_role("button", name="Everyone: cut").click()
    expect(phone.locator("main").get_by_text("Or type the cards the couples cut")).to_be_visible()
    assert TieBreak.objects.count() == 1


def test_start_the_next_game_answered_502_after_the_check_says_so_then_starts_once(
    live_server, phone, organizer, evening
):
    """The forms that ask the server first (data-online: start, finish,
    advance, a late report) are sent by htmx once the check passes, so the
    proxy's 502 on the form itself is said too; the check itself (/healthz)
    is answered. A proxy's 502 may come after the app did it: Start game is
    sent again at once (done once whatever happens), and when that is
    answered 502 too, the page says it does not know, not "Not saved"."""
    evening = started(evening, 6)
    play_game(evening, winner="a")
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{evening.slug}/game/")
    phone.route("**/game/next/", bad_gateway)
    button = phone.get_by_role("button", name="Start game 2")

    assert post_to(phone, "/game/next/", button.click) == 502
    expect(phone.locator("#live-banner")).to_contain_text("The server has a problem")
    expect(phone.locator("#game-status").get_by_role("alert")).to_have_text(
        "Not known whether it was done: the server did not answer. "
        "Tap “Start game 2” again: it is never done twice."
    )
    evening.refresh_from_db()
    assert evening.current_game == 1

    phone.unroute("**/game/next/")
    assert post_to(phone, "/game/next/", button.click) == 302
    expect(phone.get_by_role("heading", name="Game 2", exact=False).first).to_be_visible()
    evening.refresh_from_db()
    assert evening.current_game == 2


# --- What the page says is what happened (issue 47, point 20) --------------------


def no_connection(route):
    if route.request.method == "POST":
        route.abort("internetdisconnected")
    else:
        route.continue_()


def test_not_saved_says_to_press_enter_or_tap_the_button_as_the_person_did(
    live_server, phone, organizer, evening
):
    """ "press Enter again" was said under buttons (Correct the result, Settle
    the tie, Start game): the words follow what the person did."""
    evening = started(evening, 6)
    play_game(evening, winner="a")
    services.advance(evening, from_game=1)
    table = seatings(evening, 1)[0]
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{evening.slug}/games/1/tables/1/correct/")
    phone.route("**/correct/", no_connection)
    phone.get_by_label(f"Couple {table.couple_b.number}", exact=False).check()
    phone.get_by_label("Why", exact=True).fill("Wrong couple tapped")
    notice = phone.locator("main form").get_by_role("alert")

    phone.get_by_role("button", name="Correct the result").click()
    expect(notice).to_have_text(
        "Not saved: no connection — tap “Correct the result” again when the Wi-Fi is back"
    )
    phone.get_by_label(f"Couple {table.couple_b.number}", exact=False).press("Enter")
    expect(notice).to_have_text(
        "Not saved: no connection — press Enter again when the Wi-Fi is back"
    )
    assert not ResultChange.objects.filter(kind="corrected").exists()


def test_start_game_whose_answer_was_lost_shows_the_game_started_not_not_saved(
    live_server, phone, organizer, evening
):
    """The server started game 2 and its answer never came back (a proxy's
    502, a dropped connection): the page said "Not saved". It asks again at
    once (the same form: done once, whatever happens), and the answer is
    the truth."""
    evening = started(evening, 6)
    play_game(evening, winner="a")
    sign_in(phone, live_server, "olive")
    screen = f"{live_server.url}/evenings/{evening.slug}/game/"
    phone.goto(screen)
    lost = []

    def answer_lost(route):
        if route.request.method == "POST" and not lost:
            route.fetch()  # the app starts game 2 ...
            lost.append(route.request.url)
            route.abort("connectionreset")  # ... and its answer is lost
        else:
            route.continue_()

    phone.route("**/game/next/", answer_lost)
    phone.get_by_role("button", name="Start game 2").click()
    expect(phone.get_by_role("heading", name="Game 2 of 25")).to_be_visible()
    expect(phone.locator("main").get_by_text("Game 2 has already started.")).to_be_visible()
    expect(phone.get_by_text("Not saved")).to_have_count(0)
    assert lost and phone.url.startswith(screen) and "/next/" not in phone.url
    assert phone.reload().status == 200
    expect(phone.get_by_role("heading", name="Game 2 of 25")).to_be_visible()
    evening.refresh_from_db()
    assert evening.current_game == 2


def test_a_refused_start_keeps_the_screens_address_so_a_reload_works(
    live_server, phone, organizer, evening
):
    """A boosted form's refusal (409: tables still playing) is the screen
    again: its address stays in the bar, not `.../game/next/` (a reload of
    that was a blank 405)."""
    evening = started(evening, 6)
    sign_in(phone, live_server, "olive")
    screen = f"{live_server.url}/evenings/{evening.slug}/game/"
    phone.goto(screen)
    button = phone.get_by_role("button", name="Start game 2")
    assert post_to(phone, "/game/next/", button.click) == 409
    expect(phone.locator("main").get_by_text("have no result yet")).to_be_visible()
    assert phone.url == screen
    assert phone.reload().status == 200
    expect(phone.get_by_role("heading", name="Game 1 of 25")).to_be_visible()
