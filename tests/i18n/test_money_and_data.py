"""Money is written the way the active language writes it, in one place
(`cardnight.formats.money`); data (the evening's JSON export, form values)
never changes with the language."""

from decimal import Decimal

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from cardnight.formats import money, money_out
from scoring.exchange import export_evening_data
from scoring.results import money_text
from scoring.templatetags.prizes_tags import money as money_filter

NBSP = "\xa0"

CASES = [
    (Decimal("0"), "$0.00", f"0,00{NBSP}$"),
    (Decimal("12.5"), "$12.50", f"12,50{NBSP}$"),
    (Decimal("1234.5"), "$1,234.50", f"1{NBSP}234,50{NBSP}$"),
    (Decimal("999999.99"), "$999,999.99", f"999{NBSP}999,99{NBSP}$"),
    ("45.00", "$45.00", f"45,00{NBSP}$"),
]


@pytest.mark.parametrize(("amount", "english", "french"), CASES)
def test_money_is_written_as_each_language_writes_it(amount, english, french):
    with translation.override("en"):
        assert money(amount) == english
    with translation.override("fr"):
        assert money(amount) == french


@pytest.mark.parametrize(
    ("amount", "english", "french"),
    [
        (Decimal("-95"), "\u2212$95.00", f"\u221295,00{NBSP}$"),
        (Decimal("-1234.5"), "\u2212$1,234.50", f"\u22121{NBSP}234,50{NBSP}$"),
        (Decimal("-0.004"), "$0.00", f"0,00{NBSP}$"),
    ],
)
def test_a_negative_amount_has_one_minus_in_front_in_both_languages(amount, english, french):
    with translation.override("en"):
        assert money(amount) == english
        assert money_out(-amount) == english
    with translation.override("fr"):
        assert money(amount) == french


def test_no_amount_is_no_text():
    with translation.override("fr"):
        assert money(None) == ""


def test_the_scoring_pages_and_pdfs_write_money_through_the_same_helper():
    with translation.override("fr"):
        assert money_text(Decimal("13.75")) == money_filter("13.75") == f"13,75{NBSP}$"
    with translation.override("en"):
        assert money_text(Decimal("13.75")) == money_filter("13.75") == "$13.75"


@given(st.decimals(min_value=0, max_value=Decimal("999999.99"), places=2))
def test_french_money_reads_back_as_the_same_amount(amount):
    with translation.override("fr"):
        text = money(amount)
    assert text.endswith(f"{NBSP}$")
    assert " " not in text  # only no-break spaces: a phone never wraps an amount
    digits = text.removesuffix(f"{NBSP}$").replace(NBSP, "").replace(",", ".")
    assert Decimal(digits) == amount


@pytest.mark.django_db
def test_the_evenings_json_export_is_the_same_in_any_language(played):
    with translation.override("en"):
        english = export_evening_data(played)
    with translation.override("fr"):
        french = export_evening_data(played)
    assert french == english
    assert english["settings"]["entry_fee"] == "10.00"
