"""The hall's books on a phone: a year's evenings, each row a line of labelled
figures, nothing wider than the screen, the buttons big enough to tap, and
the period changed with the two date fields."""

import pytest
from playwright.sync_api import expect

from tests.conftest import screenshot, sign_in
from tests.support import books as year_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll('main *')]
  .filter(e => e.offsetParent
    && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map(e => e.tagName + '.' + e.className)"""

SMALL_BUTTONS = """() => [...document.querySelectorAll('main a.button, main button')]
  .map(e => e.getBoundingClientRect()).filter(b => b.height < 44).length"""


def test_a_years_books_on_a_phone(live_server, phone, organizer, hall):
    year_of.build_year(hall)
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/halls/{hall.pk}/books/?year=2026")
    expect(phone.get_by_role("heading", name="Financial year 2026")).to_be_visible()
    expect(phone.get_by_text("Total of 50 finished evenings")).to_be_visible()
    assert phone.evaluate(WIDER_THAN_THE_SCREEN) == []
    assert phone.evaluate(SMALL_BUTTONS) == 0
    screenshot(phone, "books-year-phone")

    phone.get_by_label("From", exact=True).fill("2026-03-07")
    phone.get_by_label("To", exact=True).fill("2026-04-30")
    phone.get_by_role("button", name="Show these dates").click()
    expect(phone.get_by_text("Total of 7 finished evenings")).to_be_visible()
    expect(phone.get_by_text("7 March 2026 to 30 April 2026")).to_be_visible()
    screenshot(phone, "books-dates-phone")
