"""Table cards: a tent card per table, readable from both sides."""

import io

from django.utils.translation import gettext as _
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from .. import rows as r
from ..fitting import Fitted, fit_text
from ..fonts import LEADING, MIN_SIZE, fonts
from ..qr import draw_qr
from .common import GRID_GREY, SAFE_MARGIN, draw_text, heading_line, new_canvas, page_size


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
    # The words over the code and the link under it, as wide as the margin
    # allows (never in the printer's edge), each fitted to its box.
    spill = margin - SAFE_MARGIN
    text_x, text_w = qr_x - spill, qr_size + 2 * spill
    caption_top = qr_y + qr_size + 40
    title = draw_text(
        canvas, _("Report your result"), f.bold, text_x, caption_top, text_w, 14,
        size=11, max_lines=1, align="center",
    )  # fmt: skip
    draw_text(
        canvas, _("Scan with your phone's camera"), f.regular, text_x,
        caption_top - title.height, text_w, 40 - title.height - 2,
        size=10, align="center",
    )  # fmt: skip
    draw_text(
        canvas, card.qr, f.regular, text_x, qr_y - 3, text_w, 3 * MIN_SIZE * LEADING,
        size=MIN_SIZE, max_lines=3, align="center", link=True,
    )  # fmt: skip
    # The number, as big as the space allows.
    number_w = qr_x - margin - 0.3 * inch
    draw_text(
        canvas, _("TABLE").upper(), f.bold, margin, h - margin, number_w, 36,
        size=30, max_lines=1, align="center",
    )  # fmt: skip
    number_h = h - 2 * margin - 70
    fitted = table_number_fit(card.number, number_w, number_h)
    size = fitted.size
    canvas.setFont(f.bold, size)
    center_y = margin + 22 + number_h / 2
    canvas.drawCentredString(margin + number_w / 2, center_y - 0.36 * size, fitted.lines[0])
    draw_text(
        canvas, heading_line(heading), f.regular,
        margin, margin + 14, number_w, 14 + margin - SAFE_MARGIN,
        size=9, align="center",
    )  # fmt: skip


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
        for x, align in ((SAFE_MARGIN + 2, "left"), (w - SAFE_MARGIN - 2 - inch, "right")):
            draw_text(
                canvas, _("fold"), f.regular, x, h / 2 + 2 + MIN_SIZE * LEADING, inch,
                MIN_SIZE * LEADING, size=MIN_SIZE, max_lines=1, align=align,
            )  # fmt: skip
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
