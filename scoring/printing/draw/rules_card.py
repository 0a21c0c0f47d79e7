"""The rules card: one page, every card's rank and the house rules."""

import io
from collections.abc import Sequence

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, Table, TableStyle

from .. import rows as r
from ..fonts import MIN_SIZE, fonts
from .common import card_markup, flowing_document, pages, para_text, paragraph_styles, title_block


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
                f"<b>{card_markup(column.symbol)} {para_text(label(column))}</b>", styles["body"]
            )
        ]
        for position, card in enumerate(column.cards):
            markup = card_markup(card)
            row.append(
                Paragraph(f"<b>{markup}</b>" if position < bold_top else markup, styles["card"])
            )
        row += [""] * (depth - len(column.cards))
        data.append(row)
    table = Table(data, hAlign="LEFT", colWidths=[label_w] + [cell_w] * depth)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), f.regular, MIN_SIZE),
                ("TEXTCOLOR", (0, 0), (-1, 0), colors.Color(0.35, 0.35, 0.35)),
                ("ALIGN", (1, 0), (-1, 0), "CENTER"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
                ("LINEBELOW", (0, 1), (-1, -2), 0.3, colors.Color(0.6, 0.6, 0.6)),
                ("LINEAFTER", (0, 1), (0, -1), 0.3, colors.Color(0.6, 0.6, 0.6)),
                ("TOPPADDING", (0, 0), (-1, -1), 1.5),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
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
    # Set a little closer than the other printouts (nothing under 9 pt) so
    # that every set of house rules fits one page.
    styles = paragraph_styles()
    styles["body"] = styles["body"].clone("rules-body", leading=11.5)
    styles["bullet"] = styles["bullet"].clone("rules-bullet", leading=11.5, spaceAfter=1.5)
    styles["h2"] = styles["h2"].clone("rules-h2", spaceBefore=6, spaceAfter=2)
    styles["card"] = styles["card"].clone("rules-card", leading=13)
    buffer = io.BytesIO()
    doc = flowing_document(buffer, card.heading, _("House rules"), margin=0.4 * inch)
    story = title_block(styles, card.heading, _("House rules"), doc.width)
    story.append(Paragraph(para_text(_("Trumps, best first")), styles["h2"]))
    story.append(
        _rank_table(
            card.trumps,
            lambda column: _("%(suit)s trump") % {"suit": column.name.capitalize()},
            doc.width,
            styles,
            bold_top=3,
        )
    )
    story.append(Paragraph(para_text(_("Suits that are not trump, best first")), styles["h2"]))
    story.append(
        _rank_table(card.plain, lambda column: column.name.capitalize(), doc.width, styles, 0)
    )
    story.append(
        Paragraph(
            para_text(
                _(
                    "The ace of hearts is always a trump, so it never counts as a heart; the "
                    "ace of diamonds is the lowest diamond when diamonds are not trump."
                )
            ),
            styles["small"],
        )
    )
    parts = [story]  # the sections a page may end after: ranks, house rules, auction
    story = [Paragraph(para_text(_("This hall's rules")), styles["h2"])]
    parts.append(story)
    for line in card.rules:
        story.append(Paragraph(para_text(line), styles["bullet"], bulletText="•"))
    story.append(Paragraph(para_text(_("Rulings under these rules")), styles["h2"]))
    for example in card.examples:
        story.append(
            Paragraph(
                f"<b>{para_text(example.situation)}</b> "
                + para_text(_("May play: %(cards)s.") % {"cards": example.may_play})
                + f" <i>{para_text(example.reason)}</i>",
                styles["bullet"],
                bulletText="•",
            )
        )
    if card.auction:
        story = [Paragraph(para_text(_("Auction 45: bidding and scoring")), styles["h2"])]
        parts.append(story)
        for line in card.auction:
            story.append(Paragraph(para_text(line), styles["bullet"], bulletText="•"))
        for line in card.auction_examples:
            story.append(Paragraph(f"<i>{para_text(line)}</i>", styles["bullet"], bulletText="•"))
    # One page when it fits at its size; an auction evening's bidding and
    # scoring go on a second page rather than shrinking the type under 9 pt.
    doc.build(pages(parts, doc))
    return buffer.getvalue()
