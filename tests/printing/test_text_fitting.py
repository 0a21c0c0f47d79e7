"""Names print in full: shrunk to fit, wrapped when too small, never cut,
never wider than their box (scoring.printing.fitting.fit_text)."""

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.printing.fitting import fit_text
from scoring.printing.fonts import LEADING, fonts, text_width, tidy

from .factory import LONG_NAME

F = fonts()


def letters(fitted) -> str:
    return "".join(fitted.lines).replace(" ", "")


def test_dejavu_sans_is_used_so_accents_and_suits_print():
    assert F.regular == "DejaVuSans" and F.has_suits
    assert F.text("5♥") == "5♥"


def test_without_the_dejavu_files_it_falls_back_to_helvetica_and_writes_suits_as_letters(
    tmp_path: Path,
):
    fallback = fonts(tmp_path)
    assert (fallback.regular, fallback.bold) == ("Helvetica", "Helvetica-Bold")
    assert fallback.text("5♥ J♦ A♣ 10♠") == "5H JD AC 10S"


def test_a_short_name_prints_at_the_largest_size():
    fitted = fit_text("Mary", F.bold, width=150, height=40, max_size=15, min_size=8.5)
    assert fitted.lines == ("Mary",) and fitted.size == 15


@pytest.mark.parametrize("name", ["Marie-Thérèse LeBlanc", "Ruairí Mac Néill", "Joe D'Eon"])
def test_accented_names_shrink_on_one_line_to_fit_a_narrow_box(name):
    width = text_width(name, F.bold, 15) * 0.8  # a box 20% too narrow at full size
    fitted = fit_text(name, F.bold, width=width, height=40, max_size=15, min_size=8)
    assert fitted.lines == (name,)
    assert 11.9 <= fitted.size <= 12.0
    assert fitted.width <= width


def test_a_long_name_wraps_rather_than_going_below_a_readable_size():
    one_line = 160 / text_width(LONG_NAME, F.bold, 1)
    assert one_line < 5  # on one line it would be unreadable
    two = fit_text(LONG_NAME, F.bold, width=160, height=60, max_size=15, min_size=8.5)
    assert len(two.lines) == 2 and two.size > one_line
    three = fit_text(
        LONG_NAME, F.bold, width=160, height=60, max_size=15, min_size=8.5, max_lines=3
    )
    assert len(three.lines) == 3 and three.size >= 8.5
    for fitted in (two, three):
        assert letters(fitted) == LONG_NAME.replace(" ", "")
        assert fitted.width <= 160


def test_a_word_longer_than_the_box_is_split_between_letters_never_inside_one():
    name = "Cé\u0301cile" * 12  # a combining accent after every "é"
    fitted = fit_text(name, F.regular, width=60, height=80, max_size=12, min_size=8, max_lines=4)
    assert letters(fitted) == name
    assert all(not unicodedata.combining(line[0]) for line in fitted.lines)
    assert fitted.width <= 60


def test_when_even_two_lines_are_too_small_the_text_still_prints_whole_and_fits():
    fitted = fit_text("W" * 80, F.bold, width=60, height=20, max_size=15, min_size=8.5)
    assert letters(fitted) == "W" * 80
    assert fitted.width <= 60 and fitted.height <= 20 + 1e-9


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from("aéÉîÑ'- &<>MWil\u0301"), min_size=1, max_size=90),
    width=st.floats(20, 300),
    height=st.floats(12, 80),
    max_lines=st.integers(1, 4),
)
def test_fitted_text_never_overflows_and_loses_no_letter(text, width, height, max_lines):
    fitted = fit_text(
        text, F.regular, width=width, height=height, max_size=15, min_size=8, max_lines=max_lines
    )
    assert letters(fitted) == tidy(text).replace(" ", "")
    assert fitted.width <= width + 1e-6
    assert len(fitted.lines) <= max(1, max_lines)
    if len(fitted.lines) > 1:
        assert fitted.height <= height + 1e-6
    else:
        assert fitted.size * LEADING <= height + 1e-6 or not tidy(text)
