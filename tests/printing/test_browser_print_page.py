"""The print page on a phone: from the evening's page to the four PDFs."""

import pytest
from playwright.sync_api import expect

from tests.conftest import screenshot, sign_in

from . import factory
from .pdf import page_texts

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
    # Each link opens its own printout: a PDF of this evening, with its pages.
    links = phone.get_by_role("link", name="Open the PDF")
    opened = {}
    for index in range(links.count()):
        href = links.nth(index).get_attribute("href")
        response = phone.request.get(f"{live_server.url}{href}")
        assert response.status == 200, href
        assert response.headers["content-type"] == "application/pdf", href
        texts = page_texts(response.body())
        assert texts and all(texts), f"{href} has an empty page"
        opened[href] = " ".join(texts)
    assert len(set(opened)) == 4  # four different printouts, not one link four times
    assert any("Friday 45s" in text for text in opened.values())
    # The cue cards, through their form, with the blank cards asked for: one
    # card per couple (each printed with its names) and the blank ones.
    phone.get_by_label("Blank cards for walk-ins").fill("2")
    with phone.expect_response(lambda r: "/print/cue-cards.pdf?" in r.url) as answer:
        phone.get_by_role("button", name="Open the PDF").click()
    assert answer.value.status == 200
    assert "blank=2" in answer.value.url
    # (Chromium shows the PDF in its viewer: the bytes are fetched again.)
    response = phone.request.get(answer.value.url)
    assert response.headers["content-type"] == "application/pdf"
    text = " ".join(page_texts(response.body()))
    couples = list(evening.couples.all())
    assert text.count("COUPLE") == len(couples) + 2
    for couple in couples:
        assert couple.player1 in text
