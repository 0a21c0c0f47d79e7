"""The audit's hand checks (issue 17, point 4), measured in the browser on the
shared pages: TIE badges as big as the text around them, tap targets of
links, a focus ring and a progress-bar track that can be seen (3:1), and
heading links that look like links."""

import re

import pytest

pytestmark = pytest.mark.browser


def luminance(css_colour: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", css_colour)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def style(page, selector: str, prop: str) -> str:
    return page.evaluate(
        "([s, p]) => getComputedStyle(document.querySelector(s)).getPropertyValue(p)",
        [selector, prop],
    )


def px(value: str) -> float:
    return float(value.removesuffix("px"))


@pytest.mark.parametrize("size", ["phone", "tv"])
def test_tie_badges_are_as_big_as_the_body_text(pages, size):
    page = pages.open(size, "en", "board-tied")
    body = px(style(page, "body", "font-size"))
    sizes = page.evaluate(
        "[...document.querySelectorAll('.tie-mark')]"
        ".map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert len(sizes) >= 3
    assert min(sizes) >= body


def test_the_focus_ring_shows_against_white_and_the_header(pages):
    page = pages.open("phone", "en", "login")
    page.locator("#id_username").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # keyboard focus, so :focus-visible applies
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    assert page.evaluate("document.activeElement.tagName") == "BUTTON"
    assert px(page.evaluate("getComputedStyle(document.activeElement).outlineWidth")) >= 2
    assert contrast(ring, "rgb(255, 255, 255)") >= 3
    assert contrast(ring, "rgb(255, 253, 248)") >= 3  # the page's paper colour
    page.locator(".brand").focus()
    page.keyboard.press("Tab")
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineColor")
    assert contrast(ring, style(page, ".site-header", "background-color")) >= 3


def test_the_empty_progress_track_can_be_seen(pages):
    page = pages.open("phone", "en", "game-screen")
    edge = style(page, ".game-status progress", "border-top-color")
    assert px(style(page, ".game-status progress", "border-top-width")) >= 1
    assert contrast(edge, style(page, ".game-status", "background-color")) >= 3
    page = pages.open("phone", "en", "board")
    edge = style(page, ".tables-progress", "border-top-color")
    assert px(style(page, ".tables-progress", "border-top-width")) >= 1
    assert contrast(edge, style(page, ".board-status", "background-color")) >= 3


@pytest.mark.parametrize("name", ["couple-card", "find"])
def test_heading_links_look_like_links(pages, name):
    page = pages.open("phone", "en", name)
    link = ".board-head h1 a"
    assert "underline" in style(page, link, "text-decoration-line")
    assert style(page, link, "color") != style(page, "body", "color")


SMALL_LINKS = """() => [...document.querySelectorAll('main a')].filter(a => a.offsetParent)
  .map(a => [a.textContent.trim().slice(0, 40), a.getBoundingClientRect()])
  .filter(([, box]) => box.width < 24 || box.height < 24)
  .map(([text, box]) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


@pytest.mark.parametrize("name", ["game-screen", "game-detail", "hub", "board", "standings"])
def test_links_are_at_least_24_px_square(pages, name):
    page = pages.open("phone", "en", name)
    assert page.evaluate(SMALL_LINKS) == []


WIDE_TABLES = """() => [...document.querySelectorAll('main table')].filter(t => t.offsetParent)
  .map(t => [t.closest('[role=region]')?.getAttribute('aria-labelledby') || t.className,
             Math.round(t.getBoundingClientRect().width)])
  .filter(([, width]) => width > document.documentElement.clientWidth)"""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", ["season", "players", "books"])
def test_the_season_and_players_tables_fit_a_390_px_phone(pages, name, language):
    """The season's evenings table was 409 px wide on a 390 px phone, its jar
    column cut off."""
    page = pages.open("phone", language, name)
    assert page.evaluate(WIDE_TABLES) == []


def test_the_correct_links_under_games_played_are_big_targets(pages):
    """They were 66 × 26 px: a tap target is at least 44 × 44."""
    page = pages.open("phone", "en", "game-detail")
    boxes = page.evaluate(
        """() => [...document.querySelectorAll('main a[href*="/correct/"]')]
          .map(a => a.getBoundingClientRect()).map(b => [b.width, b.height])"""
    )
    assert boxes
    assert all(width >= 44 and height >= 44 for width, height in boxes), boxes
