"""On a phone (360 × 740): the hall's public page shows the evening coming up
and the calendar link, large enough to tap; so does the home page."""

import datetime
import itertools
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tables.models import Evening, Hall
from tests.conftest import screenshot
from tests.scoring.conftest import finish, make_couples, punch_counts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def hall_with_a_season(hall):
    Hall.objects.filter(pk=hall.pk).update(
        address="85 Main Street, Glace Bay", note="Parking behind the church. Bring a plate."
    )
    today = timezone.localdate()
    Evening.objects.create(
        hall=hall, name="Friday 45s", slug="next-friday", published=True,
        date=today + datetime.timedelta(days=3), entry_fee=Decimal("5"), cookie_jar=True,
        jar_buy_in=Decimal("2"),
    )  # fmt: skip
    Evening.objects.create(
        hall=hall, name="Christmas 45s", slug="christmas", published=True, cancelled=True,
        date=today + datetime.timedelta(days=17),
    )  # fmt: skip
    last = Evening.objects.create(
        hall=hall, name="Friday 45s", slug="last-friday", published=True,
        date=today - datetime.timedelta(days=4),
    )  # fmt: skip
    punch_counts(last, make_couples(last, 4), [14, 12, 9, 7])
    finish(last)
    hall.refresh_from_db()
    return hall


def test_the_hall_page_shows_the_next_evening_and_the_calendar_link(
    live_server, phone, hall_with_a_season
):
    phone.goto(f"{live_server.url}/h/{hall_with_a_season.slug}/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("St. Joseph's Parish Hall")
    coming = phone.locator(".evening-card").first
    expect(coming).to_be_visible()
    expect(coming).to_contain_text("Friday 45s")
    expect(coming).to_contain_text("Entry $5.00 a couple")
    expect(phone.locator(".is-cancelled")).to_contain_text("Cancelled")
    add = phone.get_by_role("link", name="Add the evenings to my calendar")
    expect(add).to_be_visible()
    assert add.get_attribute("href").startswith("webcal://")
    assert add.get_attribute("href").endswith("/h/st-josephs-parish-hall/evenings.ics")
    expect(phone.locator(".feed-link")).to_be_visible()
    box = add.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44  # a thumb's tap
    # Headings go down one level at a time.
    levels = [int(tag[1]) for tag in phone.locator("main :is(h1,h2,h3)").evaluate_all(
        "nodes => nodes.map(n => n.tagName.toLowerCase())")]  # fmt: skip
    assert levels[0] == 1 and all(b - a <= 1 for a, b in itertools.pairwise(levels))
    # Nothing scrolls sideways on the phone.
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(phone, "hall-page-phone")


def test_the_home_page_lists_the_hall_and_the_evening_coming_up(
    live_server, phone, hall_with_a_season
):
    phone.goto(f"{live_server.url}/")
    expect(phone.locator(".evening-card").first).to_contain_text("Friday 45s")
    phone.get_by_role("link", name="St. Joseph's Parish Hall").first.click()
    expect(phone).to_have_url(f"{live_server.url}/h/st-josephs-parish-hall/")
    phone.goto(f"{live_server.url}/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(phone, "home-phone")
