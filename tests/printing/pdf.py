"""Reading the PDFs back for tests: text, QR codes, page sizes, pixels."""

import io
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from pypdf import PdfReader

from scoring.printing.qr import QUIET_ZONE

_RECT = re.compile(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re")


def reader(content: bytes) -> PdfReader:
    assert content.startswith(b"%PDF-"), content[:40]
    return PdfReader(io.BytesIO(content))


def squash(text: str) -> str:
    """Text with every run of whitespace made one space (lines joined)."""
    return " ".join(text.split())


def page_texts(content: bytes) -> list[str]:
    return [squash(page.extract_text()) for page in reader(content).pages]


def all_text(content: bytes) -> str:
    return " ".join(page_texts(content))


def qr_codes(page) -> dict[str, tuple[bytes, ...]]:
    """Every QR code drawn on a page (a Form XObject named qr…), read back
    from its rectangles into rows of modules (1 dark, 0 light, as
    `scoring.printing.qr.qr_modules` gives them), by XObject name."""
    found = {}
    xobjects = page["/Resources"].get("/XObject", {})
    for name, ref in xobjects.items():
        form = ref.get_object()
        if form["/Subtype"] != "/Form" or "qr" not in name:
            continue
        side = int(form["/BBox"][2])
        size = side - 2 * QUIET_ZONE
        modules = [bytearray(size) for _ in range(size)]
        for x, y, w, h in _RECT.findall(form.get_data()):
            x, y, w, h = (round(float(v)) for v in (x, y, w, h))
            assert h == 1
            row = side - QUIET_ZONE - 1 - y
            for column in range(x - QUIET_ZONE, x - QUIET_ZONE + w):
                modules[row][column] = 1
        found[name] = tuple(bytes(row) for row in modules)
    return found


def forms_drawn(page) -> list[str]:
    """The names of the QR code XObjects the page draws, in order."""
    data = page.get_contents().get_data()
    return [name.decode() for name in re.findall(rb"(/FormXob\.qr\w+) Do", data)]


def dark_pixels(content: bytes, page: int = 1, resolution: int = 30) -> tuple[int, int]:
    """(dark pixels, all pixels) of one page rendered in grey by pdftoppm."""
    return _count_dark(_page_pgm(content, page, resolution))


def _page_pgm(content: bytes, page: int, resolution: int) -> bytes:
    """One page of a PDF rendered in grey by pdftoppm, as a PGM file."""
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "doc.pdf"
        pdf.write_bytes(content)
        subprocess.run(
            ["pdftoppm", "-gray", "-r", str(resolution), "-f", str(page), "-l", str(page),
             str(pdf), str(Path(folder) / "page")],
            check=True,
        )  # fmt: skip
        (image,) = Path(folder).glob("page*.pgm")
        return image.read_bytes()


ZBARIMG = shutil.which("zbarimg")  # Debian's zbar-tools


def decoded_qr_codes(content: bytes, resolution: int = 200) -> list[list[str]]:
    """Every QR code on every page, read off the rendered page by `zbarimg`
    (what a phone's camera would read), page by page, sorted."""
    assert ZBARIMG, "zbarimg is missing (Debian: apt-get install zbar-tools)"
    pages = []
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "doc.pdf"
        pdf.write_bytes(content)
        prefix = str(Path(folder) / "page")
        subprocess.run(
            ["pdftoppm", "-gray", "-png", "-r", str(resolution), str(pdf), prefix], check=True
        )
        for image in sorted(Path(folder).glob("page*.png")):
            result = subprocess.run(
                [ZBARIMG, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
                capture_output=True,
                text=True,
            )
            assert result.returncode in (0, 4), result.stderr  # 4: no code on the page
            pages.append(sorted(result.stdout.splitlines()))
    return pages


def _count_dark(pgm: bytes) -> tuple[int, int]:
    """Pixels darker than mid-grey in a binary PGM (P5, 8 bits)."""
    fields = []
    position = 0
    while len(fields) < 4:
        match = re.compile(rb"\s*(#[^\n]*\n\s*)*(\S+)").match(pgm, position)
        fields.append(match.group(2))
        position = match.end()
    magic, width, height, maximum = fields
    assert magic == b"P5" and int(maximum) == 255
    pixels = pgm[position + 1 : position + 1 + int(width) * int(height)]
    return sum(1 for value in pixels if value < 128), len(pixels)


def text_sizes(content: bytes) -> list[tuple[int, str, float]]:
    """(page number, text, size in points) of every piece of text drawn, the
    size as printed (the font size scaled by the text and page matrices)."""
    found = []
    for number, page in enumerate(reader(content).pages, start=1):

        def visit(text, cm, tm, font, size, number=number):
            if not text.strip():
                return
            a, b, c, d = (
                tm[0] * cm[0] + tm[1] * cm[2],
                tm[0] * cm[1] + tm[1] * cm[3],
                tm[2] * cm[0] + tm[3] * cm[2],
                tm[2] * cm[1] + tm[3] * cm[3],
            )
            del a, b
            found.append((number, text.strip(), round(size * (c * c + d * d) ** 0.5, 2)))

        page.extract_text(visitor_text=visit)
    return found


def ink_near_edges(content: bytes, inches: float, resolution: int = 72) -> list[int]:
    """The pages (numbered from 1) with printed (non-white) pixels less than
    `inches` from an edge of the paper, the pages rendered by pdftoppm."""
    found = set()
    band = int(inches * resolution)
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "doc.pdf"
        pdf.write_bytes(content)
        subprocess.run(
            ["pdftoppm", "-gray", "-r", str(resolution), str(pdf), str(Path(folder) / "page")],
            check=True,
        )
        for image in sorted(Path(folder).glob("page*.pgm")):
            number = int(image.stem.rsplit("-", 1)[1])
            width, height, pixels = _pgm(image.read_bytes())
            for y in range(height):
                row = pixels[y * width : (y + 1) * width]
                edge = row if y < band or y >= height - band else row[:band] + row[-band:]
                if min(edge) < 250:
                    found.add(number)
                    break
    return sorted(found)


def _pgm(pgm: bytes) -> tuple[int, int, bytes]:
    fields = []
    position = 0
    while len(fields) < 4:
        match = re.compile(rb"\s*(#[^\n]*\n\s*)*(\S+)").match(pgm, position)
        fields.append(match.group(2))
        position = match.end()
    width, height = int(fields[1]), int(fields[2])
    return width, height, pgm[position + 1 : position + 1 + width * height]


def text_boxes(content: bytes) -> list[tuple[int, str, float, tuple[float, float, float, float]]]:
    """(page, text, size, (x0, y0, x1, y1)) of every piece of text drawn: its
    box on the page in points, from the text and page matrices, its width
    measured in the font it is drawn in (DejaVu Sans or DejaVu Sans Bold)
    and its height from the descent to the top of the capitals."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from scoring.printing.fonts import fonts

    found = []
    for number, page in enumerate(reader(content).pages, start=1):

        def visit(text, cm, tm, font, size, number=number):
            if not text.strip() or font is None:
                return
            text = text.rstrip("\n")
            name = str(font.get("/BaseFont", ""))
            registered = fonts().bold if "Bold" in name else fonts().regular
            a = tm[0] * cm[0] + tm[1] * cm[2]
            b = tm[0] * cm[1] + tm[1] * cm[3]
            c = tm[2] * cm[0] + tm[3] * cm[2]
            d = tm[2] * cm[1] + tm[3] * cm[3]
            e = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            f = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            width = stringWidth(text, registered, size)
            corners = [
                (e + a * u + c * v, f + b * u + d * v)
                for u in (0, width)
                for v in (-0.24 * size, 0.73 * size)
            ]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            scale = (c * c + d * d) ** 0.5
            found.append(
                (number, text.strip(), round(size * scale, 2), (min(xs), min(ys), max(xs), max(ys)))
            )

        page.extract_text(visitor_text=visit)
    return found


def drawn_lines(content: bytes) -> list[list[str]]:
    """Each page's lines as drawn, top to bottom, each line its words left
    to right as they stand on the paper (poppler's `pdftotext -bbox`: a
    right-to-left word reads as drawn, "ףסוי" for יוסף), joined by spaces."""
    import xml.etree.ElementTree as ET

    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "doc.pdf"
        pdf.write_bytes(content)
        xhtml = subprocess.run(
            ["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True
        ).stdout
    pages = []
    namespace = {"x": "http://www.w3.org/1999/xhtml"}
    # poppler's own output for a PDF made by the test: nothing untrusted.
    for page in ET.fromstring(xhtml).iterfind(".//x:page", namespace):  # noqa: S314
        words = [
            (float(w.get("yMax")), float(w.get("xMin")), w.text or "")
            for w in page.iterfind("x:word", namespace)
        ]
        lines: list[list[tuple[float, str]]] = []
        bottoms: list[float] = []
        for bottom, left, text in sorted(words):
            # One line: words whose foot is within 2 pt (another font's descent).
            if bottoms and abs(bottom - bottoms[-1]) <= 2:
                lines[-1].append((left, text))
            else:
                lines.append([(left, text)])
                bottoms.append(bottom)
        pages.append([" ".join(text for _, text in sorted(line)) for line in lines])
    return pages


def fonts_embedded(content: bytes) -> set[str]:
    """The names of the fonts the PDF embeds, without their subset prefix."""
    found = set()
    for page in reader(content).pages:
        for font in page["/Resources"].get("/Font", {}).values():
            found.add(str(font.get_object()["/BaseFont"]).lstrip("/").split("+")[-1])
    return found


def ink_in(content: bytes, box: tuple[float, float, float, float], page: int = 1) -> int:
    """Dark pixels (pdftoppm, 144 dpi, grey) inside `box` (x0, y0, x1, y1 in
    points from the bottom left) of a page."""
    resolution = 144
    width, height, pixels = _pgm(_page_pgm(content, page, resolution))
    scale = resolution / 72
    x0, y0, x1, y1 = (round(v * scale) for v in box)
    return sum(
        1
        for y in range(max(0, height - y1), min(height, height - y0))
        for value in pixels[y * width + max(0, x0) : y * width + min(width, x1)]
        if value < 128
    )
