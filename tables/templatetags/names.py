"""Showing what people typed (a player's name, a couple's, an evening's or a
hall's): the one way every template shows it.

`{{ value|bdi }}` wraps it in `<bdi class="name">`, so that a name in any
script is isolated from the words and numbers around it (an Arabic name never
turns "Couple 6 · … · $20.00" into "… · 20.00$"), and the stylesheet lets it
wrap anywhere (`.name` in static/css/site.css), so a name of any length fits
every screen. A couple shows as its two names, each isolated, joined by "&".
Attributes (aria-label, title, value) take the plain text, never this."""

from django import template
from django.utils.html import format_html

register = template.Library()

NAME = '<bdi class="name">{}</bdi>'


@register.filter(is_safe=True)
def bdi(value) -> str:
    """A user-typed name, isolated and wrapping; a couple: both names."""
    if value is None or value == "":
        return ""
    if hasattr(value, "player1") and hasattr(value, "player2"):
        return format_html(NAME + " &amp; " + NAME, value.player1, value.player2)
    return format_html(NAME, value)
