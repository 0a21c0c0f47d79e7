"""Printing speed: cue cards and the results sheet for 300 couples.

    .venv/bin/python bench/print_bench.py [--couples 300] [--runs 3] [--no-rl-accel]

On a throwaway SQLite database (a temporary CARDNIGHT_VAR_DIR): an evening of
--couples couples with hall-like names, game 1 seated (one table per two
couples), 25 games of punches (a random half of the couples win each game),
three prizes and a booby prize, a sealed cookie jar and a 50/50, finished.
Then each PDF is made through `scoring.printing.documents.render`, exactly as
the print page and the commands make it, --runs times with the QR code cache
emptied before each run (every run encodes every code again).

Printed per PDF: pages, the fastest and the slowest run, and the file size,
against the aim (well under 2 s and under 1 MB for the cue cards and the
results sheet at 300 couples).

Then the cue cards and the results sheet against a bare baseline: a plain
reportlab + segno script (`bare_cue_cards`, `bare_results_sheet` below)
drawing the same content from the same rows (the same DejaVu fonts, the
same QR codes, four 5 x 3 in cards to a page; one table of standings), with
none of the app's fitting, shaping or wrapping. The app's drawing
(`draw.draw_*` from the same rows) and the baseline run alternately, the
median of --runs each; printed as ratios, with the aim (results sheet at
most 3x, cue cards at most 1.2x) and which accelerator reportlab uses.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AIM_SECONDS, AIM_BYTES = 2.0, 1024 * 1024


def build_evening(couples: int, seed: int = 45):
    """The evening described in the module docstring, written with bulk inserts."""
    from scoring.models import Prize, Target
    from scoring.rules import jar as cookiejar_rules
    from tables.management.commands._names import player_name
    from tables.models import Couple, Evening, Game, Hall, Punch, Seating, Table

    rng = random.Random(seed)

    def name() -> str:
        return player_name(rng)

    hall = Hall.objects.create(name="Bench Parish Hall", paper_size="letter")
    numbers = [2, 5, 8, 11, 13, 17, 20, 23]
    salt = cookiejar_rules.new_salt()
    evening = Evening.objects.create(
        hall=hall,
        name="Benchmark 45s",
        slug="benchmark-45s",
        date=datetime.date(2026, 11, 27),
        booby_prize=True,
        entry_fee=Decimal("10.00"),
        cookie_jar=True,
        jar_buy_in=Decimal("2.00"),
        jar_draw_size=len(numbers),
        jar_draw_mode=Evening.JarDraw.SEALED,
        jar_numbers=numbers,
        jar_salt=salt,
        jar_fingerprint=cookiejar_rules.fingerprint(numbers, salt),
        jar_revealed=True,
        fifty_fifty=True,
        fifty_fifty_takings=Decimal("412.00"),
        fifty_fifty_ticket="118233",
        fifty_fifty_winner="Effie Samson",
        last_couple_number=couples,
    )
    rows = Couple.objects.bulk_create(
        Couple(
            evening=evening,
            number=number,
            player1=name(),
            player2=name(),
            paid=True,
            jar_buy_in=number % 3 == 0,
        )
        for number in range(1, couples + 1)
    )
    game = Game.objects.create(evening=evening, number=1, bye=rows[-1] if couples % 2 else None)
    tables = Table.objects.bulk_create(
        Table(evening=evening, number=number) for number in range(1, couples // 2 + 1)
    )
    Seating.objects.bulk_create(
        Seating(game=game, table=table, couple_a=rows[2 * i], couple_b=rows[2 * i + 1])
        for i, table in enumerate(tables)
    )
    punches = []
    for number in range(1, evening.games + 1):
        for couple in rng.sample(rows, couples // 2):
            punches.append(Punch(evening=evening, couple=couple, game_number=number))
    Punch.objects.bulk_create(punches, batch_size=2000)
    Prize.objects.bulk_create(
        [
            Prize(evening=evening, place=1, kind=Prize.Kind.CASH, amount=Decimal("100.00")),
            Prize(evening=evening, place=2, kind=Prize.Kind.SHARE, share_percent=Decimal("10")),
            Prize(evening=evening, place=3, kind=Prize.Kind.ITEM, item="A turkey"),
            Prize(evening=evening, target=Target.BOOBY, kind=Prize.Kind.ITEM, item="A deck"),
        ]
    )
    Evening.objects.filter(pk=evening.pk).update(
        status=Evening.Status.FINISHED, current_game=evening.games
    )
    evening.refresh_from_db()
    return evening


def measure(kind: str, evening, runs: int, **options) -> tuple[int, float, float, int]:
    from scoring.printing import documents, qr
    from scoring.printing.draw import page_size  # noqa: F401 (imports reportlab up front)

    times, content = [], b""
    for _ in range(runs):
        qr.qr_modules.cache_clear()
        started = time.perf_counter()
        content = documents.render(kind, evening, **options).content
        times.append(time.perf_counter() - started)
    pages = content.count(b"/Type /Page\n")
    return pages, min(times), max(times), len(content)


def print_qr_timings(evening, runs: int) -> None:
    """Encoding alone, one code per couple: the fixed mask the PDFs use, and
    segno's own choice of mask (it builds and scores all eight)."""
    from scoring.printing import qr, rows

    links = [
        rows.couple_card_url("http://192.168.1.23:8000/", evening.slug, number)
        for number in range(1, evening.couples.count() + 1)
    ]
    for label, mask in ((f"fixed mask {qr.MASK} (used)", qr.MASK), ("segno's mask choice", None)):
        times = []
        for _ in range(runs):
            qr.qr_modules.cache_clear()
            started = time.perf_counter()
            for link in links:
                qr.qr_modules(link, mask)
            times.append(time.perf_counter() - started)
        print(f"QR encoding of {len(links)} links, {label:<24} fastest {min(times):.2f}s")
    qr.qr_modules.cache_clear()


