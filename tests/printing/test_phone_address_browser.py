"""On a phone: the print page says which address the codes use and why, and
an organizer picks another of the laptop's addresses with one tap (a Windows
laptop's virtual adapter was chosen, say, over its Wi-Fi)."""

import pytest
from playwright.sync_api import expect

from tables import links
from tests.conftest import screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_picks_the_wifi_address_on_the_print_page(
    live_server, phone, organizer, evening
):
    links.record_found_addresses(
        [
            links.FoundAddress("http://172.24.160.1:8000/", "vEthernet (Default Switch)", "first"),
            links.FoundAddress("http://192.168.1.23:8000/", "Wi-Fi"),
        ]
    )
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{evening.slug}/print/")
    expect(phone.locator("#address-chosen")).to_contain_text("no router to go out by")
    screenshot(phone, "print-address-picker")
    phone.get_by_role("button", name="Use http://192.168.1.23:8000/").click()
    expect(
        phone.locator(".message").get_by_text("now use http://192.168.1.23:8000/")
    ).to_be_visible()
    expect(phone.get_by_role("button", name="Use http://172.24.160.1:8000/")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360  # nothing wider than the phone
