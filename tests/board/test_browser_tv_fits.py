"""The TV on a 720p projector and a 1080p screen, 120 couples: many couples
on screen at once, each couple on screen whole within two minutes (scrolling,
or a page at a time with reduced motion), names at least 32 px at 1080p, and
no row taller than its column, whatever the names (two 80-letter names,
Hebrew, Chinese). The clock is Playwright's: nothing here waits."""

import pytest

from tests.board.test_browser_board import shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaftschaferswessen"[:80]
SPACED = ("Marie-Thérèse Antoinette Bernadette " * 3)[:80].strip()
NAMES = {
    5: (LONG, LONG),
    17: (SPACED, SPACED),
    30: ("שרה לוי־כהן", "דוד בן־אברהם"),
    44: ("王秀英", "李明"),
    58: ("王秀英" * 9, "李明" * 14),
    71: ("אברהם " * 13, LONG),
    96: (LONG, "Cécile LeBlanc"),
}
SIZES = [(1280, 720), (1920, 1080)]

# The standings rows wholly on screen: inside their column, below anything
# pinned at its top, inside the window.
WHOLE = """() => {
  const column = document.getElementById('tv-standings').getBoundingClientRect();
  const head = document.querySelector('#tv-standings thead th');
  const pinned = getComputedStyle(head).position === 'sticky';
  const top = Math.max(column.top, pinned ? head.getBoundingClientRect().bottom : column.top);
  const bottom = Math.min(column.bottom, window.innerHeight);
  return [...document.querySelectorAll('#tv-standings tbody tr')].filter(row => {
    const box = row.getBoundingClientRect();
    return box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1
      && box.left >= column.left - 1 && box.right <= column.right + 1;
  }).map(row => row.id);
}"""

SIZES_OF = """() => {
  const column = document.getElementById('tv-standings');
  const rows = [...column.querySelectorAll('tbody tr')];
  const names = [...column.querySelectorAll('tbody td.names')];
  return {
    column: column.clientHeight,
    travel: column.scrollHeight - column.clientHeight,
    tallest: Math.max(...rows.map(row => row.getBoundingClientRect().height)),
    name_px: Math.min(...names.map(n => parseFloat(getComputedStyle(n).fontSize))),
    // a cell wider or taller than its row, or a name of more than two lines
    spilling: [...column.querySelectorAll('tbody td')].filter(cell => {
      const box = cell.getBoundingClientRect(), row = cell.parentElement.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(cell).lineHeight);
      return box.left < row.left - 1 || box.right > row.right + 1 || box.top < row.top - 1
        || box.bottom > row.bottom + 1 || cell.scrollWidth > cell.clientWidth + 1
        || (cell.matches('.names') && box.height > 2 * line + 12);
    }).map(cell => cell.parentElement.id + ' ' + cell.className),
  };
}"""


@pytest.fixture
def full_hall(make_evening):
    names = [NAMES.get(n, (f"Marie {n} MacNeil", f"Joe {n} Boudreau")) for n in range(1, 121)]
    return make_evening(couples=120, played=12, current_in=20, names=names, cookie_jar=True)


def open_tv(browser, live_server, evening, size, reduced=False):
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        reduced_motion="reduce" if reduced else "no-preference",
    )
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/e/{evening.slug}/tv/")
    page.wait_for_load_state()
    return page


def watch(page, seconds: int, step_ms: int = 500):
    """Every couple seen whole in `seconds` of the TV's clock, and when the
    last of them came on screen; the most on screen at once."""
    seen, last_new, most = set(), 0, 0
    for tick in range(0, seconds * 1000 + 1, step_ms):
        whole = page.evaluate(WHOLE)
        most = max(most, len(whole))
        if not set(whole) <= seen:
            last_new = tick
        seen |= set(whole)
        page.clock.run_for(step_ms)
    return seen, last_new, most


EVERY = {f"row-{n}" for n in range(1, 121)}


@pytest.mark.parametrize("size", SIZES, ids=["720p", "1080p"])
def test_every_couple_comes_on_the_tv_whole_within_two_minutes(
    live_server, browser, full_hall, size
):
    """Was: 4 couples whole at once at 720p (7 at 1080p), a round of about 400 s
    (280 s), the row of two 80-letter names taller than its column."""
    page = open_tv(browser, live_server, full_hall, size)
    at_once = len(page.evaluate(WHOLE))
    measured = page.evaluate(SIZES_OF)
    shot(page, f"tv-120-{size[1]}p")
    seen, last_new, most = watch(page, 120)
    # 720p and 1080p alike: 19 at once at the top (22 at most), all seen by about 90 s
    assert sorted(EVERY - seen) == []
    assert last_new <= 120_000
    assert at_once >= 16, (at_once, most)
    assert measured["tallest"] <= measured["column"], measured
    assert measured["spilling"] == [], measured  # a long name is cut inside its own cell
    if size == (1920, 1080):
        assert measured["name_px"] >= 32, measured
    page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=["720p", "1080p"])
def test_with_reduced_motion_every_couple_is_whole_on_some_page(
    live_server, browser, full_hall, size
):
    """Was: 18 of 120 couples never whole on a page at 720p (a page was 90 %
    of the column, whatever rows it cut)."""
    page = open_tv(browser, live_server, full_hall, size, reduced=True)
    seen, last_new, _most = watch(page, 120, step_ms=1000)
    shot(page, f"tv-120-{size[1]}p-reduced")
    assert sorted(EVERY - seen) == []
    assert last_new <= 120_000  # 40 s: six pages of 8 s
    page.context.close()
