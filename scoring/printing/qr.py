"""QR codes drawn into the PDFs, encoded by reportlab's own QrCodeWidget.

`QrCodeWidget` encodes the link; choosing its mask pattern is the slow part
(reportlab scores all eight masks with a pure-Python penalty, about 5 ms a
code, so 1.5 s for 300 cue cards). `qr_modules` asks reportlab for the same
eight candidate matrices and scores them with an equivalent penalty written
with string and integer operations, picking exactly the mask reportlab would
pick (tests compare the two on many links): the printed code is the one
`QrCodeWidget` would draw, about ten times faster.

Each code is drawn once per PDF as a Form XObject in module units (integer
rectangles, a few hundred bytes compressed) and placed with `doForm`, so a
table card shows the same code on both halves for the price of one.
"""

import hashlib
import re
from functools import lru_cache

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.pdfgen.canvas import Canvas

QUIET_ZONE = 4  # modules of white around the code, as the standard asks
LEVEL = "M"  # error correction: survives a punch hole or a coffee ring of ~15%

_RUN = re.compile(r"0{5,}|1{5,}")
_FINDER_LIKE = "10111010000"  # the one pattern reportlab's rule 3 looks for


def _penalty(modules: list[list[bool]]) -> int:
    """reportlab's `QRUtil.getLostPoint`, computed on strings and integers."""
    n = len(modules)
    rows = ["".join("1" if dark else "0" for dark in row) for row in modules]
    columns = ["".join(column) for column in zip(*rows, strict=True)]
    score = 0
    # Rule 1: a run of five or more modules of one colour costs its length - 2.
    for line in rows + columns:
        score += sum(len(run) - 2 for run in _RUN.findall(line))
    # Rule 2: every 2x2 block of one colour costs 3.
    full = (1 << (n - 1)) - 1
    bits = [int(row, 2) for row in rows]
    for upper, lower in zip(bits, bits[1:], strict=False):
        same_vertically = ~(upper ^ lower)
        block = same_vertically & (same_vertically >> 1) & ~(upper ^ (upper >> 1)) & full
        score += 3 * block.bit_count()
    # Rule 3: 1:1:3:1:1 finder-like patterns cost 40, found as reportlab finds
    # them: in rows only (its column pass compares a tuple with a list, which
    # never matches), one direction, not at the last possible position.
    last_start = n - len(_FINDER_LIKE)
    for line in rows:
        start = line.find(_FINDER_LIKE)
        while 0 <= start < last_start:
            score += 40
            start = line.find(_FINDER_LIKE, start + len(_FINDER_LIKE))
    # Rule 4: dark modules far from half cost 10 per 5%.
    dark = sum(row.count("1") for row in rows)
    return score + 10 * (abs(100 * dark // (n * n) - 50) // 5)


@lru_cache(maxsize=4096)
def qr_modules(payload: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of the QR code for `payload`, without
    the quiet zone: exactly what `QrCodeWidget(payload, barLevel="M")` draws."""
    code = QrCodeWidget(payload, barLevel=LEVEL).qr
    if code.version is None:
        code.version = code.calculate_version()
    best_mask, best_score = 0, None
    for mask in range(8):
        code.makeImpl(True, mask)  # as reportlab scores it: format bits left light
        score = _penalty(code.modules)
        if best_score is None or score < best_score:
            best_mask, best_score = mask, score
    code.makeImpl(False, best_mask)
    return tuple(tuple(bool(dark) for dark in row) for row in code.modules)


def form_name(payload: str) -> str:
    """The name of the Form XObject that holds the code for `payload`."""
    return "qr" + hashlib.sha256(payload.encode()).hexdigest()[:16]


def draw_qr(canvas: Canvas, payload: str, x: float, y: float, size: float) -> None:
    """Draw the code for `payload` as a `size` square (quiet zone included) at x, y."""
    modules = qr_modules(payload)
    side = len(modules) + 2 * QUIET_ZONE
    name = form_name(payload)
    if not canvas.hasForm(name):
        canvas.beginForm(name, 0, 0, side, side)
        path = canvas.beginPath()
        for r, row in enumerate(modules):
            y_module = side - QUIET_ZONE - r - 1
            c = 0
            while c < len(row):
                if row[c]:
                    start = c
                    while c < len(row) and row[c]:
                        c += 1
                    path.rect(QUIET_ZONE + start, y_module, c - start, 1)
                else:
                    c += 1
        canvas.setFillGray(0)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.endForm()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size / side, size / side)
    canvas.doForm(name)
    canvas.restoreState()
