"""Fonts for the PDFs, and fitting a line of text into a box.

DejaVu Sans (Debian's fonts-dejavu-core) prints every accent of an Acadian or
Gaelic name and the suit symbols ♥♦♣♠. Without it the PDFs fall back to
Helvetica, which has the accents of Latin-1 but no suit symbols: cards are
then written "5H" instead of "5♥".

Text is never cut: `fit_text` shrinks it to fit the width, and wraps it to two
lines (at a space) when one line would be smaller than a readable size.

A character the font cannot draw (an emoji, Chinese) prints as a visible
placeholder (`PLACEHOLDER`, "?" in a diamond) instead of an empty box, and
`unprintable` tells the print page which names will not print as typed.
"""

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
LEADING = 1.2  # line height, as a multiple of the font size

_SUIT_LETTERS = str.maketrans({"♥": "H", "♦": "D", "♣": "C", "♠": "S"})
PLACEHOLDER = "\ufffd"  # the replacement character: "?" in a black diamond
MIN_SIZE = 7  # nothing on paper is printed smaller than this (points)


@dataclass(frozen=True, slots=True)
class Fonts:
    regular: str
    bold: str
    has_suits: bool  # False on the Helvetica fallback

    def text(self, value: str) -> str:
        """`value` as this font can print it: suit symbols become letters on
        the fallback font, and any other character it cannot draw the
        placeholder."""
        if not self.has_suits:
            value = value.translate(_SUIT_LETTERS)
        return printable(value, self.regular)


@cache
def _charset(font: str) -> frozenset[int] | None:
    """The code points `font` can draw (None: a standard PDF font, Latin-1)."""
    face = pdfmetrics.getFont(font).face
    if not isinstance(face, TTFontFace):
        return None
    return frozenset(face.charToGlyph)


def printable(text: str, font: str) -> str:
    """`text` with each character `font` cannot draw replaced by `PLACEHOLDER`
    (spaces and combining accents are kept; an emoji's variation selector
    and joiners go with it)."""
    charset = _charset(font)
    out = []
    for ch in text:
        code = ord(ch)
        if (code < 256) if charset is None else (code in charset or ch in " \t\n"):
            out.append(ch)
        elif ch in "\ufe0f\u200d" or 0x1F3FB <= code <= 0x1F3FF:
            continue  # part of the emoji before it
        elif not (out and out[-1] == PLACEHOLDER):
            out.append(PLACEHOLDER)
    return "".join(out)


def unprintable(text: str) -> bool:
    """Whether `text` has a character the PDFs' font cannot draw."""
    return printable(text, fonts().regular) != text


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
    text = printable(tidy(text), font)
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


def lines_at(text: str, font: str, size: float, width: float, max_lines: int):
    """`text` wrapped at `size` if it takes at most `max_lines` lines with no
    word split, else None."""
    text = printable(tidy(text), font)
    if any(text_width(word, font, size) > width for word in text.split(" ")):
        return None
    lines = wrap(text, font, size, width)
    return tuple(lines) if len(lines) <= max_lines else None


def largest_size(
    texts,
    font: str,
    *,
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    max_lines: int,
) -> float:
    """The largest size (in tenths, from `min_size` up to `max_size`) at which
    every text fits `width` x `height` in at most `max_lines` lines; `min_size`
    when some do not fit even then."""
    size = _floor(max_size)
    for text in set(texts):
        if not text.strip():
            continue
        while size > min_size:
            lines = lines_at(text, font, size, width, max_lines)
            if lines is not None and len(lines) * size * LEADING <= height:
                break
            # Shrink to the next size that could make a difference.
            size = max(min_size, _floor(size - max(0.1, size * 0.03)))
    return max(size, min_size)
