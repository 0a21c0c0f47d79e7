"""What the printouts share: page sizes, the canvas and the flowing document
(with its footer), paragraph styles, safe text for platypus (each run of a
name in the font that draws it, each line in reading order: see
scoring.printing.fonts)."""

import io

from django.utils.translation import gettext as _
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepInFrame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)

from scoring.engine import Suit

from .. import rows as r
from ..fitting import Fitted, fit_lines, fit_text
from ..fonts import LEADING, MIN_SIZE, draw_line, fonts, isolate, markup

# Page streams compressed as binary Flate, without reportlab's default ASCII
# base-85 layer: smaller files, and no pure-Python encoding pass (reportlab's
# C accelerators are not installed). Only these PDFs use reportlab here.
rl_config.useA85 = 0

DARK_RED = colors.Color(0.62, 0, 0)
GRID_GREY = 0.55  # cut guides: visible on paper, quieter than the content
CREATOR = "CardNight"
SAFE_MARGIN = 0.3 * inch  # no ink nearer the paper's edge: printers clip up to 0.25 in
FOOTER_SIZE = 9


def page_size(paper: str) -> tuple[float, float]:
    return A4 if paper == "a4" else letter


def heading_line(heading: r.Heading) -> str:
    """ "St. Joseph's Parish Hall · Friday 45s · Friday 27 November 2026", the
    typed names set apart (`isolate`) so that neither reorders the line."""
    return f"{isolate(heading.hall)} · {isolate(heading.evening)} · {heading.date}"


def new_canvas(buffer: io.BytesIO, size, heading: r.Heading, title: str) -> Canvas:
    canvas = Canvas(buffer, pagesize=size, pageCompression=1, invariant=1)
    canvas.setTitle(f"{title} · {heading.evening}")
    canvas.setAuthor(heading.hall)
    canvas.setCreator(CREATOR)
    return canvas


def draw_fitted(
    canvas: Canvas, fitted: Fitted, x: float, top: float, *, align: str = "left", width: float = 0
) -> float:
    """Draw `fitted` lines from `top` down (each run in the font that draws
    it); returns the y under the last line."""
    canvas.setFont(fitted.font, fitted.size)
    y = top
    for line in fitted.lines:
        y -= fitted.size * LEADING
        baseline = y + fitted.size * 0.25
        draw_line(canvas, line, fitted.font, fitted.size, x, baseline, align=align, width=width)
    return y


class FittedLines(Flowable):
    """Lines fitted by `fit_lines` (or `fit_text`) as a platypus flowable: a
    table cell of names, drawn as `draw_fitted` draws them, each run in its
    own font (a plain string cell is drawn in the cell's one font)."""

    def __init__(self, fitted: Fitted, align: str = "left"):
        super().__init__()
        self.fitted, self.align = fitted, align
        self.width, self.height = fitted.width, fitted.height

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self) -> None:
        draw_fitted(self.canv, self.fitted, 0, self.height, align=self.align, width=self.width)


def draw_text(
    canvas: Canvas,
    text: str,
    font: str,
    x: float,
    top: float,
    width: float,
    height: float,
    *,
    size: float,
    min_size: float = MIN_SIZE,
    max_lines: int = 2,
    align: str = "left",
    link: bool = False,
) -> Fitted:
    """Fit `text` to the box `width` x `height` under `top` (`fit_text`:
    shrunk, then wrapped, never out of its box) and draw it there. Every
    line the canvas printouts draw goes through here or `draw_fitted`."""
    fitted = fit_text(
        text,
        font,
        width=width,
        height=height,
        max_size=size,
        min_size=min_size,
        max_lines=max_lines,
        link=link,
    )
    draw_fitted(canvas, fitted, x, top, align=align, width=width)
    return fitted


def paragraph_styles(smallest: float = MIN_SIZE) -> dict[str, ParagraphStyle]:
    """The flowing documents' styles; `smallest` is the size of the small
    print and table cells (MIN_SIZE: nothing a player reads is smaller)."""
    f = fonts()
    base = ParagraphStyle("base", fontName=f.regular, fontSize=9.5, leading=12)
    return {
        "title": ParagraphStyle("title", base, fontName=f.bold, fontSize=17, leading=21),
        "subtitle": ParagraphStyle("subtitle", base, fontSize=10, leading=13),
        "h2": ParagraphStyle(
            "h2", base, fontName=f.bold, fontSize=11.5, leading=14, spaceBefore=8, spaceAfter=3
        ),
        "body": base,
        "small": ParagraphStyle("small", base, fontSize=smallest, leading=smallest * 1.25),
        "cell": ParagraphStyle("cell", base, fontSize=smallest, leading=smallest * 1.2),
        "card": ParagraphStyle("card", base, fontSize=12, leading=14, alignment=1),
        "bullet": ParagraphStyle("bullet", base, leftIndent=10, bulletIndent=0, spaceAfter=2.5),
    }


