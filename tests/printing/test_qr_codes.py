"""QR codes: reportlab's own encoder (QrCodeWidget), the mask chosen exactly
as reportlab chooses it, drawn into the PDF and read back from it."""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.graphics.barcode import qrencoder
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.pdfgen.canvas import Canvas

from scoring.printing import qr

from .pdf import forms_drawn, qr_codes, reader


def widget_modules(payload: str):
    """What QrCodeWidget itself draws for `payload`."""
    code = QrCodeWidget(payload, barLevel="M").qr
    code.make()
    return tuple(tuple(bool(dark) for dark in row) for row in code.modules)


# Any text reportlab itself can encode: it mistakes a text ending in a newline
# for its alphanumeric mode and fails (links never end in one).
TEXT = st.text(min_size=1, max_size=400).filter(lambda text: not text.endswith("\n"))
URL = st.from_regex(
    r"https?://[a-z0-9.:]{3,30}/(e/[a-z0-9-]{1,60}/couple/[0-9]{1,3}/|t/[A-Za-z0-9_-]{32}/)",
    fullmatch=True,
)


@settings(max_examples=60, deadline=None)
@given(URL | TEXT)
def test_the_code_is_exactly_the_one_qrcodewidget_draws(payload):
    assert qr.qr_modules(payload) == widget_modules(payload)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="abcdefghij0123456789:/.-_", min_size=1, max_size=150), st.integers(0, 7))
def test_the_fast_penalty_matches_reportlabs_for_every_mask(payload, mask):
    code = QrCodeWidget(payload, barLevel="M").qr
    code.version = code.calculate_version()
    code.makeImpl(True, mask)
    assert qr._penalty(code.modules) == qrencoder.QRUtil.getLostPoint(code)


def test_a_code_drawn_twice_is_stored_once_and_reads_back_as_its_link():
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


@settings(max_examples=60, deadline=None)
@given(TEXT)
def test_the_error_correction_bytes_are_reportlabs(payload):
    code = QrCodeWidget(payload, barLevel="M").qr
    code.version = code.calculate_version()
    expected = qrencoder.QRCode.createData(code.version, code.errorCorrectLevel, code.dataList)
    assert qr.create_data(code.version, code.errorCorrectLevel, code.dataList) == list(expected)


@pytest.mark.parametrize("length", [1, 40, 100, 200, 400, 800])
def test_large_codes_with_version_bits_are_reportlabs_too(length):
    payload = ("http://192.168.1.23:8000/t/" + "x7-" * 300)[:length]
    assert qr.qr_modules(payload) == widget_modules(payload)
