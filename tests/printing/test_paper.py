"""The paper as a hall reads it (issue 13, points 9-14): type sizes, names
sized alike across a card set, ink clear of a printer's unprintable edge, a
title that says whether the results are final, characters the font cannot
draw, and the small wording of the results sheet and the rules card."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.printing import documents, draw, fallback, rows
from scoring.printing.draw.cue_cards import AMPERSAND_GAP, NAME_MAX
from scoring.printing.fitting import wrap
from scoring.printing.fonts import LEADING, MIN_SIZE, PLACEHOLDER, fonts, prepare
from tables.models import Couple, Evening, Punch

from . import factory
from .pdf import all_text, ink_near_edges, text_sizes

BASE = "http://192.168.1.23:8000/"
KINDS = ("cards", "tables", "results", "rules")


def render(kind, evening):
    return documents.render(kind, evening, base_url=BASE, blank=2).content


@pytest.fixture
def long_names(db):
    """A finished evening whose names run from short to 80 characters."""
    evening = factory.full_evening()
    names = {
        1: ("Seán Mac Giolla Phádraig", "Al Poirier"),
        2: (factory.LONG_NAME + " Jr.", "Ann Boudreau"),
        3: ("Bruce 李小龍 Lee", "Party 🎉 Pat"),
    }
    for number, (one, two) in names.items():
        Couple.objects.filter(evening=evening, number=number).update(player1=one, player2=two)
    return evening


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_line_of_the_results_sheet_is_at_least_9_points(db, paper):
    evening = factory.full_evening(paper=paper)
    sizes = text_sizes(render("results", evening))
    assert sizes
    assert min(size for _page, _text, size in sizes) >= 9


def test_a_bigger_evening_takes_more_pages_rather_than_smaller_type(db):
    evening = factory.make_evening(couples=60, names=factory.hall_names(60))
    factory.random_punches(evening)
    sizes = text_sizes(render("results", evening))
    assert max(page for page, _text, _size in sizes) >= 2
    assert min(size for _page, _text, size in sizes) >= 9


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_anywhere_is_printed_under_the_smallest_size(long_names, kind):
    sizes = text_sizes(render(kind, long_names))
    small = [(text, size) for _page, text, size in sizes if size < MIN_SIZE]
    assert not small


def test_one_long_name_shrinks_only_its_own_card_which_uses_its_whole_box(db):
    names = [(factory.NO_SPACE_NAME, "Ann Boudreau"), (factory.LONG_NAME, "Ann")]
    evening = factory.make_evening(couples=40, names=names + factory.hall_names(38))
    sheet = rows.cue_card_rows(evening, BASE)
    layouts = {card.number: draw.cue_card_layout(card, sheet) for card in sheet.cards}
    width, height = layouts[1].names
    bold = fonts().bold
    for number, layout in layouts.items():
        one, two = layout.player1, layout.player2
        assert one.size == two.size  # a card's two names alike
        assert one.height + AMPERSAND_GAP + two.height <= height + 1e-6
        assert max(one.width, two.width) <= width + 1e-6
        if number > 2:  # every card whose names fit at the normal size has it
            assert one.size == NAME_MAX
    for number in (1, 2):  # the long names: as large as their box allows, never under 9 pt
        layout = layouts[number]
        assert MIN_SIZE <= layout.player1.size < NAME_MAX
        bigger = layout.player1.size + 0.1
        card = sheet.cards[number - 1]
        lines = sum(
            len(wrap(prepare(n, bold), bold, bigger, width)) for n in (card.player1, card.player2)
        )
        assert lines * bigger * LEADING + AMPERSAND_GAP > height  # 0.1 pt more would not fit
        used = layout.player1.height + AMPERSAND_GAP + layout.player2.height
        assert used > height - bigger * LEADING  # no empty line left in the box
    # Measured in the PDF: the ordinary names are 15 pt, the long ones larger than 9 pt.
    sizes = {text: size for _page, text, size in text_sizes(render("cards", evening))}
    assert sizes["Ann Boudreau"] == sizes[factory.hall_names(38)[0][0]] == NAME_MAX
    assert min(size for text, size in sizes.items() if "Wolfe" in text) > 10


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("kind", KINDS)
def test_all_ink_is_at_least_0_3_inch_inside_the_page(db, paper, kind):
    evening = factory.full_evening(paper=paper)
    assert ink_near_edges(render(kind, evening), 0.3) == []


def test_the_title_says_provisional_while_a_tie_is_still_to_settle(db):
    evening = factory.full_evening()  # finished, the tie for third not settled
    sheet = rows.results_rows(evening)
    assert (sheet.title, sheet.final) == ("Provisional results", False)
    assert "some ties are still to settle" in sheet.state
    assert all_text(render("results", evening)).startswith("Provisional results · Friday 45s")


def test_the_title_says_final_once_play_is_over_and_every_tie_settled(db):
    evening = factory.full_evening()
    Punch.objects.filter(couple__evening=evening, couple__number=5, game_number=15).delete()
    sheet = rows.results_rows(evening)
    assert (sheet.title, sheet.final) == ("Final results", True)
    assert all_text(render("results", evening)).startswith("Final results · Friday 45s")


def test_the_title_says_provisional_during_play(seated):
    assert rows.results_rows(seated).title == "Provisional results"


def test_characters_no_font_can_draw_print_as_a_visible_placeholder(long_names, monkeypatch):
    monkeypatch.setattr(fallback, "face_for", lambda *args, **kwargs: None)  # DejaVu Sans only
    for kind in ("cards", "results"):
        text = all_text(render(kind, long_names))
        assert f"Bruce {PLACEHOLDER} Lee" in text
        assert f"Party {PLACEHOLDER} Pat" in text
        assert "李" not in text and "🎉" not in text


def test_the_print_page_lists_the_names_that_cannot_print_as_typed(
    long_names, volunteer_client, monkeypatch
):
    monkeypatch.setattr(fallback, "face_for", lambda *args, **kwargs: None)  # DejaVu Sans only
    page = volunteer_client.get(reverse("print-index", args=[long_names.slug])).content.decode()
    assert 'id="unprintable-names"' in page
    assert "Couple 3: Bruce 李小龍 Lee" in page
    assert "Couple 3: Party 🎉 Pat" in page
    assert "Seán Mac Giolla Phádraig" not in page  # accents print as typed


def test_the_print_page_lists_nothing_when_every_name_prints(six, volunteer_client):
    page = volunteer_client.get(reverse("print-index", args=[six.slug])).content.decode()
    assert "unprintable-names" not in page


def test_several_jar_winners_are_headed_winners_and_amounts_never_wrap_alone(db):
    evening = factory.full_evening()
    jar = rows.results_rows(evening).jar
    labels = [line.label for line in jar if "Couple" in line.value]
    assert labels == ["Winners", "", ""]  # couples 1, 3 and 5
    for line in jar:
        if line.value.startswith("Couple"):
            assert line.value.endswith("\u00a0·\u00a0$4.00")


def test_one_jar_winner_is_headed_winner(db):
    evening = factory.full_evening()
    numbers = evening.jar_numbers
    Punch.objects.filter(
        couple__evening=evening, couple__number__in=[3, 5], game_number__in=numbers
    ).delete()
    jar = rows.results_rows(evening).jar
    assert [line.label for line in jar if "Couple" in line.value] == ["Winner"]


def test_the_french_rules_card_writes_kings_queens_and_jacks_r_d_v(db):
    evening = factory.make_evening()
    with translation.override("fr"):
        card = rows.rules_card_rows(evening)
        text = all_text(render("rules", evening))
    hearts = card.trumps[0]
    assert hearts.cards[:4] == ("5♥", "V♥", "A♥", "R♥")
    assert "D♥" in hearts.cards
    assert not any(label[0] in "KQJ" for column in card.trumps for label in column.cards
                   if label != "JK")  # fmt: skip
    assert "R♥" in text


def test_the_french_fifty_fifty_says_the_halls_share_not_its_half(db):
    evening = factory.full_evening()
    with translation.override("fr"):
        lines = [line.label for line in rows.results_rows(evening).fifty_fifty]
    assert "La part de la salle" in lines
    assert "La moitié de la salle" not in lines


def test_the_french_fifty_fifty_winner_not_drawn_yet_is_a_ticket_not_yet_drawn(db):
    """The jar's numbers are "Pas encore pigés" (plural, drawn from a hat); the
    50/50's winner is one ticket, not drawn yet: "Pas encore tiré"."""
    evening = factory.full_evening()
    Evening.objects.filter(pk=evening.pk).update(fifty_fifty_ticket="", fifty_fifty_winner="")
    evening.refresh_from_db()
    with translation.override("fr"):
        lines = {line.label: line.value for line in rows.results_rows(evening).fifty_fifty}
        text = all_text(render("results", evening))
    assert lines["Gagnant"] == "Pas encore tiré"
    assert "Gagnant Pas encore tiré" in text and "pigés" not in text.split("Gagnant", 1)[1]
