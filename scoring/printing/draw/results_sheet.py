"""The results sheet, for the notice board."""

import io
from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from .. import rows as r
from ..fonts import Fitted, fit_text, fonts
from .common import flowing_document, para_text, paragraph_styles, title_block

PUNCH_COLUMNS_MAX = 30  # more games than this: the punched numbers as text
NAME_SIZE = 9  # the smallest type on the results sheet: readable on a notice board
PUNCH_W_MIN = 12.5  # a punched-game column: "25" at NAME_SIZE
PUNCHES_W = 4.4 * inch  # the most the punched-game columns may take


def standings_name_fit(row: r.StandingRow, width: float, bold: bool = False) -> Fitted:
    """Both names in the standings' names column, at NAME_SIZE: wrapped onto
    as many lines as they need (the row grows; a longer evening takes more pages)."""
    f = fonts()
    note = f" ({row.note})" if row.note else ""
    return fit_text(
        f"{row.player1} & {row.player2}{note}",
        f.bold if bold else f.regular,
        width=width,
        height=200,
        max_size=NAME_SIZE,
        min_size=NAME_SIZE,
        max_lines=12,
    )


def _standings_table(sheet: r.ResultsSheet, width: float) -> Table:
    f = fonts()
    games = sheet.games
    per_game = games <= PUNCH_COLUMNS_MAX and games * PUNCH_W_MIN <= PUNCHES_W
    place_w, couple_w, games_w = 0.5 * inch, 0.56 * inch, 0.56 * inch
    punch_w = PUNCH_W_MIN if per_game else 3 * inch
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
        ("FONT", (0, 0), (-1, 0), f.bold, NAME_SIZE, leading),
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
        # Hairlines between the games, so "10" "11" "12" never read as one number.
        ("LINEAFTER", (4, 0), (-2, -1), 0.25, colors.Color(0.75, 0.75, 0.75)),
    ]
    if per_game:
        commands.append(("FONT", (4, 0), (-1, 0), f.regular, NAME_SIZE, leading))
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
                height=200,
                max_size=NAME_SIZE,
                min_size=NAME_SIZE,
                max_lines=12,
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
            Paragraph(f"<b>{para_text(line.label)}</b>", styles["cell"]),
            Paragraph(para_text(_grouped(line.value) if line.code else line.value), styles["cell"]),
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
        title = f"<b>{para_text(row.title)}</b>"
        if row.prize:
            title += f"<br/>{para_text(row.prize)}"
        winners = "<br/>".join(para_text(winner) for winner in row.winners) or "–"
        data.append(
            [
                Paragraph(title, styles["cell"]),
                "" if row.wins is None else str(row.wins),
                Paragraph(winners, styles["cell"]),
                Paragraph(para_text(row.how), styles["cell"]),
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
    story = title_block(styles, sheet.heading, sheet.title)
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
