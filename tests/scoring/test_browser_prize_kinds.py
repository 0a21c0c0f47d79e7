"""In a real browser on a phone: a prize shows only the field of the kind
chosen, on the prizes page (radios) and on New evening (a select), with
JavaScript and without it (issue 48, point 8)."""

import pytest
from playwright.sync_api import expect

from scoring.models import Prize
from tests.conftest import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture(params=[True, False], ids=["script", "no-script"])
def page(request, browser):
    context = browser.new_context(java_script_enabled=request.param, **PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def test_the_prizes_page_asks_only_for_the_kind_chosen(live_server, page, organizer, evening):
    sign_in(page, live_server, "olive")
    page.goto(f"{live_server.url}/evenings/{evening.slug}/prizes/")
    slot = page.locator("#slot-place-1")
    if slot.get_attribute("open") is None:
        slot.locator("summary").click()
    amount, share, item = (
        slot.get_by_label(label, exact=True)
        for label in ("Amount ($)", "Share of the takings (%)", "Item")
    )
    slot.get_by_text("Named item").click()
    expect(item).to_be_visible()
    expect(amount).to_be_hidden()
    expect(share).to_be_hidden()
    page.screenshot(path="test-artifacts/prize-kind-item.png")
    slot.get_by_text("Share of the evening's takings").click()
    expect(share).to_be_visible()
    expect(amount).to_be_hidden()
    expect(item).to_be_hidden()
    slot.get_by_text("Cash amount").click()
    expect(amount).to_be_visible()
    expect(share).to_be_hidden()
    amount.fill("30")
    slot.get_by_role("button", name="Save").click()
    expect(page.locator("#slot-place-1 summary")).to_contain_text("30")
    assert Prize.objects.get(evening=evening, place=1).amount == 30


def test_new_evening_asks_only_for_the_kind_chosen(live_server, page, organizer):
    sign_in(page, live_server, "olive")
    page.goto(f"{live_server.url}/evenings/new/")
    row = page.get_by_role("group", name="Place 1")
    amount, share, item = (
        row.get_by_label(label, exact=True)
        for label in ("Amount ($)", "Share of the takings (%)", "Item")
    )
    expect(amount).to_be_visible()  # cash, to start with
    expect(share).to_be_hidden()
    expect(item).to_be_hidden()
    row.get_by_label("The prize is").select_option("share")
    expect(share).to_be_visible()
    expect(amount).to_be_hidden()
    row.scroll_into_view_if_needed()
    page.screenshot(path="test-artifacts/new-evening-prize-share.png")
