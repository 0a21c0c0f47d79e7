"""In a real browser on a phone: an organizer settles a three-way tie for
first place by a cut (typed cards that tie, then a re-cut dealt on screen)."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from scoring.models import CutCard, Target, TieBreak
from scoring.services.prizes import set_prize
from tables.models import Couple, Evening
from tests.conftest import screenshot, sign_in

from .conftest import finish, punch_counts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    ("Mary MacNeil", "John Boudreau"),
    ("Marie-Thérèse LeBlanc", "Joe D'Eon"),
    ("Ruairí Mac Néill", "Ann Samson"),
    ("Rita Landry", "Angus MacDonald"),
    ("Flora Poirier", "Dan Fougère"),
]


@pytest.fixture
def tied_evening(evening):
    Evening.objects.filter(pk=evening.pk).update(entry_fee=Decimal("10.00"))
    couples = [
        Couple.objects.create(evening=evening, number=n, player1=a, player2=b, paid=True)
        for n, (a, b) in enumerate(NAMES, start=1)
    ]
    punch_counts(evening, couples, [17, 17, 17, 14, 9])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="30.00")
    set_prize(evening, Target.PLACE, 2, kind="share", share_percent="20")
    set_prize(evening, Target.PLACE, 3, kind="item", item="A turkey")
    return finish(evening)


def test_an_organizer_settles_a_three_way_tie_by_a_cut_on_a_phone(
    live_server, phone, organizer, tied_evening
):
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{tied_evening.slug}/prizes/")
    expect(phone.locator("main").get_by_text("1 tie to settle.")).to_be_visible()
    screenshot(phone, "scoring-prizes-tied")

    phone.get_by_role("button", name="Settle the tie").click()
    phone.wait_for_url("**/ties/*/")
    expect(phone.get_by_role("heading", name="Tie for place 1")).to_be_visible()
    screenshot(phone, "scoring-tie-choices")
    phone.get_by_role("button", name="Everyone: cut").click()

    # Round 1: the cards as cut at the table, typed in; couples 1 and 2 tie on a 4.
    phone.locator("main").get_by_text("Or type the cards the couples cut").click()
    phone.get_by_label("Couple 1").fill("4h")
    phone.get_by_label("Couple 2").fill("4♠")
    phone.get_by_label("Couple 3").fill("KD")
    screenshot(phone, "scoring-tie-typed-cut")
    phone.get_by_role("button", name="Record the cut").click()
    expect(
        phone.locator("main").get_by_text("Tied for the lowest card: cut again.")
    ).to_be_visible()
    expect(phone.get_by_role("heading", name="Cut: couples 1 and 2")).to_be_visible()
    screenshot(phone, "scoring-tie-recut")

    # The re-cut is dealt on screen until one couple is lowest.
    settled = phone.get_by_role("heading", name="Settled")
    for deal in range(1, 11):
        phone.get_by_role("button", name="Deal the cut on screen").click()
        # htmx swapped in the section with one more round of cards.
        expect(phone.locator(".cut-round")).to_have_count(1 + deal)
        if settled.is_visible():
            break
    expect(phone.get_by_role("heading", name="Settled")).to_be_visible()
    screenshot(phone, "scoring-tie-settled")

    tiebreak = TieBreak.objects.get()
    assert (tiebreak.method, tiebreak.status) == ("cut", "settled")
    winner = tiebreak.entries.get(outcome_rank=1).couple.number
    assert winner in (1, 2)
    assert CutCard.objects.filter(round=1, dealt_by_app=False).count() == 3
    assert CutCard.objects.filter(round__gte=2, dealt_by_app=True).count() >= 2

    phone.get_by_role("link", name="Back to the prizes").click()
    expect(phone.locator("main").get_by_text("1 tie to settle.")).not_to_be_visible()
    expect(phone.locator("#place-1")).to_contain_text("settled")
    expect(phone.locator("#place-1 li.winner")).to_contain_text(NAMES[winner - 1][0])
    screenshot(phone, "scoring-prizes-settled")


def focused(page) -> str:
    """What has the keyboard focus: its tag and its text."""
    return page.evaluate(
        "() => { const el = document.activeElement;"
        " return el.tagName.toLowerCase() + ': ' + el.textContent.trim().replace(/\\s+/g, ' '); }"
    )


def test_each_step_of_a_tie_break_keeps_the_keyboard_on_the_tie(
    live_server, phone, organizer, tied_evening
):
    """Issue 48, point 13: after each step the focus fell to the top of the
    page (nine Tabs back to the next step). It goes to the step now due (its
    heading, which a screen reader reads out) and the next Tab is its button."""
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{tied_evening.slug}/prizes/")
    phone.get_by_role("button", name="Settle the tie").click()
    phone.wait_for_url("**/ties/*/")

    phone.get_by_role("button", name="Everyone: cut").focus()
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("heading", name="Cut: couples 1, 2 and 3")).to_be_visible()
    assert focused(phone) == "h2: Cut: couples 1, 2 and 3"
    phone.keyboard.press("Tab")
    assert focused(phone) == "button: Deal the cut on screen"

    for deal in range(1, 11):
        phone.keyboard.press("Enter")
        expect(phone.locator(".cut-round")).to_have_count(deal)
        if phone.get_by_role("heading", name="Settled").is_visible():
            break
        assert focused(phone).startswith("h2: Cut: couples ")
        phone.keyboard.press("Tab")
        assert focused(phone) == "button: Deal the cut on screen"
    assert focused(phone) == "h2: Settled"
    phone.keyboard.press("Tab")
    assert focused(phone) == "a: Back to the prizes"


def test_a_play_off_keeps_the_keyboard_on_the_game_still_to_play(
    live_server, phone, organizer, tied_evening
):
    sign_in(phone, live_server, "olive")
    phone.goto(f"{live_server.url}/evenings/{tied_evening.slug}/prizes/")
    phone.get_by_role("button", name="Settle the tie").click()
    phone.wait_for_url("**/ties/*/")

    phone.get_by_role("button", name="Everyone: play off").focus()
    phone.keyboard.press("Enter")
    expect(phone.get_by_role("heading", name="The play-off")).to_be_visible()
    assert focused(phone) == "h2: The play-off"
    for game in range(1, 3):  # three couples: one game (one goes through), then the final
        phone.keyboard.press("Tab")
        assert focused(phone).startswith("button: Couple ")
        phone.keyboard.press("Enter")
        expect(phone.locator(".playoff-game strong")).to_have_count(game)
        if phone.get_by_role("heading", name="Settled").is_visible():
            break
        assert focused(phone) == "h2: The play-off"
    expect(phone.get_by_role("heading", name="Settled")).to_be_visible()
    assert focused(phone) == "h2: Settled"
