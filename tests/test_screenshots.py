"""The organizer guide's screenshots (docs/img/), made by driving a whole
short evening in a phone-sized browser.

Skipped unless CARDNIGHT_SCREENSHOTS=1 (`make screenshots` sets it), so a
normal test run never rewrites the images; when it runs, it is also a test:
every step must work for the pictures to be taken."""

import os
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tables.models import Evening, Seating
from tests.conftest import phone_page, sign_in, winner_button

pytestmark = [
    pytest.mark.browser,
    pytest.mark.screenshots,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        os.environ.get("CARDNIGHT_SCREENSHOTS") != "1",
        reason="set CARDNIGHT_SCREENSHOTS=1 (make screenshots) to refresh docs/img/",
    ),
]

IMAGES = Path(settings.BASE_DIR) / "docs" / "img"
GAMES = 3
COUPLES = [("Mary", "John"), ("Marie-Thérèse", "Joe D'Eon"), ("Rita", "Angus"), ("Ann", "Ray")]


@pytest.fixture
def guide_phone(browser):
    """The phone of the guide's pictures: 390x844, at scale 1 to keep the files small."""
    with phone_page(browser, 390, 844, 1) as page:
        yield page


def shot(page, name: str) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(IMAGES / f"{name}.png"))  # the first screenful, as a phone shows it


def test_a_whole_evening_makes_the_guides_screenshots(live_server, guide_phone, organizer, evening):
    page = guide_phone
    Evening.objects.filter(pk=evening.pk).update(games=GAMES, published=True)
    sign_in(page, live_server, "olive")
    page.goto(f"{live_server.url}{evening.get_absolute_url()}")
    expect(page.locator("#next-title")).to_contain_text("Settings and prizes")
    shot(page, "01-checklist-new")

    page.goto(f"{live_server.url}/evenings/{evening.slug}/door/")
    for number, (first, second) in enumerate(COUPLES, start=1):
        page.get_by_label("First player").fill(first)
        page.get_by_label("Second player").fill(second)
        page.keyboard.press("Enter")
        page.locator("#door-section").get_by_text(
            f"Couple {number}: {first} & {second}."
        ).wait_for()
    page.get_by_role("button", name="Mark paid").first.click()
    page.get_by_text("✔ Paid").first.wait_for()
    shot(page, "02-door")

    page.goto(f"{live_server.url}/evenings/{evening.slug}/game/")
    page.get_by_role("button", name="Draw the tables and start game 1").click()
    expect(page.get_by_role("heading", name=f"Game 1 of {GAMES}")).to_be_visible()
    shot(page, "03-game-screen")

    for game in range(1, GAMES + 1):
        seatings = Seating.objects.filter(game__evening=evening, game__number=game)
        for seating in seatings.select_related("table", "couple_a"):
            card = page.locator(f"#table-{seating.table.number}")
            winner_button(card, seating.couple_a.number).click()
            expect(card.get_by_text(f"couple {seating.couple_a.number} won.")).to_be_visible()
        if game < GAMES:
            page.get_by_role("button", name=f"Start game {game + 1}").click()
            expect(page.get_by_role("heading", name=f"Game {game + 1} of {GAMES}")).to_be_visible()
    page.get_by_role("button", name="Finish the evening").click()
    page.get_by_text("The evening is over.").first.wait_for()

    page.goto(f"{live_server.url}/evenings/{evening.slug}/prizes/")
    shot(page, "04-prizes-and-ties")
    page.goto(f"{live_server.url}/evenings/{evening.slug}/print/")
    shot(page, "05-print")
    page.goto(f"{live_server.url}{evening.get_absolute_url()}")
    expect(page.locator("[data-step=finish]")).to_have_class("step done")
    shot(page, "06-checklist-finished")
    assert len(list(IMAGES.glob("0*.png"))) >= 6


def test_the_door_with_its_suggestions_makes_the_guides_screenshot(
    live_server, guide_phone, volunteer, hall, evening
):
    """A hall whose couples came last week: three letters offer them."""
    import datetime

    from tables import services

    last_week = Evening.objects.create(
        hall=hall, name="Last Friday", slug="last-friday", date=evening.date - datetime.timedelta(7)
    )
    for first, second in [*COUPLES, ("Mary MacNeil", "Ronald MacNeil"), ("Marion Landry", "Elmer")]:
        services.register_couple(last_week, first, second)
    page = guide_phone
    sign_in(page, live_server, "vince")
    page.goto(f"{live_server.url}/evenings/{evening.slug}/door/")
    page.get_by_label("First player").press_sequentially("mar")
    page.wait_for_function(
        "() => document.getElementById('door-suggestions').dataset.query === 'mar'"
    )
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("option").first).to_have_attribute("aria-selected", "true")
    shot(page, "02-door-suggestions")
