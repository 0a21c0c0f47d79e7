"""Amounts of money as people in the hall write them, in the active language.

English: "$1,234.50". French (as in Acadian and Quebec newspapers and
posters): "1 234,50 $", with no-break spaces so a phone never wraps the
dollar sign onto its own line. A negative amount has a minus sign (U+2212)
in front in both languages: "−$95.00", "−95,00 $". The one place that writes
money for people; data (JSON exports, the scoreboard's JSON, form values)
keeps "1234.50".
"""

from decimal import Decimal

from django.utils import formats
from django.utils.translation import get_language

CENT = Decimal("0.01")
NO_BREAK_SPACE = "\xa0"
MINUS = "\u2212"


def money(amount) -> str:
    """``Decimal("1234.5")`` -> "$1,234.50" (English) or "1 234,50 $" (French);
    ``Decimal("-95")`` -> "−$95.00" or "−95,00 $"; ``None`` -> ""."""
    if amount is None:
        return ""
    value = Decimal(amount).quantize(CENT)
    sign = MINUS if value < 0 else ""
    number = formats.number_format(abs(value), decimal_pos=2, use_l10n=True, force_grouping=True)
    if (get_language() or "en").split("-")[0] == "fr":
        return f"{sign}{number}{NO_BREAK_SPACE}$"
    return f"{sign}${number}"


def money_out(amount) -> str:
    """Money that went out, written as a negative amount: "−$120.00"."""
    return money(-Decimal(amount)) if amount is not None else ""
