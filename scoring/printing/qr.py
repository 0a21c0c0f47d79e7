"""QR codes drawn into the PDFs, encoded by reportlab's own QrCodeWidget.

`QrCodeWidget` encodes the link. Choosing its mask pattern is the slow part:
reportlab builds the code eight times, once per mask, and scores each with a
pure-Python penalty (about 5 ms a code, 1.5 s for 300 cue cards).
`qr_modules` asks reportlab's encoder for the data bits and the fixed
patterns once, applies the eight masks as string and integer operations and
scores them with the same penalty, computed the same way, so it picks exactly
the mask reportlab picks (tests compare the two on many links): the printed
code is the one `QrCodeWidget` would draw, several times faster.

Each code is drawn once per PDF as a Form XObject in module units (integer
rectangles, a few hundred bytes compressed) and placed with `doForm`, so a
table card shows the same code on both halves for the price of one.
"""

import hashlib
import re
from functools import lru_cache

from reportlab.graphics.barcode import qrencoder
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.pdfgen.canvas import Canvas

QUIET_ZONE = 4  # modules of white around the code, as the standard asks
LEVEL = "M"  # error correction: survives a punch hole or a coffee ring of ~15%

_RUN = re.compile(r"0{5,}|1{5,}")
_FINDER_LIKE = "10111010000"  # the one pattern reportlab's rule 3 looks for


def _penalty(modules) -> int:
    """reportlab's `QRUtil.getLostPoint`, computed on strings and integers."""
    rows = ["".join("1" if dark else "0" for dark in row) for row in modules]
    return _penalty_of_rows(rows)


