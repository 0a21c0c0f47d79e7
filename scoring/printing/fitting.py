"""Text fitted into a box on paper: a line shrunk to the width of its box,
or wrapped to more lines (at a space, a name's hyphen, or where a link can
be typed back unambiguously) when one line would be smaller than a readable
size (`fonts.MIN_SIZE`). Text is never cut. Every line the PDFs draw comes
out of `fit_text`, `fit_lines` or `fit_together`, measured and drawn with
scoring/printing/fonts.py.
"""

import math
import re
import unicodedata
from dataclasses import dataclass

from .fonts import LEADING, prepare, text_width, visual_lines


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
    """Lines in typed order, drawn in visual order (`visual_lines`)."""
    return Fitted(visual_lines(lines), font, size)


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
