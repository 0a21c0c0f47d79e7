"""Fonts for the PDFs, and fitting a line of text into a box.

DejaVu Sans (Debian's fonts-dejavu-core) prints every accent of an Acadian or
Gaelic name and the suit symbols ♥♦♣♠. Without it the PDFs fall back to
Helvetica, which has the accents of Latin-1 but no suit symbols: cards are
then written "5H" instead of "5♥".

Text is never cut: `fit_text` shrinks it to fit the width, and wraps it to two
lines (at a space) when one line would be smaller than a readable size.

Right-to-left names (Arabic, Hebrew) print shaped and in reading order:
`arabic_reshaper` gives each Arabic letter its joined form (DejaVu Sans has
them), lines are broken in typed order, and each line is put in visual
order by `python-bidi` (`visual`). Every line the PDFs draw comes out of
`fit_text` (one line or several, fitted to a box), so this happens in one
place.

A character the font cannot draw (an emoji, Chinese) prints as a visible
placeholder (`PLACEHOLDER`, "?" in a diamond) instead of an empty box, and
`unprintable` tells the print page which names will not print as typed. On
the Helvetica fallback, or without the shaping libraries, right-to-left
letters print as the placeholder too (never backwards and unjoined), and
are listed.
"""

import math
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

try:  # kept libraries, pinned in requirements.txt; without them RTL is listed
    import arabic_reshaper
    from bidi import get_display
except ImportError:  # pragma: no cover - exercised by monkeypatching SHAPING
    arabic_reshaper = get_display = None

# Debian's fonts-dejavu-core puts DejaVu Sans in the first folder; other
# Linux systems in one of the next; macOS and Windows where a person who
# installs the font (for themselves or for everyone) gets it.
FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/TTF"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local" / "share" / "fonts",
    Path.home() / "Library" / "Fonts",
    Path("/Library/Fonts"),
    Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    / "Microsoft"
    / "Windows"
    / "Fonts",
    Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts",
)
FONT_DIR = FONT_DIRS[0]
SHAPING = arabic_reshaper is not None and get_display is not None
LEADING = 1.2  # line height, as a multiple of the font size

_SUIT_LETTERS = str.maketrans({"♥": "H", "♦": "D", "♣": "C", "♠": "S"})
PLACEHOLDER = "\ufffd"  # the replacement character: "?" in a black diamond
MIN_SIZE = 9  # nothing on paper is printed smaller (points): a player reads it at arm's length


@dataclass(frozen=True, slots=True)
class Fonts:
    regular: str
    bold: str
    has_suits: bool  # False on the Helvetica fallback

    def text(self, value: str) -> str:
        """`value` as this font can print it on one line: suit symbols
        become letters on the fallback font, any other character it cannot
        draw the placeholder, right-to-left words shaped and in visual order."""
        if not self.has_suits:
            value = value.translate(_SUIT_LETTERS)
        return visual(printable(shape(value, self.regular), self.regular))


@cache
def _charset(font: str) -> frozenset[int] | None:
    """The code points `font` can draw (None: a standard PDF font, Latin-1)."""
    face = pdfmetrics.getFont(font).face
    if not isinstance(face, TTFontFace):
        return None
    return frozenset(face.charToGlyph)


_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")  # Hebrew, Arabic
_HARAKAT = re.compile("[\u064b-\u065f\u0670]")  # Arabic vowel marks


def is_rtl(text: str) -> bool:
    """Whether `text` has a right-to-left letter (Hebrew, Arabic)."""
    return _RTL.search(text) is not None


@cache
def _reshaper(font: str):
    """An Arabic reshaper that only uses the ligatures `font` has (as
    arabic_reshaper's own `config_for_true_type_font` does with fonttools)."""
    charset = _charset(font) or frozenset()
    from arabic_reshaper.ligatures import LIGATURES

    configuration = {}  # harakat (vowel marks) are left out: see `unprintable`
    for name, (_match, forms) in LIGATURES:
        configuration[name] = all(ord(form) in charset for form in forms if form)
    return arabic_reshaper.ArabicReshaper(configuration=configuration)


def shape(text: str, font: str) -> str:
    """`text` (in typed order) with Arabic letters in their joined forms,
    still in typed order; unchanged without the shaping libraries."""
    if not (SHAPING and is_rtl(text) and _charset(font)):
        return text
    return _reshaper(font).reshape(text)


