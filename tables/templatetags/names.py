"""Showing what people typed (a player's name, a couple's, an evening's or a
hall's): the one way every template shows it.

`{{ value|bdi }}` wraps it in `<bdi class="name">`, so that a name in any
script is isolated from the words and numbers around it (an Arabic name never
turns "Couple 6 · … · $20.00" into "… · 20.00$"), and the stylesheet lets it
wrap anywhere (`.name` in static/css/site.css), so a name of any length fits
every screen. A couple shows as its two names, each isolated, joined by "&".
Attributes (aria-label, title, value) take the plain text, never this."""

import html

from django import template
from django.utils.safestring import SafeString

register = template.Library()

OPEN, CLOSE = '<bdi class="name">', "</bdi>"


@register.filter(is_safe=True)
def bdi(value) -> str:
    """A user-typed name, isolated and wrapping; a couple: both names.
    (Joined by hand, not by format_html: the game screen shows hundreds.)"""
    if value is None or value == "":
        return ""
    if hasattr(value, "player1") and hasattr(value, "player2"):
        first, second = escaped(value.player1), escaped(value.player2)
        return SafeString(f"{OPEN}{first}{CLOSE} &amp; {OPEN}{second}{CLOSE}")
    return SafeString(f"{OPEN}{escaped(value)}{CLOSE}")


def escaped(text) -> str:
    """What django.utils.html.conditional_escape gives, without its lazy
    wrapper's cost: markup already safe as it is, anything else escaped
    (the names here, and what tables.templatetags.labels puts in a message)."""
    if hasattr(text, "__html__"):
        return text.__html__()
    return html.escape(str(text))
