"""The PDFs' text: fonts, names of every script, fitting a line into a box,
and drawing it. Every printout (and any new one) goes through here:

- `fonts()`: DejaVu Sans, regular and bold (Debian's fonts-dejavu-core). It
  prints every accent of an Acadian or Gaelic name, Greek, Cyrillic, Hebrew,
  Arabic and the suit symbols ♥♦♣♠. Without it the PDFs fall back to
  Helvetica (Latin-1 only; cards written "5H" instead of "5♥").
- Per-run font fallback: a character DejaVu Sans lacks is drawn in a font
  the machine has (`scoring.printing.fallback`: Noto Sans CJK for Chinese,
  Japanese and Korean, an emoji font with plain outlines if one is
  installed). `runs` cuts a line where the font changes; `text_width`,
  `draw_line` (a canvas) and `markup` (a platypus Paragraph) use it. Only a
  character no font has prints as `PLACEHOLDER` ("?" in a diamond, never an
  empty box), and `unprintable` tells the print page which names those are.
- Right-to-left names (Arabic, Hebrew) print shaped and in reading order:
  `arabic_reshaper` gives each Arabic letter its joined form, lines are
  broken in typed order, then the bidirectional algorithm (`python-bidi`)
  orders each line (`visual_lines`), in the direction of the page's
  language. A name set among other words or an amount goes in `isolate()`
  first, so it never reorders them ("Couple 3 · <name> · $60.00" keeps the
  amount last whatever the name's script, and a wrapped name keeps its own
  direction on its second line).
- Text is never cut: scoring/printing/fitting.py shrinks it to fit the
  width, or wraps it to more lines, with what this module measures. Every
  line the PDFs draw comes out of it, so the above happens in one place.

On the Helvetica fallback, or without the shaping libraries, right-to-left
letters print as the placeholder (never backwards and unjoined), and are
listed.
"""

import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from django.conf import settings
from django.utils.translation import get_language_bidi
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from . import fallback

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
# The bidirectional algorithm's isolates: left-to-right, right-to-left, first
# strong (its direction from its first letter), and their end.
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
ISOLATES = frozenset((LRI, RLI, FSI, PDI))
JOINERS = frozenset("\u200d\ufe0e\ufe0f")  # an emoji's joiner and variation selectors
MIN_SIZE = 9  # nothing on paper is printed smaller (points): a player reads it at arm's length


@dataclass(frozen=True, slots=True)
class Fonts:
    regular: str
    bold: str
    has_suits: bool  # False on the Helvetica fallback

    def text(self, value: str) -> str:
        """`value` as the PDFs can print it on one line: suit symbols become
        letters on the Helvetica fallback, a character no font draws the
        placeholder, right-to-left words shaped and in visual order."""
        if not self.has_suits:
            value = value.translate(_SUIT_LETTERS)
        return visual(_resolved(printable(shape(value, self.regular), self.regular)))


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


def isolate(name: str) -> str:
    """A typed name (a player's, a hall's, an evening's) set apart from the
    words and amounts around it: the bidirectional algorithm orders it on
    its own, in its own direction (from its first letter), and it never
    moves what is beside it. A name with no right-to-left letter needs
    nothing and is returned as it is."""
    return f"{FSI}{name}{PDI}" if is_rtl(name) else name


def _resolved(text: str) -> str:
    """Each first-strong isolate made left-to-right or right-to-left from
    the first letter of its whole content: a name wrapped onto two lines
    keeps its direction on the second ("Yosef יוסף MacLeod" is
    left-to-right on both of its lines)."""
    if FSI not in text:
        return text
    out = list(text)
    for start, ch in enumerate(text):
        if ch != FSI:
            continue
        depth, direction = 0, LRI
        for later in text[start + 1 :]:
            if later in (LRI, RLI, FSI):
                depth += 1
            elif later == PDI:
                if not depth:
                    break
                depth -= 1
            elif not depth:
                kind = unicodedata.bidirectional(later)
                if kind == "L":
                    break
                if kind in ("R", "AL"):
                    direction = RLI
                    break
        out[start] = direction
    return "".join(out)


_NO_ISOLATES = {ord(ch): None for ch in ISOLATES}


