"""The statement of the hall's books, for the treasurer to sign: landscape
Letter or A4, one row per finished evening under a header row that repeats
on every page, the totals, the cookie jar's carry-over, the evenings left
out, and lines for "Prepared by" and "Checked by" with dates."""

from __future__ import annotations

import io

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from ..fonts import MIN_SIZE, fonts, text_width
from ..rows.statement import Statement
from .common import (
    CREATOR,
    FOOTER_SIZE,
    SAFE_MARGIN,
    page_footer,
    page_size,
    para_lines,
    para_text,
    paragraph_styles,
)

SIZE = MIN_SIZE  # every figure and name: read at arm's length
PAD = 2.5  # a cell's left and right padding
ITEMS_PAD = 4  # the prizes in kind's, clear of the lines either side
MARGIN = 0.4 * inch  # 0.1 in more than the printers' unprintable edge (SAFE_MARGIN)
FLEXIBLE_MIN = 1.6 * inch  # the evening's name and the prizes in kind, together
GREY = colors.Color(0.55, 0.55, 0.55)
SIGN_LINE = 2.6 * inch  # room for a signature
DATE_LINE = 1.3 * inch


def _document(buffer: io.BytesIO, sheet: Statement) -> BaseDocTemplate:
    size = landscape(page_size(sheet.paper))
    bottom = max(MARGIN, SAFE_MARGIN + 2.2 * FOOTER_SIZE)
    title = f"{sheet.title} · {sheet.hall}"
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=bottom,
        title=title,
        author=sheet.hall,
        creator=CREATOR,
        invariant=1,
    )
    frame = Frame(MARGIN, bottom, doc.width, doc.height, 0, 0, 0, 0)
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=page_footer)])
    return doc


def _widths(sheet: Statement, width: float) -> list[float]:
    """Each figure's column as wide as its widest figure or the longest word
    of its heading; the date as wide as a date; the rest shared equally by
    the evening's name and the prizes given in kind."""
    f = fonts()
    widths: list[float] = []
    flexible = []
    for index, column in enumerate(sheet.columns):
        if column.key in ("name", "items"):
            widths.append(0)
            flexible.append(index)
            continue
        texts = [row.cells[index] for row in sheet.rows] + [sheet.totals[index]]
        widest = max(text_width(f.text(text), f.bold, SIZE) for text in texts)
        word = max(text_width(f.text(w), f.bold, SIZE) for w in column.title.split())
        widths.append(max(widest, word) + 2 * PAD + 1)
    rest = max(width - sum(widths), FLEXIBLE_MIN)
    for index in flexible:
        share = 0.5  # the evening's name, the prizes in kind: as long as each other
        widths[index] = rest * share
    return widths


def _table(sheet: Statement, width: float, styles) -> Table:
    f = fonts()
    widths = _widths(sheet, width)
    header_style = styles["head"]
    cell = styles["cell"]

    def text_cell(text: str, column: int, bold: bool = False) -> Paragraph:
        style = styles["bold"] if bold else cell
        pad = ITEMS_PAD if sheet.columns[column].key == "items" else PAD
        lines = para_lines(text, style.fontName, SIZE, widths[column] - 2 * pad - 1)
        return Paragraph(lines, style)

    data = [
        [
            Paragraph(
                para_text(column.title), styles["head_right"] if column.amount else header_style
            )
            for column in sheet.columns
        ]
    ]
    for row in sheet.rows:
        cells: list = []
        for index, (column, value) in enumerate(zip(sheet.columns, row.cells, strict=True)):
            if column.key == "name":
                value = f"{value} ({row.mark})" if row.mark else value
                cells.append(text_cell(value, index))
            elif column.key == "items":
                cells.append(text_cell(value, index))
            else:
                cells.append(f.text(value))
        data.append(cells)
    totals: list = []
    for index, (column, value) in enumerate(zip(sheet.columns, sheet.totals, strict=True)):
        if column.key in ("name", "items"):
            totals.append(text_cell(value, index, bold=True))
        else:
            totals.append(f.text(value))
    data.append(totals)
    commands = [
        ("FONT", (0, 1), (-1, -1), f.regular, SIZE, SIZE * 1.2),
        ("FONT", (0, -1), (-1, -1), f.bold, SIZE, SIZE * 1.2),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, colors.black),
        ("LINEABOVE", (0, -1), (-1, -1), 0.9, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, colors.Color(0.92, 0.92, 0.92)]),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
    ]
    for index, column in enumerate(sheet.columns):
        if column.amount:
            commands.append(("ALIGN", (index, 1), (index, -1), "RIGHT"))
        if column.key == "items":  # words between two columns of figures: set apart
            commands.append(("LINEBEFORE", (index, 0), (index, -1), 0.4, GREY))
            commands.append(("LINEAFTER", (index, 0), (index, -1), 0.4, GREY))
            commands.append(("LEFTPADDING", (index, 0), (index, -1), ITEMS_PAD))
            commands.append(("RIGHTPADDING", (index, 0), (index, -1), ITEMS_PAD))
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(commands))
    return table


