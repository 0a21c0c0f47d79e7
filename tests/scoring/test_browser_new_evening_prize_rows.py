"""In a real browser on a phone: ticking the booby prize on the blank New
evening form shows the row that asks what it is (issue 48, point 2)."""

import pytest
from playwright.sync_api import expect

from scoring.models import Prize
from tables.models import Evening
from tests.conftest import phone_page, screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def narrow(browser):
    with phone_page(browser, 390, 844, 2) as page:
        yield page


def test_ticking_the_booby_prize_asks_what_it_is(live_server, narrow, organizer):
    page = narrow
    sign_in(page, live_server, "olive")
    page.goto(f"{live_server.url}/evenings/new/")
    booby = page.get_by_role("group", name="Booby prize")
    expect(booby).to_be_hidden()
    page.get_by_role("checkbox", name="Booby prize", exact=True).check()
    expect(booby).to_be_visible()
    booby.get_by_label("The prize is").select_option("item")
    booby.get_by_label("Item").fill("A deck of cards")
    booby.scroll_into_view_if_needed()
    page.screenshot(path="test-artifacts/new-evening-booby-row.png")
    page.get_by_label("Name").first.fill("Friday 45s")
    page.get_by_label("Date").fill("2026-11-27")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/prizes/")
    screenshot(page, "new-evening-booby-prizes-page")
    evening = Evening.objects.get()
    assert Prize.objects.get(evening=evening, target="booby").item == "A deck of cards"