def _without_isolates(text: str) -> str:
    return text if ISOLATES.isdisjoint(text) else text.translate(_NO_ISOLATES)


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


def visual_lines(lines) -> tuple[str, ...]:
    """Lines in typed order (as wrapped), each in the order it is drawn,
    left to right: the Unicode bidirectional algorithm (python-bidi) on
    each line, in the direction of the page's language, after wrapping. An
    isolate a line break cuts is closed at the line's end and opened again
    at the next line's start, so each part of a name stays set apart."""
    out = []
    still_open: list[str] = []
    for line in lines:
        rtl = SHAPING and is_rtl(line)
        if not (still_open or rtl or not ISOLATES.isdisjoint(line)):
            out.append(line)  # nothing to order: most lines
            continue
        before = "".join(still_open)
        for ch in line:
            if ch in (LRI, RLI, FSI):
                still_open.append(ch)
            elif ch == PDI and still_open:
                still_open.pop()
        line = before + line + PDI * len(still_open)
        if rtl:
            base = "R" if settings.configured and get_language_bidi() else "L"
            line = get_display(line, base_dir=base)
        out.append(_without_isolates(line))
    return tuple(out)


def visual(line: str) -> str:
    """One line in the order it is drawn (`visual_lines`)."""
    return visual_lines((line,))[0]


def printable(text: str, font: str) -> str:
    """`text` with each character neither `font` nor a fallback font draws
    replaced by `PLACEHOLDER` (spaces and combining accents are kept; an
    emoji's variation selector and joiners go with it). Right-to-left
    letters count as undrawable without the shaping libraries: they would
    print backwards, unjoined."""
    charset = _charset(font)
    bold = _is_bold(font)
    out = []
    for ch in text:
        code = ord(ch)
        if ch in ISOLATES:
            drawable = True  # not drawn: they order the text
        elif not SHAPING and _RTL.match(ch):
            drawable = False
        elif charset is None:
            drawable = code < 256 or fallback.face_for(ch, bold) is not None
        else:
            drawable = code in charset or ch in " \t\n" or fallback.face_for(ch, bold) is not None
        if drawable:
            out.append(ch)
        elif ch in "\ufe0f\u200d" or 0x1F3FB <= code <= 0x1F3FF:
            continue  # part of the emoji before it
        elif not (out and out[-1] == PLACEHOLDER):
            out.append(PLACEHOLDER)
    return "".join(out)


def prepare(text: str, font: str) -> str:
    """`text` as the PDFs print it, in typed order: one line (`tidy`),
    Arabic joined (`shape`), undrawable characters as `PLACEHOLDER`, each
    isolate's direction settled (`_resolved`)."""
    return _resolved(printable(shape(tidy(text), font), font))


def unprintable(text: str) -> bool:
    """Whether `text` will not print as typed: a character no font on this
    machine draws, or right-to-left letters that cannot be shaped."""
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


def _is_bold(font: str) -> bool:
    return "Bold" in font


def _primary_draws(code: int, charset) -> bool:
    return code < 256 if charset is None else code in charset


@lru_cache(maxsize=8192)
def _plain(text: str, font: str) -> bool:
    """Whether `font` draws every character of `text` (no fallback, no
    isolate): then it is measured and drawn as one string, at C speed."""
    if text.isascii():
        return True
    charset = _charset(font)
    return all(_primary_draws(ord(ch), charset) for ch in text) and ISOLATES.isdisjoint(text)


def _attached(ch: str) -> bool:
    """An accent, a variation selector, a joiner or a skin tone: drawn with
    the character before it."""
    return ch in JOINERS or 0x1F3FB <= ord(ch) <= 0x1F3FF or bool(unicodedata.combining(ch))


