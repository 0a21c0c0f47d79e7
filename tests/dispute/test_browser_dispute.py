"""On a phone: pick trump, tap four cards, read the ruling; with and without JavaScript."""

import os
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def viewport_shot(page, name: str) -> None:
    """What the phone's screen shows right now (not the whole page)."""
    os.makedirs("test-artifacts", exist_ok=True)
    page.screenshot(path=f"test-artifacts/{name}.png")


def watch_console(page) -> list[str]:
    """Collect errors (a CSP violation is one) from the page's console.

    htmx logs a request it cancels as an error: the form asks for the ruling
    again on each tap (hx-sync="this:replace"), so a quick second tap cancels
    the first request. That is expected and left out.
    """
    errors: list[str] = []

    def console(message) -> None:
        cancelled = message.text.startswith(("htmx:afterRequest", "htmx:sendAbort"))
        if message.type == "error" and not cancelled:
            errors.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def pick_trump(page, suit: str) -> None:
    page.locator("label.trump-option", has_text=suit).click()
    expect(page.get_by_role("radio", name=suit, exact=True)).to_be_checked()


def card_button(page, card: str):
    """A card button, named by what it shows and then in words: "A, ace of hearts"."""
    return page.get_by_role("button", name=re.compile(rf"^\S+, {re.escape(card)}$"))


def tap(page, *cards: str) -> None:
    for card in cards:
        card_button(page, card).click()


def test_pick_trump_tap_four_cards_and_read_the_ruling(live_server, phone):
    errors = watch_console(phone)
    phone.goto(f"{live_server.url}/rules/")
    expect(phone.get_by_role("heading", name="Who won this trick?")).to_be_visible()
    viewport_shot(phone, "dispute-phone-start")

    pick_trump(phone, "diamonds")
    tap(phone, "king of hearts", "ace of hearts")
    expect(phone.locator("#verdict")).to_have_text(
        "So far the 2nd player is winning with the ace of hearts (2 of 4 cards played)."
    )
    expect(phone.locator("#id_cards")).to_have_value("KH AH")
    tap(phone, "queen of diamonds", "2 of clubs")
    expect(phone.locator("#verdict")).to_have_text(
        "The 2nd player wins the trick with the ace of hearts."
    )
    expect(phone.locator(".ruling-detail .reason")).to_contain_text(
        "The ace of hearts is always a trump, whatever suit is trump."
    )
    # The tapped cards show on the grid, numbered in play order.
    expect(card_button(phone, "ace of hearts")).to_have_attribute("aria-pressed", "true")
    expect(card_button(phone, "ace of hearts")).to_have_attribute("data-order", "2")
    # The address bar holds the link to this ruling.
    expect(phone).to_have_url(re.compile(r"/rules/\?trump=D&cards=KH\+AH\+QD\+2C$"))
    viewport_shot(phone, "dispute-phone-ruling")
    # The QR code for the other phone is drawn when asked for.
    phone.locator("main").get_by_text("Show this ruling on another phone").click()
    qr = phone.get_by_role("img", name="QR code of the link to this ruling")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["width"] >= 150 and box["height"] >= 150, box
    screenshot(phone, "dispute-phone-ruling-full")
    assert errors == []

    # The other player opens the same link on their phone and reads the same ruling.
    other = phone.context.browser.new_context(**PHONE).new_page()
    other.goto(phone.url)
    expect(other.locator("#verdict")).to_have_text(
        "The 2nd player wins the trick with the ace of hearts."
    )
    other.context.close()


def test_a_card_tapped_again_comes_out_and_undo_takes_back_the_last(live_server, phone):
    phone.goto(f"{live_server.url}/rules/")
    pick_trump(phone, "hearts")
    tap(phone, "5 of hearts", "jack of hearts", "ace of hearts", "jack of hearts")
    expect(phone.locator("#id_cards")).to_have_value("5H AH")
    phone.get_by_role("button", name="↶ Undo").click()
    expect(phone.locator("#id_cards")).to_have_value("5H")
    expect(phone.locator("#verdict")).to_have_text("Now tap the 2nd card played.")
    phone.get_by_role("button", name="Clear").click()
    expect(phone.locator("#id_cards")).to_have_value("")
    expect(card_button(phone, "5 of hearts")).to_have_attribute("aria-pressed", "false")


def test_the_card_grid_fits_a_360px_phone_with_big_targets(live_server, phone):
    phone.goto(f"{live_server.url}/rules/")
    buttons = phone.locator("button.tap-card")
    expect(buttons).to_have_count(52)
    for index in range(52):
        box = buttons.nth(index).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        assert box["width"] >= 40 and box["height"] >= 48, box
    for suit in ["clubs", "diamonds", "hearts", "spades"]:
        box = phone.locator("label.trump-option", has_text=suit).bounding_box()
        assert box["width"] >= 70 and box["height"] >= 60, box


