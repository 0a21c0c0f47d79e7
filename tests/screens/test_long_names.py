"""Names of any length or script (a name of 80 letters without a space, an
Arabic couple): no page scrolls sideways on a 390 px phone, the TV shows every
column of every row, and the names never reorder the text around them."""

import pytest

from tests.screens.conftest import LONG

pytestmark = pytest.mark.browser

SLUG = "names"
# Every page a volunteer, an organizer or a player reads during the night.
PHONE_PAGES = {
    "board": f"/e/{SLUG}/",
    "board-find": f"/e/{SLUG}/find/?q=C%C3%A9cile",
    "couple-card": f"/e/{SLUG}/couple/1/",
    "standings": f"/evenings/{SLUG}/standings/",
    "prizes": f"/evenings/{SLUG}/prizes/",
    "jar": f"/evenings/{SLUG}/jar/",
    "door": f"/evenings/{SLUG}/door/",
    "couple-edit": f"/evenings/{SLUG}/couples/1/",
    "game-screen": f"/evenings/{SLUG}/game/",
    "game-detail": f"/evenings/{SLUG}/games/1/",
}

SIDEWAYS = """() => ({width: document.documentElement.scrollWidth,
  wider: [...document.querySelectorAll('body *')].filter(e => e.offsetParent !== null
    && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
    .slice(-3).map(e => e.tagName + '.' + e.className)})"""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", list(PHONE_PAGES))
def test_no_page_scrolls_sideways_on_a_phone_with_a_long_name(name_pages, name, language):
    page = name_pages.open("phone", PHONE_PAGES[name], language)
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    measured = page.evaluate(SIDEWAYS)
    assert measured["width"] <= 390, measured
    assert LONG in page.content()


# Every standings row's cells, measured against the standings column of the TV.
TV_ROWS = """() => {
  const column = document.querySelector('#tv-standings').getBoundingClientRect();
  const table = document.querySelector('#tv-standings table').getBoundingClientRect();
  const outside = [...document.querySelectorAll('#tv-standings tbody tr')].flatMap(row =>
    [...row.cells].filter(cell => {
      const box = cell.getBoundingClientRect();
      return box.left < column.left - 1 || box.right > column.right + 1;
    }).map(cell => row.id + ' ' + cell.className));
  return {rows: document.querySelectorAll('#tv-standings tbody tr').length,
          table: Math.round(table.width), column: Math.round(column.width),
          outside: outside.slice(0, 5), page: document.documentElement.scrollWidth};
}"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tv_shows_every_column_of_every_row(name_pages, language):
    page = name_pages.open("tv", f"/e/{SLUG}/tv/", language, user=None)
    measured = page.evaluate(TV_ROWS)
    assert measured["rows"] == 120
    assert measured["outside"] == [], measured
    assert measured["table"] <= measured["column"], measured
    assert measured["page"] <= 1920, measured


def test_the_tv_prize_panel_shows_whole_names(name_pages):
    """An ordinary name in the prize panel is not cut ("Cécile LeBlanc & John Lel…")."""
    page = name_pages.open("tv", f"/e/{SLUG}/tv/", user=None)
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#tv-side .who')]
        .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right
                 > document.querySelector('#tv-side').getBoundingClientRect().right + 1)
        .map(e => e.textContent.trim())"""
    )
    assert cut == []


OVERLAPS = """() => {
  const hit = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const controls = [...document.querySelectorAll('.tv-controls button, .tv-controls a')]
    .map(e => [e.textContent.trim(), e.getBoundingClientRect()]);
  const columns = ['#tv-standings', '#tv-side']
    .map(s => document.querySelector(s).getBoundingClientRect());
  const over = controls.filter(([, box]) => columns.some(c => hit(box, c)));
  return {controls: controls.length, over: over.map(([text]) => text)};
}"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tv_controls_cover_no_row_of_the_standings(name_pages, language):
    """ "Français" and "Pause" sat over the bottom right of the standings and
    hid a row's games count: they now sit in a strip the columns leave free."""
    page = name_pages.open("tv", f"/e/{SLUG}/tv/", language, user=None)
    measured = page.evaluate(OVERLAPS)
    assert measured["controls"] == 2
    assert measured["over"] == [], measured
