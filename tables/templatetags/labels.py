"""Our messages shown without a template tag's cost, where a page shows
them once a row (issue 27), the same bytes as the tags give:

- `said(message, **values)`: a translated message with its values put in,
  as `{% blocktranslate %}` gives it (the values escaped, the translation
  taken as it is);
- `trusted(messages)`: translations shown as `{% translate %}` of a literal
  shows them (not escaped: our catalogue's words);
- the filters, for a message with one number: `{{ 12|couple_label }}` gives
  the words of `{% blocktranslate with n=12 %}Couple {{ n }}{% endblocktranslate %}`.

Used by these templates' filters, the game screen (tables/views/game.py)
and the couple cards (scoring/board/card_words.py)."""

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .names import escaped

register = template.Library()


def said(message: str, **values) -> SafeString:
    """`message` (already translated; gettext'd where it is named, so
    makemessages finds it) with `values` put in, escaped."""
    filled = message % {name: escaped(value) for name, value in values.items()}
    return mark_safe(filled)  # noqa: S308 - our catalogue's words, escaped values


def trusted(messages: dict[str, str]) -> dict[str, SafeString]:
    """Translations by name, each shown as it is."""
    return {key: mark_safe(text) for key, text in messages.items()}  # noqa: S308 - our catalogue's


@register.filter(is_safe=True)
def couple_label(number) -> str:
    """ "Couple 12"."""
    return said(gettext("Couple %(n)s"), n=number)


@register.filter(is_safe=True)
def table_label(number) -> str:
    """ "Table 12"."""
    return said(gettext("Table %(n)s"), n=number)


@register.filter(is_safe=True)
def from_table(number) -> str:
    """ "comes from table 12" (the game screen's movement)."""
    return said(gettext("comes from table %(t)s"), t=number)
