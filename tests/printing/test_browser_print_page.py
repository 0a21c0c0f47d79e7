"""The print page on a phone: from the evening's page to the four PDFs."""

import pytest
from playwright.sync_api import expect

from tests.conftest import screenshot, sign_in

from . import factory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_finds_the_four_pdfs_from_the_evenings_page(live_server, phone, organizer):
    evening = factory.make_evening()
    factory.seat_game_one(evening)
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}{evening.get_absolute_url()}")
    phone.get_by_role("link", name="Print").click()
    titles = ("Cue cards", "Table cards", "Results sheet", "Rules card", "Volunteer quick-start")
    for title in titles:
        expect(phone.get_by_role("heading", name=title)).to_be_visible()
    expect(phone.get_by_label("Blank cards for walk-ins")).to_have_value("4")
    # The printouts with no choices to make open straight from a link.
    expect(phone.get_by_role("link", name="Open the PDF")).to_have_count(4)
    screenshot(phone, "print-page")
    response = phone.request.get(f"{live_server.url}/evenings/{evening.slug}/print/cue-cards.pdf")
    assert response.status == 200
    assert response.headers["content-type"] == "application/pdf"