def test_typed_cards_and_enter_give_the_ruling(live_server, phone):
    phone.goto(f"{live_server.url}/rules/")
    pick_trump(phone, "clubs")
    phone.get_by_label("Cards played, in order").fill("10c 2c 7d 8d")
    phone.keyboard.press("Enter")
    expect(phone.locator("#verdict")).to_have_text(
        "The 2nd player wins the trick with the 2 of clubs."
    )
    # Bad typing gets the engine's message, in place of the ruling.
    phone.get_by_label("Cards played, in order").fill("10c 2c 7x 8d")
    phone.keyboard.press("Enter")
    expect(phone.locator("#verdict")).to_contain_text('"7x" is not a card: unknown suit "x".')
    viewport_shot(phone, "dispute-phone-bad-card")


def test_switching_a_house_rule_changes_the_rules_shown_and_the_grid(live_server, phone):
    errors = watch_console(phone)
    phone.goto(f"{live_server.url}/rules/?trump=C&cards=AH")
    expect(card_button(phone, "joker")).to_have_count(0)
    phone.locator("main").get_by_text("Change the house rules").click()
    phone.get_by_label("Joker").select_option("after_jack")
    expect(phone.locator("#house-rules-summary")).to_contain_text("a joker after the jack")
    tap(phone, "joker")
    expect(phone.locator("#verdict")).to_have_text(
        "So far the 2nd player is winning with the joker (2 of 4 cards played)."
    )
    expect(phone).to_have_url(re.compile(r"/rules/\?joker=after_jack&trump=C&cards=AH\+JK$"))
    viewport_shot(phone, "dispute-phone-joker")
    assert errors == []


def test_without_javascript_tapping_still_works(live_server, browser):
    context = browser.new_context(java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/rules/")
    page.locator("label.trump-option", has_text="spades").click()
    tap(page, "king of hearts", "queen of hearts")
    expect(page.locator("#verdict")).to_have_text(
        "So far the 1st player is winning with the king of hearts (2 of 4 cards played)."
    )
    tap(page, "2 of hearts", "3 of spades")
    expect(page.locator("#verdict")).to_have_text(
        "The 4th player wins the trick with the 3 of spades."
    )
    viewport_shot(page, "dispute-phone-no-js")
    context.close()


def test_replay_a_round_typed_on_a_phone(live_server, phone):
    errors = watch_console(phone)
    phone.goto(f"{live_server.url}/rules/round/")
    pick_trump(phone, "clubs")
    phone.get_by_label("Side A").fill("20")
    phone.get_by_label("Side B").fill("35")
    tricks = ["6C KH JC 7C", "5C 3H 3D QC", "AH 9S 9H 4S", "8D QD KD 7D", "2S 10S 2H JD"]
    for number, trick in enumerate(tricks, 1):
        phone.get_by_label(f"Trick {number}", exact=True).fill(trick)
    phone.get_by_role("button", name="Replay the round").click()
    expect(phone.locator(".game-won")).to_contain_text("A1 and A2 reached 45 at trick 4")
    expect(phone.locator(".message.renege")).to_contain_text("B1 reneged illegally in trick 1")
    screenshot(phone, "dispute-phone-round")
    assert errors == []


def test_check_whether_a_play_was_legal_from_a_trick_ruling(live_server, phone):
    phone.goto(f"{live_server.url}/rules/?trump=C&cards=6C+KH+JC+4C")
    phone.get_by_role(
        "link", name="Could the 2nd player play the king of hearts? Check their hand"
    ).click()
    expect(phone.get_by_role("heading", name="Could they have played that?")).to_be_visible()
    tap(phone, "jack of clubs", "4 of clubs")
    expect(phone.locator(".verdict .headline")).to_have_text(
        "No: the king of hearts may not be played; that is an illegal renege. They had to play "
        "one of these: the jack of clubs, the 4 of clubs."
    )
    screenshot(phone, "dispute-phone-legal")


def test_check_a_claimed_score_on_a_phone(live_server, phone):
    errors = watch_console(phone)
    phone.goto(f"{live_server.url}/rules/score/")
    phone.get_by_label("After round").fill("1")
    phone.get_by_label("Side A").fill("35")
    phone.get_by_label("Side B").fill("0")
    phone.get_by_role("button", name="Check the score").click()
    expect(phone.locator(".ruling .headline")).to_have_text("35-0 after round 1 is impossible.")
    expect(phone).to_have_url(re.compile(r"/rules/score/\?round=1&a=35&b=0$"))
    screenshot(phone, "dispute-phone-score")
    assert errors == []
