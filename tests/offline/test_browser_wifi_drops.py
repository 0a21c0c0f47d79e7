"""The hall's Wi-Fi drops (Playwright's `context.set_offline`): phones keep
what they have, say so, and send what they owe when it comes back, once."""

import re

import pytest
from playwright.sync_api import expect

from tables import services
from tables.models import Couple, Evening, ResultChange, Seating, TableReport
from tests.conftest import PASSWORD, winner_button
from tests.tables.conftest import seatings, started

from .conftest import new_phone, new_tab

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAVED = "Saved on this phone — it will be sent when the Wi-Fi is back"
OFFLINE = re.compile(r"No connection since \d\d:\d\d — still trying")
SERVER = re.compile(r"The server has a problem since \d\d:\d\d — still trying. The Wi-Fi is fine.")


def outbox(page) -> str:
    return page.evaluate("localStorage.getItem('cardnight-outbox') || '[]'")


def sign_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("vince")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()


@pytest.fixture
def table(evening):
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    seating.a, seating.b = seating.couple_a.number, seating.couple_b.number
    return seating


def test_a_report_tapped_offline_survives_the_page_being_closed_and_is_recorded_once(
    live_server, browser, table
):
    url = f"{live_server.url}/t/{table.table.token}/?as={table.a}"
    phone = new_phone(browser)
    phone.goto(url)
    phone.context.set_offline(True)
    phone.get_by_role("button", name=f"We won (couple {table.a})").click()
    expect(phone.locator("#table-status")).to_contain_text(SAVED)
    expect(phone.locator("#live-banner")).to_have_text(OFFLINE)
    assert not TableReport.objects.exists()
    assert outbox(phone) != "[]"  # it waits on the phone, unanswered
    # The page is closed while the phone is still offline and opened again
    # in a new tab of the same phone (the same storage) once the Wi-Fi is
    # back: it is that page load that finds the report and sends it. (Not
    # a reload offline: Chromium's own error page navigates again by itself,
    # even offline, and one of those navigations, landing on the page once
    # the Wi-Fi was back, sent the outbox before the test's page load did.)
    phone = new_tab(phone)
    phone.context.set_offline(False)
    phone.goto(url)
    expect(phone.locator("#live-status")).to_contain_text("Now the other couple confirms it")
    expect(phone.locator("#table-status")).to_contain_text(f"You said couple {table.a} won")
    expect(phone.locator("#live-banner")).to_be_hidden()
    assert outbox(phone) == "[]"
    assert TableReport.objects.count() == 1
    phone.context.close()


def test_a_report_whose_answer_was_lost_is_sent_again_with_one_effect(live_server, browser, table):
    """The server records it, the answer never reaches the phone; the phone
    sends it again and gets the same answer, not a second report."""
    url = f"{live_server.url}/t/{table.table.token}/?as={table.a}"
    phone = new_phone(browser)
    phone.goto(url)
    posts = []

    def lose_the_answer(route):
        posts.append(route.request.post_data)
        route.fetch()  # it reaches the server ...
        route.abort()  # ... and the answer is lost

    phone.route("**/report/", lose_the_answer)
    phone.get_by_role("button", name=f"We won (couple {table.a})").click()
    expect(phone.locator("#table-status")).to_contain_text(SAVED)
    assert TableReport.objects.count() == 1
    phone.unroute("**/report/")
    phone.context.set_offline(True)
    phone.context.set_offline(False)  # the Wi-Fi comes back: send now
    expect(phone.locator("#live-status")).to_contain_text("Now the other couple confirms it")
    assert outbox(phone) == "[]"
    assert TableReport.objects.count() == 1
    assert Evening.objects.get(pk=table.game.evening_id).receipts.count() == 1
    assert len(posts) == 1 and "request_id=" in posts[0]
    phone.context.close()


