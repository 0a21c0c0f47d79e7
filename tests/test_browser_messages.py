"""In a real browser on a phone: what a form's answer says is shown once
(issue 48, point 8)."""

import pytest
from playwright.sync_api import expect

from tables.models import Player, PlayerProposal
from tests.conftest import phone_page, screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_message_is_shown_once_and_said_once(live_server, browser, organizer, hall):
    """After a form sent by htmx, the page's message was shown twice, in its
    list and again on the status line under it (htmx's settle gave the
    status line back the attributes the server sent, so it showed what it
    was told to only say). It is still said, out of sight: a screen reader
    misses a list the swap brings."""
    annie = Player.objects.create(hall=hall, name="Annie Rankin", folded="annierankin")
    nie = Player.objects.create(hall=hall, name="nie Rankin", folded="nierankin")
    PlayerProposal.objects.create(hall=hall, player=annie, other=nie)
    with phone_page(browser, 390, 844, 3) as phone:
        sign_in(phone, live_server, "olive")
        phone.goto(f"{live_server.url}/halls/{hall.pk}/players/")
        phone.get_by_role("button", name="Two people").tap()
        expect(phone.locator("main .messages")).to_have_text("Kept as two players.")
        status = phone.locator("#live-status")
        expect(status).to_have_text("Kept as two players.")
        # Said, not shown again: clipped to nothing, out of the page's flow.
        style = phone.evaluate("getComputedStyle(document.getElementById('live-status'))")
        assert style["clip"] == "rect(0px, 0px, 0px, 0px)" and style["position"] == "absolute"
        screenshot(phone, "message-once")