def runs(text: str, font: str) -> list[tuple[str, str]]:
    """`text` cut where the font changes: (piece, the registered font that
    draws it), in order. `font` draws what it has; a character it lacks is
    drawn by the first fallback font that has it (`fallback.face_for`, in
    the form of Chinese characters a Japanese or Korean name wants). An
    accent, a variation selector or a joiner stays with the character
    before it, and is left out if that font lacks it. Isolates are left
    out: they are not drawn."""
    if _plain(text, font):
        return [(text, font)] if text else []
    charset = _charset(font)
    bold = _is_bold(font)
    lang = fallback.language(text)
    pieces: list[tuple[fallback.Face | None, list[str]]] = []
    for ch in text:
        if ch in ISOLATES:
            continue
        code = ord(ch)
        last = pieces[-1][0] if pieces else None
        if last is not None and _attached(ch):
            if code in last.covers:
                pieces[-1][1].append(ch)
            continue
        face = None
        if not _primary_draws(code, charset):
            face = fallback.face_for(ch, bold, lang)
            if face is None and ch in JOINERS:
                continue
        if pieces and last is face:
            pieces[-1][1].append(ch)
        else:
            pieces.append((face, [ch]))
    needed: dict[fallback.Face, set[str]] = {}
    for face, chars in pieces:
        if face is not None:
            needed.setdefault(face, set()).update(chars)
    names = {face: face.font_for(chars) for face, chars in needed.items()}
    return [("".join(chars), font if face is None else names[face]) for face, chars in pieces]


def text_width(text: str, font: str, size: float) -> float:
    """The width of `text` at `size`, each run in the font that draws it
    (isolates take no room)."""
    if _plain(text, font):
        return pdfmetrics.stringWidth(text, font, size)
    return sum(pdfmetrics.stringWidth(piece, name, size) for piece, name in runs(text, font))


def draw_line(canvas, line: str, font: str, size: float, x: float, y: float, *,
              align: str = "left", width: float = 0) -> None:  # fmt: skip
    """Draw one line (in visual order, as `Fitted.lines` hold it) on a
    reportlab canvas, its baseline at `y`: from `x`, or centred or
    right-aligned in `width`, each run in its own font."""
    pieces = runs(line, font)
    if len(pieces) <= 1 and (not pieces or pieces[0][1] == font):
        canvas.setFont(font, size)
        text = pieces[0][0] if pieces else ""
        if align == "center":
            canvas.drawCentredString(x + width / 2, y, text)
        elif align == "right":
            canvas.drawRightString(x + width, y, text)
        else:
            canvas.drawString(x, y, text)
        return
    widths = [pdfmetrics.stringWidth(piece, name, size) for piece, name in pieces]
    total = sum(widths)
    if align == "center":
        x += (width - total) / 2
    elif align == "right":
        x += width - total
    for (piece, name), piece_width in zip(pieces, widths, strict=True):
        canvas.setFont(name, size)
        canvas.drawString(x, y, piece)
        x += piece_width
    canvas.setFont(font, size)


def markup(line: str, font: str) -> str:
    """One line (in visual order) as platypus Paragraph markup: escaped,
    each run a fallback font draws in its own <font face>."""
    return "".join(
        escape(piece) if name == font else f'<font face="{name}">{escape(piece)}</font>'
        for piece, name in runs(line, font)
    )


def strings(value):
    """Every string in `value` (a printout's rows: dataclasses, tuples,
    lists), for `cover`."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from strings(getattr(value, name))


def cover(texts) -> None:
    """Make the fallback fonts hold every character of `texts` at once (a
    printout's strings, before it is drawn), so that its PDF embeds one
    converted font per fallback, not one more for each name with a new
    letter."""
    f = fonts()
    needed: dict[fallback.Face, set[str]] = {}
    for text in texts:
        if text.isascii():
            continue
        lang = fallback.language(text)
        for font in (f.regular, f.bold):
            charset = _charset(font)
            for ch in text:
                if not _primary_draws(ord(ch), charset):
                    face = fallback.face_for(ch, _is_bold(font), lang)
                    if face is not None:
                        needed.setdefault(face, set()).add(ch)
    for face, chars in needed.items():
        face.font_for(chars)


def tidy(text: str) -> str:
    """One line of text: spaces collapsed (not a no-break space: what it
    binds is never broken apart), control characters removed (but the
    isolates `isolate` puts around a name)."""
    text = "".join(
        ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\t\n" or ch in ISOLATES
    )
    return re.sub(r"[^\S\u00a0]+", " ", text).strip(" \t\n")  # a no-break space stays one