def visual(line: str) -> str:
    """One line in the order it is drawn, left to right (python-bidi, the
    Unicode bidirectional algorithm; the direction from its first letter)."""
    if not (SHAPING and is_rtl(line)):
        return line
    return get_display(line)


def printable(text: str, font: str) -> str:
    """`text` with each character `font` cannot draw replaced by `PLACEHOLDER`
    (spaces and combining accents are kept; an emoji's variation selector
    and joiners go with it). Right-to-left letters count as undrawable
    without the shaping libraries: they would print backwards, unjoined."""
    charset = _charset(font)
    out = []
    for ch in text:
        code = ord(ch)
        if not SHAPING and _RTL.match(ch):
            drawable = False
        elif charset is None:
            drawable = code < 256
        else:
            drawable = code in charset or ch in " \t\n"
        if drawable:
            out.append(ch)
        elif ch in "\ufe0f\u200d" or 0x1F3FB <= code <= 0x1F3FF:
            continue  # part of the emoji before it
        elif not (out and out[-1] == PLACEHOLDER):
            out.append(PLACEHOLDER)
    return "".join(out)


def prepare(text: str, font: str) -> str:
    """`text` as the PDFs print it, in typed order: one line (`tidy`),
    Arabic joined (`shape`), undrawable characters as `PLACEHOLDER`."""
    return printable(shape(tidy(text), font), font)


def unprintable(text: str) -> bool:
    """Whether `text` will not print as typed: a character the PDFs' fonts
    cannot draw, or right-to-left letters that cannot be shaped."""
    f = fonts()
    if SHAPING and _HARAKAT.search(text):
        return True  # the reshaper leaves the vowel marks out
    return any(PLACEHOLDER in prepare(text, font) for font in (f.regular, f.bold))


def find_font_dir(candidates=FONT_DIRS) -> Path | None:
    """The first folder holding both DejaVu Sans files (searched one level
    deep too, as some systems keep them in a dejavu/ subfolder)."""
    for folder in candidates:
        for place in (folder, folder / "dejavu"):
            if (place / "DejaVuSans.ttf").is_file() and (place / "DejaVuSans-Bold.ttf").is_file():
                return place
    return None


@cache
def fonts(font_dir: Path | None = None) -> Fonts:
    """Register DejaVu Sans once (found in `font_dir`, else in FONT_DIRS);
    Helvetica if the TTF files are missing."""
    found = find_font_dir((font_dir,) if font_dir is not None else FONT_DIRS)
    if found is None:
        return Fonts("Helvetica", "Helvetica-Bold", has_suits=False)
    regular, bold = found / "DejaVuSans.ttf", found / "DejaVuSans-Bold.ttf"
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


_HYPHENATED = re.compile(r"(?<=-)| ")  # where a name breaks naturally
LINK_NEVER_NEXT_TO = "-_"  # a link is never broken beside these: see `_link_breaks`


def _link_breaks(word: str, start: int, end: int) -> int | None:
    """Where to break a link between `start` and `end` (exclusive) so that
    typing it back from paper is unambiguous: after a "/" in the last half,
    else between two characters that are neither a hyphen nor an underscore
    (a hyphen at a line's end reads as a word broken in two). None: no such
    place."""
    allowed = [
        i
        for i in range(start + 1, end + 1)
        if word[i - 1] not in LINK_NEVER_NEXT_TO
        and word[i] not in LINK_NEVER_NEXT_TO
        and not unicodedata.combining(word[i])
    ]
    if not allowed:
        return None
    slashes = [i for i in allowed if word[i - 1] == "/" and i - start >= (end - start) / 2]
    return (slashes or allowed)[-1]


def _split_word(word: str, font: str, size: float, width: float, link: bool = False) -> list[str]:
    """A word too long for a line, in pieces that fit: after a hyphen when
    there is one, else between two characters (never between a letter and
    its accent). A link (`link`) breaks only where `_link_breaks` allows."""
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
            if link:
                end = _link_breaks(word, start, end - 1) or end
            else:
                hyphen = word.rfind("-", start, end - 1)
                if hyphen >= start:
                    end = hyphen + 1
        pieces.append(word[start:end])
        start = end
    return pieces