def test_two_phones_of_one_table_report_during_a_gap(live_server, browser, table):
    base = f"{live_server.url}/t/{table.table.token}/"
    phone_a, phone_b = new_phone(browser), new_phone(browser)
    phone_a.goto(f"{base}?as={table.a}")
    phone_b.goto(f"{base}?as={table.b}")
    for phone in (phone_a, phone_b):
        phone.context.set_offline(True)
    phone_a.get_by_role("button", name=f"We won (couple {table.a})").click()
    phone_b.get_by_role("button", name=f"Couple {table.a} won").click()
    for phone in (phone_a, phone_b):
        expect(phone.locator("#table-status")).to_contain_text(SAVED)
    assert not TableReport.objects.exists()
    for phone in (phone_b, phone_a):
        phone.context.set_offline(False)
    result = f"The result of game 1 is in: couple {table.a} won."
    for phone in (phone_a, phone_b):
        expect(phone.locator("#table-status")).to_contain_text(result, timeout=15_000)
    table.refresh_from_db()
    assert table.winner.number == table.a
    assert ResultChange.objects.count() == 1
    assert sorted(TableReport.objects.values_list("status", flat=True)) == ["confirmed"] * 2
    phone_a.context.close()
    phone_b.context.close()


def test_queued_volunteer_taps_go_in_order_and_a_clash_shows_as_the_usual_conflict(
    live_server, browser, volunteer, evening
):
    evening = started(evening, 6)
    first, second, _third = seatings(evening)
    laptop = new_phone(browser)
    sign_in(laptop, live_server.url)
    laptop.goto(f"{live_server.url}/evenings/{evening.slug}/game/")
    laptop.context.set_offline(True)
    winner_button(laptop.locator("#table-1"), first.couple_b.number).click()
    winner_button(laptop.locator("#table-2"), second.couple_a.number).click()
    for number in (1, 2):
        expect(laptop.locator(f"#table-{number}")).to_contain_text("Waiting to send")
    expect(laptop.locator("#live-banner")).to_have_text(OFFLINE)
    # Meanwhile another volunteer, on the Wi-Fi, records table 1 the other way.
    services.record_result(evening, 1, 1, first.couple_a.number)
    laptop.context.set_offline(False)
    expect(laptop.locator("#table-1")).to_contain_text(
        f"Table 1 already has a result: couple {first.couple_a.number} won."
    )
    expect(laptop.locator("#table-2")).to_contain_text(
        f"Table 2: couple {second.couple_a.number} won."
    )
    expect(laptop.locator(".outbox-note")).to_have_count(0)
    winners = dict(
        Seating.objects.filter(game__evening=evening, game__number=1).values_list(
            "table__number", "winner__number"
        )
    )
    assert winners == {1: first.couple_a.number, 2: second.couple_a.number, 3: None}
    assert ResultChange.objects.count() == 2
    laptop.context.close()


def test_start_game_is_never_queued_and_says_it_needs_the_connection(
    live_server, browser, volunteer, evening
):
    evening = started(evening, 4)
    for seating in seatings(evening):
        services.record_result(evening, 1, seating.table.number, seating.couple_a.number)
    laptop = new_phone(browser)
    sign_in(laptop, live_server.url)
    laptop.goto(f"{live_server.url}/evenings/{evening.slug}/game/")
    laptop.context.set_offline(True)
    laptop.get_by_role("button", name="Start game 2").click()
    expect(laptop.locator("#game-status")).to_contain_text(
        "Not done: this needs the connection. Try again when the Wi-Fi is back."
    )
    assert outbox(laptop) == "[]"
    laptop.context.set_offline(False)
    laptop.get_by_role("button", name="Start game 2").click()
    # A check with the server, then a whole page's navigation: on a busy
    # machine (two test suites at once) that took more than the usual 5 s.
    expect(laptop.get_by_role("heading", name="Game 2 of 25")).to_be_visible(timeout=20_000)
    assert Evening.objects.get(pk=evening.pk).current_game == 2
    laptop.context.close()


def test_the_door_keeps_the_typed_names_when_the_wifi_drops(
    live_server, browser, volunteer, evening
):
    laptop = new_phone(browser)
    sign_in(laptop, live_server.url)
    laptop.goto(f"{live_server.url}/evenings/{evening.slug}/door/")
    laptop.get_by_label("First player").fill("Mary MacNeil")
    laptop.get_by_label("Second player").fill("Angus MacNeil")
    laptop.context.set_offline(True)
    laptop.get_by_label("Second player").press("Enter")
    expect(laptop.locator("#door-section form")).to_contain_text(
        "Not saved: no connection — press Enter again when the Wi-Fi is back"
    )
    expect(laptop.get_by_label("First player")).to_have_value("Mary MacNeil")
    expect(laptop.get_by_label("Second player")).to_have_value("Angus MacNeil")
    laptop.context.set_offline(False)
    laptop.get_by_label("Second player").press("Enter")
    expect(laptop.locator("#couples")).to_contain_text("Mary MacNeil")
    status = laptop.locator("#live-status")
    expect(status).to_contain_text("Couple 1: Mary MacNeil & Angus MacNeil.")
    assert Couple.objects.filter(evening=evening).count() == 1
    laptop.context.close()


