"""The books as a spreadsheet: read back with Python's csv module, and opened
headless by LibreOffice (as a person opens it: the byte order mark alone
says UTF-8), over the simulated year (tests/support/books.py)."""

import csv
import io
import re
import shutil
import subprocess
import zipfile
from decimal import Decimal
from xml.etree import ElementTree

import pytest
from django.urls import reverse

from scoring import books
from scoring.results import evening_results
from tables.models import Couple, Evening
from tests.support import books as year_of

pytestmark = pytest.mark.django_db

AMOUNT = re.compile(r"^-?\d+\.\d\d$")
FRENCH_AMOUNT = re.compile(r"^-?\d+,\d\d$")
ISO_DATE = re.compile(r"^\d{4}-\d\d-\d\d$")
MONEY_COLUMNS = [
    ("Entries", "entries"),
    ("Jar buy-ins", "jar_buy_ins"),
    ("50/50 takings", "fifty_fifty_takings"),
    ("50/50 paid out", "fifty_fifty_paid"),
    ("Prizes paid in cash", "prizes_paid"),
    ("Jar carried in", "jar_carried_in"),
    ("Jar paid out", "jar_paid_out"),
    ("Jar carried over", "jar_carried_over"),
    ("The hall keeps", "hall_keeps"),
]


@pytest.fixture
def year(hall):
    return year_of.build_year(hall)


def download(client, hall, name="books-csv", french=False, **query) -> bytes:
    if french:
        client.cookies["django_language"] = "fr"
    response = client.get(reverse(name, args=[hall.pk]), {"year": "2026", **query})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    return response.content


def read(content: bytes, delimiter=",") -> list[dict]:
    assert content.startswith(b"\xef\xbb\xbf")  # UTF-8 with a byte order mark
    text = content.decode("utf-8-sig")
    assert "\r\n" in text
    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))


def test_the_spreadsheet_reads_back_row_for_row_as_each_evenings_summary(
    organizer_client, hall, year
):
    rows = read(download(organizer_client, hall))
    *evenings, totals = rows
    assert list(rows[0]) == [
        "Date", "Evening", "Status", "Couples", "Entries", "Jar buy-ins", "50/50 takings",
        "50/50 paid out", "Prizes paid in cash", "Prizes given in kind", "Jar carried in",
        "Jar paid out", "Jar carried over", "The hall keeps",
    ]  # fmt: skip
    assert len(evenings) == 52
    by_date = {evening.date.isoformat(): evening for evening in year[1:]}
    for row in evenings:
        assert ISO_DATE.match(row["Date"])
        evening = by_date[row["Date"]]
        assert row["Evening"] == evening.name
        if row["Status"] != "finished":
            # Listed with its status, no figure: a column's sum is the totals row.
            assert row["Status"] == ("cancelled" if evening.cancelled else "still open")
            assert {row[name] for name, _ in MONEY_COLUMNS} | {row["Couples"]} == {""}
            continue
        money = evening_results(evening).money
        for name, field in MONEY_COLUMNS:
            assert AMOUNT.match(row[name]), (name, row[name])
            assert Decimal(row[name]) == getattr(money, field), (row["Date"], name)
        assert row["Prizes given in kind"] == "; ".join(money.items)
    assert (totals["Date"], totals["Evening"], totals["Status"]) == (
        "", "Total", "50 finished evenings"
    )  # fmt: skip
    for name, _field in MONEY_COLUMNS:
        if name in ("Jar carried in", "Jar carried over"):
            assert totals[name] == ""  # the same money from evening to evening: no sum
            continue
        column = sum(Decimal(row[name]) for row in evenings if row[name])
        assert Decimal(totals[name]) == column, name
    assert int(totals["Couples"]) == sum(int(row["Couples"]) for row in evenings if row["Couples"])
    assert "A turkey × 12" in totals["Prizes given in kind"]
    # No currency sign, no thousands separator, anywhere.
    assert "$" not in "".join(totals.values()) and "3345.50" in totals.values()


def test_in_french_the_columns_are_french_and_the_numbers_as_a_french_spreadsheet_reads_them(
    organizer_client, hall, year
):
    rows = read(download(organizer_client, hall, french=True), delimiter=";")
    assert list(rows[0])[:5] == ["Date", "Soirée", "État", "Couples", "Entrées"]
    first = rows[0]
    assert first["Date"] == "2026-01-02"
    assert FRENCH_AMOUNT.match(first["Entrées"]) and first["Entrées"] == "45,00"
    assert rows[-1]["Soirée"] == "Total"
    # The English way asked for from a French page (a spreadsheet set to English).
    english = read(download(organizer_client, hall, french=True, format="comma"))
    assert english[0]["Entrées"] == "45.00"


def test_a_cell_that_would_start_a_formula_is_written_as_text(organizer_client, hall, year):
    """A name typed at the door (or on a phone at self check-in) is never run."""
    Couple.objects.filter(evening=year[1], number=1).update(
        player1='=HYPERLINK("http://x.example","Win")', player2="+1-902-555-0100"
    )
    rows = read(download(organizer_client, hall, name="books-couples-csv"))
    mine = next(row for row in rows if row["Date"] == "2026-01-02" and row["Couple"] == "1")
    assert mine["First player"] == '\'=HYPERLINK("http://x.example","Win")'
    assert mine["Second player"] == "'+1-902-555-0100"