def _penalty_of_rows(rows: list[str]) -> int:
    n = len(rows)
    columns = ["".join(column) for column in zip(*rows, strict=True)]
    score = 0
    # Rule 1: a run of five or more modules of one colour costs its length - 2.
    runs = _RUN.findall("|".join(rows + columns))  # "|" keeps runs within their line
    score += sum(map(len, runs)) - 2 * len(runs)
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
    dark = "".join(rows).count("1")
    return score + 10 * (abs(100 * dark // (n * n) - 50) // 5)


# --- Reed-Solomon error correction, as reportlab's `QRCode.createData` computes
# it, with the generator polynomials cached and table look-ups for the
# products (reportlab rebuilds the polynomial for every block of every code).

_EXP = [qrencoder.QRMath.gexp(i) for i in range(255)]
_LOG = [0] + [qrencoder.QRMath.glog(i) for i in range(1, 256)]


@lru_cache(maxsize=64)
def _generator_logs(ec_count: int) -> tuple[int | None, ...]:
    """The logs of reportlab's generator polynomial's coefficients after the first."""
    poly = qrencoder.QRUtil.getErrorCorrectPolynomial(ec_count)
    coefficients = [poly.get(i) for i in range(poly.getLength())]
    assert coefficients[0] == 1 and len(coefficients) == ec_count + 1
    return tuple(_LOG[c] if c else None for c in coefficients[1:])


def _error_correction(data: list[int], ec_count: int) -> list[int]:
    """The remainder of data(x)·x^ec divided by the generator: the EC bytes."""
    logs = _generator_logs(ec_count)
    remainder = [0] * ec_count
    for byte in data:
        factor = byte ^ remainder[0]
        remainder = remainder[1:] + [0]
        if factor:
            shift = _LOG[factor]
            for i, log in enumerate(logs):
                if log is not None:
                    remainder[i] ^= _EXP[(shift + log) % 255]
    return remainder


def create_data(version: int, level: int, data_list) -> list[int]:
    """reportlab's `QRCode.createData`: the data bits padded to the version's
    capacity, split into blocks, each with its error correction, interleaved."""
    blocks = qrencoder.QRRSBlock.getRSBlocks(version, level)
    buffer = qrencoder.QRBitBuffer()
    for data in data_list:
        data.write(buffer, version)
    capacity = 8 * sum(block.dataCount for block in blocks)
    if buffer.getLengthInBits() > capacity:
        raise ValueError(f"code length overflow ({buffer.getLengthInBits()} > {capacity})")
    if buffer.getLengthInBits() + 4 <= capacity:
        buffer.put(0, 4)
    while buffer.getLengthInBits() % 8:
        buffer.putBit(False)
    pads = (qrencoder.QRCode.PAD0, qrencoder.QRCode.PAD1)
    index = 0
    while buffer.getLengthInBits() < capacity:
        buffer.put(pads[index % 2], 8)
        index += 1
    data_blocks, ec_blocks = [], []
    offset = 0
    for block in blocks:
        chunk = list(buffer.buffer[offset : offset + block.dataCount])
        offset += block.dataCount
        data_blocks.append(chunk)
        ec_blocks.append(_error_correction(chunk, block.totalCount - block.dataCount))
    interleaved = []
    for group in (data_blocks, ec_blocks):
        for i in range(max(len(chunk) for chunk in group)):
            interleaved.extend(chunk[i] for chunk in group if i < len(chunk))
    return interleaved


# --- Choosing the mask -------------------------------------------------------


@lru_cache(maxsize=64)
def _layout(version: int) -> tuple[list[tuple[int, int]], list[str]]:
    """Where the data modules of a code of `version` are (in reportlab's
    placing order), and each mask pattern over those places as a bit string."""
    code = qrencoder.QRCode(version, qrencoder.QRErrorCorrectLevel.M)
    code.moduleCount = version * 4 + 17
    positions = [(row, column) for column, row in code._dataPosIterator()]
    masks = []
    for pattern in range(8):
        mask = qrencoder.QRUtil.getMask(pattern)
        masks.append("".join("1" if mask(row, column) else "0" for row, column in positions))
    return positions, masks


@lru_cache(maxsize=64)
def _fixed(version: int) -> str:
    """Every module of a code of `version` as reportlab lays it out to score
    the masks (finder, timing and alignment patterns, format and version bits
    left light), row by row; the data places are overwritten later."""
    code = qrencoder.QRCode(version, qrencoder.QRErrorCorrectLevel.M)
    code.addData("0")
    code.makeImpl(True, 0)
    return "".join("1" if dark else "0" for row in code.modules for dark in row)


@lru_cache(maxsize=64)
def _scatter(version: int) -> tuple[list[int], int]:
    """How to build a whole code, row by row, from "data bits + `fixed`": for
    each module, its index in that string (the fixed patterns are the same
    for every mask while the masks are scored)."""
    positions, _masks = _layout(version)
    size = version * 4 + 17
    data_index = {place: index for index, place in enumerate(positions)}
    count = len(positions)
    return [
        data_index.get((row, column), count + row * size + column)
        for row in range(size)
        for column in range(size)
    ], size


@lru_cache(maxsize=4096)
def qr_modules(payload: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of the QR code for `payload`, without
    the quiet zone: exactly what `QrCodeWidget(payload, barLevel="M")` draws.

    reportlab's encoder picks the version and writes the data; the data bits
    are placed and masked here (the places and masks cached per version), the
    eight candidates scored as reportlab scores them, and reportlab's own
    `setupTypeInfo` writes the chosen mask's format bits."""
    code = QrCodeWidget(payload, barLevel=LEVEL).qr
    if code.version is None:
        code.version = code.calculate_version()
    positions, masks = _layout(code.version)
    fixed = _fixed(code.version)
    data = create_data(code.version, code.errorCorrectLevel, code.dataList)
    bits = "".join(format(byte, "08b") for byte in data)
    bits = bits[: len(positions)].ljust(len(positions), "0")
    order, size = _scatter(code.version)
    width = len(positions)
    value = int(bits, 2)
    best = None
    for pattern, mask in enumerate(masks):
        masked = format(value ^ int(mask, 2), f"0{width}b") + fixed
        whole = "".join(map(masked.__getitem__, order))
        rows = [whole[i : i + size] for i in range(0, size * size, size)]
        score = _penalty_of_rows(rows)
        if best is None or score < best[0]:
            best = (score, pattern, rows)
    _score, pattern, rows = best
    # The chosen mask, with its format (and version) bits written by reportlab.
    code.moduleCount = size
    code.modules = [[module == "1" for module in row] for row in rows]
    code.setupTypeInfo(False, pattern)
    if code.version >= 7:
        code.setupTypeNumber(False)
    return tuple(tuple(row) for row in code.modules)


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
            line = "".join("1" if dark else "0" for dark in row)
            for match in re.finditer("1+", line):
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
