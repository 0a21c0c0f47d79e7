"""The volunteer quick-start: one page, the site's address with a QR code to
sign in, and the four jobs of a volunteer."""

import io

from django.utils.translation import gettext as _
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepInFrame, Paragraph, Table, TableStyle

from .. import rows as r
from ..qr import draw_qr
from .common import flowing_document, para_text, paragraph_styles, title_block

QR_SIZE = 1.6 * inch  # scans from arm's length on a cheap phone


class QrCode(Flowable):
    """A QR code as a platypus flowable (drawn by scoring.printing.qr)."""

    def __init__(self, payload: str, size: float):
        super().__init__()
        self.payload = payload
        self.width = self.height = size

    def draw(self) -> None:
        draw_qr(self.canv, self.payload, 0, 0, self.width)


def draw_quick_start(sheet: r.QuickStart) -> bytes:
    styles = paragraph_styles()
    big = styles["title"].clone("big", fontSize=15, leading=20)
    plain = styles["body"].clone("qs-plain", fontSize=11.5, leading=15)
    buffer = io.BytesIO()
    title = _("Volunteer quick-start")
    doc = flowing_document(buffer, sheet.heading, title, margin=0.6 * inch)
    story = title_block(styles, sheet.heading, title, doc.width)
    address = [
        Paragraph(para_text(_("On your phone, on the hall's Wi-Fi, open:")), plain),
        Paragraph(para_text(sheet.site_url), big),
        Paragraph(
            para_text(_("Or scan the code to sign in, then ask the organizer for your account.")),
            plain,
        ),
    ]
    box = Table(
        [[address, QrCode(sheet.login_url, QR_SIZE)]],
        colWidths=[doc.width - QR_SIZE - 12, QR_SIZE + 12],
    )
    box.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.8, "black"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    story.append(box)
    body = styles["body"].clone("qs-body", fontSize=12, leading=15.5)
    step = styles["bullet"].clone("qs-step", fontSize=12, leading=15.5, leftIndent=16)
    h2 = styles["h2"].clone("qs-h2", fontSize=14.5, leading=18, spaceBefore=12)
    for section in sheet.sections:
        story.append(Paragraph(para_text(section.title), h2))
        for number, text in enumerate(section.steps, start=1):
            story.append(Paragraph(para_text(text), step, bulletText=f"{number}."))
    story.append(Paragraph("", body))
    # One page whatever the language: shrink the whole sheet if it runs over.
    doc.build([KeepInFrame(doc.width, doc.height, story, mode="shrink")])
    return buffer.getvalue()