def _pairs(pairs, styles, width: float) -> Table:
    """Label and amount, the last one a total."""
    data = [[Paragraph(para_text(label), styles["cell"]), amount] for label, amount in pairs]
    f = fonts()
    table = Table(data, colWidths=[width - 1.2 * inch, 1.2 * inch], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONT", (1, 0), (1, -1), f.regular, SIZE),
                ("FONT", (1, -1), (1, -1), f.bold, SIZE),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEABOVE", (0, -1), (-1, -1), 0.6, colors.black),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
                ("LEFTPADDING", (0, 0), (-1, -1), PAD),
                ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
            ]
        )
    )
    return table


def _signatures(styles) -> Table:
    """ "Prepared by" and "Checked by", each with a line to sign on and a
    line for the date, tall enough to write on."""
    rows = [
        [
            Paragraph(para_text(label), styles["bold"]),
            "",
            Paragraph(para_text(_("Date")), styles["bold"]),
            "",
        ]
        for label in (_("Prepared by"), _("Checked by"))
    ]
    table = Table(
        rows,
        colWidths=[1.3 * inch, SIGN_LINE, 0.6 * inch, DATE_LINE],
        rowHeights=[0.5 * inch] * len(rows),
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LINEBELOW", (1, 0), (1, -1), 0.8, colors.black),
                ("LINEBELOW", (3, 0), (3, -1), 0.8, colors.black),
                ("LEFTPADDING", (0, 0), (-1, -1), PAD),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return table


def draw_statement(sheet: Statement) -> bytes:
    styles = paragraph_styles(smallest=SIZE)
    f = fonts()
    styles["head"] = ParagraphStyle("head", styles["cell"], fontName=f.bold)
    styles["head_right"] = ParagraphStyle("head_right", styles["head"], alignment=2)
    styles["bold"] = ParagraphStyle("bold", styles["cell"], fontName=f.bold)
    buffer = io.BytesIO()
    doc = _document(buffer, sheet)
    story: list = [
        Paragraph(para_text(f"{sheet.title} · {sheet.hall}"), styles["title"]),
        Paragraph(para_text(sheet.period), styles["subtitle"]),
    ]
    if sheet.licence:
        story.append(Paragraph(para_text(sheet.licence), styles["subtitle"]))
    story.append(Spacer(1, 6))
    for warning in sheet.warnings:
        story.append(Paragraph("⚠ " + para_text(warning), styles["small"]))
    if sheet.rows:
        story.append(_table(sheet, doc.width, styles))
    else:
        story.append(Paragraph(para_text(sheet.empty), styles["body"]))
    for note in sheet.notes:
        story.append(Paragraph(para_text(note), styles["small"]))
    half = min(doc.width / 2 - 0.2 * inch, 4.6 * inch)
    money = [Paragraph(para_text(_("Money")), styles["h2"]), _pairs(sheet.summary, styles, half)]
    jar = []
    if sheet.jar:
        jar = [Paragraph(para_text(_("Cookie jar")), styles["h2"]), _pairs(sheet.jar, styles, half)]
    side = Table([[money, jar]], colWidths=[half + 0.4 * inch, half], hAlign="LEFT")
    side.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    # What is signed stays together: the money, the jar, what was left out,
    # and the lines to sign, on the page after the table if they do not fit.
    end: list = [Spacer(1, 4), side]
    if sheet.in_kind:
        label = _("Prizes given in kind: %(items)s") % {"items": sheet.in_kind}
        end.append(Paragraph(para_text(label), styles["small"]))
    if sheet.left_out:
        end.append(Paragraph(para_text(_("Not in the totals")), styles["h2"]))
        end += [Paragraph(para_text(line), styles["small"]) for line in sheet.left_out]
    end += [Spacer(1, 10), _signatures(styles)]
    story.append(KeepTogether(end))
    doc.build(story)
    return buffer.getvalue()
