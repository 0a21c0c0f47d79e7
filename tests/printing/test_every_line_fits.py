"""Every line of every printout fitted to its box, in English and French, on
Letter and A4, for an evening of hostile names (issue 14, points 3-7):
right-to-left names shaped and in reading order, each cue card's names as
large as its own box allows, no ink in a printer's unprintable edge, punched
game numbers that never run together, links broken only where typing them
back is unambiguous."""

import string

import pytest
from django.urls import reverse
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from scoring.printing import documents, draw, fonts, rows
from scoring.printing.draw.common import SAFE_MARGIN
from scoring.printing.draw.results_sheet import PUNCH_SIZE
from scoring.printing.fitting import fit_text
from scoring.printing.fonts import MIN_SIZE, PLACEHOLDER, text_width

from . import factory
from .pdf import ink_near_edges, text_boxes, text_sizes

BASE = "http://192.168.1.23:8000/"
KINDS = ("cards", "tables", "results", "rules", "volunteers")
ARABIC_DRAWN = "ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ"  # فاطمة الزهراء joined, left to right as drawn
ARABIC_UNJOINED = "ءارهزلا ةمطاف"  # the letters in stored order, reversed: the old print


@pytest.fixture
def hostile(db, request):
    paper = getattr(request, "param", "letter")
    return factory.hostile_evening(couples=12, paper=paper)


def render(kind, evening, lang="en"):
    with translation.override(lang):
        return documents.render(kind, evening, base_url=BASE, blank=2).content


@pytest.fixture
def drawn(monkeypatch):
    """Every string the canvas draws (drawString and its centred and right
    forms, which platypus tables use too), as drawn: in visual order."""
    strings = []
    for method in ("drawString", "drawCentredString", "drawRightString"):
        original = getattr(Canvas, method)

        def record(self, x, y, text, *args, _original=original, **kwargs):
            strings.append(text)
            return _original(self, x, y, text, *args, **kwargs)

        monkeypatch.setattr(Canvas, method, record)
    return strings


# --- 5. No ink in the printer's edge, every printout, both languages -------


