"""Draw the printing rows (scoring.printing.rows) as PDF pages with reportlab.

Cue cards and table cards are drawn on a canvas at fixed positions; the rules
card and the results sheet flow with platypus. Everything is black and white
friendly (the red suits are a dark red that prints as dark grey), and all text
is real text, so it can be searched and extracted. User text never reaches
platypus markup unescaped.
"""

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    KeepInFrame,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from . import rows as r
from .fonts import Fitted, fit_text, fonts
from .qr import draw_qr

# Page streams compressed as binary Flate, without reportlab's default ASCII
# base-85 layer: smaller files, and no pure-Python encoding pass (reportlab's
# C accelerators are not installed). Only these PDFs use reportlab here.
rl_config.useA85 = 0

DARK_RED = colors.Color(0.62, 0, 0)
GRID_GREY = 0.55  # cut guides: visible on paper, quieter than the content
CREATOR = "CardNight"


def page_size(paper: str) -> tuple[float, float]:
    return A4 if paper == "a4" else letter


def _canvas(buffer: io.BytesIO, size, heading: r.Heading, title: str) -> Canvas:
    canvas = Canvas(buffer, pagesize=size, pageCompression=1, invariant=1)
    canvas.setTitle(f"{title} · {heading.evening}")
    canvas.setAuthor(heading.hall)
    canvas.setCreator(CREATOR)
    return canvas


def draw_fitted(
    canvas: Canvas, fitted: Fitted, x: float, top: float, *, align: str = "left", width: float = 0
) -> float:
    """Draw `fitted` lines from `top` down; returns the y under the last line."""
    canvas.setFont(fitted.font, fitted.size)
    y = top
    for line in fitted.lines:
        y -= fitted.size * 1.2
        baseline = y + fitted.size * 0.25
        if align == "center":
            canvas.drawCentredString(x + width / 2, baseline, line)
        elif align == "right":
            canvas.drawRightString(x + width, baseline, line)
        else:
            canvas.drawString(x, baseline, line)
    return y


# --- Cue cards -----------------------------------------------------------------

CARD_W, CARD_H = 5 * inch, 3 * inch  # an index card
CARD_PAD = 12  # room for a wobbly cut
MIN_HOLE = 0.25 * inch  # a hole punch makes a 1/4 in hole
PITCH_MAX = 26  # circle spacing when there is room (0.36 in)
CIRCLE_GAP = 3


@dataclass(frozen=True, slots=True)
class CircleGrid:
    """Where the game numbers go on a cue card."""

    rows: int
    columns: int
    pitch: float

    @property
    def diameter(self) -> float:
        return self.pitch - CIRCLE_GAP

    @property
    def height(self) -> float:
        return self.rows * self.pitch


