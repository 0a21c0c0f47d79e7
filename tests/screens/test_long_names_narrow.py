"""Names of 80 letters without a space (issue 48, point 9): no page that
shows names scrolls sideways on a 360 px phone or at 200 % zoom (the Players
page was 412 px wide on a phone, 602 px on a desktop, 1,142 px at 200 %), and
the links a player's or an evening's name is on are 44 px tall (26 and 24)."""

import pytest

from tests.screens.conftest import LONG
from tests.screens.test_long_names import SLUG

pytestmark = pytest.mark.browser

# Every page that shows names: path, who is signed in.
PAGES = {
    "players": ("/halls/{hall}/players/", "olive"),
    "season": ("/halls/{hall}/season/", "olive"),
    "standings": (f"/evenings/{SLUG}/standings/", "olive"),
    "board": (f"/e/{SLUG}/", None),
    "couple-card": (f"/e/{SLUG}/couple/1/", None),
    "door": (f"/evenings/{SLUG}/door/", "olive"),
    "hub": (f"/evenings/{SLUG}/", "olive"),
}
# A 360 px phone; a 1280 x 800 desktop window at 200 % zoom (640 CSS px,
# two device pixels to one); the phone with the browser's text size doubled.
VIEWS = {
    "phone-360": ({"width": 360, "height": 740}, 2, True, False),
    "zoom-200": ({"width": 640, "height": 400}, 2, False, False),
    "text-200": ({"width": 360, "height": 740}, 2, True, True),
}

MEASURE = """() => {
  const view = document.documentElement.clientWidth;
  const wider = [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length
      && e.getBoundingClientRect().right > view + 1)
    .slice(-3).map(e => e.tagName.toLowerCase() + '.' + e.className);
  const links = [...document.querySelectorAll('main table a[href], main .names a[href]')]
    .filter(a => a.getClientRects().length)
    .map(a => [a.textContent.trim().slice(0, 24), Math.round(a.getBoundingClientRect().height)]);
  return {scroll: document.documentElement.scrollWidth, inner: innerWidth, view, wider, links};
}"""


@pytest.fixture(scope="module")
def views(browser, name_pages):
    """(view, user) -> a page, signed in as `user` (None: not signed in)."""
    opened, contexts = {}, []

    def get(view: str, user: str | None):
        if (view, user) not in opened:
            viewport, scale, mobile, big_text = VIEWS[view]
            context = browser.new_context(
                viewport=viewport, device_scale_factor=scale, is_mobile=mobile,
                has_touch=mobile, locale="en-CA",
            )  # fmt: skip
            contexts.append(context)
            page = context.new_page()
            page.set_default_timeout(15_000)
            if big_text:
                cdp = context.new_cdp_session(page)
                cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
                page.cdp = cdp  # kept open: the text size lasts while the session does
            if user:
                page.goto(name_pages.url + "/accounts/login/")
                page.locator("#id_username").fill(user)
                page.locator("#id_password").fill("cards-and-cookies-45")
                page.locator("#id_password").press("Enter")
                page.wait_for_url(lambda url: "/accounts/login/" not in url)
            opened[(view, user)] = page
        return opened[(view, user)]

    yield get
    for context in contexts:
        context.close()


@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("name", list(PAGES))
def test_no_page_with_names_scrolls_sideways(name_pages, views, name, view):
    path, user = PAGES[name]
    page = views(view, user)
    page.goto(name_pages.url + path.format(**name_pages.ids))
    page.wait_for_load_state()
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    measured = page.evaluate(MEASURE)
    assert measured["scroll"] <= measured["view"], measured
    assert measured["inner"] == VIEWS[view][0]["width"], measured  # the phone did not widen it
    if name != "hub":  # the hub names the evening and the hall, no player
        assert LONG in page.content()


@pytest.mark.parametrize("view", ["phone-360", "zoom-200"])
@pytest.mark.parametrize("name", ["players", "season"])
def test_the_links_on_names_and_evenings_are_44_px_tall(name_pages, views, name, view):
    path, user = PAGES[name]
    page = views(view, user)
    page.goto(name_pages.url + path.format(**name_pages.ids))
    page.wait_for_load_state()
    links = page.evaluate(MEASURE)["links"]
    assert links
    assert [link for link in links if link[1] < 44] == []
