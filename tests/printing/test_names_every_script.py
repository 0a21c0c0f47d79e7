"""Names of every script on paper (issue 48, points 10 and 11), measured in
the PDFs as printed (`pdftotext -bbox`: each word where it stands on the
paper) and rendered (`pdftoppm`):

- a name mixing scripts keeps its order when it wraps: the bidirectional
  algorithm runs on each line after wrapping, each name set apart from the
  amount and the words beside it ("Yosef יוסף MacLeod" printed
  "…Yosef / MacLeod יוסף", and "MacLeod · $60.00 יוסף" in the prizes);
- Chinese (and emoji, where the machine has a font with plain outlines)
  print in a font the machine has, not as "�" ("� & �" on a couple's card);
  only what no font can print is listed on the print page.

The tests that need a font skip, saying which, on a machine without it."""

import io
from decimal import Decimal
from pathlib import Path

import pytest
from django.urls import reverse
from reportlab.lib.pagesizes import landscape, letter
from reportlab.pdfgen.canvas import Canvas

from scoring.models import Prize
from scoring.printing import documents, draw, fallback, fonts, rows
from scoring.printing.draw.cue_cards import CARD_H, CARD_W
from scoring.printing.fitting import fit_lines
from scoring.printing.fonts import PLACEHOLDER, isolate
from tables.models import Couple

from . import factory
from .pdf import all_text, drawn_lines, fonts_embedded, ink_in

BASE = "http://192.168.1.23:8000/"
MIXED = "Anne-Marie Bernadette Yosef יוסף MacLeod"  # left-to-right: it starts with Latin
HEBREW_FIRST = "יוסף MacLeod"  # right-to-left: it starts with Hebrew
DRAWN = "ףסוי"  # יוסף as it stands on the paper, left to right
CJK = fallback.face_for("王", bold=False)
EMOJI = fallback.face_for("🎉", bold=False)
needs_cjk_font = pytest.mark.skipif(
    CJK is None,
    reason="no font on this machine draws Chinese: install fonts-noto-cjk (Debian)",
)
needs_emoji_font = pytest.mark.skipif(
    EMOJI is None,
    reason="no emoji font with plain outlines on this machine (Debian: fonts-symbola); "
    "colour emoji fonts cannot go into a PDF",
)


def render(kind, evening, language="en"):
    from django.utils import translation

    with translation.override(language):
        return documents.render(kind, evening, base_url=BASE, blank=0).content


def lines_of(content: bytes) -> list[str]:
    return [line for page in drawn_lines(content) for line in page]


@pytest.fixture
def first_prize_to(db):
    """The finished evening, its first prize ($60.00) won by couple 2, whose
    names are set by the test."""

    def named(player1: str, player2: str = "Ann Boudreau"):
        evening = factory.full_evening()
        Couple.objects.filter(evening=evening, number=2).update(player1=player1, player2=player2)
        Prize.objects.filter(evening=evening, place=1).update(amount=Decimal("60.00"))
        return evening

    return named


# --- 10. Each line in reading order, each name set apart ----------------------


def test_a_mixed_name_wrapped_in_the_prizes_keeps_its_order_and_the_amount_last(first_prize_to):
    evening = first_prize_to(MIXED)
    winners = rows.results_rows(evening).prizes[0].winners
    # The name set apart (a first-strong isolate): it has a Hebrew word.
    assert winners == (f"Couple 2 · \u2068{MIXED}\u2069 & Ann Boudreau\u00a0·\u00a0$60.00",)
    lines = lines_of(render("results", evening))
    # The column breaks the name after "Yosef": its second line keeps the
    # name's own direction (left to right, from "Anne"), and the amount
    # stays at the end: not "MacLeod & Ann Boudreau · $60.00 ףסוי".
    assert any("Couple 2 · Anne-Marie Bernadette Yosef Cut:" in line for line in lines), lines
    assert any(f"{DRAWN} MacLeod & Ann Boudreau · $60.00" in line for line in lines), lines
    # The standings break it after "Yosef" too.
    assert sum(f"{DRAWN} MacLeod & Ann Boudreau" in line for line in lines) == 2, lines


