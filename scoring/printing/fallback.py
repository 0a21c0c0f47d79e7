"""The fonts the machine has for what DejaVu Sans cannot draw: Chinese,
Japanese and Korean (Noto Sans CJK, Debian's fonts-noto-cjk; or Droid Sans
Fallback, WenQuanYi, the Windows and macOS system fonts) and emoji (a
font with plain outlines: Noto Emoji, Symbola, Segoe UI Emoji). Colour
emoji fonts (bitmaps: Noto Color Emoji, Apple Color Emoji) cannot go into
a PDF and are not used.

`scoring.printing.fonts` asks `face_for(char, primary, lang)` which font
draws a character DejaVu Sans lacks, and `Face.font_for(chars)` for the
registered reportlab font to draw them with.

A TrueType font (glyf outlines) is registered with reportlab as it is, and
reportlab embeds only the glyphs a PDF uses. reportlab cannot read
PostScript (CFF) outlines, which Noto Sans CJK has: the glyphs a PDF needs
are copied into a small TrueType font with fontTools (its curves converted
to quadratic ones), made again only when a character not yet in it is
asked for. Without fontTools those fonts are skipped.
"""

import io
import os
import threading
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

try:  # pinned in requirements.txt; without it the CFF fonts (Noto Sans CJK) are skipped
    import fontTools.ttLib as fonttools
except ImportError:  # pragma: no cover - exercised by monkeypatching CONVERT
    fonttools = None

CONVERT = fonttools is not None

# Where fonts are installed: Linux (searched with their subfolders), macOS, Windows.
ROOTS = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local" / "share" / "fonts",
    Path.home() / ".fonts",
    Path.home() / "Library" / "Fonts",
    Path("/Library/Fonts"),
    Path("/System/Library/Fonts"),
    Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    / "Microsoft"
    / "Windows"
    / "Fonts",
    Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts",
)

# The fallback fonts in the order they are tried, by file name: (regular,
# bold); a font without a bold file draws bold text in its regular weight.
CANDIDATES = (
    # Chinese, Japanese, Korean.
    (
        "NotoSansCJK-Regular.ttc",
        "NotoSansCJK-Bold.ttc",
    ),  # Debian/Ubuntu fonts-noto-cjk, Fedora, Arch
    ("NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf"),
    ("SourceHanSans-Regular.ttc", "SourceHanSans-Bold.ttc"),
    ("DroidSansFallbackFull.ttf", None),  # Debian fonts-droid-fallback
    ("DroidSansFallback.ttf", None),
    ("wqy-zenhei.ttc", None),
    ("wqy-microhei.ttc", None),
    ("msyh.ttc", "msyhbd.ttc"),  # Windows: Microsoft YaHei
    ("YuGothM.ttc", "YuGothB.ttc"),  # Windows: Yu Gothic
    ("malgun.ttf", "malgunbd.ttf"),  # Windows: Malgun Gothic
    # Emoji, in plain outlines.
    ("NotoEmoji-Regular.ttf", "NotoEmoji-Bold.ttf"),
    ("NotoEmoji[wght].ttf", None),
    ("Symbola.ttf", None),  # Debian fonts-symbola
    ("Symbola_hint.ttf", None),
    ("seguiemj.ttf", None),  # Windows: Segoe UI Emoji
    ("seguisym.ttf", None),  # Windows: Segoe UI Symbol
    # Any other script DejaVu Sans lacks.
    ("FreeSans.ttf", "FreeSansBold.ttf"),  # GNU FreeFont
    ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
)

# A collection (.ttc) holding one font per language: which to use for which.
LANGUAGE_SUFFIXES = {"ja": ("JP",), "ko": ("KR",), "zh": ("SC", "TC", "HK")}
MAX_CHARACTERS = 4000  # a converted font grown past this starts again with what is asked


