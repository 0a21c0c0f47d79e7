"""The self check-in card: one page for the door, a big QR code couples
scan while they wait in line, and what to do, in words."""

import io

from django.utils.translation import gettext as _
from reportlab.lib.units import inch

from .. import rows as r
from ..fonts import fonts
from ..qr import draw_qr
from .common import SAFE_MARGIN, draw_text, heading_line, new_canvas, page_size

MARGIN = 0.6 * inch
QR_SIZE = 4.8 * inch  # scans from a step or two away, over a shoulder in line


def draw_checkin_card(card: r.CheckinCard) -> bytes:
    w, h = page_size(card.heading.paper)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (w, h), card.heading, _("Self check-in card"))
    f = fonts()
    width = w - 2 * MARGIN
    top = h - MARGIN
    title = draw_text(
        canvas, _("Check in on your phone"), f.bold, MARGIN, top, width, 100,
        size=44, min_size=30, max_lines=2, align="center",
    )  # fmt: skip
    top -= title.height + 10
    steps = draw_text(
        canvas,
        _(
            "While you wait in line: scan the code with your phone's camera, type both "
            "names, then show your phone to the volunteer at the door."
        ),
        f.regular, MARGIN, top, width, 80, size=20, min_size=16, max_lines=3, align="center",
    )  # fmt: skip
    top -= steps.height + 18
    qr_size = min(QR_SIZE, top - MARGIN - 1.3 * inch)
    qr_y = top - qr_size
    draw_qr(canvas, card.qr, (w - qr_size) / 2, qr_y, qr_size)
    link = draw_text(
        canvas, card.qr, f.regular, MARGIN, qr_y - 4, width, 30,
        size=11, align="center", link=True,
    )  # fmt: skip
    below = qr_y - 4 - link.height - 10
    draw_text(
        canvas,
        _("Your number comes when the volunteer confirms you. No phone? Just come to the door."),
        f.regular, MARGIN, below, width, 40, size=14, min_size=12, align="center",
    )  # fmt: skip
    draw_text(
        canvas, heading_line(card.heading),
        f.regular, MARGIN, SAFE_MARGIN + 0.35 * inch, width, 0.35 * inch,
        size=11, max_lines=1, align="center",
    )  # fmt: skip
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
