"""Every page reflows with the browser's text size doubled on a 390 px phone:
nothing scrolls sideways (WCAG 1.4.4 and 1.4.10)."""

import os

import pytest

from tests.support.pages import PHONE

from .conftest import PAGE_IDS, Pages, open_every_details

pytestmark = pytest.mark.browser

# The elements that stick out past the right edge, for the failure message.
STICKING_OUT = """() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > 390 + 1)
      out.push(`${el.tagName.toLowerCase()}${el.className ? '.' + el.className : ''}`
               + ` ${Math.round(box.left)}–${Math.round(box.right)}`);
  }
  return out.slice(-8);
}"""


@pytest.fixture(scope="module")
def pages(browser, site):
    shared = Pages(browser, site, big_text=True)
    yield shared
    shared.close()


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", PAGE_IDS)
def test_no_sideways_scrolling_at_200_percent_text(pages, name, language):
    page = pages.open("phone", language, name)
    open_every_details(page)
    root = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    # A phone widens its layout viewport (innerWidth) to fit a page that is
    # too wide, so the page is measured against the phone's own width too.
    width = page.evaluate("document.scrollingElement.scrollWidth")
    inner = page.evaluate("innerWidth")
    sticking_out = page.evaluate(STICKING_OUT)
    # The screen as the reader sees it (a full-page shot would reset the text size).
    os.makedirs("test-artifacts", exist_ok=True)
    page.screenshot(path=f"test-artifacts/a11y-200-{name}-{language}.png")
    assert root == 36  # 112.5 % of the doubled 32 px default: the text really is doubled
    assert width <= PHONE["width"], f"{name} is {width}px wide: {sticking_out}"
    assert width <= inner == PHONE["width"]