def bare_cue_cards(sheet) -> bytes:
    """The cue cards' content, drawn plainly: four 5 x 3 in cards to a
    landscape page; each the number, the two names, the start table, a
    circle per game and the QR code of the couple's link."""
    import io

    import segno
    from reportlab.lib.pagesizes import landscape, letter
    from reportlab.lib.units import inch
    from reportlab.pdfgen.canvas import Canvas

    from scoring.printing.fonts import fonts

    fonts()  # registers DejaVu Sans, as the app does
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=landscape(letter))
    width, height = landscape(letter)
    card_w, card_h = 5 * inch, 3 * inch
    spots = [
        (x, y) for y in (height / 2, height / 2 - card_h) for x in (width / 2 - card_w, width / 2)
    ]
    for n, card in enumerate(sheet.cards):
        if n and n % 4 == 0:
            canvas.showPage()
        x, y = spots[n % 4]
        canvas.rect(x, y, card_w, card_h)
        canvas.setFont("DejaVuSans-Bold", 22)
        canvas.drawString(x + 10, y + card_h - 30, str(card.number or ""))
        canvas.setFont("DejaVuSans", 15)
        canvas.drawString(x + 60, y + card_h - 26, card.player1)
        canvas.drawString(x + 60, y + card_h - 44, card.player2)
        canvas.setFont("DejaVuSans", 10)
        canvas.drawString(x + 10, y + card_h - 62, f"Table {card.start_table} {card.start_note}")
        for game in range(sheet.games):
            row, col = divmod(game, 13)
            canvas.circle(x + 18 + col * 20, y + 60 - row * 24, 8)
            canvas.drawCentredString(x + 18 + col * 20, y + 57 - row * 24, str(game + 1))
        if card.qr:
            matrix = segno.make_qr(card.qr, error="M", mask=0, boost_error=False).matrix
            module = 0.9 * inch / len(matrix)
            path = canvas.beginPath()
            for r, line in enumerate(matrix):
                for c, dark in enumerate(line):
                    if dark:
                        path.rect(
                            x + card_w - 1.0 * inch + c * module,
                            y + card_h - 0.1 * inch - (r + 1) * module,
                            module,
                            module,
                        )
            canvas.drawPath(path, stroke=0, fill=1)
    canvas.save()
    return out.getvalue()


def bare_results_sheet(sheet) -> bytes:
    """The results sheet's content, drawn plainly: the title, the prizes
    and money lines as paragraphs, the standings as one platypus table."""
    import io

    from reportlab.lib import colors
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    from scoring.printing.fonts import fonts

    fonts()
    style = ParagraphStyle("plain", fontName="DejaVuSans", fontSize=9)
    story = [Paragraph(sheet.title, ParagraphStyle("t", fontName="DejaVuSans-Bold", fontSize=16))]
    for prize in sheet.prizes:
        story.append(Paragraph(f"{prize.title}: {prize.prize} {'; '.join(prize.winners)}", style))
    for line in (*sheet.jar, *sheet.fifty_fifty):
        story.append(Paragraph(f"{line.label}: {line.value}", style))
    for money in sheet.money:
        story.append(Paragraph(f"{money.label} {money.detail} {money.amount}", style))
    data = [["Place", "Couple", "Players", "Wins", "Games won"]]
    for row in sheet.standings:
        data.append(
            [
                row.place,
                str(row.number),
                Paragraph(f"{row.player1} & {row.player2}", style),
                str(row.wins),
                Paragraph(" ".join(map(str, row.punched)), style),
            ]
        )
    table = Table(data, colWidths=[40, 45, 200, 35, 200], repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "DejaVuSans", 9),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    story.append(table)
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=letter).build(story)
    return out.getvalue()