@cache
def installed() -> dict[str, Path]:
    """File name -> where it is, for every font file under ROOTS (the first
    found of each name)."""
    found: dict[str, Path] = {}
    for root in ROOTS:
        if not root.is_dir():
            continue
        for folder, _dirs, files in os.walk(root):
            for name in files:
                if name.lower().endswith((".ttf", ".ttc", ".otf")):
                    found.setdefault(name, Path(folder) / name)
    return found


def _truetype(path: Path) -> bool:
    """Whether the font (or a collection's first font) has TrueType
    outlines, which reportlab reads as they are."""
    with path.open("rb") as file:
        head = file.read(16)
        if head[:4] == b"ttcf":
            file.seek(int.from_bytes(head[12:16], "big"))
            head = file.read(4)
    return head[:4] in (b"\x00\x01\x00\x00", b"true")


@dataclass(eq=False)
class Face:
    """One fallback font (one font of a collection): what it covers, and the
    reportlab font that draws it."""

    path: Path
    index: int  # in a .ttc collection
    name: str  # the reportlab name it is registered under (a version number added when converted)
    convert: bool  # PostScript outlines: copied into a TrueType font, glyph by glyph
    covers: frozenset[int] = field(default_factory=frozenset)
    _built: frozenset[int] = field(default_factory=frozenset)
    _version: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def font_for(self, chars) -> str:
        """The registered reportlab font that draws `chars` (all covered)."""
        if not self.convert:
            return self.name
        wanted = frozenset(ord(ch) for ch in chars) & self.covers
        with self._lock:
            if not wanted <= self._built:
                grown = self._built | wanted
                if len(grown) > MAX_CHARACTERS:
                    grown = wanted
                self._version += 1
                name = f"{self.name}-{self._version}"
                _register(name, _converted(self.path, self.index, grown, self._version))
                self._built = grown
            return f"{self.name}-{self._version}"


def _register(name: str, source: Path | bytes, index: int = 0) -> TTFont:
    """Register a TrueType font (a file, or its bytes) under `name`, as a
    family of one (so that platypus can put it in bold or italic text)."""
    font = TTFont(
        name, io.BytesIO(source) if isinstance(source, bytes) else str(source), subfontIndex=index
    )
    pdfmetrics.registerFont(font)
    pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name, boldItalic=name)
    return font


def _collection_index(path: Path, lang: str) -> int:
    """The font of a collection for `lang` ("zh", "ja", "ko"), by its family
    name ("Noto Sans CJK SC"); 0 if none says."""
    if fonttools is None:
        return 0
    try:
        collection = fonttools.TTCollection(str(path), lazy=True)
    except Exception:  # noqa: BLE001 - not a collection
        return 0
    with collection:
        families = [str(font["name"].getDebugName(1) or "") for font in collection.fonts]
    for suffix in LANGUAGE_SUFFIXES.get(lang, ()):
        for index, family in enumerate(families):
            if family.endswith(" " + suffix):
                return index
    return 0


@cache
def _load(path: Path, index: int, name: str) -> Face | None:
    """A fallback font, registered (TrueType) or ready to convert (CFF);
    None if it cannot be used (a colour emoji font, a broken file, CFF
    without fontTools)."""
    try:
        if _truetype(path):
            font = _register(name, path, index)
            face = font.face
            if not isinstance(face, TTFontFace) or not face.charWidths:
                return None
            return Face(path, index, name, convert=False, covers=frozenset(face.charToGlyph))
        if fonttools is None:
            return None
        with fonttools.TTFont(str(path), fontNumber=index, lazy=True) as font:
            if "CFF " not in font:
                return None
            covers = frozenset(font.getBestCmap())
        return Face(path, index, name, convert=True, covers=covers)
    except Exception:  # noqa: BLE001 - a font the machine has but nobody can read: skipped
        return None


