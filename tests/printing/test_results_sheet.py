"""The results sheet, built on scoring.results.evening_results: prizes and how
each tie was settled, the booby prize, the cookie jar, the 50/50, the money,
and the standings with every punched game."""

import pytest

from cardnight.errors import Conflict
from scoring.printing import documents, draw, rows
from scoring.rules import jar as cookiejar_rules
from tables.models import Evening, Hall, Punch

from . import factory
from .pdf import all_text, dark_pixels, page_texts, reader

pytestmark = pytest.mark.django_db


def test_the_prizes_say_who_won_what_and_how_each_tie_was_settled(finished):
    sheet = rows.results_rows(finished)
    first, second, third, booby = sheet.prizes
    assert (first.title, first.wins, first.prize, first.status) == (
        "1st place",
        18,
        "$25.00",
        "settled",
    )
    assert first.winners == ("Couple 2 · Joe D'Eon & <script>alert(1)</script>\u00a0·\u00a0$25.00",)
    assert "couple 1 9♥, couple 2 3♠" in first.how and "Couple 2 wins" in first.how
    assert (second.wins, second.status, second.how) == (16, "awarded", "")
    assert second.prize == "20% of the takings ($12.00)"
    assert second.winners == ("Couple 3 · Mary MacDonald & John MacNeil\u00a0·\u00a0$12.00",)
    assert (third.status, third.prize, third.winners) == (
        "tied", "A turkey", ("Tied: couples 4 and 5, not settled yet",)
    )  # fmt: skip
    assert booby.title.startswith("Booby prize")
    assert (booby.wins, booby.winners) == (2, ("Couple 6 · Flora MacKinnon & Hector Campbell",))


def test_the_cookie_jar_shows_its_numbers_fingerprint_salt_and_winners(finished):
    jar = {line.label: line.value for line in rows.results_rows(finished).jar}
    assert jar["Numbers drawn"] == "2, 5, 8, 11, 13"
    assert jar["Fingerprint (SHA-256)"] == cookiejar_rules.fingerprint(
        [2, 5, 8, 11, 13], finished.jar_salt
    )
    assert jar["Salt"] == finished.jar_salt
    assert jar["Pot"].startswith("$12.00: 6 couples bought in at $2.00")
    jar_lines = rows.results_rows(finished).jar
    winners = [line.value.replace("\u00a0", " ") for line in jar_lines if "Couple" in line.value]
    assert winners == [
        "Couple 1 · Marie-Thérèse LeBlanc & Ruairí Mac Néill · $4.00",
        "Couple 3 · Mary MacDonald & John MacNeil · $4.00",
        "Couple 5 · Cécile Poirier & Gérard Aucoin · $4.00",
    ]


def test_a_jar_nobody_won_says_it_carries_over(finished):
    Evening.objects.filter(pk=finished.pk).update(
        jar_numbers=[1, 25],
        jar_fingerprint=cookiejar_rules.fingerprint([1, 25], finished.jar_salt),
    )
    finished.refresh_from_db()
    jar = {line.label: line.value for line in rows.results_rows(finished).jar}
    assert jar["No winner"] == "$12.00 carries over to the hall's next evening"


def test_a_sealed_jar_not_yet_revealed_keeps_its_numbers_and_salt_hidden(finished):
    Evening.objects.filter(pk=finished.pk).update(jar_revealed=False)
    finished.refresh_from_db()
    jar = {line.label: line.value for line in rows.results_rows(finished).jar}
    assert jar["Numbers drawn"] == "Sealed: revealed after the last game"
    assert jar["Salt"] == "Revealed after the last game"
    assert finished.jar_salt not in " ".join(jar.values())


def test_the_fifty_fifty_and_the_money_add_up(finished):
    sheet = rows.results_rows(finished)
    assert {line.label: line.value for line in sheet.fifty_fifty} == {
        "Tickets sold": "$87.00",
        "Prize (half)": "$43.50",
        "Winner": "ticket 4471 · Effie Samson",
        "The hall's half": "$43.50",
    }
    money = {row.label: (row.sign, row.amount, row.total) for row in sheet.money}
    assert money["Entries"] == ("+", "$60.00", False)
    assert money["Taken in tonight"] == ("", "$159.00", True)
    assert money["Prizes paid"] == ("−", "$37.00", False)
    assert money["The hall keeps"] == ("", "$66.50", True)


def test_the_halls_lottery_licence_is_on_the_fifty_fifty_line(finished):
    """The draw runs under the hall's licence: the sheet on the notice board says which."""
    Hall.objects.filter(pk=finished.hall_id).update(lottery_licence="NS-LL-2026-0457")
    finished.refresh_from_db()
    finished.hall.refresh_from_db()
    lines = rows.results_rows(finished).fifty_fifty
    assert (lines[0].label, lines[0].value) == ("Lottery licence", "NS-LL-2026-0457")
    text = all_text(documents.render("results", finished).content)
    assert "Lottery licence NS-LL-2026-0457" in text


