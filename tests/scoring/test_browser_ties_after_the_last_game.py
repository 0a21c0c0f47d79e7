"""In a real browser on a phone: after the last game the organizer follows
the evening page's next step, finishes the evening and reaches settling the
tie for first place, with no dead end on the way (issue 48, point 1)."""

import pytest
from playwright.sync_api import expect

from tests.conftest import phone_page, screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def narrow(browser):
    with phone_page(browser, 390, 844, 2) as page:
        yield page


def test_the_organizer_follows_the_next_step_to_settling_the_tie(
    live_server, narrow, organizer, last_game_in
):
    page = narrow
    sign_in(page, live_server, "olive")
    hub = f"{live_server.url}{last_game_in.get_absolute_url()}"

    # The prizes page, reached first, offers finishing rather than a dead end.
    page.goto(f"{live_server.url}/evenings/{last_game_in.slug}/prizes/")
    main = page.locator("main")
    expect(
        main.get_by_text("Ties are settled once the evening is finished (above).")
    ).to_be_visible()
    expect(main.get_by_role("button", name="Finish the evening")).to_be_visible()
    screenshot(page, "ties-after-last-game-prizes-finish-first")

    # The evening's page: the next step is finishing, on the game screen.
    page.goto(hub)
    expect(page.get_by_role("heading", name="Next: Finish the evening")).to_be_visible()
    screenshot(page, "ties-after-last-game-hub-finish")
    page.locator(".next-step").get_by_role("link", name="Finish on the game screen").click()
    page.get_by_role("button", name="Finish the evening").click()
    expect(page.get_by_role("heading", name="The evening is over")).to_be_visible()

    # Back on the evening's page, the next step is the ties: it leads to a button.
    page.goto(hub)
    expect(page.get_by_role("heading", name="Next: Settle ties, booby and jar")).to_be_visible()
    page.locator(".next-step").get_by_role("link", name="Ties and prizes").click()
    expect(page.locator("main").get_by_text("1 tie to settle.")).to_be_visible()
    screenshot(page, "ties-after-last-game-prizes-finished")
    page.get_by_role("button", name="Settle the tie").click()
    page.wait_for_url("**/ties/*/")
    expect(page.get_by_role("heading", name="Tie for place 1")).to_be_visible()
    screenshot(page, "ties-after-last-game-tie-open")
