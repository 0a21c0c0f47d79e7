"""In a real browser on a phone: the open scoreboard shows a result recorded
elsewhere without a reload, within the polling interval."""

import pytest
from playwright.sync_api import expect

from tables.models import Punch, Seating
from tests.board.helpers import record
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_result_recorded_elsewhere_appears_on_the_open_board(
    live_server, phone, make_evening, settings
):
    settings.BOARD_POLL_SECONDS = 1
    evening = make_evening(couples=12, played=4, current_in=0)
    phone.goto(f"{live_server.url}/e/{evening.slug}/")
    status = phone.locator("#board-status")
    expect(status).to_contain_text("0 of 6 tables in")
    screenshot(phone, "board-phone")

    seating = Seating.objects.get(game__evening=evening, game__number=5, table__number=1)
    record(evening, 1, seating.couple_a.number)
    expect(status).to_contain_text("1 of 6 tables in", timeout=5_000)
    row = phone.locator(f"#row-{seating.couple_a.number} td.wins")
    expect(row).to_have_text(str(Punch.objects.filter(couple=seating.couple_a).count()))


def shot(page, name: str) -> None:
    """What the screen shows without scrolling (the full page is in `screenshot`)."""
    page.screenshot(path=f"test-artifacts/{name}.png", full_page=False)


def test_the_phone_board_its_couple_card_and_find_my_couple(live_server, phone, make_evening):
    evening = make_evening(couples=21, played=9, current_in=4, cookie_jar=True, booby_prize=True)
    phone.goto(f"{live_server.url}/e/{evening.slug}/")
    expect(phone.locator("#standings")).to_be_visible()
    screenshot(phone, "board-phone-full")
    shot(phone, "board-phone-top")
    phone.get_by_label("Find my couple: number or name").fill("7")
    phone.get_by_role("button", name="Find").click()
    expect(phone.locator("#find-result")).to_contain_text("Couple 7")
    shot(phone, "board-phone-find")
    phone.goto(f"{live_server.url}/e/{evening.slug}/couple/7/")
    expect(phone.locator(".punch-card")).to_be_visible()
    screenshot(phone, "board-phone-couple")


def test_the_tv_board(live_server, browser, make_evening):
    evening = make_evening(couples=40, played=12, current_in=7, cookie_jar=True)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{evening.slug}/tv/")
    expect(page.locator("#standings")).to_be_visible()
    shot(page, "board-tv")
    context.close()
