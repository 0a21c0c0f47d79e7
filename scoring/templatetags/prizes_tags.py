"""Template filters for the scoring pages: money and cards as halls write them."""

from django import template

from cardnight import formats
from scoring.results import pots
from scoring.results.wording import card_label, couple_list, money_text

register = template.Library()


@register.filter
def money(value) -> str:
    """12.5 -> "$12.50"; None -> ""."""
    return money_text(value)


@register.filter
def money_out(value) -> str:
    """Money that went out: 120 -> "−$120.00" (cardnight.formats)."""
    return formats.money_out(value)


@register.filter
def card(value: str) -> str:
    """ "10H" -> "10♥"."""
    return card_label(value)


@register.filter
def numbers(couples) -> str:
    """Couple numbers joined: "1, 3 and 9"."""
    return couple_list(couples)


@register.simple_tag
def jar_pots(evenings) -> dict:
    """{evening id: its cookie jar's pot so far} for a list of evenings
    coming up (scoring.results.pots, two queries for the whole list)."""
    return pots.jar_pots(evenings)


@register.filter
def pot_for(pots_by_evening: dict, evening):
    """The pot of `evening` in a `jar_pots` answer, or None."""
    return (pots_by_evening or {}).get(getattr(evening, "pk", None))
