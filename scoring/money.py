"""The evening's money (RULES.md A4, A8): amounts people type, checked, and
the money summary.

Every amount is a ``Decimal`` with at most two decimal places, never a float,
never negative. The summary itself is ``evening_results(evening).money``
(see :class:`scoring.results.MoneySummary` for what each figure means).

"Takings" (the base of a prize that is a share of the evening's takings) are
the entry fees collected: entry fee × couples marked paid. The cookie jar
(the players' own side pot) and the 50/50 are not takings.
"""

from decimal import Decimal, InvalidOperation

from django.utils.translation import gettext as _

from cardnight.errors import UserError
from cardnight.formats import money

MAX_AMOUNT = Decimal("999999.99")
CENT = Decimal("0.01")


def check_amount(value, what: str, *, maximum: Decimal = MAX_AMOUNT) -> Decimal:
    """``value`` as a Decimal amount of money, or a UserError naming ``what``:
    not a number, a float, negative, more than two decimals, too large."""
    if isinstance(value, float):
        raise UserError(_("%(what)s must be an exact amount, not a float.") % {"what": what})
    try:
        amount = Decimal(str(value).strip().lstrip("$").strip()) if value != "" else None
    except (InvalidOperation, ValueError):
        amount = None
    if amount is None or not amount.is_finite():
        raise UserError(
            _('%(what)s: "%(value)s" is not an amount of money.') % {"what": what, "value": value}
        )
    if amount < 0:
        raise UserError(_("%(what)s cannot be negative.") % {"what": what})
    if amount != amount.quantize(CENT):
        raise UserError(
            _("%(what)s has more than two decimals: money is counted to the cent.") % {"what": what}
        )
    if amount > maximum:
        raise UserError(_("%(what)s is more than %(max)s.") % {"what": what, "max": money(maximum)})
    return amount.quantize(CENT)


def check_percent(value, what: str) -> Decimal:
    """A percentage between 0 and 100 with at most two decimals."""
    percent = check_amount(value, what, maximum=Decimal("100"))
    return percent
