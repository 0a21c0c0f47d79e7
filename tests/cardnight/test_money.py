"""The ONE money rule (cardnight.money): typed amounts, model fields, one limit."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from cardnight.errors import UserError
from cardnight.money import MAX_AMOUNT, to_amount, to_percent, validate_amount
from scoring.models import Prize
from tables.models import Evening


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("12.345", "more than two decimals"),
        ("-5", "cannot be negative"),
        ("abc", "is not an amount of money"),
        ("", "is not an amount of money"),
        ("NaN", "is not an amount of money"),
        (12.5, "not a float"),
        ("10000000", "is more than"),
        ("1e999999", "is more than"),  # was a decimal.InvalidOperation traceback
        ("9" * 5000, "is not an amount of money"),
    ],
)
def test_bad_amounts_are_refused_with_the_reason(value, message):
    with pytest.raises(UserError, match=message):
        to_amount(value, "The amount")


@pytest.mark.parametrize(("value", "amount"), [("12.5", "12.50"), ("$7", "7.00"), (3, "3.00")])
def test_good_amounts_are_decimals_to_the_cent(value, amount):
    assert to_amount(value, "The amount") == Decimal(amount)


def test_the_one_limit_is_what_the_money_columns_hold():
    field = Evening._meta.get_field("entry_fee")
    largest = Decimal(10 ** (field.max_digits - field.decimal_places)) - Decimal("0.01")
    assert largest == MAX_AMOUNT
    assert to_amount(str(MAX_AMOUNT), "It") == MAX_AMOUNT
    with pytest.raises(UserError):
        to_amount("1000000.00", "It")


def test_a_percentage_is_at_most_100():
    assert to_percent("100", "The share") == Decimal("100.00")
    with pytest.raises(UserError, match="is more than"):
        to_percent("100.01", "The share")


@pytest.mark.parametrize(
    ("model", "field"),
    [
        (Evening, "entry_fee"),
        (Evening, "jar_buy_in"),
        (Evening, "fifty_fifty_takings"),
        (Prize, "amount"),
    ],
)
def test_money_fields_carry_the_rule_as_a_validator(model, field):
    validators = model._meta.get_field(field).validators
    assert validate_amount in validators
    with pytest.raises(ValidationError, match="cannot be negative"):
        for validator in validators:
            validator(Decimal("-1"))