def para_text(value: str) -> str:
    """Translated text made safe for a Paragraph (no markup is interpreted),
    a character DejaVu Sans lacks in the font that has it. Text with a
    typed name in it goes through `para_lines`, which wraps it here."""
    f = fonts()
    return markup(f.text(value), f.regular)


def para_lines(value: str, font: str, size: float, width: float) -> str:
    """User text for a Paragraph `width` wide, broken into lines here
    (`fit_lines`: each line in reading order, a right-to-left name wrapped
    in typed order; each run in the font that draws it) and joined with
    <br/>: the Paragraph has nothing left to wrap."""
    return "<br/>".join(markup(line, font) for line in fit_lines(value, font, size, width).lines)


def card_markup(label: str) -> str:
    """A card label for a Paragraph, red suits in dark red."""
    text = para_text(label)
    if any(suit.symbol in label for suit in Suit if suit.is_red):
        return f'<font color="#9e0000">{text}</font>'
    return text


def flowing_document(
    buffer: io.BytesIO, heading: r.Heading, title: str, margin: float = 0.5 * inch
):
    """A flowing document whose frame is exactly the page inside the margins
    (no extra frame padding), so `doc.width` is the width tables may use; the
    footer sits under the frame, inside the bottom margin."""
    size = page_size(heading.paper)
    bottom = max(margin, SAFE_MARGIN + 2.2 * FOOTER_SIZE)
    doc = BaseDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=bottom,
        title=f"{title} · {heading.evening}",
        author=heading.hall,
        creator=CREATOR,
        invariant=1,
    )
    frame = Frame(
        margin,
        bottom,
        doc.width,
        doc.height,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc.printed_title = f"{title} · {isolate(heading.evening)}"  # the footer's
    doc.addPageTemplates([PageTemplate("page", [frame], onPage=page_footer)])
    return doc


def _height(flowables, width: float, height: float) -> float:
    """The height `flowables` take stacked in a frame `width` wide."""
    total = 0.0
    for flowable in flowables:
        total += flowable.wrap(width, height)[1]
        total += flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return total


def pages(parts, doc) -> list:
    """Sections (lists of flowables, in order) on as few pages as they fit at
    their own size: a page ends only between two sections, and each page is
    kept to its frame (shrunk only if one section alone is taller than a
    page, which the printouts' sections never are)."""
    grouped: list[list] = [[]]
    for part in parts:
        together = grouped[-1] + list(part)
        if grouped[-1] and _height(together, doc.width, doc.height) > doc.height:
            grouped.append(list(part))
        else:
            grouped[-1] = together
    story: list = []
    for page in grouped:
        if story:
            story.append(PageBreak())
        story.append(KeepInFrame(doc.width, doc.height, page, mode="shrink"))
    return story


def page_footer(canvas: Canvas, doc) -> None:
    """The document's title and the page number, at the foot of every page,
    its lowest ink SAFE_MARGIN from the paper's edge."""
    canvas.saveState()
    canvas.setFillGray(0.3)
    title = getattr(doc, "printed_title", doc.title)
    text = _("%(title)s · page %(page)s") % {"title": title, "page": doc.page}
    # Under the frame, at its foot: its lowest ink (draw_fitted puts a
    # baseline 0.25 em above its line's foot) no nearer the edge than SAFE_MARGIN.
    fitted = fit_text(
        text,
        fonts().regular,
        width=doc.width,
        height=doc.bottomMargin - SAFE_MARGIN - 2,
        max_size=FOOTER_SIZE,
        min_size=MIN_SIZE,
    )
    draw_fitted(
        canvas, fitted, doc.leftMargin, SAFE_MARGIN + fitted.height, align="right", width=doc.width
    )
    canvas.restoreState()


def title_block(styles, heading: r.Heading, title: str, width: float) -> list:
    """The title and the evening's name, the hall and the date, over `width`
    (the frame's: lines broken here, each in reading order)."""

    def lines(text: str, style) -> Paragraph:
        return Paragraph(para_lines(text, style.fontName, style.fontSize, width - 1), style)

    return [
        lines(f"{title} · {isolate(heading.evening)}", styles["title"]),
        lines(f"{isolate(heading.hall)} · {heading.date}", styles["subtitle"]),
        Spacer(1, 6),
    ]