def _converted(path: Path, index: int, codes: frozenset[int], version: int = 0) -> bytes:
    """A TrueType font holding the glyphs of `codes` (and .notdef), copied
    from a font with PostScript outlines, its curves made quadratic.

    Its PostScript name ends in `version` ("NotoSansCJKsc-Regular-v3"):
    reportlab embeds a font in a PDF under that name (the subset's
    "AAAAAA+" before it) and keeps one font file, one ToUnicode map per
    name, so two versions used in one PDF (a version made while it was
    drawn: another PDF's names, a font grown past MAX_CHARACTERS) under one
    name printed the second one's characters from the first one's glyphs,
    and text copied from the PDF lost them."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    with fonttools.TTFont(str(path), fontNumber=index, lazy=True) as source:
        cmap = source.getBestCmap()
        glyphs = source.getGlyphSet()
        hmtx = source["hmtx"]
        order = [".notdef"]
        mapping = {}
        for code in sorted(codes):
            glyph = cmap.get(code)
            if glyph is None:
                continue
            mapping[code] = glyph
            if glyph not in order:
                order.append(glyph)
        outlines = {}
        metrics = {}
        for glyph in order:
            pen = TTGlyphPen(None)
            glyphs[glyph].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
            outline = pen.glyph()
            outline.recalcBounds(None)
            outlines[glyph] = outline
            metrics[glyph] = (hmtx[glyph][0], getattr(outline, "xMin", 0))
        hhea, os2 = source["hhea"], source["OS/2"]
        names = source["name"]
        family = str(names.getDebugName(1) or path.stem)
        style = str(names.getDebugName(2) or "Regular")
        postscript = str(names.getDebugName(6) or f"{family}-{style}".replace(" ", ""))
        postscript = f"{postscript[:50]}-v{version}"  # at most 63 characters
        builder = FontBuilder(source["head"].unitsPerEm, isTTF=True)
        builder.setupGlyphOrder(order)
        builder.setupCharacterMap(mapping)
        builder.setupGlyf(outlines)
        builder.setupHorizontalMetrics(metrics)
        builder.setupHorizontalHeader(ascent=hhea.ascent, descent=hhea.descent)
        builder.setupNameTable({"familyName": family, "styleName": style, "psName": postscript})
        builder.setupOS2(
            sTypoAscender=os2.sTypoAscender,
            sTypoDescender=os2.sTypoDescender,
            usWinAscent=os2.usWinAscent,
            usWinDescent=os2.usWinDescent,
            usWeightClass=os2.usWeightClass,
        )
        builder.setupPost()
        out = io.BytesIO()
        builder.save(out)
        return out.getvalue()


KANA = ((0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF66, 0xFF9F))
HANGUL = ((0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7AF))


def language(text: str) -> str:
    """Which form of the Chinese characters `text` wants: "ja" with kana,
    "ko" with hangul, else "zh"."""
    for ch in text:
        code = ord(ch)
        if any(low <= code <= high for low, high in KANA):
            return "ja"
        if any(low <= code <= high for low, high in HANGUL):
            return "ko"
    return "zh"


@cache
def faces(bold: bool, lang: str = "zh") -> tuple[Face, ...]:
    """The fallback fonts this machine has, in CANDIDATES order (the bold
    file for bold text when there is one)."""
    files = installed()
    found = []
    for regular, heavy in CANDIDATES:
        name = heavy if bold and heavy in files else regular
        if name not in files:
            continue
        path = files[name]
        index = _collection_index(path, lang) if name.lower().endswith(".ttc") else 0
        stem = "".join(ch for ch in Path(name).stem if ch.isalnum())
        face = _load(path, index, f"Fallback-{stem}-{index}")
        if face is not None:
            found.append(face)
    return tuple(found)


def face_for(ch: str, bold: bool, lang: str = "zh") -> Face | None:
    """The first fallback font that draws `ch`, or None."""
    code = ord(ch)
    for face in faces(bold, lang):
        if code in face.covers:
            return face
    return None
