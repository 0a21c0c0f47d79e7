"""The files that make up the live pages' script (static/js/live/), in the
order a page loads them: the one list. base.html includes them
(`{% live_scripts %}`), the code revision of every ETag hashes them
(cardnight/freshness.py) and tests/offline/test_static_files.py
measures them. What each file does: docs/development.md "The live script (static/js/live/)"."""

from pathlib import Path

from django import template
from django.templatetags.static import static
from django.utils.html import format_html_join

register = template.Library()

FILES = (
    "js/live/core.js",  # what the others share: words, the status line, requests
    "js/live/banner.js",  # the connection: no answer, or a server with a problem
    "js/live/focus.js",  # focus kept by a poll's swap, [autofocus] after htmx's
    "js/live/polls.js",  # data-poll: conditional polls, swapping only what changed
    "js/live/outbox.js",  # data-outbox and data-online: sending when the Wi-Fi allows
    "js/live/not-saved.js",  # "Not saved" for htmx and boosted forms
    "js/live/answers.js",  # its words; a lost answer asked again; the address kept
    "js/live/tv.js",  # the TV's scrolling standings and their pause
    "js/live/start.js",  # last: starts every part
)


def paths(site: Path) -> list[Path]:
    """The files, under the site's directory (settings.SITE_DIR)."""
    return [site / "static" / name for name in FILES]


@register.simple_tag
def live_scripts() -> str:
    return format_html_join(
        "\n  ", '<script src="{}" defer></script>', ((static(name),) for name in FILES)
    )
