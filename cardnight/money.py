"""The ONE money rule (issue 11): every amount of money in CardNight is a
Decimal with at most two decimals, never a float, never negative, and at most
MAX_AMOUNT ($999,999.99).

MAX_AMOUNT is the largest amount the money columns hold (DecimalField
max_digits=8, decimal_places=2), so a value that passes here can always be
saved; a second, looser limit (the evening file's old "under 1,000,000"
check) is gone. A percentage (a prize that is a share of the takings) follows
the same rule with 100 as its limit.

    validate_amount / validate_percent   model-field validators (ValidationError)
    to_amount(value, what) -> Decimal    typed or imported text, for the services
    to_percent(value, what) -> Decimal   (UserError naming `what`)

All of them share `problem()`, the rule itself.
"""

from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from cardnight.errors import UserError
from cardnight.formats import money

MAX_AMOUNT = Decimal("999999.99")
MAX_PERCENT = Decimal("100")
CENT = Decimal("0.01")


def parse(value) -> Decimal | None:
    """`value` (text such as "$12.50", an int or a Decimal) as a finite
    Decimal, or None when it is not a number (a float is not exact money)."""
    if isinstance(value, (float, bool)):
        return None
    text = str(value).strip().lstrip("$").strip()
    if not text or len(text) > 40:  # no 5,000-digit "amounts"
        return None
    try:
        amount = Decimal(text)
    except (InvalidOperation, ValueError):
        return None
    return amount if amount.is_finite() else None


# The rule's sentences, each naming the thing ("The entry fee", "It").
MESSAGES = {
    "float": _lazy("%(what)s must be an exact amount, not a float."),
    "number": _lazy('%(what)s: "%(value)s" is not an amount of money.'),
    "negative": _lazy("%(what)s cannot be negative."),
    "cents": _lazy("%(what)s has more than two decimals: money is counted to the cent."),
    "max": _lazy("%(what)s is more than %(max)s."),
}


def problem(value, what: str, maximum: Decimal = MAX_AMOUNT) -> str | None:
    """What is wrong with `value` as an amount, as a sentence naming `what`,
    or None when it is a good amount (THE rule)."""
    amount = parse(value)
    if isinstance(value, float):
        code = "float"
    elif amount is None:
        code = "number"
    elif amount < 0:
        code = "negative"
    elif amount > maximum:  # before the cents: "1e999999" cannot be quantized
        code = "max"
    elif amount != amount.quantize(CENT):
        code = "cents"
    else:
        return None
    value = str(value)
    if len(value) > 20:
        value = value[:20] + "…"
    return MESSAGES[code] % {"what": what, "value": value, "max": money(maximum)}


def _validate(value, maximum: Decimal) -> None:
    if value is not None:
        message = problem(value, _("The amount"), maximum)
        if message is not None:
            raise ValidationError(message, code="money")


def validate_amount(value) -> None:
    """Model-field validator: the money rule."""
    _validate(value, MAX_AMOUNT)


def validate_percent(value) -> None:
    """Model-field validator: a share of the takings, 0 to 100."""
    _validate(value, MAX_PERCENT)


def to_amount(value, what: str, *, maximum: Decimal = MAX_AMOUNT) -> Decimal:
    """`value` as an amount to the cent, or a UserError naming `what`."""
    message = problem(value, what, maximum)
    if message is not None:
        raise UserError(message)
    return parse(value).quantize(CENT)


def to_percent(value, what: str) -> Decimal:
    """A percentage between 0 and 100 with at most two decimals."""
    return to_amount(value, what, maximum=MAX_PERCENT)


def as_text(value) -> str | None:
    """An amount as data writes it (JSON, the scoreboard's JSON): "1234.50",
    two decimals, no symbol; None stays None. The one Decimal-to-string for
    data; `cardnight.formats.money` writes amounts for people."""
    return None if value is None else str(Decimal(value).quantize(CENT))