def test_a_right_to_left_name_reads_right_to_left_between_the_couple_and_the_amount(
    first_prize_to,
):
    lines = lines_of(render("results", first_prize_to(HEBREW_FIRST)))
    # יוסף first, from the right; "Couple 2" before it, the partner and the
    # amount after it (on the next line), in the standings too.
    assert any(f"Couple 2 · MacLeod {DRAWN} & Ann" in line for line in lines), lines
    assert any("Boudreau · $60.00" in line for line in lines), lines
    assert any(f"MacLeod {DRAWN} & Ann Boudreau" in line for line in lines), lines
    assert not any(f"{DRAWN} MacLeod" in line for line in lines)


def test_the_amount_never_goes_onto_a_line_alone():
    """The no-break spaces either side of "·" hold the amount to the name."""
    f = fonts.fonts()
    text = f"Couple 2 · {isolate(MIXED)} & Ann Boudreau\u00a0·\u00a0$60.00"
    for width in range(120, 400, 7):
        lines = fit_lines(text, f.regular, 9, width).lines
        assert not any(line.strip(" ·\u00a0") == "$60.00" for line in lines), lines


def test_a_cue_cards_wrapped_mixed_name_keeps_its_direction_on_every_line(db):
    evening = factory.make_evening(couples=1, names=[(MIXED, "Ann Boudreau")])
    lines = lines_of(render("cards", evening))
    assert f"{DRAWN} MacLeod" in lines, lines  # "Yosef" on the line before
    assert f"MacLeod {DRAWN}" not in " ".join(lines)


def test_an_isolate_cut_by_a_line_break_closes_and_opens_again():
    f = fonts.fonts()
    text = f"Winner: {isolate('Yosef יוסף MacLeod')} · ticket 12"
    widths = {fonts.text_width(word, f.regular, 10) for word in text.split(" ")}
    lines = fit_lines(text, f.regular, 10, max(widths) + 1).lines
    assert lines[:4] == ("Winner:", "Yosef", DRAWN, "MacLeod")  # left to right on each
    rtl = fit_lines(f"Winner: {isolate(HEBREW_FIRST)} · $4.00", f.regular, 10, 500).lines
    assert rtl == (f"Winner: MacLeod {DRAWN} · $4.00",)


def test_a_name_without_a_right_to_left_letter_is_left_as_it_is():
    assert isolate("Marie-Thérèse LeBlanc") == "Marie-Thérèse LeBlanc"
    assert isolate(HEBREW_FIRST) == f"\u2068{HEBREW_FIRST}\u2069"


# --- 11. The fonts the machine has ---------------------------------------------


def names_box(evening) -> tuple[float, float, float, float]:
    """The first cue card's names box on its page, in points."""
    sheet = rows.cue_card_rows(evening, BASE)
    box = draw.cue_card_layout(sheet.cards[0], sheet).boxes["names"]
    width, height = landscape(letter)
    x0, y0 = (width - 2 * CARD_W) / 2, (height - 2 * CARD_H) / 2 + CARD_H
    return (x0 + box.x, y0 + box.y, x0 + box.right, y0 + box.top)


@needs_cjk_font
def test_a_couple_card_prints_chinese_names_in_the_cjk_font(db, monkeypatch):
    """The card read "� & �"; it reads 王秀英 & 李小龍, drawn in the CJK font."""
    evening = factory.make_evening(couples=1, names=[("王秀英", "李小龍")])
    content = render("cards", evening)
    lines = lines_of(content)
    assert [line for line in lines if line in ("王秀英", "&", "李小龍")] == [
        "王秀英",
        "&",
        "李小龍",
    ]
    assert PLACEHOLDER not in all_text(content)
    assert any("CJK" in name for name in fonts_embedded(content)), fonts_embedded(content)
    # Rendered: the names box holds the glyphs, not two "?" diamonds as before.
    monkeypatch.setattr(fallback, "face_for", lambda *args, **kwargs: None)
    before = render("cards", evening)
    assert lines_of(before).count(PLACEHOLDER) == 2
    assert ink_in(content, names_box(evening)) > 2 * ink_in(before, names_box(evening))


