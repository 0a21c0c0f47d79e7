"""The print page and its PDFs; see scoring/printing/views.py."""

from django.urls import path

from scoring.printing import views as printing

urlpatterns = [
    path("evenings/<slug:slug>/print/", printing.print_index, name="print-index"),
    path("evenings/<slug:slug>/print/address/", printing.change_address, name="print-address"),
    path("evenings/<slug:slug>/print/cue-cards.pdf", printing.cue_cards, name="print-cards"),
    path("evenings/<slug:slug>/print/table-cards.pdf", printing.table_cards, name="print-tables"),
    path("evenings/<slug:slug>/print/results.pdf", printing.results_sheet, name="print-results"),
    path("evenings/<slug:slug>/print/rules-card.pdf", printing.rules_card, name="print-rules"),
    path(
        "evenings/<slug:slug>/print/self-check-in.pdf",
        printing.checkin_card,
        name="print-checkin",
    ),
    path(
        "halls/<int:hall_id>/books/statement.pdf",
        printing.books_statement,
        name="books-statement",
    ),
    path(
        "evenings/<slug:slug>/print/volunteer-quick-start.pdf",
        printing.quick_start,
        name="print-volunteers",
    ),
]
