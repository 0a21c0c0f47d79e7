"""QR codes: encoded by segno, drawn into the PDF once per code, and read back
off the printed pages by a real decoder (zbarimg), link for link."""

import io

import pytest
import segno
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from scoring.printing import documents, qr

from . import factory
from .pdf import ZBARIMG, decoded_qr_codes, forms_drawn, qr_codes, reader

BASE = "http://192.168.1.23:8000/"
needs_zbarimg = pytest.mark.skipif(
    ZBARIMG is None, reason="zbarimg is not installed (Debian package zbar-tools)"
)

URL = st.from_regex(
    r"https?://[a-z0-9.:]{3,30}/(e/[a-z0-9-]{1,60}/couple/[0-9]{1,3}/|t/[A-Za-z0-9_-]{32}/)",
    fullmatch=True,
)


@settings(max_examples=40, deadline=None)
@given(URL)
def test_the_modules_are_segnos_code_for_the_link(payload):
    code = segno.make_qr(payload, error="m", mask=qr.MASK, boost_error=False)
    assert qr.qr_modules(payload) == tuple(bytes(row) for row in code.matrix)
    assert code.error == "M" and code.mask == qr.MASK


def test_a_code_drawn_twice_is_stored_once_and_reads_back_as_its_modules():
    link = "http://192.168.1.23:8000/t/a5RKRv9H3SzGo3kG6h84OmV2Q9oEm81Q/"
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    qr.draw_qr(canvas, link, 100, 100, 72)
    qr.draw_qr(canvas, link, 300, 300, 144)
    canvas.showPage()
    canvas.save()
    page = reader(buffer.getvalue()).pages[0]
    codes = qr_codes(page)
    assert list(codes.values()) == [qr.qr_modules(link)]
    assert forms_drawn(page) == list(codes) * 2


@needs_zbarimg
@pytest.mark.parametrize("length", [20, 120, 300])
def test_codes_of_every_size_decode_to_their_text(length):
    """Short links and long ones (versions with version bits) alike."""
    link = ("http://192.168.1.23:8000/t/" + "x7-" * 120)[:length]
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    qr.draw_qr(canvas, link, 100, 300, 300)
    canvas.showPage()
    canvas.save()
    assert decoded_qr_codes(buffer.getvalue()) == [[link]]


@needs_zbarimg
@pytest.mark.django_db
def test_every_code_of_a_printed_evening_decodes_to_its_link():
    """Cue cards (couples and walk-in cards) and table cards (both halves of
    the tent) of a seated evening, every page, read by zbarimg."""
    evening = factory.make_evening(couples=7)
    factory.seat_game_one(evening)
    cards = documents.rows.cue_card_rows(evening, BASE, blank=2)
    pdf = documents.render("cards", evening, base_url=BASE, blank=2).content
    decoded = decoded_qr_codes(pdf)
    expected = [card.qr for card in cards.cards]
    assert len(decoded) == 3  # 9 cards, four to a page
    assert sorted(link for page in decoded for link in page) == sorted(expected)
    for page, links in zip(decoded, (expected[0:4], expected[4:8], expected[8:]), strict=True):
        assert page == sorted(links)

    tables = documents.rows.table_card_rows(evening, BASE)
    pdf = documents.render("tables", evening, base_url=BASE).content
    assert decoded_qr_codes(pdf) == [[card.qr, card.qr] for card in tables.cards]
