"""Every control tapped during the night is at least 44 x 44 CSS px (WCAG
2.5.5, the team's rule): every link, button, input, summary and label that is
a tap target, on every page a volunteer, an organizer or a player uses during
the night, at a 390 px phone, in English and French."""

import pytest

from tests.screens.test_long_names import SLUG

pytestmark = pytest.mark.browser

NIGHT_PAGES = {
    "board": (f"/e/{SLUG}/", None),
    "board-find": (f"/e/{SLUG}/find/?q=Marie", None),
    "couple-card": (f"/e/{SLUG}/couple/5/", None),
    "hub": (f"/evenings/{SLUG}/", "olive"),
    "door": (f"/evenings/{SLUG}/door/", "olive"),
    "door-volunteer": (f"/evenings/{SLUG}/door/", "vince"),
    "game-screen": (f"/evenings/{SLUG}/game/", "olive"),
    "game-screen-volunteer": (f"/evenings/{SLUG}/game/", "vince"),
    "standings": (f"/evenings/{SLUG}/standings/", "olive"),
    "prizes": (f"/evenings/{SLUG}/prizes/", "olive"),
    "jar": (f"/evenings/{SLUG}/jar/", "olive"),
}

# Justified exceptions (WCAG 2.5.5 allows inline links in running text):
# a link inside a sentence or a list of words (its line is the text's line);
# the hidden "skip" links (shown at the top only when focused); the header's
# own links, each a full 3rem tall but narrower words ("Rules") are wider
# than 44 px with their padding already; controls that are not drawn.
SMALL = """() => {
  const inText = el => el.tagName === 'A' && el.closest('p, li, dd, td.wide, .help, .muted')
    && !el.matches('.button, .card, .match') && (el.parentElement.textContent.trim().length
    > el.textContent.trim().length + 3);
  const controls = [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + 'label.choice, label.radio')];
  return controls.filter(el => el.getClientRects().length && !el.closest('.skip, .visually-hidden')
      && !el.matches('.skip') && getComputedStyle(el).visibility !== 'hidden')
    .filter(el => !inText(el))
    .map(el => {
      // A control inside its label taps through the label: measure the label.
      const label = el.matches('input[type=checkbox], input[type=radio]') && el.closest('label');
      const box = (label || el).getBoundingClientRect();
      return [el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' '
        + (el.textContent || el.value || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 30),
        Math.round(box.width), Math.round(box.height)];
    })
    .filter(([, w, h]) => w < 44 || h < 44)
    .map(([what, w, h]) => `${what} ${w}x${h}`);
}"""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", list(NIGHT_PAGES))
def test_every_control_tapped_during_the_night_is_44_px(name_pages, name, language):
    path, user = NIGHT_PAGES[name]
    page = name_pages.open("phone", path, language, user=user)
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    small = page.evaluate(SMALL)
    assert small == [], small
