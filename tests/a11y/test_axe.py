"""axe-core (shipped inside the axe-playwright-python wheel, nothing fetched
at test time) finds no WCAG 2.1 A or AA violation on any page, at phone and
TV sizes, in English and in French."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from .conftest import PAGE_IDS, open_every_details

pytestmark = pytest.mark.browser

AXE = Axe()
OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    # Two more: names that start with what is shown (WCAG 2.5.3; an axe
    # "experimental" rule) and tap targets of at least 24 by 24 px (2.5.8).
    "rules": {"label-content-name-mismatch": {"enabled": True}, "target-size": {"enabled": True}},
    "resultTypes": ["violations"],
}
COMBOS = [(size, language) for size in ("phone", "tv") for language in ("en", "fr")]


def describe(violations) -> str:
    lines = []
    for v in violations:
        lines.append(f"  {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:4]:
            lines.append(f"    {node['target']}: {node['failureSummary'].splitlines()[-1].strip()}")
    return "\n".join(lines)


@pytest.mark.parametrize("name", PAGE_IDS)
def test_no_wcag_violation(pages, name):
    found = []
    for size, language in COMBOS:
        page = pages.open(size, language, name)
        open_every_details(page)
        violations = AXE.run(page, options=OPTIONS).response["violations"]
        if violations:
            found.append(f"{name} at {size} size in {language}:\n{describe(violations)}")
    assert not found, "\n".join(found)


HEADINGS = {"runOnly": {"type": "rule", "values": ["heading-order"]}, "resultTypes": ["violations"]}


@pytest.mark.parametrize("name", PAGE_IDS)
def test_headings_go_down_one_level_at_a_time(pages, name):
    """axe's heading-order (a best practice, outside the WCAG tags above): a
    screen reader's list of headings has no level skipped (an h2 then an h4)."""
    found = []
    for language in ("en", "fr"):
        page = pages.open("phone", language, name)
        open_every_details(page)
        violations = AXE.run(page, options=HEADINGS).response["violations"]
        if violations:
            found.append(f"{name} in {language}:\n{describe(violations)}")
    assert not found, "\n".join(found)
