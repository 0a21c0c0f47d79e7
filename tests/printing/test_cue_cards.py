"""Cue cards: a punch card per couple, four index cards to a page, and blank
ones for walk-ins (scoring.printing rows, layout and PDF)."""

import math

import pytest
from django.urls import reverse
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.units import inch

from cardnight.errors import Conflict, UserError
from scoring.printing import documents, draw, rows
from tables.models import Couple, Evening, Game, Seating, Table

from . import factory
from .pdf import all_text, dark_pixels, forms_drawn, page_texts, qr_codes, reader

pytestmark = pytest.mark.django_db
BASE = "http://192.168.1.23:8000/"


def card_link(evening, number):
    return BASE.rstrip("/") + reverse("board-couple", args=[evening.slug, number])


def test_each_couple_gets_a_card_with_its_number_names_and_its_live_card_link(six):
    sheet = rows.cue_card_rows(six, BASE)
    assert [card.number for card in sheet.cards] == [1, 2, 3, 4, 5, 6]
    first = sheet.cards[0]
    assert (first.player1, first.player2) == ("Marie-Thérèse LeBlanc", "Ruairí Mac Néill")
    assert first.qr == "http://192.168.1.23:8000/e/friday-45s/couple/1/"
    assert all(card.qr == card_link(six, card.number) for card in sheet.cards)
    assert sheet.games == 25
    assert sheet.heading.hall == "St. Joseph's Parish Hall"
    assert sheet.heading.date == "Friday 27 November 2026"


def test_before_seating_the_starting_table_is_left_blank_to_write_in(six):
    assert {card.start_table for card in rows.cue_card_rows(six, BASE).cards} == {""}


def test_once_game_1_is_seated_each_card_shows_its_starting_table_or_the_bye(db):
    evening = factory.make_evening(couples=7)
    starts = factory.seat_game_one(evening)
    cards = {card.number: card for card in rows.cue_card_rows(evening, BASE).cards}
    assert {number: cards[number].start_table for number in starts} == starts
    assert starts == {1: "1", 2: "1", 3: "2", 4: "2", 5: "3", 6: "3"}
    assert cards[7].start_table == "Bye"


def test_a_late_couple_shows_the_game_it_joins_and_its_table_once_that_game_is_seated(seated):
    late = Couple.objects.create(
        evening=seated, number=7, player1="Effie Samson", player2="Archie Gillis", joined_game=2
    )
    card = rows.cue_card_rows(seated, BASE).cards[-1]
    assert (card.number, card.start_table, card.start_note) == (7, "", "from game 2")
    game = Game.objects.create(evening=seated, number=2)
    table = Table.objects.create(evening=seated, number=4)
    Seating.objects.create(
        game=game, table=table, couple_a=late, couple_b=seated.couples.get(number=1)
    )
    card = rows.cue_card_rows(seated, BASE).cards[-1]
    assert (card.start_table, card.start_note) == ("4", "from game 2")


def test_blank_walk_in_cards_come_after_the_couples_and_point_to_the_scoreboard(six):
    sheet = rows.cue_card_rows(six, BASE, blank=3)
    walk_ins = sheet.cards[6:]
    assert len(walk_ins) == 3
    assert {(card.number, card.player1, card.start_table) for card in walk_ins} == {(None, "", "")}
    assert {card.qr for card in walk_ins} == {BASE.rstrip("/") + reverse("board", args=[six.slug])}


@pytest.mark.parametrize("blank", [-1, rows.MAX_BLANK_CARDS + 1])
def test_an_impossible_number_of_blank_cards_is_refused(six, blank):
    with pytest.raises(UserError, match="Blank cards"):
        rows.cue_card_rows(six, BASE, blank=blank)


def test_an_evening_without_couples_gets_a_message_not_an_empty_pdf(empty):
    with pytest.raises(Conflict, match="No couples are registered"):
        documents.render("cards", empty)


@pytest.mark.parametrize(("paper", "size"), [("letter", letter), ("a4", A4)])
def test_four_cards_to_a_landscape_page_of_the_halls_paper(db, paper, size):
    evening = factory.make_evening(couples=9, paper=paper)
    pdf = documents.render("cards", evening, base_url=BASE, blank=2)
    pages = reader(pdf.content).pages
    assert len(pages) == math.ceil((9 + 2) / 4) == 3
    width, height = (float(v) for v in pages[0].mediabox.upper_right)
    assert (round(width), round(height)) == tuple(round(v) for v in landscape(size))
    assert pdf.filename == f"cue-cards-{evening.slug}.pdf"


