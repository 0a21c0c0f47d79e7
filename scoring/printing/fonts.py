"""Fonts for the PDFs, and fitting a line of text into a box.

DejaVu Sans (Debian's fonts-dejavu-core) prints every accent of an Acadian or
Gaelic name and the suit symbols ♥♦♣♠. Without it the PDFs fall back to
Helvetica, which has the accents of Latin-1 but no suit symbols: cards are
then written "5H" instead of "5♥".

Text is never cut: `fit_text` shrinks it to fit the width, and wraps it to two
lines (at a space) when one line would be smaller than a readable size.
"""

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
LEADING = 1.2  # line height, as a multiple of the font size

_SUIT_LETTERS = str.maketrans({"♥": "H", "♦": "D", "♣": "C", "♠": "S"})


@dataclass(frozen=True, slots=True)
class Fonts:
    regular: str
    bold: str
    has_suits: bool  # False on the Helvetica fallback

    def text(self, value: str) -> str:
        """`value` as this font can print it (suit symbols become letters if needed)."""
        return value if self.has_suits else value.translate(_SUIT_LETTERS)


@cache
def fonts(font_dir: Path = FONT_DIR) -> Fonts:
    """Register DejaVu Sans once; Helvetica if the TTF files are missing."""
    regular, bold = font_dir / "DejaVuSans.ttf", font_dir / "DejaVuSans-Bold.ttf"
    if not (regular.is_file() and bold.is_file()):
        return Fonts("Helvetica", "Helvetica-Bold", has_suits=False)
    if "DejaVuSans" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
        pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
        pdfmetrics.registerFontFamily(
            "DejaVuSans",
            normal="DejaVuSans",
            bold="DejaVuSans-Bold",
            italic="DejaVuSans",
            boldItalic="DejaVuSans-Bold",
        )
    return Fonts("DejaVuSans", "DejaVuSans-Bold", has_suits=True)


def text_width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


@dataclass(frozen=True, slots=True)
class Fitted:
    """Text laid out in lines at one size, guaranteed to fit its box."""

    lines: tuple[str, ...]
    font: str
    size: float

    @property
    def width(self) -> float:
        return max((text_width(line, self.font, self.size) for line in self.lines), default=0)

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * LEADING


def _floor(size: float) -> float:
    """Round a font size down to a tenth of a point, so the fit is never exceeded."""
    return math.floor(size * 10) / 10


def tidy(text: str) -> str:
    """One line of text: spaces collapsed, control characters removed."""
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\t\n")
    return re.sub(r"\s+", " ", text).strip()


def _split_word(word: str, font: str, size: float, width: float) -> list[str]:
    """A word too long for a line, in pieces that fit: after a hyphen when
    there is one, else between two characters (never between a letter and
    its accent)."""
    pieces: list[str] = []
    start = 0
    while start < len(word):
        end = start + 1
        while end < len(word) and (
            unicodedata.combining(word[end])
            or text_width(word[start : end + 1], font, size) <= width
        ):
            end += 1
        if end < len(word):
            hyphen = word.rfind("-", start, end - 1)
            if hyphen >= start:
                end = hyphen + 1
        pieces.append(word[start:end])
        start = end
    return pieces


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy line breaking at spaces; a word wider than a line is split."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if text_width(candidate, font, size) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        if text_width(word, font, size) <= width:
            line = word
        else:
            *full, line = _split_word(word, font, size, width)
            lines.extend(full)
    lines.append(line)
    return lines


def fit_text(
    text: str,
    font: str,
    *,
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    max_lines: int = 2,
) -> Fitted:
    """The largest size (up to `max_size`) at which `text` fits `width` x `height`.

    One line if it can be at least `min_size`; otherwise two lines (then up
    to `max_lines`), each as large as the box allows, until the size is
    readable. When even `max_lines` lines must go below `min_size` the text
    still prints whole, smaller: it never overflows and is never cut.
    """
    text = tidy(text)
    if not text:
        return Fitted((), font, max_size)
    natural = text_width(text, font, 1)  # 0 for a lone accent
    size = _floor(min(max_size, width / natural if natural else max_size, height / LEADING))
    best = Fitted((text,), font, size)
    for count in range(2, max_lines + 1):
        if best.size >= min_size:
            break
        # The largest size, in tenths of a point, at which `count` lines are enough.
        low = round(best.size * 10)
        high = math.floor(min(max_size, height / (count * LEADING)) * 10)
        found = None
        while low < high:
            middle = (low + high + 1) // 2
            lines = wrap(text, font, middle / 10, width)
            if len(lines) <= count:
                low, found = middle, lines
            else:
                high = middle - 1
        if found is not None and low / 10 > best.size:
            best = Fitted(tuple(found), font, low / 10)
    return best