@pytest.mark.parametrize("hostile", ["letter", "a4"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", KINDS)
def test_no_ink_within_0_3_inch_of_the_edge_in_either_language(hostile, lang, kind):
    assert ink_near_edges(render(kind, hostile, lang), SAFE_MARGIN / inch) == []


@pytest.mark.parametrize("hostile", ["letter", "a4"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_line_of_a_table_card_stays_in_the_safe_zone_and_clear_of_the_others(hostile, lang):
    content = render("tables", hostile, lang)
    width, height = draw.page_size(hostile.hall.paper_size)
    boxes = [(page, text, size, box) for page, text, size, box in text_boxes(content) if page == 1]
    assert len(boxes) >= 14
    for _page, text, size, (x0, y0, x1, y1) in boxes:
        assert size >= MIN_SIZE, text
        assert x0 >= SAFE_MARGIN and x1 <= width - SAFE_MARGIN, (text, x0, x1)
        assert y0 >= SAFE_MARGIN and y1 <= height - SAFE_MARGIN, (text, y0, y1)
    for i, (_p, one, _s, a) in enumerate(boxes):
        for _p2, two, _s2, b in boxes[i + 1 :]:
            overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
            assert not overlap, (one, two)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", KINDS)
def test_nothing_in_either_language_is_printed_under_the_smallest_size(hostile, lang, kind):
    small = [(t, s) for _p, t, s in text_sizes(render(kind, hostile, lang)) if s < MIN_SIZE]
    assert not small


# --- 3. Right-to-left names ------------------------------------------------


def test_an_arabic_name_is_drawn_joined_and_in_reading_order(hostile, drawn):
    render("cards", hostile)
    assert ARABIC_DRAWN in drawn
    assert ARABIC_UNJOINED not in drawn and factory.ARABIC_NAME not in drawn
    drawn.clear()
    render("results", hostile)
    assert any(ARABIC_DRAWN in text for text in drawn)
    assert not any(factory.ARABIC_NAME in text for text in drawn)


def test_a_wrapped_right_to_left_name_keeps_its_first_word_on_the_first_line():
    bold = fonts.fonts().bold
    fitted = fit_text(
        "فاطمة الزهراء", bold, width=70, height=60, max_size=15, min_size=14, max_lines=2
    )
    assert fitted.lines == ("ﺔﻤﻃﺎﻓ", "ﺀﺍﺮﻫﺰﻟﺍ")


def test_the_print_page_does_not_list_arabic_names_that_print_as_typed(
    hostile, volunteer_client, monkeypatch
):
    monkeypatch.setattr(fonts.fallback, "face_for", lambda *args, **kwargs: None)  # DejaVu only
    page = volunteer_client.get(reverse("print-index", args=[hostile.slug])).content.decode()
    assert "Couple 4: Party 🎉 Pat" in page and "Couple 6: 王秀英" in page
    assert factory.ARABIC_NAME not in page


def test_without_shaping_arabic_prints_as_the_placeholder_and_is_listed(
    hostile, volunteer_client, monkeypatch, drawn
):
    monkeypatch.setattr(fonts, "SHAPING", False)
    page = volunteer_client.get(reverse("print-index", args=[hostile.slug])).content.decode()
    assert f"Couple 5: {factory.ARABIC_NAME}" in page
    render("cards", hostile)
    assert f"{PLACEHOLDER} {PLACEHOLDER}" in drawn  # فاطمة الزهراء
    assert not any(ARABIC_UNJOINED in text or factory.ARABIC_NAME in text for text in drawn)


def test_vowel_marks_the_print_leaves_out_are_listed():
    assert fonts.unprintable("مُحَمَّد")
    assert not fonts.unprintable("محمد")


# --- 6. Punched numbers on the results sheet -------------------------------


@pytest.mark.parametrize("hostile", ["letter", "a4"], indirect=True)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_punched_game_numbers_have_a_figures_width_between_them(hostile, lang):
    content = render("results", hostile, lang)
    figure = text_width("0", fonts.fonts().regular, PUNCH_SIZE)
    rows_of_numbers: dict = {}
    for page, text, size, box in text_boxes(content):
        if size == PUNCH_SIZE and text.isdigit():
            rows_of_numbers.setdefault((page, round(box[1])), []).append(box)
    assert len(rows_of_numbers) >= 2 * (hostile.couples.count() + 1)
    for numbers in rows_of_numbers.values():
        numbers.sort()
        for left, right in zip(numbers, numbers[1:], strict=False):
            assert right[0] - left[2] >= figure - 0.01


def test_every_line_of_the_results_sheet_is_still_at_least_9_points(hostile):
    assert min(size for _p, _t, size in text_sizes(render("results", hostile, "fr"))) >= 9


# --- 7. Printed links ------------------------------------------------------

TOKEN = st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=20, max_size=60)


@settings(max_examples=200, deadline=None)
@given(token=TOKEN, width=st.floats(60, 200))
def test_a_printed_link_never_breaks_beside_a_hyphen_or_underscore(token, width):
    link = f"http://192.168.1.23:8000/t/{token}/"
    fitted = fit_text(
        link, fonts.fonts().regular, width=width, height=60, max_size=7.5, min_size=7,
        max_lines=4, link=True,
    )  # fmt: skip
    assert "".join(fitted.lines) == link
    for before, after in zip(fitted.lines, fitted.lines[1:], strict=False):
        if len(set(token) - set("-_")) > 1:  # a token of hyphens only has nowhere else
            assert before[-1] not in "-_" and after[0] not in "-_", fitted.lines


def test_a_link_breaks_at_a_slash_never_beside_the_hyphen_that_starts_its_token():
    link = "http://192.168.1.23:8000/t/-Y3IIaBcDeFgHiJkLmNoPqRsTuVw/"
    width = text_width("http://192.168.1.23:8000/t/-", fonts.fonts().regular, 7.5) + 1
    fitted = fit_text(
        link, fonts.fonts().regular, width=width, height=40, max_size=7.5, min_size=7,
        max_lines=3, link=True,
    )  # fmt: skip
    # Not "…/t/-" then "Y3II…", nor "…/t/" then "-Y3II…": the slash before.
    assert fitted.lines[0] == "http://192.168.1.23:8000/"
    assert fitted.lines[1].startswith("t/-Y3II")
    assert "".join(fitted.lines) == link


def test_the_table_cards_print_each_link_whole_and_never_broken_at_a_hyphen(hostile, drawn):
    render("tables", hostile, "fr")
    for card in rows.table_card_rows(hostile, BASE).cards:
        printed = [  # the link on one line, or on up to three (at 9 pt)
            drawn[start:end]
            for start in range(len(drawn))
            for end in range(start + 1, min(start + 3, len(drawn)) + 1)
            if "".join(drawn[start:end]) == card.qr
        ]
        assert len(printed) == 2  # on both halves of the tent card
        for lines in printed:
            for before, after in zip(lines, lines[1:], strict=False):
                assert before[-1] not in "-_" and after[0] not in "-_"
