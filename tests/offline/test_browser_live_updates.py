"""Live updates that never steal focus (issue 17, points 1, 2 and 6): a poll
that brings news keeps focus where it was, the page's one status line says
what changed in words, and the TV's scrolling can be paused."""

import pytest
from playwright.sync_api import expect

from tables import services
from tables.models import Evening
from tests.conftest import winner_button
from tests.tables.conftest import seatings, started

from .conftest import new_phone
from .test_browser_wifi_drops import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused_text(page) -> str:
    return page.evaluate("document.activeElement.textContent.replace(/\\s+/g, ' ').trim()")


def wait_until(page, expression: str, timeout: float = 15) -> None:
    """`page.wait_for_function` evaluates a string, which the CSP forbids."""
    for _ in range(int(timeout * 10)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never true: {expression}")


def poll_answered(page, path: str):
    return page.expect_response(lambda r: path in r.url and r.status == 200, timeout=20_000)


def test_the_table_side_keeps_focus_on_we_won_across_a_poll(live_server, browser, evening):
    evening = started(evening, 6)
    mine, other = seatings(evening)[:2]
    phone = new_phone(browser)
    phone.goto(f"{live_server.url}/t/{mine.table.token}/?as={mine.couple_a.number}")
    button = phone.get_by_role("button", name=f"We won (couple {mine.couple_a.number})")
    button.focus()
    with poll_answered(phone, "/t/"):  # another table's result: the evening changed
        services.record_result(evening, 1, other.table.number, other.couple_a.number)
    phone.wait_for_timeout(300)
    assert focused_text(phone) == f"We won (couple {mine.couple_a.number})"
    phone.context.close()


def test_the_game_screen_keeps_focus_and_says_which_table_came_in(
    live_server, browser, volunteer, evening
):
    evening = started(evening, 7)
    first, _second, third = seatings(evening)
    laptop = new_phone(browser)
    sign_in(laptop, live_server.url)
    laptop.goto(f"{live_server.url}/evenings/{evening.slug}/game/")
    winner_button(laptop.locator("#table-3"), third.couple_b.number).focus()
    where = "Math.round(document.activeElement.getBoundingClientRect().top)"
    top = laptop.evaluate(where)
    with poll_answered(laptop, "/game/"):
        services.record_result(evening, 1, 1, first.couple_a.number)
    status = laptop.locator("#live-status")
    expect(status).to_contain_text(f"Table 1: couple {first.couple_a.number} won.")
    expect(status).to_contain_text("1 of 3 tables in")
    assert laptop.evaluate("document.activeElement.closest('li').id") == "table-3"
    assert laptop.evaluate("document.activeElement.value") == str(third.couple_b.number)
    assert abs(laptop.evaluate(where) - top) <= 2  # the view did not jump
    laptop.context.close()


def test_the_standings_poll_answers_304_and_announces_in_one_line(
    live_server, browser, volunteer, evening
):
    evening = started(evening, 4)
    laptop = new_phone(browser)
    sign_in(laptop, live_server.url)
    statuses = []
    laptop.on("response", lambda r: "/standings/" in r.url and statuses.append(r.status))
    laptop.goto(f"{live_server.url}/evenings/{evening.slug}/standings/")
    expect(laptop.locator("#standings-table")).not_to_have_attribute("aria-live", "polite")
    laptop.wait_for_timeout(21_000)  # two polls
    assert 304 in statuses
    with poll_answered(laptop, "/standings/"):
        services.record_result(evening, 1, 1, seatings(evening)[0].couple_a.number)
    expect(laptop.locator("#live-status")).to_have_text("Standings: 1 game won so far.")
    laptop.context.close()


def test_the_couple_card_says_where_to_go(live_server, browser, evening, settings):
    settings.BOARD_POLL_SECONDS = 1
    evening = started(evening, 4)
    Evening.objects.filter(pk=evening.pk).update(published=True)
    seating = seatings(evening)[0]
    phone = new_phone(browser)
    phone.goto(f"{live_server.url}/e/{evening.slug}/couple/{seating.couple_a.number}/")
    services.record_result(evening, 1, 1, seating.couple_a.number)
    expect(phone.locator("#live-status")).to_contain_text("Game 2:", timeout=15_000)
    phone.context.close()


# On a TV-sized screen each column scrolls by itself (the standings column here).
STANDINGS = "document.getElementById('tv-standings').scrollTop"
PAGE = "Math.round(document.getElementById('tv-standings').clientHeight * 0.9)"


@pytest.fixture
def tall_tv(evening):
    evening = started(evening, 40)
    Evening.objects.filter(pk=evening.pk).update(published=True)
    return evening


def test_the_tv_pauses_with_space_a_tap_or_its_button(live_server, browser, tall_tv):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = context.new_page()
    tv.goto(f"{live_server.url}/e/{tall_tv.slug}/tv/")
    pause = tv.get_by_role("button", name="Pause")
    expect(pause).to_have_attribute("aria-pressed", "false")
    wait_until(tv, f"{STANDINGS} > 20")
    tv.keyboard.press("Space")
    expect(tv.locator("#tv-pause")).to_have_attribute("aria-pressed", "true")
    expect(tv.locator("#tv-pause")).to_have_text("Resume")
    expect(tv.locator("#live-status")).to_have_text("Paused. Press Space or tap to go on.")
    held = tv.evaluate(STANDINGS)
    tv.wait_for_timeout(1500)
    assert tv.evaluate(STANDINGS) == held
    tv.mouse.click(300, 300)  # a click (or a tap) anywhere goes on
    expect(tv.locator("#tv-pause")).to_have_attribute("aria-pressed", "false")
    wait_until(tv, f"{STANDINGS} > {held}")
    tv.locator("#tv-pause").click()
    expect(tv.locator("#tv-pause")).to_have_attribute("aria-pressed", "true")
    context.close()


def test_with_reduced_motion_the_tv_pages_instead_of_scrolling(live_server, browser, tall_tv):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, reduced_motion="reduce")
    tv = context.new_page()
    tv.clock.install()
    tv.goto(f"{live_server.url}/e/{tall_tv.slug}/tv/")
    tv.clock.run_for(4000)
    assert tv.evaluate(STANDINGS) == 0  # no creeping scroll
    tv.clock.run_for(4500)
    step = tv.evaluate(STANDINGS)
    # one page on: from the first row the last page cut, so no more than a page
    assert 0 < step <= tv.evaluate(PAGE) + 2
    tv.keyboard.press("Space")
    tv.clock.run_for(9000)
    assert tv.evaluate(STANDINGS) == step  # paused
    context.close()
