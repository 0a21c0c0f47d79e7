"""The self check-in card: one page for the door with the evening's check-in
link as a big QR code, in English and French, on Letter and A4."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from reportlab.lib.pagesizes import A4, letter

from cardnight.errors import Conflict
from scoring.printing import documents, rows
from scoring.printing.qr import qr_modules
from tables.access import VOLUNTEER
from tables.models import Evening
from tests.conftest import make_user, signed_in

from .pdf import all_text, ink_near_edges, qr_codes, reader

pytestmark = pytest.mark.django_db
BASE = "http://192.168.1.23:8000/"


def with_checkin(evening, paper="letter") -> Evening:
    evening.hall.self_checkin = True
    evening.hall.paper_size = paper
    evening.hall.save()
    return Evening.objects.select_related("hall").get(pk=evening.pk)


def test_the_card_carries_the_evenings_own_check_in_link(six):
    evening = with_checkin(six)
    card = rows.checkin_card_rows(evening, BASE)
    assert card.qr == f"http://192.168.1.23:8000/c/{evening.checkin_token}/"
    pdf = documents.render("checkin", evening, base_url=BASE)
    (page,) = reader(pdf.content).pages
    assert list(qr_codes(page).values()) == [qr_modules(card.qr)]
    text = all_text(pdf.content)
    assert "Check in on your phone" in text
    assert card.qr in text.replace(" ", "")


def test_the_card_is_refused_while_the_hall_has_self_check_in_off(six):
    with pytest.raises(Conflict, match="Self check-in is off"):
        documents.render("checkin", six, base_url=BASE)
    (printout,) = [p for p in documents.printouts(six) if p.kind.name == "checkin"]
    assert not printout.ready and "hall's settings" in printout.reason


@pytest.mark.parametrize(("paper", "size"), [("letter", letter), ("a4", A4)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_ink_in_the_printers_edge_on_letter_and_a4_in_both_languages(six, paper, size, language):
    evening = with_checkin(six, paper)
    with translation.override(language):
        pdf = documents.render("checkin", evening, base_url=BASE).content
    (page,) = reader(pdf).pages
    assert tuple(round(float(v)) for v in page.mediabox.upper_right) == tuple(
        round(v) for v in size
    )
    assert ink_near_edges(pdf, 0.3) == []
    if language == "fr":
        assert "Inscrivez-vous sur votre téléphone" in all_text(pdf)


def test_the_print_page_offers_the_card_and_serves_it(six):
    client = signed_in(make_user("vince", VOLUNTEER, six.hall))
    url = reverse("print-checkin", args=[six.slug])
    assert client.get(url).status_code == 409
    with_checkin(six)
    assert url in client.get(reverse("print-index", args=[six.slug])).content.decode()
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_the_card_costs_no_query(six, django_assert_num_queries):
    evening = with_checkin(six)
    with django_assert_num_queries(0):
        documents.render("checkin", evening, base_url=BASE)


def test_an_anonymous_phone_cannot_open_the_card(six):
    with_checkin(six)
    response = Client().get(reverse("print-checkin", args=[six.slug]))
    assert response.status_code == 302
