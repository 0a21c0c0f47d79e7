"""cardnight.numbers.read_id: the one way a request's number is read."""

import pytest

from cardnight.numbers import MAX_ID, read_id


@pytest.mark.parametrize(
    ("value", "most", "number"),
    [
        ("1", MAX_ID, 1),
        ("42", MAX_ID, 42),
        ("007", MAX_ID, 7),
        (str(MAX_ID), MAX_ID, MAX_ID),
        ("9999", 9999, 9999),
        ("5", 5, 5),
    ],
)
def test_ascii_digits_in_range_are_a_number(value, most, number):
    assert read_id(value, most) == number


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "0",
        "-1",
        "+1",
        " 1",
        "1 ",
        "1_0",
        "1.0",
        "²",  # str.isdigit() says yes, int() raises
        "1²",
        "٣",  # Arabic-Indic three: int() reads it as 3
        "３",  # fullwidth
        "१२",  # Devanagari
        "𝟕",
        str(MAX_ID + 1),
        "9" * 40,
        "9" * 5000,  # int() refuses more than 4,300 digits
        7,  # not text
    ],
)
def test_anything_else_is_none(value):
    assert read_id(value) is None


def test_a_bound_is_kept():
    assert read_id("6", 5) is None
    assert read_id("10000", 9999) is None