def test_the_pdf_holds_every_name_and_number_as_text(six):
    pdf = documents.render("cards", six, base_url=BASE)
    text = all_text(pdf.content)
    for couple in six.couples.all():
        assert couple.player1 in text and couple.player2 in text
    first_page = page_texts(pdf.content)[0]
    for label in ("COUPLE", "STARTING TABLE", "Friday 27 November 2026"):
        assert label in first_page
    assert "<script>alert(1)</script>" in text  # printed as text, not interpreted
    assert " ".join(str(game) for game in range(1, 26)) in first_page


def test_every_card_carries_its_own_qr_code_in_the_pdf(six):
    pdf = documents.render("cards", six, base_url=BASE)
    page = reader(pdf.content).pages[0]
    codes = qr_codes(page)
    drawn = forms_drawn(page)
    assert len(drawn) == 4 and len(set(drawn)) == 4
    expected = [rows.couple_card_url(BASE, six.slug, number) for number in (1, 2, 3, 4)]
    from scoring.printing.qr import qr_modules

    assert [codes[name] for name in drawn] == [qr_modules(link) for link in expected]


def test_long_and_accented_names_print_in_full_and_fit_the_card(db):
    names = [(factory.LONG_NAME, "Ruairí Mac Néill"), ("W" * 80, "Joe D'Eon")]
    evening = factory.make_evening(couples=2, names=names)
    sheet = rows.cue_card_rows(evening, BASE)
    pdf = documents.render("cards", evening, base_url=BASE)
    text = all_text(pdf.content).replace(" ", "")
    for card in sheet.cards:
        layout = draw.cue_card_layout(card, sheet)
        names_box = layout.boxes["names"]
        for name, fitted in ((card.player1, layout.player1), (card.player2, layout.player2)):
            assert "".join(fitted.lines).replace(" ", "") == name.replace(" ", "")
            assert fitted.width <= names_box.w
            assert name.replace(" ", "") in text
        assert layout.player1.height + 14 + layout.player2.height <= names_box.h
        assert layout.player1.size >= 8.5 or card.player1 == "W" * 80


@pytest.mark.parametrize("games", [1, 12, 25, 26, 40, 60])
@pytest.mark.parametrize("blank_card", [False, True])
def test_nothing_on_a_card_overlaps_or_leaves_it_and_holes_fit_a_punch(db, games, blank_card):
    evening = factory.make_evening(couples=1, games=games, names=[(factory.LONG_NAME, "W" * 80)])
    Couple.objects.filter(evening=evening).update(joined_game=2)
    sheet = rows.cue_card_rows(evening, BASE, blank=1)
    card = sheet.cards[1 if blank_card else 0]
    layout = draw.cue_card_layout(card, sheet)
    inner = draw.Box(draw.CARD_PAD, draw.CARD_PAD, draw.CARD_W - 2 * draw.CARD_PAD,
                     draw.CARD_H - 2 * draw.CARD_PAD)  # fmt: skip
    boxes = layout.boxes
    for name, box in boxes.items():
        assert inner.contains(box), name
    for first in boxes:
        for second in boxes:
            if first < second:
                assert not boxes[first].overlaps(boxes[second]), (first, second)
    assert layout.grid.diameter >= 0.25 * inch
    assert layout.grid.rows * layout.grid.columns >= games
    assert boxes["qr"].w >= 0.9 * inch


def test_the_first_page_is_not_blank(six):
    pdf = documents.render("cards", six, base_url=BASE, blank=1)
    dark, total = dark_pixels(pdf.content)
    assert 0.02 < dark / total < 0.5


def test_sixty_games_print_in_circles_still_big_enough_to_punch(db):
    evening = factory.make_evening(couples=1, games=60)
    pdf = documents.render("cards", evening, base_url=BASE)
    assert " ".join(str(game) for game in range(46, 61)) in page_texts(pdf.content)[0]
    assert Evening.objects.get(pk=evening.pk).games == 60


@pytest.mark.parametrize("couples", [4, 40])
def test_cue_cards_cost_the_same_few_queries_whatever_the_number_of_couples(
    db, couples, django_assert_num_queries
):
    evening = factory.make_evening(couples=couples)
    factory.seat_game_one(evening)
    evening = Evening.objects.select_related("hall").get(pk=evening.pk)
    with django_assert_num_queries(4):
        documents.render("cards", evening, base_url=BASE)
