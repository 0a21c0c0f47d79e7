"""In real browsers: a couple registers itself on its phone while it waits in
line, a volunteer confirms it at the door, the phone shows its number; a week
later the same phone offers "Register … again" in one tap."""

import datetime

import pytest
from playwright.sync_api import expect

from tables.models import CheckinEntry, Couple, Evening
from tests.conftest import phone_page, screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_checks_in_the_door_confirms_and_next_week_it_is_one_tap(
    live_server, browser, hall, volunteer
):
    hall.self_checkin = True
    hall.save()
    tonight = Evening.objects.create(
        hall=hall, name="Friday 45s", slug="friday-45s", date=datetime.date(2026, 11, 27)
    )
    with phone_page(browser, 390, 844, 2) as couple, phone_page(browser, 390, 844, 2) as door:
        couple.goto(f"{live_server.url}/c/{tonight.checkin_token}/")
        couple.get_by_label("Your name").fill("Mary")
        couple.get_by_label("Your partner's name").fill("Jim")
        screenshot(couple, "checkin-phone-form")
        couple.get_by_role("button", name="Check in").click()
        couple.get_by_text("You are on the door's list.").wait_for()
        expect(couple.locator("#checkin-form")).to_have_count(0)  # checked in: waiting
        screenshot(couple, "checkin-phone-waiting")
        assert not Couple.objects.exists()

        sign_in(door, live_server, "vince")
        door.goto(f"{live_server.url}/evenings/{tonight.slug}/door/")
        waiting = door.locator("#checkin-waiting")
        expect(waiting.get_by_text("Mary & Jim")).to_be_visible()
        waiting.get_by_label("Paid").check()
        screenshot(door, "checkin-door-waiting")
        waiting.get_by_role("button", name="Confirm Mary & Jim").click()
        door.locator("main").get_by_text("Couple 1: Mary & Jim.").wait_for()
        expect(door.locator("#couple-1").get_by_text("✔ Paid")).to_be_visible()

        # The phone's page asks again by itself and shows the number.
        expect(couple.locator("#my-entries")).to_contain_text("You are couple 1", timeout=15_000)
        # And only that: not the form again, nor "You are on the door's list"
        # (issue 48, point 8); a second couple has a link to the form.
        expect(couple.locator("#checkin-form")).to_have_count(0)
        expect(couple.get_by_text("You are on the door's list.")).to_have_count(0)
        expect(
            couple.get_by_role("link", name="Check in another couple on this phone")
        ).to_be_visible()
        screenshot(couple, "checkin-phone-confirmed")
        assert Couple.objects.get().names == "Mary & Jim"

        # Next week: the same phone, a new evening's code.
        tonight.status = Evening.Status.FINISHED
        tonight.save()
        next_week = Evening.objects.create(
            hall=hall, name="Friday 45s", slug="friday-45s-2", date=datetime.date(2026, 12, 4)
        )
        couple.goto(f"{live_server.url}/c/{next_week.checkin_token}/")
        again = couple.get_by_role("button", name="Register Mary & Jim again")
        expect(again).to_be_visible()
        screenshot(couple, "checkin-phone-again")
        again.click()
        couple.get_by_text("You are on the door's list.").wait_for()
        entry = CheckinEntry.objects.get(evening=next_week)
        assert (entry.player1, entry.player2) == ("Mary", "Jim")


def test_an_organizer_clears_a_pranksters_entries_in_one_tap(live_server, browser, hall, organizer):
    """A script filled the door's list with names nobody will confirm: one tap
    empties it, and the door's own form registers the next couple at once."""
    hall.self_checkin = True
    hall.save()
    tonight = Evening.objects.create(
        hall=hall, name="Friday 45s", slug="friday-45s", date=datetime.date(2026, 11, 27)
    )
    CheckinEntry.objects.bulk_create(
        CheckinEntry(evening=tonight, player1=f"Prank {n}", player2="Joke", device=f"{n:064d}")
        for n in range(12)
    )
    with phone_page(browser, 390, 844, 2) as door:
        sign_in(door, live_server, "olive")
        door.goto(f"{live_server.url}/evenings/{tonight.slug}/door/")
        clear = door.get_by_role("button", name="Clear the waiting list (12)")
        clear.scroll_into_view_if_needed()
        screenshot(door, "checkin-door-clear")
        clear.click()
        expect(
            door.locator(".message").get_by_text("12 entries taken off the waiting list.")
        ).to_be_visible()
        expect(door.locator("#checkin-waiting").get_by_text("Prank 1 & Joke")).to_have_count(0)
        door.get_by_label("First player").fill("Mary")
        door.get_by_label("Second player").fill("John")
        door.keyboard.press("Enter")
        expect(door.locator("#couples").get_by_text("Mary & John")).to_be_visible()
    assert not CheckinEntry.objects.exists()
