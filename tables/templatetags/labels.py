"""A message with one number in it, shown once a row (a couple's label on
the board, a table's heading on the game screen, where a couple comes
from): `{{ 12|couple_label }}` gives the words of `{% blocktranslate with
n=12 %}Couple {{ n }}{% endblocktranslate %}`, the same message
translated, at a fraction of the tag's cost (issue 27). The number is
escaped as the tag escapes it; the translation is taken as it is, as the
tag takes it."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

register = template.Library()


def _said(translated: str, name: str, number) -> str:
    """The message (gettext'd where it is named, so makemessages finds it)
    with its number in."""
    return mark_safe(translated % {name: conditional_escape(number)})  # noqa: S308


@register.filter(is_safe=True)
def couple_label(number) -> str:
    """ "Couple 12"."""
    return _said(gettext("Couple %(n)s"), "n", number)


@register.filter(is_safe=True)
def table_label(number) -> str:
    """ "Table 12"."""
    return _said(gettext("Table %(n)s"), "n", number)


@register.filter(is_safe=True)
def from_table(number) -> str:
    """ "comes from table 12" (the game screen's movement)."""
    return _said(gettext("comes from table %(t)s"), "t", number)
