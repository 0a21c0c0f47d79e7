"""Table cards: one tent card per table, the number big, the QR code of the
table's own result link on both halves."""

import pytest
from reportlab.lib.pagesizes import A4, letter

from cardnight.errors import Conflict
from scoring.printing import documents, draw, rows
from scoring.printing.qr import qr_modules
from tables.models import Evening, Table

from .pdf import dark_pixels, forms_drawn, page_texts, qr_codes, reader

pytestmark = pytest.mark.django_db
BASE = "http://192.168.1.23:8000/"


def test_one_card_per_table_with_its_result_entry_link(seated):
    sheet = rows.table_card_rows(seated, BASE)
    tables = list(Table.objects.filter(evening=seated).order_by("number"))
    assert [card.number for card in sheet.cards] == [1, 2, 3]
    assert [card.qr for card in sheet.cards] == [
        f"http://192.168.1.23:8000/t/{table.token}/" for table in tables
    ]


def test_a_table_closed_by_a_departure_gets_no_card(seated):
    Table.objects.filter(evening=seated, number=2).update(closed_after_game=1)
    assert [card.number for card in rows.table_card_rows(seated, BASE).cards] == [1, 3]


def test_before_seating_it_explains_that_table_cards_come_after_seating(six):
    with pytest.raises(Conflict, match="printed after the tables are seated"):
        documents.render("tables", six)


def test_an_evening_without_couples_gets_a_message(empty):
    with pytest.raises(Conflict, match="No couples are registered"):
        documents.render("tables", empty)


@pytest.mark.parametrize(("paper", "size"), [("letter", letter), ("a4", A4)])
def test_a_portrait_page_per_table_with_the_number_and_link_on_both_halves(seated, paper, size):
    seated.hall.paper_size = paper
    seated.hall.save()
    pdf = documents.render("tables", seated, base_url=BASE)
    pages = reader(pdf.content).pages
    assert len(pages) == 3
    assert tuple(round(float(v)) for v in pages[0].mediabox.upper_right) == tuple(
        round(v) for v in size
    )
    texts = page_texts(pdf.content)
    for number, (text, card) in enumerate(zip(texts, rows.table_card_rows(seated, BASE).cards,
                                               strict=True), start=1):  # fmt: skip
        assert text.count("TABLE") == 2
        assert text.split().count(str(number)) >= 2
        # The link, readable under each code (wrapped onto two lines if need be).
        assert text.replace(" ", "").count(card.qr) == 2
        codes = qr_codes(pages[number - 1])
        assert list(codes.values()) == [qr_modules(card.qr)]
        assert forms_drawn(pages[number - 1]) == list(codes) * 2  # drawn on both halves


def test_the_number_is_as_large_as_the_half_page_allows(db):
    small = draw.table_number_fit(7, 380, 250)
    large = draw.table_number_fit(118, 380, 250)
    assert small.size >= 200  # about 2 inches tall: readable across the hall
    assert large.size < small.size and large.width <= 380


def test_the_first_page_is_not_blank(seated):
    dark, total = dark_pixels(documents.render("tables", seated).content)
    assert 0.02 < dark / total < 0.6


def test_table_cards_cost_two_queries(seated, django_assert_num_queries):
    evening = Evening.objects.select_related("hall").get(pk=seated.pk)  # as the views load it
    with django_assert_num_queries(2):
        documents.render("tables", evening, base_url=BASE)
