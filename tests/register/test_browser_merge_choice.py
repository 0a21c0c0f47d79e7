"""In a real browser on a phone (390 x 844): the organizer merges "maybe the
same person" with the spelling they tap (issue 48, point 5), and the season
page's "The same person as" asks which spelling to keep before merging."""

import datetime

import pytest
from playwright.sync_api import expect

from tables import services
from tables.models import Evening, Player
from tests.conftest import phone_page, screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def iphone(browser):
    with phone_page(browser, 390, 844, 3) as page:
        yield page


@pytest.fixture
def typos(hall):
    """ "nie Rankin" once, "Annie Rankin" twice; a long name typed twice
    and its typo once."""
    long_name = "Marie-Thérèse Bernadette " + "d'Entremont-LeBlanc " * 2 + "Boudreau"  # 73
    weeks = [
        [("nie Rankin", "Bob Rankin"), (long_name + "x", "Joe")],
        [("Annie Rankin", "Bob Rankin"), (long_name, "Joe")],
        [("Annie Rankin", "Bob Rankin"), (long_name, "Joe")],
    ]
    for week, couples in enumerate(weeks):
        evening = Evening.objects.create(
            hall=hall,
            name=f"Friday {week}",
            slug=f"friday-{week}",
            date=datetime.date(2026, 11, 6) + datetime.timedelta(weeks=week),
        )
        for first, second in couples:
            services.register_couple(evening, first, second)


def test_the_organizer_taps_the_spelling_to_keep(live_server, iphone, organizer, hall, typos):
    sign_in(iphone, live_server, "olive")
    iphone.goto(f"{live_server.url}/halls/{hall.pk}/players/")
    card = iphone.locator("li.proposal").filter(has_text="nie Rankin")
    annie = card.get_by_role("radio", name="Annie Rankin typed 2 times")
    nie = card.get_by_role("radio", name="nie Rankin typed once")
    expect(annie).to_be_checked()  # the more typed one, to start with
    screenshot(iphone, "players-merge-choice")
    # Each spelling is a whole row to tap, at least 44 px high.
    row = card.locator("label").filter(has_text="nie Rankin typed once")
    box = row.bounding_box()
    assert box["height"] >= 44 and box["width"] > 300
    row.tap(position={"x": box["width"] - 10, "y": box["height"] / 2})  # far from the circle
    expect(nie).to_be_checked()
    card.locator("label").filter(has_text="Annie Rankin typed 2 times").tap()
    expect(annie).to_be_checked()
    card.get_by_role("button", name="Same person: merge").tap()
    expect(iphone.locator("main .messages")).to_have_text(
        "nie Rankin and Annie Rankin are one player now, spelt Annie Rankin."
    )
    expect(iphone.locator("li.proposal").filter(has_text="nie Rankin")).to_have_count(0)
    player = Player.objects.get(name="Annie Rankin")
    assert player.merged_into is None and player.merged.get().name == "nie Rankin"
    # The long name's card fits the phone's width.
    assert iphone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(iphone, "players-merged")


def test_the_season_page_asks_which_spelling_before_merging(
    live_server, iphone, organizer, hall, typos
):
    nie = Player.objects.get(name="nie Rankin")
    sign_in(iphone, live_server, "olive")
    iphone.goto(f"{live_server.url}/halls/{hall.pk}/season/players/{nie.pk}/")
    # The register's "maybe the same person" is offered; any other player is
    # found by name (the page lists no one else: issue 47).
    proposed = iphone.get_by_role("list", name="Maybe the same person")
    expect(proposed.get_by_role("link", name="Annie Rankin")).to_be_visible()
    iphone.get_by_label("The same person as").fill("annie")
    iphone.get_by_role("button", name="Find").tap()
    found = iphone.get_by_role("list", name="Players named “annie”")
    expect(found).to_be_visible()  # the search's page has come
    assert iphone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(iphone, "player-merge-search")
    found.get_by_role("link", name="Annie Rankin").tap()
    expect(iphone.get_by_role("heading", level=1)).to_have_text(
        "Is nie Rankin the same person as Annie Rankin?"
    )
    expect(iphone.get_by_role("radio", name="Annie Rankin typed 2 times")).to_be_checked()
    assert not Player.objects.exclude(merged_into=None).exists()  # nothing merged yet
    screenshot(iphone, "player-merge-page")
    iphone.get_by_role("button", name="Same person: merge").tap()
    expect(iphone.locator("main .messages")).to_contain_text("spelt Annie Rankin")
