"""In a real browser on a phone: a hall's second evening set up from its
first, with the taps and keys it takes counted, the old way (a blank form,
then the prizes page: what every evening took before the proposal) and the
new way (New evening proposes the last evening)."""

import datetime
from decimal import Decimal

import pytest

from scoring.models import Prize
from tables.models import Evening
from tests.conftest import screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST = datetime.date.today() + datetime.timedelta(days=7)
SETTINGS = ("games", "start_time", "entry_fee", "prize_places", "cookie_jar", "jar_buy_in",
            "jar_draw_size", "fifty_fifty", "published")  # fmt: skip


class Counted:
    """What a person does on the page, counted: a tap is one touch (a select
    is two: open it, pick); keys are the characters typed plus those deleted
    to replace what a field held."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, locator):
        locator.click()
        self.taps += 1

    def type(self, locator, text: str):
        self.taps += 1
        self.keys += len(locator.input_value()) + len(text)
        locator.fill(text)

    def pick(self, locator, value: str):
        locator.select_option(value)
        self.taps += 2


def test_the_second_evening_is_set_up_from_the_first_in_two_taps(live_server, phone, organizer):
    sign_in(phone, live_server, "olive")
    old = Counted(phone)
    # Both ways start on the list of evenings.
    # The old way: every setting typed into a blank form...
    phone.goto(f"{live_server.url}/evenings/")
    old.tap(phone.get_by_role("link", name="New evening"))
    assert phone.locator("[data-proposal]").count() == 0  # the hall has no evening yet
    old.type(phone.get_by_label("Name", exact=True), "Friday 45s")
    old.type(phone.get_by_label("Date"), FIRST.isoformat().replace("-", ""))
    phone.get_by_label("Date").fill(FIRST.isoformat())
    old.type(phone.get_by_label("Start time"), "1900")
    phone.get_by_label("Start time").fill("19:00")
    old.type(phone.get_by_label("Entry fee per couple"), "10")
    old.tap(phone.get_by_label("Cookie jar", exact=True))
    old.type(phone.get_by_label("Cookie jar buy-in"), "2")
    old.type(phone.get_by_label("Cookie jar games drawn"), "6")
    old.tap(phone.get_by_label("50/50 draw"))
    old.tap(phone.get_by_label("Shown on the public scoreboard"))
    old.tap(phone.get_by_role("button", name="Create the evening"))
    phone.wait_for_url(lambda url: "/evenings/new/" not in url)
    first = Evening.objects.get()
    # ... then each prize on the prizes page.
    phone.goto(f"{live_server.url}/evenings/{first.slug}/")
    old.taps += 2  # from the page "Create" leads to, to the evening, to its prizes
    phone.goto(f"{live_server.url}{first.get_absolute_url()}prizes/")
    for slot, kind, field, value in [
        ("place1", None, "amount", "40"),
        ("place2", "share", "share_percent", "20"),
        ("place3", "item", "item", "A turkey"),
    ]:
        old.tap(phone.locator(f"#slot-{slot[:5]}-{slot[5:]} summary"))
        if kind:
            old.tap(phone.locator(f"#slot-{slot[:5]}-{slot[5:]} input[name=kind][value={kind}]"))
        old.type(phone.locator(f"#id_{slot}_{field}"), value)
        old.tap(phone.locator(f"#slot-{slot[:5]}-{slot[5:]}").get_by_role("button", name="Save"))
        phone.locator(f"#slot-{slot[:5]}-{slot[5:]} summary").get_by_text("not set").wait_for(
            state="detached"
        )
    assert Prize.objects.filter(evening=first).count() == 3

    # The new way: New evening proposes the first evening, a week later.
    new = Counted(phone)
    phone.goto(f"{live_server.url}/evenings/")
    new.tap(phone.get_by_role("link", name="New evening"))
    phone.locator("[data-proposal=last]").wait_for()
    assert (
        phone.get_by_label("Date").input_value() == (FIRST + datetime.timedelta(days=7)).isoformat()
    )
    assert phone.get_by_label("Hall", exact=True).locator("option").count() == 1
    screenshot(phone, "next-evening-proposed")
    new.tap(phone.get_by_role("button", name="Create the evening"))
    phone.wait_for_url(lambda url: "/evenings/new/" not in url)

    second = Evening.objects.exclude(pk=first.pk).get()
    assert second.date == FIRST + datetime.timedelta(days=7)
    for name in SETTINGS:
        assert getattr(second, name) == getattr(first, name), name
    assert (second.entry_fee, second.jar_buy_in) == (Decimal("10"), Decimal("2"))
    prizes = lambda evening: sorted(  # noqa: E731
        Prize.objects.filter(evening=evening).values_list(
            "target", "place", "kind", "amount", "share_percent", "item"
        )
    )
    assert prizes(second) == prizes(first)
    print(f"\nsecond evening: old way {old.taps} taps, {old.keys} keys; "
          f"new way {new.taps} taps, {new.keys} keys")  # fmt: skip
    assert (new.taps, new.keys) == (2, 0)
    assert old.taps > 20 and old.keys > 30