@needs_cjk_font
def test_bold_chinese_prints_in_the_bold_cjk_font_beside_latin(first_prize_to):
    """A prize winner's row of the standings is bold: so are its Chinese names."""
    content = render("results", first_prize_to("Bruce 李小龍 Lee", "王秀英"))
    lines = lines_of(content)
    assert any("Bruce 李小龍 Lee & 王秀英" in line for line in lines), lines
    embedded = fonts_embedded(content)
    assert any("CJK" in name and "Bold" in name for name in embedded), embedded
    assert PLACEHOLDER not in all_text(content)


@needs_cjk_font
def test_two_versions_of_the_cjk_font_in_one_pdf_each_print_their_own_names():
    """The converted CJK font is made again when a character not yet in it
    is asked for, also while a PDF is being drawn (a server prints many
    PDFs in one process; a font grown past MAX_CHARACTERS starts again).
    Both versions went into the PDF under one name, so the PDF kept one
    font file and one ToUnicode map for both: in a full test run the
    couple's card and the results sheet printed "& 李小龍" without 王秀英."""
    f = fonts.fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    fonts.draw_line(canvas, "王秀英", f.regular, 20, 72, 700)
    first = CJK.font_for("王秀英")
    # A character the font does not hold yet: drawing it makes a new version.
    new = next(chr(c) for c in range(0x4E00, 0xA000) if c in CJK.covers and c not in CJK._built)
    fonts.draw_line(canvas, f"李小龍{new}", f.regular, 20, 72, 600)
    assert CJK.font_for("李") != first
    canvas.save()
    content = buffer.getvalue()
    assert lines_of(content) == ["王秀英", f"李小龍{new}"]
    assert len([name for name in fonts_embedded(content) if "CJK" in name]) == 2


@needs_cjk_font
def test_a_japanese_name_takes_the_japanese_forms(db):
    if not fallback.faces(False, "ja")[0].path.name.endswith(".ttc"):
        pytest.skip("the CJK font here is one font for every language")
    evening = factory.make_evening(couples=1, names=[("山田はなこ", "Ann Boudreau")])
    embedded = fonts_embedded(render("cards", evening))
    assert any("CJK" in name and "JP" in name.upper() for name in embedded), embedded


@needs_cjk_font
def test_the_print_page_lists_only_what_no_font_can_print(db, volunteer_client):
    evening = factory.make_evening(couples=2, names=[("王秀英", "Party 🎉 Pat"), ("Ann", "Al")])
    page = volunteer_client.get(reverse("print-index", args=[evening.slug])).content.decode()
    assert "王秀英" not in page
    assert ("Couple 1: Party 🎉 Pat" in page) is (EMOJI is None)


@needs_emoji_font
def test_an_emoji_prints_in_the_emoji_font(db):
    evening = factory.make_evening(couples=1, names=[("Party 🎉 Pat", "Ann Boudreau")])
    content = render("cards", evening)
    assert "🎉" in all_text(content) and PLACEHOLDER not in all_text(content)


def test_the_ci_installs_the_cjk_font_when_it_is_missing():
    ci = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text()
    assert "NotoSansCJK-Regular.ttc ] || need+=(fonts-noto-cjk)" in ci


@pytest.fixture
def no_fallback_font(monkeypatch):
    """A machine with DejaVu Sans and no other font."""
    monkeypatch.setattr(fallback, "face_for", lambda *args, **kwargs: None)


def test_without_a_font_for_them_chinese_and_emoji_print_as_the_placeholder_and_are_listed(
    db, no_fallback_font, volunteer_client
):
    evening = factory.make_evening(couples=1, names=[("Bruce 李小龍 Lee", "Party 🎉 Pat")])
    for kind in ("cards", "results"):
        text = all_text(render(kind, evening))
        assert f"Bruce {PLACEHOLDER} Lee" in text and f"Party {PLACEHOLDER} Pat" in text
        assert "李" not in text and "🎉" not in text
    page = volunteer_client.get(reverse("print-index", args=[evening.slug])).content.decode()
    assert "Couple 1: Bruce 李小龍 Lee" in page and "Couple 1: Party 🎉 Pat" in page
