"""Table cards: a tent card per table, readable from both sides."""

import io

from django.utils.translation import gettext as _
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from .. import rows as r
from ..fonts import MIN_SIZE, Fitted, fit_text, fonts
from ..qr import draw_qr
from .common import GRID_GREY, SAFE_MARGIN, draw_fitted, new_canvas, page_size


def table_number_fit(number: int, width: float, height: float) -> Fitted:
    return fit_text(
        str(number),
        fonts().bold,
        width=width,
        height=height,
        max_size=320,
        min_size=60,
        max_lines=1,
    )


def _draw_table_half(canvas: Canvas, card: r.TableCard, heading: r.Heading, w: float, h: float):
    """One face of the tent card, in a w x h box with its origin at (0, 0)."""
    f = fonts()
    margin = 0.4 * inch
    qr_size = min(2.3 * inch, h - 2 * margin - 40)
    qr_x = w - margin - qr_size
    qr_y = (h - qr_size) / 2 - 6
    draw_qr(canvas, card.qr, qr_x, qr_y, qr_size)
    canvas.setFont(f.bold, 11)
    canvas.drawCentredString(qr_x + qr_size / 2, qr_y + qr_size + 16, _("Report your result"))
    canvas.setFont(f.regular, 8.5)
    canvas.drawCentredString(
        qr_x + qr_size / 2, qr_y + qr_size + 5, _("Scan with your phone's camera")
    )
    # The link under the code, as wide as the margin allows (never in the printer's edge).
    spill = margin - SAFE_MARGIN
    link = fit_text(
        card.qr, f.regular, width=qr_size + 2 * spill, height=20, max_size=7.5, min_size=MIN_SIZE
    )
    draw_fitted(canvas, link, qr_x - spill, qr_y - 3, align="center", width=qr_size + 2 * spill)
    # The number, as big as the space allows.
    number_w = qr_x - margin - 0.3 * inch
    canvas.setFont(f.bold, 30)
    canvas.drawCentredString(margin + number_w / 2, h - margin - 26, _("TABLE").upper())
    number_h = h - 2 * margin - 70
    fitted = table_number_fit(card.number, number_w, number_h)
    size = fitted.size
    canvas.setFont(f.bold, size)
    center_y = margin + 22 + number_h / 2
    canvas.drawCentredString(margin + number_w / 2, center_y - 0.36 * size, fitted.lines[0])
    footer = fit_text(
        f"{heading.hall} · {heading.evening} · {heading.date}",
        f.regular,
        width=number_w,
        height=14,
        max_size=9,
        min_size=MIN_SIZE,
    )
    draw_fitted(canvas, footer, margin, margin + 14, align="center", width=number_w)


def draw_table_cards(sheet: r.TableCardSheet) -> bytes:
    """A page per table, folded across the middle into a tent: the top half is
    drawn upside down so the card reads the right way up from both sides."""
    w, h = page_size(sheet.heading.paper)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (w, h), sheet.heading, _("Table cards"))
    f = fonts()
    for index, card in enumerate(sheet.cards):
        if index:
            canvas.showPage()
        _draw_table_half(canvas, card, sheet.heading, w, h / 2)
        canvas.saveState()
        canvas.translate(w, h)
        canvas.rotate(180)
        _draw_table_half(canvas, card, sheet.heading, w, h / 2)
        canvas.restoreState()
        # The fold.
        canvas.saveState()
        canvas.setStrokeGray(GRID_GREY)
        canvas.setLineWidth(0.5)
        canvas.setDash(4, 4)
        canvas.line(SAFE_MARGIN, h / 2, w - SAFE_MARGIN, h / 2)
        canvas.setFillGray(GRID_GREY)
        canvas.setFont(f.regular, 8)
        canvas.drawString(SAFE_MARGIN + 2, h / 2 + 3, _("fold"))
        canvas.drawRightString(w - SAFE_MARGIN - 2, h / 2 + 3, _("fold"))
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