def circle_grid(games: int, width: float = CARD_W - 2 * CARD_PAD) -> CircleGrid:
    """The fewest rows of circles, each circle at least a hole punch wide."""
    for rows in range(1, games + 1):
        columns = math.ceil(games / rows)
        pitch = min(PITCH_MAX, width / columns)
        if pitch - CIRCLE_GAP >= MIN_HOLE:
            return CircleGrid(rows, columns, pitch)
    raise ValueError(games)  # cannot happen: one circle per row always fits


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle on a card, from its bottom-left corner, in points."""

    x: float
    y: float
    w: float
    h: float

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    def overlaps(self, other: "Box") -> bool:
        return (
            self.x < other.right
            and other.x < self.right
            and self.y < other.top
            and other.y < self.top
        )

    def contains(self, other: "Box") -> bool:
        return (
            self.x <= other.x
            and other.right <= self.right
            and self.y <= other.y
            and other.top <= self.top
        )


@dataclass(frozen=True, slots=True)
class CueCardLayout:
    """Where everything on one cue card goes, and its text fitted to the
    space: computed without drawing, so tests can check that nothing overflows
    the card or runs into anything else."""

    grid: CircleGrid
    boxes: dict[str, Box]
    header: Fitted
    number: Fitted | None
    start_note: Fitted | None
    player1: Fitted
    player2: Fitted


NUMBER_W = 84  # the couple number column
GAP = 8
LABEL_H = 8  # the small capitals labels: COUPLE, STARTING TABLE
START_H = 20  # the starting table value (or its box)
START_W = 38
DIGIT_HEIGHT = 0.76  # DejaVu Sans Bold digits, as a fraction of the font size


def cue_card_layout(card: r.CueCard, sheet: r.CueCardSheet) -> CueCardLayout:
    f = fonts()
    grid = circle_grid(sheet.games)
    left, right, top = CARD_PAD, CARD_W - CARD_PAD, CARD_H - CARD_PAD
    grid_w = grid.columns * grid.pitch
    boxes = {"grid": Box((CARD_W - grid_w) / 2, CARD_PAD, grid_w, grid.height)}
    region_bottom = CARD_PAD + grid.height + 6  # everything else sits above the circles
    qr_size = min(86, top - region_bottom - 10)
    boxes["qr"] = Box(right - qr_size, top - qr_size, qr_size, qr_size)
    boxes["qr_caption"] = Box(right - qr_size, top - qr_size - 9, qr_size, 8)
    head = sheet.heading
    header = fit_text(
        f"{head.hall} · {head.evening} · {head.date}",
        f.regular,
        width=right - qr_size - GAP - left,
        height=20,
        max_size=7.5,
        min_size=6,
    )
    boxes["header"] = Box(left, top - header.height, header.width, header.height)
    below_header = top - header.height - 4
    # Left column: COUPLE, the number, STARTING TABLE, the table.
    space = below_header - region_bottom - (LABEL_H + 3 + 4 + LABEL_H + 3 + START_H)
    boxes["couple_label"] = Box(left, below_header - LABEL_H, NUMBER_W, LABEL_H)
    number = None
    if card.number is not None:
        number = fit_text(
            str(card.number),
            f.bold,
            width=NUMBER_W - 4,
            height=space / DIGIT_HEIGHT * 1.2,
            max_size=56,
            min_size=16,
            max_lines=1,
        )
        number_h = DIGIT_HEIGHT * number.size
        number_w = number.width
    else:
        number_h, number_w = min(40, space), NUMBER_W - 10
    number_box = Box(left, below_header - LABEL_H - 3 - number_h, number_w, number_h)
    boxes["number"] = number_box
    boxes["start_label"] = Box(left, number_box.y - 4 - LABEL_H, NUMBER_W, LABEL_H)
    start = Box(left, boxes["start_label"].y - 3 - START_H, START_W, START_H)
    boxes["start"] = start
    note = None
    if card.start_note:
        note_x = start.right + 4
        note = fit_text(
            card.start_note,
            f.regular,
            width=left + NUMBER_W - note_x,
            height=START_H,
            max_size=7,
            min_size=5.5,
        )
        boxes["start_note"] = Box(
            note_x, start.y + (START_H - note.height) / 2, note.width, note.height
        )
    # Middle column: the names.
    names_x = left + NUMBER_W + GAP
    names_w = right - qr_size - GAP - names_x
    names_h = below_header - 2 - region_bottom
    boxes["names"] = Box(names_x, region_bottom, names_w, names_h)

    def name(text: str, largest: float = 15) -> Fitted:
        return fit_text(
            text,
            f.bold,
            width=names_w,
            height=(names_h - 14) / 2,
            max_size=largest,
            min_size=8.5,
            max_lines=3,
        )

    # Both names at the same size: the size the longer one needs.
    player1, player2 = name(card.player1), name(card.player2)
    if player1.size != player2.size:
        size = min(player1.size, player2.size)
        player1, player2 = name(card.player1, size), name(card.player2, size)
    return CueCardLayout(
        grid=grid,
        boxes=boxes,
        header=header,
        number=number,
        start_note=note,
        player1=player1,
        player2=player2,
    )


def _draw_cue_card(canvas: Canvas, card: r.CueCard, sheet: r.CueCardSheet, x0: float, y0: float):
    f = fonts()
    lay = cue_card_layout(card, sheet)
    boxes = lay.boxes
    canvas.saveState()
    canvas.translate(x0, y0)
    canvas.setFillGray(0)
    canvas.setLineWidth(0.8)
    header = boxes["header"]
    draw_fitted(canvas, lay.header, header.x, header.top)
    qr, caption = boxes["qr"], boxes["qr_caption"]
    draw_qr(canvas, card.qr, qr.x, qr.y, qr.w)
    canvas.setFont(f.regular, 6)
    canvas.drawCentredString(
        caption.x + caption.w / 2,
        caption.y + 2,
        _("Your card, live") if card.number is not None else _("The scoreboard"),
    )
    for key, label in (("couple_label", _("COUPLE")), ("start_label", _("STARTING TABLE"))):
        canvas.setFont(f.regular, 6.5)
        canvas.drawString(boxes[key].x, boxes[key].y + 1.5, label.upper())
    number = boxes["number"]
    if lay.number is not None:
        canvas.setFont(f.bold, lay.number.size)
        canvas.drawString(number.x, number.y, lay.number.lines[0])
    else:
        canvas.roundRect(number.x, number.y, number.w, number.h, 4)
    start = boxes["start"]
    if card.start_table:
        canvas.setFont(f.bold, 15)
        canvas.drawString(start.x, start.y + 4, card.start_table)
    else:
        canvas.roundRect(start.x, start.y, start.w, start.h, 3)
    if lay.start_note is not None:
        draw_fitted(canvas, lay.start_note, boxes["start_note"].x, boxes["start_note"].top)
    names = boxes["names"]
    if card.number is not None:
        y = draw_fitted(canvas, lay.player1, names.x, names.top)
        canvas.setFont(f.regular, 9)
        canvas.drawString(names.x, y - 10, "&")
        draw_fitted(canvas, lay.player2, names.x, y - 14)
    else:
        canvas.setFont(f.regular, 6.5)
        canvas.drawString(names.x, names.top - LABEL_H + 1.5, _("NAMES").upper())
        canvas.setStrokeGray(0.35)
        canvas.setLineWidth(0.5)
        for offset in (30, 58):
            canvas.line(names.x, names.top - offset, names.right, names.top - offset)
        canvas.setStrokeGray(0)
    # The game numbers in circles, to punch: the same on every card, so drawn
    # once per PDF and placed on each card.
    box = boxes["grid"]
    name = _punch_grid(canvas, lay.grid, sheet.games)
    canvas.saveState()
    canvas.translate(box.x, box.y)
    canvas.doForm(name)
    canvas.restoreState()
    canvas.restoreState()


def _punch_grid(canvas: Canvas, grid: CircleGrid, games: int) -> str:
    """The circles 1..games as a Form XObject (defined on first use)."""
    name = f"punchgrid{games}"
    if canvas.hasForm(name):
        return name
    f = fonts()
    width, height = grid.columns * grid.pitch, grid.height
    canvas.beginForm(name, 0, 0, width, height)
    canvas.setLineWidth(0.7)
    font_size = min(9.5, grid.diameter * 0.45)
    canvas.setFont(f.regular, font_size)
    for game in range(1, games + 1):
        row, column = divmod(game - 1, grid.columns)
        cx = (column + 0.5) * grid.pitch
        cy = height - (row + 0.5) * grid.pitch
        canvas.circle(cx, cy, grid.diameter / 2, stroke=1, fill=0)
        canvas.drawCentredString(cx, cy - font_size * 0.35, str(game))
    canvas.endForm()
    return name


def _cut_marks(canvas: Canvas, xs: Sequence[float], ys: Sequence[float]) -> None:
    """Crop marks in the margins at every cut line, and faint guides on the cards."""
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0)
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    for x in xs:
        canvas.line(x, top + 6, x, top + 24)
        canvas.line(x, bottom - 6, x, bottom - 24)
    for y in ys:
        canvas.line(left - 6, y, left - 24, y)
        canvas.line(right + 6, y, right + 24, y)
    canvas.setStrokeGray(GRID_GREY)
    canvas.setLineWidth(0.3)
    canvas.setDash(2, 3)
    for x in xs:
        canvas.line(x, bottom, x, top)
    for y in ys:
        canvas.line(left, y, right, y)
    canvas.restoreState()


def draw_cue_cards(sheet: r.CueCardSheet) -> bytes:
    """Four index cards (5 x 3 in) to a landscape page, with cut marks."""
    size = landscape(page_size(sheet.heading.paper))
    buffer = io.BytesIO()
    canvas = _canvas(buffer, size, sheet.heading, _("Cue cards"))
    columns, rows = 2, 2
    x_margin = (size[0] - columns * CARD_W) / 2
    y_margin = (size[1] - rows * CARD_H) / 2
    xs = [x_margin + i * CARD_W for i in range(columns + 1)]
    ys = [y_margin + j * CARD_H for j in range(rows + 1)]
    per_page = columns * rows
    for index, card in enumerate(sheet.cards):
        slot = index % per_page
        if slot == 0:
            if index:
                canvas.showPage()
            _cut_marks(canvas, xs, ys)
        column, row = slot % columns, slot // columns
        _draw_cue_card(canvas, card, sheet, xs[column], ys[rows - 1 - row])
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# --- Table cards ---------------------------------------------------------------


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
    link = fit_text(card.qr, f.regular, width=qr_size + 30, height=20, max_size=6.5, min_size=4)
    draw_fitted(canvas, link, qr_x - 15, qr_y - 3, align="center", width=qr_size + 30)
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
        min_size=6,
    )
    draw_fitted(canvas, footer, margin, margin + 14, align="center", width=number_w)


def draw_table_cards(sheet: r.TableCardSheet) -> bytes:
    """A page per table, folded across the middle into a tent: the top half is
    drawn upside down so the card reads the right way up from both sides."""
    w, h = page_size(sheet.heading.paper)
    buffer = io.BytesIO()
    canvas = _canvas(buffer, (w, h), sheet.heading, _("Table cards"))
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
        canvas.line(0, h / 2, w, h / 2)
        canvas.setFillGray(GRID_GREY)
        canvas.setFont(f.regular, 6.5)
        canvas.drawString(8, h / 2 + 3, _("fold"))
        canvas.drawRightString(w - 8, h / 2 + 3, _("fold"))
        canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# --- Flowing documents: the rules card and the results sheet -------------------------


def _styles() -> dict[str, ParagraphStyle]:
    f = fonts()
    base = ParagraphStyle("base", fontName=f.regular, fontSize=9.5, leading=12)
    return {
        "title": ParagraphStyle("title", base, fontName=f.bold, fontSize=17, leading=21),
        "subtitle": ParagraphStyle("subtitle", base, fontSize=10, leading=13),
        "h2": ParagraphStyle(
            "h2", base, fontName=f.bold, fontSize=11.5, leading=14, spaceBefore=8, spaceAfter=3
        ),
        "body": base,
        "small": ParagraphStyle("small", base, fontSize=8, leading=10),
        "cell": ParagraphStyle("cell", base, fontSize=8, leading=9.5),
        "card": ParagraphStyle("card", base, fontSize=12, leading=14, alignment=1),
        "bullet": ParagraphStyle("bullet", base, leftIndent=10, bulletIndent=0, spaceAfter=2.5),
    }


def _text(value: str) -> str:
    """User or translated text made safe for a Paragraph (no markup is interpreted)."""
    return escape(fonts().text(value))


def _card_markup(label: str) -> str:
    """A card label for a Paragraph, red suits in dark red."""
    text = _text(label)
    if any(symbol in label for symbol in r.RED_SUITS):
        return f'<font color="#9e0000">{text}</font>'
    return text


def _document(buffer: io.BytesIO, heading: r.Heading, title: str, margin: float = 0.5 * inch):
    """A flowing document whose frame is exactly the page inside the margins
    (no extra frame padding), so `doc.width` is the width tables may use."""
    size = page_size(heading.paper)
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        title=f"{title} · {heading.evening}",
        author=heading.hall,
        creator=CREATOR,
        invariant=1,
    )
    frame = Frame(
        margin,
        margin,
        doc.width,
        doc.height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=_page_footer)])
    return doc


def _page_footer(canvas: Canvas, doc) -> None:
    """The document's title and the page number, at the foot of every page."""
    canvas.saveState()
    canvas.setFont(fonts().regular, 7)
    canvas.setFillGray(0.3)
    text = _("%(title)s · page %(page)s") % {"title": fonts().text(doc.title), "page": doc.page}
    canvas.drawRightString(doc.pagesize[0] - doc.rightMargin, doc.bottomMargin / 2, text)
    canvas.restoreState()


