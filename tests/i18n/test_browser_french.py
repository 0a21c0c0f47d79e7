"""A French-speaking hall runs its evening on phones: the volunteer's game
screen, a couple's table-side page, the scoreboard and a ruling, on a 360 px
phone whose language is French. French runs about a fifth longer than
English: nothing may stick out of its button or card, and no page may
scroll sideways."""

import re

import pytest
from playwright.sync_api import expect

from tables.models import Evening, Seating, Table
from tests.conftest import PASSWORD, screenshot, winner_button

from .conftest import play, with_extras

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTH = 360
BOXES = "button, .button, .pill, .card, .message, h1, h2, label, summary, th, td"


def assert_fits(page, name: str) -> None:
    """Every button, pill, card and heading lies inside the phone's width,
    and the page is no wider than the screen."""
    screenshot(page, name)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= WIDTH, f"{name}: the page is {width}px wide"
    for element in page.locator(BOXES).all():
        if not element.is_visible():
            continue
        box = element.bounding_box()
        assert box["x"] >= -0.5 and box["x"] + box["width"] <= WIDTH + 0.5, (
            name,
            element.inner_text()[:60],
            box,
        )
    # Text never spills out of a button: its content is no wider than the button.
    for button in page.locator("button, .button").all():
        if button.is_visible():
            overflow = button.evaluate("b => b.scrollWidth - b.clientWidth")
            assert overflow <= 1, (name, button.inner_text()[:60])


def sign_in_fr(page, live_server, username: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.get_by_role("heading", name="Se connecter")).to_be_visible()
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_load_state()


def test_a_volunteer_runs_a_game_in_french_on_a_phone(live_server, fr_phone, volunteer, evening):
    evening = play(with_extras(evening), stop_at=2)
    sign_in_fr(fr_phone, live_server, "vince")
    fr_phone.get_by_role("link", name="Soirées").click()
    fr_phone.get_by_role("link", name="Friday 45s").click()
    assert_fits(fr_phone, "fr-evening")
    fr_phone.get_by_role("link", name="Parties et résultats").click()
    expect(fr_phone.get_by_role("heading", name="Partie 2 sur 9")).to_be_visible()
    expect(fr_phone.locator("main").get_by_text("Tables entrées : 0 sur 5")).to_be_visible()
    assert_fits(fr_phone, "fr-game-2-before")

    seatings = Seating.objects.filter(game__evening=evening, game__number=2).select_related(
        "table", "couple_b"
    )
    for done, seating in enumerate(seatings.order_by("table__number"), start=1):
        card = fr_phone.locator(f"#table-{seating.table.number}")
        n = seating.couple_b.number
        winner_button(card, n, "gagné").click()
        expect(
            card.get_by_text(f"Table {seating.table.number} : le couple {n} a gagné.")
        ).to_be_visible()
        expect(
            fr_phone.locator("main").get_by_text(f"Tables entrées : {done} sur 5")
        ).to_be_visible()
    assert_fits(fr_phone, "fr-game-2-all-in")

    fr_phone.get_by_role("button", name="Commencer la partie 3").click()
    expect(fr_phone.get_by_role("heading", name="Partie 3 sur 9")).to_be_visible()
    expect(fr_phone.locator("main").get_by_text("La partie 3 est commencée.")).to_be_visible()
    expect(fr_phone.locator("#movement")).to_contain_text("arrive du repos")
    assert_fits(fr_phone, "fr-game-3-movement")
    assert Evening.objects.get(pk=evening.pk).current_game == 3


def test_a_couple_reports_from_its_table_in_french(live_server, fr_phone, evening):
    evening = play(with_extras(evening), stop_at=2)
    seating = Seating.objects.select_related("table", "couple_a", "couple_b").get(
        game__evening=evening, game__number=2, table__number=1
    )
    fr_phone.goto(f"{live_server.url}/t/{seating.table.token}/")
    expect(fr_phone.locator("main").get_by_text("Quel couple êtes-vous?")).to_be_visible()
    assert_fits(fr_phone, "fr-tableside-who")
    a, b = seating.couple_a.number, seating.couple_b.number
    fr_phone.get_by_role("link", name=f"Nous sommes le couple {a}").click()
    expect(fr_phone.locator("main").get_by_text("Qui a gagné la partie 2?")).to_be_visible()
    fr_phone.get_by_role("button", name=f"Nous avons gagné (couple {a})").click()
    expect(
        fr_phone.locator("main").get_by_text(re.compile(r"l'autre couple le confirme"))
    ).to_be_visible()
    assert_fits(fr_phone, "fr-tableside-reported")
    assert b != a


def test_the_scoreboard_and_a_ruling_fit_a_phone_in_french(live_server, fr_phone, evening):
    evening = play(with_extras(evening))
    fr_phone.goto(f"{live_server.url}/e/{evening.slug}/")
    expect(fr_phone.locator("main").get_by_text("Résultats finaux après 9 parties")).to_be_visible()
    expect(fr_phone.locator("main").get_by_text(re.compile(r"Tirage 50/50"))).to_be_visible()
    assert_fits(fr_phone, "fr-board-final")
    fr_phone.get_by_label("Trouver mon couple : numéro ou nom").fill("3")
    fr_phone.get_by_role("button", name="Trouver").click()
    expect(
        fr_phone.locator("main").get_by_text(re.compile(r"\d+ parties? gagnées?"))
    ).to_be_visible()
    assert_fits(fr_phone, "fr-board-couple")

    fr_phone.goto(f"{live_server.url}/rules/play/?trump=S&led=6S&played=2H&held=JS+3S")
    expect(
        fr_phone.locator("main").get_by_text(re.compile("ce serait une fausse renonce"))
    ).to_be_visible()
    assert_fits(fr_phone, "fr-ruling")


def test_an_english_phone_switches_to_french_and_stays_on_the_page(live_server, phone, evening):
    evening = play(with_extras(evening), stop_at=2)
    phone.goto(f"{live_server.url}/e/{evening.slug}/")
    expect(phone.locator("main").get_by_text("Game 2 of 9")).to_be_visible()
    phone.get_by_role("button", name="Français").click()
    expect(phone.locator("main").get_by_text("Partie 2 sur 9")).to_be_visible()
    assert phone.url == f"{live_server.url}/e/{evening.slug}/"
    assert_fits(phone, "fr-board-after-switch")
    phone.get_by_role("button", name="English").click()
    expect(phone.locator("main").get_by_text("Game 2 of 9")).to_be_visible()
    assert Table.objects.filter(evening=evening).exists()