def test_a_hall_with_no_licence_prints_no_licence_line(finished):
    labels = [line.label for line in rows.results_rows(finished).fifty_fifty]
    assert "Lottery licence" not in labels


def test_the_standings_list_every_couple_with_place_games_and_punched_numbers(finished):
    standings = rows.results_rows(finished).standings
    assert [(row.place, row.number, row.wins) for row in standings] == [
        ("1=", 1, 18), ("1=", 2, 18), ("2", 3, 16), ("3=", 4, 15), ("3=", 5, 15), ("4", 6, 2),
    ]  # fmt: skip
    assert standings[5].punched == (24, 25)
    assert [row.prize for row in standings] == [False, True, True, False, False, True]


def test_the_sheet_says_so_when_it_is_not_final(seated):
    factory.punch(seated, {1: [1], 3: [1], 5: [1]})
    sheet = rows.results_rows(seated)
    assert sheet.state == "Not final: play is at game 1 of 25."
    assert not sheet.final
    assert "Not final" in all_text(documents.render("results", seated).content)


def test_a_finished_evening_with_every_tie_settled_is_final(finished):
    Punch.objects.filter(couple__evening=finished, couple__number=5, game_number=15).delete()
    sheet = rows.results_rows(finished)  # couple 4 is now third alone
    assert (sheet.title, sheet.state, sheet.final) == (
        "Final results",
        "After 25 games, every tie settled.",
        True,
    )
    assert sheet.prizes[2].winners == ("Couple 4 · Ann Boudreau & Angus Gillis",)


def test_an_evening_without_couples_gets_a_message(empty):
    with pytest.raises(Conflict, match="No couples are registered"):
        documents.render("results", empty)


def test_the_pdf_holds_the_prizes_jar_and_standings_as_text(finished):
    pdf = documents.render("results", finished)
    text = all_text(pdf.content)
    for expected in (
        "Provisional results · Friday 45s",
        "1st place",
        "Cut: round 1: couple 1 9♥, couple 2 3♠.",
        "Booby prize",
        "A turkey",
        "2, 5, 8, 11, 13",
        "Effie Samson",
        "The hall keeps",
        "Marie-Thérèse LeBlanc & Ruairí Mac Néill",
        "<script>alert(1)</script>",
    ):
        assert expected in text, expected
    compact = text.replace(" ", "")
    assert finished.jar_fingerprint in compact and finished.jar_salt in compact
    assert len(reader(pdf.content).pages) == 1


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_hundred_couples_fit_on_four_pages_with_the_header_on_each(db, paper):
    evening = factory.make_evening(couples=100, paper=paper, names=factory.hall_names(100))
    factory.random_punches(evening)
    factory.add_extras(evening)
    factory.finish(evening)
    pdf = documents.render("results", evening)
    texts = page_texts(pdf.content)
    assert len(texts) <= 4  # 9 pt type: two pages more than at the old 7.2 pt
    for text in texts[1:]:
        assert "Place Couple Names Games 1 2 3" in text
    for couple in evening.couples.all():
        assert f"{couple.player1} & {couple.player2}" in " ".join(texts)


def test_long_names_wrap_in_the_standings_and_stay_inside_their_column(db):
    names = [(factory.LONG_NAME, "W" * 80), ("Mary", "John")]
    evening = factory.make_evening(couples=2, names=names)
    factory.punch(evening, {1: [1, 2], 2: [3]})
    sheet = rows.results_rows(evening)
    for row in sheet.standings:
        fitted = draw.standings_name_fit(row, 150)
        assert fitted.width <= 150
        assert "".join(fitted.lines).replace(" ", "") == (
            f"{row.player1}&{row.player2}".replace(" ", "")
        )
    text = all_text(documents.render("results", evening).content).replace(" ", "")
    assert factory.LONG_NAME.replace(" ", "") in text and "W" * 80 in text


def test_more_than_thirty_games_list_the_punched_numbers_as_text(db):
    evening = factory.make_evening(couples=2, games=60)
    factory.punch(evening, {1: list(range(1, 61)), 2: [7, 59]})
    text = all_text(documents.render("results", evening).content)
    assert "Games won (punched numbers)" in text
    assert " ".join(str(game) for game in range(1, 61)) in text
    assert "7 59" in text


def test_the_first_page_is_not_blank(finished):
    dark, total = dark_pixels(documents.render("results", finished).content)
    assert 0.01 < dark / total < 0.5
