"""The results sheet, for the notice board."""

import io
import math
from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from tables.names import couple_names

from .. import rows as r
from ..fitting import Fitted, fit_lines
from ..fonts import fonts, isolate, text_width
from .common import (
    FittedLines,
    flowing_document,
    para_lines,
    para_text,
    paragraph_styles,
    title_block,
)

PUNCH_COLUMNS_MAX = 30  # more games than this: the punched numbers as text
NAME_SIZE = 9  # the smallest type on the results sheet: readable on a notice board
PUNCH_SIZE = 10  # the punched game numbers, read from arm's length
CELL_PADDING = 2.5 + 6 + 0.5  # a Paragraph cell's left and right padding, and a hair
PUNCHES_W = 4.4 * inch  # the most the punched-game grid may take
FIGURE_SPACE = "\u2007"  # as wide as a figure
SEPARATOR_GREY = colors.Color(0.45, 0.45, 0.45)  # lines between games: visible on paper


def punch_pitch(font: str) -> float:
    """A punched game's column: "25" and a figure's width of space."""
    return 3 * text_width("0", font, PUNCH_SIZE) + 1


def punch_grid_shape(games: int, font: str) -> tuple[int, int]:
    """(rows, columns) of the punched games, laid out as on the cue card:
    as few rows as fit PUNCHES_W with a figure's width between numbers."""
    most = max(1, int(PUNCHES_W // punch_pitch(font)))
    rows = math.ceil(games / most)
    return rows, math.ceil(games / rows)


def standings_name_fit(row: r.StandingRow, width: float, bold: bool = False) -> Fitted:
    """Both names in the standings' names column, at NAME_SIZE: wrapped onto
    as many lines as they need (the row grows; a longer evening takes more pages)."""
    f = fonts()
    note = f" ({row.note})" if row.note else ""
    return fit_lines(
        couple_names(isolate(row.player1), isolate(row.player2)) + note,
        f.bold if bold else f.regular,
        NAME_SIZE,
        width,
    )


def _punch_grid(cells: Sequence[str], rows: int, columns: int, header: bool) -> Table:
    """One couple's punched games (or, as the header, every game number in
    grey) in `rows` x `columns` cells, the games in order row by row."""
    f = fonts()
    padded = list(cells) + [""] * (rows * columns - len(cells))
    data = [padded[i * columns : (i + 1) * columns] for i in range(rows)]
    commands = [
        ("FONT", (0, 0), (-1, -1), f.regular, PUNCH_SIZE, PUNCH_SIZE * 1.05),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("LINEAFTER", (0, 0), (-2, -1), 0.5, SEPARATOR_GREY),
    ]
    if header:
        commands.append(("TEXTCOLOR", (0, 0), (-1, -1), colors.Color(0.35, 0.35, 0.35)))
    pitch = punch_pitch(f.regular)
    table = Table(
        data, colWidths=[pitch] * columns, rowHeights=[PUNCH_SIZE + 0.6] * rows, hAlign="LEFT"
    )
    table.setStyle(TableStyle(commands))
    return table


def _cell(text: str, font: str, width: float) -> str:
    """A plain table cell's text, wrapped to its column at NAME_SIZE."""
    return "\n".join(fit_lines(text, font, NAME_SIZE, width).lines)


def _standings_table(sheet: r.ResultsSheet, width: float) -> Table:
    f = fonts()
    games = sheet.games
    per_game = games <= PUNCH_COLUMNS_MAX
    pad = 5  # a cell's left and right padding
    header = [_("Place"), _("Couple"), _("Names"), _("Games")]
    # Each column as wide as its heading in this language (at least its figures).
    place_w, couple_w, _names, games_w = (
        max(minimum, text_width(text, f.bold, NAME_SIZE) + pad + 1)
        for text, minimum in zip(header, (0.5 * inch, 0.56 * inch, 0, 0.56 * inch), strict=True)
    )
    if per_game:
        grid_rows, grid_columns = punch_grid_shape(games, f.regular)
        punched_w = grid_columns * punch_pitch(f.regular)
        header.append(
            _punch_grid([str(g) for g in range(1, games + 1)], grid_rows, grid_columns, True)
        )
    else:
        punched_w = 3 * inch
        header.append(_cell(_("Games won (punched numbers)"), f.bold, punched_w - 6))
    names_w = width - place_w - couple_w - games_w - punched_w
    widths = [place_w, couple_w, names_w, games_w, punched_w]
    header[:4] = [_cell(text, f.bold, w - pad) for text, w in zip(header[:4], widths, strict=False)]
    leading = NAME_SIZE * 1.15
    commands = [
        ("FONT", (0, 0), (-1, 0), f.bold, NAME_SIZE, leading),
        ("FONT", (0, 1), (-1, -1), f.regular, NAME_SIZE, leading),
        ("ALIGN", (0, 0), (1, -1), "RIGHT"),
        ("ALIGN", (3, 0), (3, -1), "RIGHT"),
        ("ALIGN", (4, 0), (-1, -1), "LEFT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.92, 0.92, 0.92)]),
        ("TOPPADDING", (0, 0), (-1, -1), 0.4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (4, 0), (-1, -1), 0 if per_game else 3),
        ("RIGHTPADDING", (4, 0), (-1, -1), 0),
        ("LINEBEFORE", (4, 0), (4, -1), 0.8, SEPARATOR_GREY),
    ]
    data = [header]
    for index, row in enumerate(sheet.standings, start=1):
        names = standings_name_fit(row, names_w - pad, bold=row.prize)
        if row.prize:
            commands.append(("FONT", (0, index), (3, index), f.bold, NAME_SIZE, leading))
        cells = [row.place, str(row.number), FittedLines(names), str(row.wins)]
        if per_game:
            punched = set(row.punched)
            cells.append(
                _punch_grid(
                    [str(g) if g in punched else "" for g in range(1, games + 1)],
                    grid_rows,
                    grid_columns,
                    False,
                )
            )
        else:
            # A figure's width (and a space to break at) between two numbers.
            numbers = (FIGURE_SPACE + " ").join(str(game) for game in row.punched) or "–"
            cells.append(_cell(numbers, f.regular, punched_w - 4))
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
            Paragraph(f"<b>{para_text(line.label)}</b>", styles["cell"]),
            Paragraph(
                para_lines(
                    _grouped(line.value) if line.code else line.value,
                    styles["cell"].fontName,
                    NAME_SIZE,
                    width - 1.15 * inch - CELL_PADDING,
                ),
                styles["cell"],
            ),
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
    cell = styles["cell"]
    for row in sheet.prizes:
        title = f"<b>{para_text(row.title)}</b>"
        if row.prize:  # an item may be typed in any script: wrapped here
            title += "<br/>" + para_lines(
                row.prize, cell.fontName, NAME_SIZE, widths[0] - CELL_PADDING
            )
        winners = "<br/>".join(
            para_lines(winner, styles["cell"].fontName, NAME_SIZE, widths[2] - CELL_PADDING)
            for winner in row.winners
        )
        data.append(
            [
                Paragraph(title, styles["cell"]),
                "" if row.wins is None else str(row.wins),
                Paragraph(winners or "–", styles["cell"]),
                Paragraph(
                    para_lines(row.how, cell.fontName, NAME_SIZE, widths[3] - CELL_PADDING), cell
                ),
            ]
        )
    f = fonts()
    table = Table(data, hAlign="LEFT", colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), f.bold, NAME_SIZE),
                ("FONT", (1, 1), (1, -1), f.regular, NAME_SIZE),
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
        ("FONT", (0, 0), (-1, -1), f.regular, NAME_SIZE),
        ("ALIGN", (1, 0), (2, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
    ]
    for index, row in enumerate(sheet.money):
        label = para_text(row.label)
        if row.total:
            label = f"<b>{label}</b>"
            commands.append(("FONT", (0, index), (-1, index), f.bold, NAME_SIZE))
            commands.append(("LINEABOVE", (0, index), (-1, index), 0.4, colors.black))
        if row.detail:
            label += f"<br/>{para_text(row.detail)}"
        data.append([Paragraph(label, styles["cell"]), row.sign, row.amount])
    table = Table(data, hAlign="LEFT", colWidths=[width - 1.0 * inch, 0.2 * inch, 0.8 * inch])
    table.setStyle(TableStyle(commands))
    return table


def draw_results_sheet(sheet: r.ResultsSheet) -> bytes:
    """The prizes, the cookie jar, the 50/50, the standings with every punched
    game and the money summary, for the notice board."""
    styles = paragraph_styles(smallest=NAME_SIZE)
    buffer = io.BytesIO()
    doc = flowing_document(buffer, sheet.heading, sheet.title, margin=0.45 * inch)
    story = title_block(styles, sheet.heading, sheet.title, doc.width)
    story.append(Paragraph(para_text(sheet.state), styles["body"]))
    for warning in sheet.warnings:
        story.append(Paragraph("⚠ " + para_text(warning), styles["small"]))
    story.append(Paragraph(para_text(_("Prizes")), styles["h2"]))
    if sheet.prizes:
        story.append(_prizes_table(sheet, doc.width, styles))
    else:
        story.append(Paragraph(para_text(_("No couple has won a game yet.")), styles["body"]))
    # The cookie jar and the 50/50 on the left, the money on the right.
    gutter = 0.25 * inch
    left_w = (doc.width - gutter) * 0.56
    right_w = doc.width - gutter - left_w
    left = []
    if sheet.jar:
        left += [Paragraph(para_text(_("Cookie jar")), styles["h2"])]
        left.append(_lines_table(sheet.jar, left_w, styles))
    if sheet.fifty_fifty:
        left += [Paragraph(para_text(_("50/50 draw")), styles["h2"])]
        left.append(_lines_table(sheet.fifty_fifty, left_w, styles))
    right = [Paragraph(para_text(_("Money")), styles["h2"]), _money_table(sheet, right_w, styles)]
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
    story.append(Spacer(1, 8))  # the jar's and the money's headings clear of the prizes
    story.append(side)
    story.append(Paragraph(para_text(_("Standings")), styles["h2"]))
    story.append(_standings_table(sheet, doc.width))
    doc.build(story)
    return buffer.getvalue()