def test_a_phone_that_wakes_up_asks_at_once(live_server, browser, table):
    """visibilitychange: no waiting for the next poll."""
    url = f"{live_server.url}/t/{table.table.token}/?as={table.b}"
    phone = new_phone(browser)
    phone.goto(url)
    phone.wait_for_timeout(300)
    services.report_result(table.table, 1, table.a, table.a)
    with phone.expect_response(lambda r: "/t/" in r.url and r.status == 200, timeout=2000):
        phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(phone.locator("#table-status")).to_contain_text(
        f"Couple {table.a} says couple {table.a} won. Is that right?"
    )
    phone.context.close()


def test_start_game_is_sent_even_if_a_poll_replaced_the_form_during_its_check(
    live_server, browser, volunteer, evening
):
    """The tap asks the server first; a poll that swaps the game section in
    that moment replaces the form, and a detached form sends nothing: the
    form now in the page is sent instead."""
    evening = started(evening, 4)
    for seating in seatings(evening):
        services.record_result(evening, 1, seating.table.number, seating.couple_a.number)
    laptop = new_phone(browser)
    sign_in(laptop, live_server.url)
    laptop.goto(f"{live_server.url}/evenings/{evening.slug}/game/")

    def swap_then_answer(route):
        # What a poll's swap does to the form: a fresh copy takes its place.
        laptop.evaluate(
            "() => { const f = document.querySelector('form[data-online]');"
            " f.replaceWith(f.cloneNode(true)); }"
        )
        route.continue_()

    laptop.route("**/healthz", swap_then_answer)
    laptop.get_by_role("button", name="Start game 2").click()
    expect(laptop.get_by_role("heading", name="Game 2 of 25")).to_be_visible()
    assert Evening.objects.get(pk=evening.pk).current_game == 2
    laptop.context.close()


def test_a_server_that_answers_with_an_error_is_not_called_a_lost_connection(
    live_server, browser, table
):
    """A 503 (the database down, say) comes from the server over a working
    Wi-Fi: the banner says the server has a problem, not "No connection", so
    nobody goes looking for the router. The Wi-Fi really dropping still
    reads "No connection"; both clear by themselves."""
    phone = new_phone(browser)
    phone.goto(f"{live_server.url}/t/{table.table.token}/?as={table.a}")
    phone.route(
        "**/t/**",
        lambda route: route.fulfill(status=503, body="Back in a moment", content_type="text/html"),
    )
    expect(phone.locator("#live-banner")).to_have_text(SERVER, timeout=15_000)
    phone.context.set_offline(True)
    expect(phone.locator("#live-banner")).to_have_text(OFFLINE)
    phone.unroute("**/t/**")
    phone.context.set_offline(False)
    expect(phone.locator("#live-banner")).to_be_hidden(timeout=40_000)
    phone.context.close()


def test_a_correction_tapped_offline_says_plainly_what_waits(
    live_server, browser, volunteer, evening
):
    """Issue 47, point 20: the note under a table read "Waiting to send (12
    Ann 1 & Joe 1, deals first, won)", the button's whole spoken name."""
    evening = started(evening, 4)
    first = seatings(evening)[0]
    services.record_result(evening, 1, 1, first.couple_a.number)
    laptop = new_phone(browser)
    sign_in(laptop, live_server.url)
    laptop.goto(f"{live_server.url}/evenings/{evening.slug}/game/")
    laptop.context.set_offline(True)
    card = laptop.locator("#table-1")
    card.get_by_text("Change").click()
    winner_button(card, first.couple_b.number).click()
    expect(card.locator(".outbox-note")).to_have_text(
        f"Waiting to send: couple {first.couple_b.number} won"
    )
    laptop.context.set_offline(False)
    expect(card).to_contain_text(f"Table 1: couple {first.couple_b.number} won.")
    laptop.context.close()