def test_the_couples_file_has_one_row_per_couple_and_evening(organizer_client, hall, year):
    rows = read(download(organizer_client, hall, name="books-couples-csv"))
    played = [e for e in year[1:] if not e.cancelled]
    assert len(rows) == sum(e.couples.count() for e in played)
    first = [row for row in rows if row["Date"] == "2026-01-02"]
    assert [row["Couple"] for row in first] == [str(n) for n in range(1, len(first) + 1)]
    winner = first[0]
    assert (winner["Games won"], winner["Place"], winner["Tied"]) == ("21", "1", "")
    assert winner["Prizes"] == "1st place; cookie jar"
    assert Decimal(winner["Cash won"]) == Decimal("25.00") + evening_results(year[1]).jar.pot
    third = first[2]
    assert (third["Prizes"], third["Prizes given in kind"]) == ("3rd place", year_of.ITEMS[1])
    assert first[-1]["Prizes"] == "booby prize"
    assert {row["Status"] for row in rows} == {"finished", "still open"}
    # The open evening's couples as they stand: games so far, no prize yet.
    still_open = [row for row in rows if row["Status"] == "still open"]
    assert still_open and all(row["Prizes"] == "" for row in still_open)
    # Agrees with the books on every count of couples.
    table = books.hall_books(hall, books.financial_year(2026, 1))
    for row in (*table.finished, *table.open):
        assert (
            sum(1 for line in rows if line["Date"] == row.date.isoformat()) == row.figures.couples
        )


def test_a_bad_period_is_a_clear_400(organizer_client, hall):
    url = reverse("books-csv", args=[hall.pk])
    for query, words in [
        ({"start": "2026-13-01", "end": "2026-12-31"}, "is not a date"),
        ({"start": "2026-01-01"}, "Give both dates"),
        ({"start": "2026-12-31", "end": "2026-01-01"}, "after the last one"),
        ({"year": "twenty"}, "Choose a year"),
        ({"year": "1850"}, "Choose a year"),
    ]:
        response = organizer_client.get(url, query)
        assert response.status_code == 400, query
        assert words in response.content.decode(), query


# --- Opened by LibreOffice ---------------------------------------------------

OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"


def libreoffice_cells(path, tmp_path, options: str) -> list[list[tuple[str | None, str]]]:
    """The file as LibreOffice opens it (`--infilter` with no character set:
    it finds UTF-8 from the byte order mark, as its import dialog does):
    each row's cells as (value type, text)."""
    subprocess.run(
        [
            shutil.which("libreoffice"),
            f"-env:UserInstallation=file://{tmp_path}/profile",
            "--headless",
            f"--infilter={options}",
            "--convert-to",
            "ods",
            "--outdir",
            str(tmp_path),
            str(path),
        ],
        check=True,
        capture_output=True,
        timeout=180,
    )
    content = zipfile.ZipFile(path.with_suffix(".ods")).read("content.xml")
    rows = []
    # LibreOffice's own file, made just now from ours: not untrusted XML.
    for row in ElementTree.fromstring(content).iter(f"{{{TABLE}}}table-row"):  # noqa: S314
        cells = []
        for cell in row.findall(f"{{{TABLE}}}table-cell"):
            repeated = int(cell.get(f"{{{TABLE}}}number-columns-repeated", "1"))
            value = (cell.get(f"{{{OFFICE}}}value-type"), "".join(cell.itertext()))
            cells += [value] * min(repeated, 20)
        rows.append(cells)
    return rows


@pytest.mark.skipif(not shutil.which("libreoffice"), reason="LibreOffice is not installed")
@pytest.mark.parametrize(
    ("french", "options"),
    [(False, "CSV:44,34,,1,,1033"), (True, "CSV:59,34,,1,,3084")],
    ids=["english", "french"],
)
def test_libreoffice_opens_it_with_dates_numbers_and_accents_right(
    organizer_client, hall, year, tmp_path, french, options
):
    path = tmp_path / "books.csv"
    path.write_bytes(download(organizer_client, hall, french=french))
    rows = libreoffice_cells(path, tmp_path, options)
    header, first = rows[0], rows[1]
    assert header[0] == ("string", "Date")  # the byte order mark is not in the first cell
    assert first[0] == ("date", "2026-01-02")
    assert [kind for kind, _text in first[3:9]] == ["float"] * 6
    assert first[4][1] in ("45", "45,00", "45.00")
    accents = [text for row in rows for _kind, text in row[1:2]]
    assert "Soirée de 45 de Chéticamp" in accents
    totals = rows[len(year)]  # the header, 52 evenings, the totals
    keeps = books.hall_books(hall, books.financial_year(2026, 1)).totals.hall_keeps
    assert totals[13][0] == "float"
    assert Decimal(totals[13][1].replace(",", ".").replace("\u202f", "")) == keeps


def test_an_evening_name_with_a_comma_and_quotes_stays_one_cell(organizer_client, hall, year):
    Evening.objects.filter(pk=year[1].pk).update(name='Friday 45s, "New Year" night')
    rows = read(download(organizer_client, hall))
    assert rows[0]["Evening"] == 'Friday 45s, "New Year" night'
