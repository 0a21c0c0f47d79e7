"""The volunteer quick-start: one page, in the active language, with the
site's address and a QR code that signs in to this evening."""

import pytest
from django.urls import reverse
from django.utils import translation
from reportlab.lib.pagesizes import A4, letter

from scoring.printing import documents
from tables.models import Hall

from .pdf import ZBARIMG, all_text, decoded_qr_codes, reader

BASE = "http://192.168.1.23:8000/"
JOBS = ("Register a couple", "Record a result", "Settle a disagreement", "Mark a couple leaving")
JOBS_FR = (
    "Inscrire un couple",
    "Noter un résultat",
    "Régler un désaccord",
    "Noter un couple qui part",
)


def test_it_is_one_page_with_the_four_jobs_and_the_address(empty):
    pdf = documents.render("volunteers", empty, base_url=BASE)
    assert len(reader(pdf.content).pages) == 1
    text = all_text(pdf.content)
    for job in JOBS:
        assert job in text
    assert BASE in text
    assert empty.hall.name in text
    assert pdf.filename == f"volunteer-quick-start-{empty.slug}.pdf"


@pytest.mark.parametrize(("paper", "size"), [("letter", letter), ("a4", A4)])
def test_it_follows_the_halls_paper(empty, paper, size):
    Hall.objects.filter(pk=empty.hall_id).update(paper_size=paper)
    empty.hall.refresh_from_db()
    page = reader(documents.render("volunteers", empty, base_url=BASE).content).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(size)


def test_it_is_in_french_on_one_page(empty):
    with translation.override("fr"):
        pdf = documents.render("volunteers", empty, base_url=BASE)
    assert len(reader(pdf.content).pages) == 1
    text = all_text(pdf.content)
    for job in JOBS_FR:
        assert job in text


@pytest.mark.skipif(ZBARIMG is None, reason="zbarimg is not installed (zbar-tools)")
def test_the_qr_code_signs_in_to_this_evening(empty):
    pdf = documents.render("volunteers", empty, base_url=BASE)
    login = BASE.rstrip("/") + reverse("login") + "?next=" + empty.get_absolute_url()
    assert decoded_qr_codes(pdf.content) == [[login]]


def test_the_print_page_offers_it_to_a_volunteer(empty, volunteer_client):
    html = volunteer_client.get(reverse("print-index", args=[empty.slug])).content.decode()
    url = reverse("print-volunteers", args=[empty.slug])
    assert url in html
    response = volunteer_client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "type two or three letters"), ("fr", "tapez deux ou trois lettres")],
)
def test_it_tells_the_volunteer_of_the_doors_suggestions(empty, language, words):
    """Issue 48, point 8: the sheet said nothing of the regulars offered at
    the door after a few letters, the quickest way to register them."""
    with translation.override(language):
        pdf = documents.render("volunteers", empty, base_url=BASE)
    assert len(reader(pdf.content).pages) == 1
    assert words in " ".join(all_text(pdf.content).split())