def print_ratios(evening, runs: int) -> int:
    """The app's drawing against the bare baseline, alternating; medians."""
    import statistics

    from scoring.printing import documents, draw, qr, rows

    try:
        import _rl_accel  # noqa: F401 (the rl-accel package: reportlab's C speed-ups)

        accel = "reportlab with rl-accel (C)"
    except ImportError:
        accel = "reportlab in pure Python (rl-accel is not installed)"
    base = documents.DEFAULT_BASE_URL
    failures = 0
    print(f"against a bare reportlab + segno script, medians of {runs} alternating runs; {accel}")
    print(f"{'PDF':<16} {'app':>8} {'bare':>8} {'app/bare':>9} {'render/bare':>12}  aim")
    for label, kind, make_rows, drawing, bare, aim in [
        ("cue cards", "cards", lambda: rows.cue_card_rows(evening, base, 4),
         draw.draw_cue_cards, bare_cue_cards, 1.2),
        ("results sheet", "results", lambda: rows.results_rows(evening),
         draw.draw_results_sheet, bare_results_sheet, 3.0),
    ]:  # fmt: skip
        sheet = make_rows()
        drawing(sheet), bare(sheet)  # warm: fonts registered, code loaded
        times = {"app": [], "bare": [], "render": []}
        for _ in range(runs):
            for name, function in (
                ("app", lambda d=drawing, s=sheet: d(s)),
                ("bare", lambda b=bare, s=sheet: b(s)),
                ("render", lambda k=kind: documents.render(k, evening, base_url=base, blank=4)),
            ):
                qr.qr_modules.cache_clear()
                started = time.perf_counter()
                function()
                times[name].append(time.perf_counter() - started)
        m = {name: statistics.median(values) for name, values in times.items()}
        ratio = m["app"] / m["bare"]
        failures += ratio > aim
        print(
            f"{label:<16} {m['app']:>7.2f}s {m['bare']:>7.2f}s {ratio:>9.2f} "
            f"{m['render'] / m['bare']:>12.2f}  {'ok' if ratio <= aim else 'MISSED'} (<= {aim})"
        )
    return failures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--couples", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--no-rl-accel", action="store_true", help="reportlab without its C speed-ups"
    )
    args = parser.parse_args(argv)
    if args.no_rl_accel:
        sys.modules["_rl_accel"] = None  # reportlab then uses its pure-Python code
    with tempfile.TemporaryDirectory(prefix="cardnight-print-bench-") as var:
        os.environ.pop("DATABASE_URL", None)
        os.environ["CARDNIGHT_VAR_DIR"] = var
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        evening = build_evening(args.couples)
        print(
            f"{args.couples} couples, {args.couples // 2} tables, 25 games "
            f"(data built in {time.perf_counter() - started:.1f} s); "
            f"best and worst of {args.runs} runs, QR codes encoded afresh each run"
        )
        print_qr_timings(evening, args.runs)
        print(f"{'PDF':<28} {'pages':>5} {'fastest':>9} {'slowest':>9} {'size':>9}  aim")
        failures = 0
        for label, kind, options, aimed in [
            (f"cue cards ({args.couples} + 4 blank)", "cards", {"blank": 4}, True),
            (f"results sheet ({args.couples})", "results", {}, True),
            (f"table cards ({args.couples // 2})", "tables", {}, False),
            ("rules card", "rules", {}, False),
        ]:
            pages, fastest, slowest, size = measure(kind, evening, args.runs, **options)
            verdict = ""
            if aimed:
                ok = slowest < AIM_SECONDS and size < AIM_BYTES
                failures += not ok
                verdict = "ok (< 2 s, < 1 MB)" if ok else "MISSED (< 2 s, < 1 MB)"
            print(
                f"{label:<28} {pages:>5} {fastest:>8.2f}s {slowest:>8.2f}s "
                f"{size / 1024:>7.0f} KB  {verdict}"
            )
        failures += print_ratios(evening, args.runs)
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
