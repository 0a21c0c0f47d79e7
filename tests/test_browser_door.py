"""In a real browser on a phone: sign in, create an evening, register four couples."""

import pytest
from playwright.sync_api import expect

from tables.models import Evening
from tests.conftest import screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_creates_an_evening_and_registers_four_couples(live_server, phone, organizer):
    sign_in(phone, live_server, "olive")
    phone.get_by_role("link", name="Evenings").click()
    phone.get_by_role("link", name="New evening").click()
    phone.get_by_label("Name", exact=True).fill("Friday 45s")
    phone.get_by_label("Date").fill("2026-11-27")
    # The organizer's own hall (the site administrator adds halls).
    phone.get_by_label("Hall", exact=True).select_option(label="St. Joseph's Parish Hall")
    screenshot(phone, "evening-form")
    phone.get_by_role("button", name="Create the evening").click()
    phone.wait_for_url("**/door/")

    couples = [
        ("Mary", "John"),
        ("Marie-Thérèse", "Joe D'Eon"),
        ("Ruairí", "Ann"),
        ("Rita", "Angus"),
    ]
    for number, (first, second) in enumerate(couples, start=1):
        phone.get_by_label("First player").fill(first)
        phone.get_by_label("Second player").fill(second)
        phone.keyboard.press("Enter")
        phone.locator("main").get_by_text(f"Couple {number}: {first} & {second}.").wait_for()
        # htmx swapped the section in place and put the cursor back.
        expect(phone.get_by_label("First player")).to_be_focused()
    # A double tap on "Mark paid" leaves the couple paid (issue 12).
    phone.get_by_role("button", name="Mark paid").first.dblclick()
    phone.locator("#couple-4").get_by_text("✔ Paid").wait_for()
    phone.wait_for_timeout(700)
    expect(phone.locator("#couple-4").get_by_text("✔ Paid")).to_be_visible()
    # A name too long for the field says so at the field.
    phone.get_by_label("First player").fill("x" * 200)
    phone.get_by_label("First player").press("End")
    phone.keyboard.type("y")
    expect(
        phone.get_by_text("A name is at most 80 letters: anything longer is cut off.")
    ).to_be_visible()
    screenshot(phone, "door")

    evening = Evening.objects.get()
    assert list(evening.couples.values_list("player1", flat=True)) == [c[0] for c in couples]
    assert evening.couples.filter(paid=True).count() == 1
