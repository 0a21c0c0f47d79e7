"""On a phone: an organizer adds a volunteer to the hall and reads the
one-time password off the screen; the volunteer signs in with it."""

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_adds_a_volunteer_on_a_phone(live_server, phone, organizer, hall):
    sign_in(phone, live_server, "olive")
    phone.get_by_role("link", name="Evenings").click()
    phone.get_by_role("link", name="People").click()
    expect(phone.get_by_role("heading", name=re.compile("People of"))).to_be_visible()
    phone.get_by_label("User name").fill("vera")
    phone.get_by_label("Role").select_option(label="Volunteer")
    phone.get_by_role("button", name="Add", exact=True).click()
    password = phone.locator("[data-password]").inner_text().strip()
    assert re.fullmatch(r"[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}", password)
    box = phone.locator("[data-password]").bounding_box()
    assert box["width"] <= 360  # readable without scrolling sideways
    screenshot(phone, "hall-people-password")
    phone.get_by_role("link", name="Done").click()
    expect(phone.get_by_text("vera")).to_be_visible()
    screenshot(phone, "hall-people")

    phone.context.clear_cookies()
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.get_by_label("Username").fill("vera")
    phone.get_by_label("Password").fill(password)
    phone.get_by_role("button", name="Sign in").click()
    # The one-time password is changed first.
    expect(phone.get_by_role("heading", name="Choose your own password")).to_be_visible()
    screenshot(phone, "hall-people-choose-password")
    phone.get_by_label("Old password").fill(password)
    phone.get_by_label("New password", exact=True).fill("kitchen-table-45")
    phone.get_by_label("New password confirmation").fill("kitchen-table-45")
    phone.get_by_role("button", name="Save my password").click()
    expect(phone.get_by_role("link", name="Evenings")).to_be_visible()
    expect(phone.locator(".message").get_by_text("Your password is changed.")).to_be_visible()