def wrap(text: str, font: str, size: float, width: float, link: bool = False) -> list[str]:
    """Greedy line breaking at spaces; a word wider than a line is split
    (a link as `_link_breaks` allows). Lines in typed order."""
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
            *full, line = _split_word(word, font, size, width, link)
            lines.extend(full)
    lines.append(line)
    return lines


def _fitted(lines, font: str, size: float) -> Fitted:
    """Lines in typed order, drawn in visual order (right-to-left words reversed)."""
    return Fitted(tuple(visual(line) for line in lines), font, size)


def fit_text(
    text: str,
    font: str,
    *,
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    max_lines: int = 2,
    link: bool = False,
) -> Fitted:
    """The largest size (up to `max_size`) at which `text` fits `width` x `height`.

    One line if it can be at least `min_size`; otherwise two lines (then up
    to `max_lines`), each as large as the box allows, until the size is
    readable. When even `max_lines` lines must go below `min_size` the text
    still prints whole, smaller: it never overflows and is never cut. A
    `link` is broken only where typing it back is unambiguous.

    Every line the PDFs draw comes from here (or `fit_lines`): right-to-left
    text is shaped and each line put in visual order.
    """
    text = prepare(text, font)
    if not text:
        return Fitted((), font, max_size)
    natural = text_width(text, font, 1)  # 0 for a lone accent
    size = _floor(min(max_size, width / natural if natural else max_size, height / LEADING))
    best = _fitted((text,), font, size)
    for count in range(2, max_lines + 1):
        if best.size >= min_size:
            break
        # The largest size, in tenths of a point, at which `count` lines are enough.
        low = round(best.size * 10)
        high = math.floor(min(max_size, height / (count * LEADING)) * 10)
        found = None
        while low < high:
            middle = (low + high + 1) // 2
            lines = wrap(text, font, middle / 10, width, link)
            if len(lines) <= count:
                low, found = middle, lines
            else:
                high = middle - 1
        if found is not None and low / 10 > best.size:
            best = _fitted(found, font, low / 10)
    return best


def fit_lines(text: str, font: str, size: float, width: float, link: bool = False) -> Fitted:
    """`text` at `size` exactly, on as many lines of `width` as it needs
    (for text that may grow its box downwards: a table cell)."""
    text = prepare(text, font)
    return _fitted(wrap(text, font, size, width, link) if text else (), font, size)


def lines_at(text: str, font: str, size: float, width: float, max_lines: int | None = None):
    """`text` wrapped at `size` (lines in typed order) if it takes at most
    `max_lines` lines with no word split, else None."""
    text = prepare(text, font)
    if any(text_width(word, font, size) > width for word in text.split(" ")):
        return None
    lines = wrap(text, font, size, width)
    return tuple(lines) if max_lines is None or len(lines) <= max_lines else None


def fit_together(
    texts,
    font: str,
    *,
    width: float,
    height: float,
    gap: float,
    max_size: float,
    min_size: float,
) -> tuple[Fitted, ...]:
    """`texts` stacked in one box `width` x `height` (with `gap` between two
    of them), all at one size: the largest, in tenths of a point up to
    `max_size`, at which they fit on as many lines as they need; words are
    broken only after a hyphen when some size from `min_size` up fits so,
    anywhere else only when none does. Under
    `min_size` only if nothing else fits (it never overflows)."""
    texts = [prepare(text, font) for text in texts]
    room = height - gap * (len(texts) - 1)

    def at(size: float, split: bool):
        stacks = []
        for text in texts:
            if not split and any(
                text_width(w, font, size) > width for w in _HYPHENATED.split(text)
            ):
                return None
            stacks.append(wrap(text, font, size, width) if text else [])
        if sum(len(lines) for lines in stacks) * size * LEADING > room + 1e-9:
            return None
        return tuple(_fitted(lines, font, size) for lines in stacks)

    top = round(_floor(max_size) * 10)
    for split in (False, True):
        for tenths in range(top, round(min_size * 10) - 1, -1):
            found = at(tenths / 10, split)
            if found is not None:
                return found
    for tenths in range(round(min_size * 10) - 1, 0, -1):  # only for impossible text
        found = at(tenths / 10, True)
        if found is not None:
            return found
    return tuple(_fitted([text], font, 0.1) for text in texts)
