"""Cue cards: index cards (5 x 3 in), four to a landscape page, with cut marks."""

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from .. import rows as r
from ..fitting import Fitted, fit_text, fit_together
from ..fonts import LEADING, MIN_SIZE, fonts, isolate
from ..qr import draw_qr
from .common import (
    GRID_GREY,
    SAFE_MARGIN,
    draw_fitted,
    draw_text,
    heading_line,
    new_canvas,
    page_size,
)

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
    caption: Fitted
    player1: Fitted
    player2: Fitted
    names: tuple[float, float]  # the names box's width and height (both names and the &)


NUMBER_W = 84  # the couple number column
GAP = 8
SMALL_LINE = MIN_SIZE * LEADING  # a line of the smallest type: labels, captions
LABEL_H = SMALL_LINE  # the small capitals labels: COUPLE, STARTING TABLE
START_H = 20  # the starting table value (or its box)
START_W = 38
DIGIT_HEIGHT = 0.76  # DejaVu Sans Bold digits, as a fraction of the font size


NAME_MAX = 15  # the names' size on every card whose names fit at it
AMPERSAND_GAP = 14  # between the two names: the "&" line


def cue_card_layout(card: r.CueCard, sheet: r.CueCardSheet) -> CueCardLayout:
    """Where everything goes on `card`. Its two names share the names box at
    one size: NAME_MAX when they fit at it, else the largest that fits, on
    as many lines as the box holds (each card on its own: one long name
    never shrinks the others)."""
    f = fonts()
    grid = circle_grid(sheet.games)
    left, right, top = CARD_PAD, CARD_W - CARD_PAD, CARD_H - CARD_PAD
    grid_w = grid.columns * grid.pitch
    boxes = {"grid": Box((CARD_W - grid_w) / 2, CARD_PAD, grid_w, grid.height)}
    region_bottom = CARD_PAD + grid.height + 6  # everything else sits above the circles
    qr_size = min(86, top - region_bottom - 10)
    # The QR code, and its caption under it (two lines when one is too narrow).
    qr_size = min(86, top - region_bottom - 2 * SMALL_LINE - 2)
    boxes["qr"] = Box(right - qr_size, top - qr_size, qr_size, qr_size)
    caption_text = _("Your card, live") if card.number is not None else _("The scoreboard")
    caption = fit_text(
        caption_text, f.regular, width=qr_size, height=2 * SMALL_LINE + 0.5,
        max_size=MIN_SIZE, min_size=MIN_SIZE,
    )  # fmt: skip
    boxes["qr_caption"] = Box(
        right - qr_size, top - qr_size - 1 - caption.height, qr_size, caption.height
    )
    head = sheet.heading
    header = fit_text(
        heading_line(head),
        f.regular,
        width=right - qr_size - GAP - left,
        height=2 * SMALL_LINE + 0.5,
        max_size=MIN_SIZE,
        min_size=MIN_SIZE,
    )
    boxes["header"] = Box(left, top - header.height, header.width, header.height)
    below_header = top - header.height - 4
    # Left column: COUPLE, the number, STARTING TABLE, the table (and under
    # it, for a late couple, the game it joins: "from game 5").
    note = None
    if card.start_note:
        note = fit_text(
            card.start_note, f.regular, width=NUMBER_W, height=2 * SMALL_LINE + 0.5,
            max_size=MIN_SIZE, min_size=MIN_SIZE,
        )  # fmt: skip
    note_h = note.height + 2 if note is not None else 0
    space = below_header - region_bottom - (LABEL_H + 3 + 4 + LABEL_H + 3 + START_H + note_h)
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
    if note is not None:
        boxes["start_note"] = Box(left, start.y - 2 - note.height, note.width, note.height)
    # Middle column: the names.
    names_x = left + NUMBER_W + GAP
    names_w = right - qr_size - GAP - names_x
    names_h = below_header - 2 - region_bottom
    boxes["names"] = Box(names_x, region_bottom, names_w, names_h)

    player1, player2 = fit_together(
        (isolate(card.player1), isolate(card.player2)),
        f.bold,
        width=names_w,
        height=names_h,
        gap=AMPERSAND_GAP,
        max_size=NAME_MAX,
        min_size=MIN_SIZE,
    )
    return CueCardLayout(
        grid=grid,
        boxes=boxes,
        header=header,
        number=number,
        start_note=note,
        caption=caption,
        player1=player1,
        player2=player2,
        names=(names_w, names_h),
    )