def _title_block(styles, heading: r.Heading, title: str) -> list:
    return [
        Paragraph(_text(f"{title} · {heading.evening}"), styles["title"]),
        Paragraph(_text(f"{heading.hall} · {heading.date}"), styles["subtitle"]),
        Spacer(1, 6),
    ]


def _rank_table(columns: Sequence[r.RankColumn], label, width: float, styles, bold_top: int):
    """Suits as rows, cards best first across: position numbers on top."""
    f = fonts()
    depth = max(len(column.cards) for column in columns)
    label_w = 1.55 * inch
    cell_w = (width - label_w) / depth
    header = [""] + [str(position) for position in range(1, depth + 1)]
    data = [header]
    for column in columns:
        row = [
            Paragraph(
                f"<b>{_card_markup(column.symbol)} {_text(label(column))}</b>", styles["body"]
            )
        ]
        for position, card in enumerate(column.cards):
            markup = _card_markup(card)
            row.append(
                Paragraph(f"<b>{markup}</b>" if position < bold_top else markup, styles["card"])
            )
        row += [""] * (depth - len(column.cards))
        data.append(row)
    table = Table(data, hAlign="LEFT", colWidths=[label_w] + [cell_w] * depth)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), f.regular, 7.5),
                ("TEXTCOLOR", (0, 0), (-1, 0), colors.Color(0.35, 0.35, 0.35)),
                ("ALIGN", (1, 0), (-1, 0), "CENTER"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("LINEBELOW", (0, 1), (-1, -2), 0.3, colors.Color(0.6, 0.6, 0.6)),
                ("LINEAFTER", (0, 1), (0, -1), 0.3, colors.Color(0.6, 0.6, 0.6)),
                ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
                ("LEFTPADDING", (1, 0), (-1, -1), 1),
                ("RIGHTPADDING", (1, 0), (-1, -1), 1),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    return table


def draw_rules_card(card: r.RulesCard) -> bytes:
    """One page: the rank of every card for each trump suit, the house rules,
    and rulings from the engine."""
    styles = _styles()
    buffer = io.BytesIO()
    doc = _document(buffer, card.heading, _("House rules"))
    story = _title_block(styles, card.heading, _("House rules"))
    story.append(Paragraph(_text(_("Trumps, best first")), styles["h2"]))
    story.append(
        _rank_table(
            card.trumps,
            lambda column: _("%(suit)s trump") % {"suit": column.name.capitalize()},
            doc.width,
            styles,
            bold_top=3,
        )
    )
    story.append(Paragraph(_text(_("Suits that are not trump, best first")), styles["h2"]))
    story.append(
        _rank_table(card.plain, lambda column: column.name.capitalize(), doc.width, styles, 0)
    )
    story.append(
        Paragraph(
            _text(
                _(
                    "The ace of hearts is always a trump, so it never counts as a heart; the "
                    "ace of diamonds is the lowest diamond when diamonds are not trump."
                )
            ),
            styles["small"],
        )
    )
    story.append(Paragraph(_text(_("This hall's rules")), styles["h2"]))
    for line in card.rules:
        story.append(Paragraph(_text(line), styles["bullet"], bulletText="•"))
    story.append(Paragraph(_text(_("Rulings under these rules")), styles["h2"]))
    for example in card.examples:
        story.append(
            Paragraph(
                f"<b>{_text(example.situation)}</b> "
                + _text(_("May play: %(cards)s.") % {"cards": example.may_play})
                + f" <i>{_text(example.reason)}</i>",
                styles["bullet"],
                bulletText="•",
            )
        )
    # One page whatever the house rules: shrink the whole card if it runs over.
    doc.build([KeepInFrame(doc.width, doc.height, story, mode="shrink")])
    return buffer.getvalue()


# --- The results sheet --------------------------------------------------------------

PUNCH_COLUMNS_MAX = 30  # more games than this: the punched numbers as text
NAME_SIZE = 7.2  # the standings' type: 100 couples on two pages


def standings_name_fit(row: r.StandingRow, width: float, bold: bool = False) -> Fitted:
    """Both names in the standings' names column: one line when they fit at a
    readable size, else wrapped (a long name takes two or three lines)."""
    f = fonts()
    note = f" ({row.note})" if row.note else ""
    return fit_text(
        f"{row.player1} & {row.player2}{note}",
        f.bold if bold else f.regular,
        width=width,
        height=40,
        max_size=NAME_SIZE,
        min_size=6.8,
        max_lines=3,
    )


def _standings_table(sheet: r.ResultsSheet, width: float) -> Table:
    f = fonts()
    games = sheet.games
    per_game = games <= PUNCH_COLUMNS_MAX
    place_w, couple_w, games_w = 0.4 * inch, 0.42 * inch, 0.42 * inch
    punch_w = min(0.19 * inch, 4.2 * inch / games) if per_game else 3.5 * inch
    punched_w = punch_w * games if per_game else punch_w
    names_w = width - place_w - couple_w - games_w - punched_w
    header = [_("Place"), _("Couple"), _("Names"), _("Games")]
    widths = [place_w, couple_w, names_w, games_w]
    if per_game:
        header += [str(game) for game in range(1, games + 1)]
        widths += [punch_w] * games
    else:
        header.append(_("Games won (punched numbers)"))
        widths.append(punch_w)
    leading = NAME_SIZE * 1.15
    commands = [
        ("FONT", (0, 0), (-1, 0), f.bold, 6.8, 8),
        ("FONT", (0, 1), (-1, -1), f.regular, NAME_SIZE, leading),
        ("ALIGN", (0, 0), (1, -1), "RIGHT"),
        ("ALIGN", (3, 0), (3, -1), "RIGHT"),
        ("ALIGN", (4, 0), (-1, -1), "CENTER" if per_game else "LEFT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.92, 0.92, 0.92)]),
        ("TOPPADDING", (0, 0), (-1, -1), 0.4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (4, 0), (-1, -1), 0 if per_game else 3),
        ("RIGHTPADDING", (4, 0), (-1, -1), 0),
        ("LINEBEFORE", (4, 0), (4, -1), 0.5, colors.Color(0.5, 0.5, 0.5)),
    ]
    if per_game:
        commands.append(("FONT", (4, 0), (-1, 0), f.regular, 6, 8))
        commands.append(("FONT", (4, 1), (-1, -1), f.regular, 6.3, leading))
    data = [header]
    for index, row in enumerate(sheet.standings, start=1):
        names = standings_name_fit(row, names_w - 5, bold=row.prize)
        if row.prize:
            commands.append(("FONT", (0, index), (3, index), f.bold, NAME_SIZE, leading))
        if names.size != NAME_SIZE or len(names.lines) > 1:
            commands.append(
                ("FONT", (2, index), (2, index), names.font, names.size, names.size * 1.15)
            )
        cells = [row.place, str(row.number), "\n".join(names.lines), str(row.wins)]
        if per_game:
            punched = set(row.punched)
            cells += [str(game) if game in punched else "" for game in range(1, games + 1)]
        else:
            text = fit_text(
                " ".join(str(game) for game in row.punched) or "–",
                f.regular,
                width=punch_w - 4,
                height=30,
                max_size=NAME_SIZE,
                min_size=6,
                max_lines=3,
            )
            commands.append(
                ("FONT", (4, index), (4, index), f.regular, text.size, text.size * 1.15)
            )
            cells.append("\n".join(text.lines))
        data.append(cells)
    table = Table(data, hAlign="LEFT", colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle(commands))
    return table


def _grouped(code: str, size: int = 8) -> str:
    """A long hex code in groups, easier to read out and compare: "7fd5f1ef 2441b856 …"."""
    return " ".join(code[i : i + size] for i in range(0, len(code), size))


def _lines_table(lines: Sequence[r.Line], width: float, styles) -> Table:
    data = [
        [
            Paragraph(f"<b>{_text(line.label)}</b>", styles["cell"]),
            Paragraph(_text(_grouped(line.value) if line.code else line.value), styles["cell"]),
        ]
        for line in lines
    ]
    table = Table(data, hAlign="LEFT", colWidths=[1.15 * inch, width - 1.15 * inch])
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
                ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    return table


def _prizes_table(sheet: r.ResultsSheet, width: float, styles) -> Table:
    widths = [1.65 * inch, 0.5 * inch, 2.75 * inch]
    widths.append(width - sum(widths))
    data = [[_("Prize"), _("Games"), _("Won by"), _("How a tie was settled")]]
    for row in sheet.prizes:
        title = f"<b>{_text(row.title)}</b>"
        if row.prize:
            title += f"<br/>{_text(row.prize)}"
        winners = "<br/>".join(_text(winner) for winner in row.winners) or "–"
        data.append(
            [
                Paragraph(title, styles["cell"]),
                "" if row.wins is None else str(row.wins),
                Paragraph(winners, styles["cell"]),
                Paragraph(_text(row.how), styles["cell"]),
            ]
        )
    f = fonts()
    table = Table(data, hAlign="LEFT", colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), f.bold, 7.5),
                ("FONT", (1, 1), (1, -1), f.regular, 8),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("LINEBELOW", (0, 1), (-1, -2), 0.3, colors.Color(0.6, 0.6, 0.6)),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
                ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    return table


def _money_table(sheet: r.ResultsSheet, width: float, styles) -> Table:
    """Label (with its detail in small type under it), sign, amount."""
    f = fonts()
    data = []
    commands = [
        ("FONT", (0, 0), (-1, -1), f.regular, 8),
        ("ALIGN", (1, 0), (2, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
    ]
    for index, row in enumerate(sheet.money):
        label = _text(row.label)
        if row.total:
            label = f"<b>{label}</b>"
            commands.append(("FONT", (0, index), (-1, index), f.bold, 8))
            commands.append(("LINEABOVE", (0, index), (-1, index), 0.4, colors.black))
        if row.detail:
            label += f'<br/><font size="6.8">{_text(row.detail)}</font>'
        data.append([Paragraph(label, styles["cell"]), row.sign, row.amount])
    table = Table(data, hAlign="LEFT", colWidths=[width - 1.0 * inch, 0.2 * inch, 0.8 * inch])
    table.setStyle(TableStyle(commands))
    return table


def draw_results_sheet(sheet: r.ResultsSheet) -> bytes:
    """The prizes, the cookie jar, the 50/50, the standings with every punched
    game and the money summary, for the notice board."""
    styles = _styles()
    buffer = io.BytesIO()
    doc = _document(buffer, sheet.heading, _("Results"), margin=0.45 * inch)
    story = _title_block(styles, sheet.heading, _("Results"))
    state = _text(sheet.state)
    story.append(Paragraph(state if sheet.final else f"<b>{state}</b>", styles["body"]))
    for warning in sheet.warnings:
        story.append(Paragraph("⚠ " + _text(warning), styles["small"]))
    story.append(Paragraph(_text(_("Prizes")), styles["h2"]))
    if sheet.prizes:
        story.append(_prizes_table(sheet, doc.width, styles))
    else:
        story.append(Paragraph(_text(_("No couple has won a game yet.")), styles["body"]))
    # The cookie jar and the 50/50 on the left, the money on the right.
    gutter = 0.25 * inch
    left_w = (doc.width - gutter) * 0.56
    right_w = doc.width - gutter - left_w
    left = []
    if sheet.jar:
        left += [Paragraph(_text(_("Cookie jar")), styles["h2"])]
        left.append(_lines_table(sheet.jar, left_w, styles))
    if sheet.fifty_fifty:
        left += [Paragraph(_text(_("50/50 draw")), styles["h2"])]
        left.append(_lines_table(sheet.fifty_fifty, left_w, styles))
    right = [Paragraph(_text(_("Money")), styles["h2"]), _money_table(sheet, right_w, styles)]
    if left:
        side = Table([[left, right]], colWidths=[left_w + gutter, right_w], hAlign="LEFT")
    else:  # no jar, no 50/50: the money on the left, where the eye starts
        side = Table([[right]], colWidths=[right_w], hAlign="LEFT")
    side.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    story.append(side)
    story.append(Paragraph(_text(_("Standings")), styles["h2"]))
    story.append(_standings_table(sheet, doc.width))
    doc.build(story)
    return buffer.getvalue()
