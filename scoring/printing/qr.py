"""QR codes drawn into the PDFs, encoded by `segno`.

`segno.make_qr` gives the module matrix; error correction level M survives a
punch hole or a coffee ring (~15% of the code). The mask pattern is fixed
(`MASK`) rather than chosen by segno: any of the eight masks is a valid code
that every reader decodes, and segno's choice (it builds and scores all eight)
costs about four times the encoding itself — 300 cue cards would take over 2 s.
`bench/print_bench.py` prints both timings.

Each code is drawn once per PDF as a Form XObject in module units (integer
rectangles, a few hundred bytes compressed) and placed with `doForm`, so a
table card shows the same code on both halves for the price of one.
"""

import hashlib
import re
from functools import lru_cache

import segno
from reportlab.pdfgen.canvas import Canvas

QUIET_ZONE = 4  # modules of white around the code, as the standard asks
LEVEL = "M"  # error correction: survives a punch hole or a coffee ring of ~15%
MASK = 0  # fixed: see the module docstring; None lets segno choose (slower)
_DARK_RUN = re.compile(rb"\x01+")


@lru_cache(maxsize=4096)
def qr_modules(payload: str, mask: int | None = MASK) -> tuple[bytes, ...]:
    """The QR code for `payload` row by row, without the quiet zone: a byte
    per module, 1 dark and 0 light (segno's matrix)."""
    code = segno.make_qr(payload, error=LEVEL, mask=mask, boost_error=False)
    return tuple(bytes(row) for row in code.matrix)


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
        # Each run of dark modules in a row is one rectangle, in whole modules.
        runs = []
        for r, row in enumerate(modules):
            y_module = side - QUIET_ZONE - r - 1
            for match in _DARK_RUN.finditer(row):
                runs.append(
                    f"{QUIET_ZONE + match.start()} {y_module} {match.end() - match.start()} 1 re"
                )
        canvas.addLiteral("0 g\n" + "\n".join(runs) + "\nf")
        canvas.endForm()
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(size / side, size / side)
    canvas.doForm(name)
    canvas.restoreState()