def left_of(boxes: dict[str, Box]) -> float:
    """The right edge of the left column (the couple number's)."""
    return boxes["couple_label"].right


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
    draw_fitted(canvas, lay.caption, caption.x, caption.top, align="center", width=caption.w)
    for key, label in (("couple_label", _("COUPLE")), ("start_label", _("STARTING TABLE"))):
        box = boxes[key]
        draw_text(
            canvas, label.upper(), f.regular, box.x, box.top, box.w, SMALL_LINE,
            size=MIN_SIZE, max_lines=1,
        )  # fmt: skip
    number = boxes["number"]
    if lay.number is not None:
        canvas.setFont(f.bold, lay.number.size)
        canvas.drawString(number.x, number.y, lay.number.lines[0])
    else:
        canvas.roundRect(number.x, number.y, number.w, number.h, 4)
    start = boxes["start"]
    if card.start_table:
        width = left_of(boxes) - start.x  # as wide as the column
        draw_text(
            canvas, card.start_table, f.bold, start.x, start.y + 4 + 18 - 3.75, width, 18,
            size=15, max_lines=1,
        )  # fmt: skip
    else:
        canvas.roundRect(start.x, start.y, start.w, start.h, 3)
    if lay.start_note is not None:
        draw_fitted(canvas, lay.start_note, boxes["start_note"].x, boxes["start_note"].top)
    names = boxes["names"]
    if card.number is not None:
        y = draw_fitted(canvas, lay.player1, names.x, names.top)
        canvas.setFont(f.regular, 9)
        canvas.drawString(names.x, y - 10, "&")
        draw_fitted(canvas, lay.player2, names.x, y - AMPERSAND_GAP)
    else:
        draw_text(
            canvas, _("NAMES").upper(), f.regular, names.x, names.top + 0.15, names.w,
            SMALL_LINE, size=MIN_SIZE, max_lines=1,
        )  # fmt: skip
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
    font_size = min(9.5, max(MIN_SIZE, grid.diameter * 0.45))  # "60" fits a hole punch's circle
    canvas.setFont(f.regular, font_size)
    for game in range(1, games + 1):
        row, column = divmod(game - 1, grid.columns)
        cx = (column + 0.5) * grid.pitch
        cy = height - (row + 0.5) * grid.pitch
        canvas.circle(cx, cy, grid.diameter / 2, stroke=1, fill=0)
        canvas.drawCentredString(cx, cy - font_size * 0.35, str(game))
    canvas.endForm()
    return name


def _cut_marks(
    canvas: Canvas, xs: Sequence[float], ys: Sequence[float], page: tuple[float, float]
) -> None:
    """Crop marks in the margins at every cut line (up to SAFE_MARGIN from the
    paper's edge, where a printer may not print), and faint guides on the cards."""
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0)
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    width, height = page
    for x in xs:
        canvas.line(x, top + 6, x, min(top + 24, height - SAFE_MARGIN))
        canvas.line(x, bottom - 6, x, max(bottom - 24, SAFE_MARGIN))
    for y in ys:
        canvas.line(left - 6, y, max(left - 24, SAFE_MARGIN), y)
        canvas.line(right + 6, y, min(right + 24, width - SAFE_MARGIN), y)
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
    canvas = new_canvas(buffer, size, sheet.heading, _("Cue cards"))
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
            _cut_marks(canvas, xs, ys, size)
        column, row = slot % columns, slot // columns
        _draw_cue_card(canvas, card, sheet, xs[column], ys[rows - 1 - row])
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
