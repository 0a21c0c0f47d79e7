"""In a real browser on a phone: a volunteer records a whole game with one
tap per table and starts the next; a couple reports from its table's link."""

import re

import pytest
from playwright.sync_api import expect

from tables.models import Evening, Game, Seating
from tests.conftest import screenshot, sign_in, winner_button

from .conftest import seatings, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_volunteer_records_a_whole_game_and_starts_the_next(
    live_server, phone, volunteer, evening
):
    evening = started(evening, 7)
    tables = seatings(evening)
    sign_in(phone, live_server, "vince")
    phone.get_by_role("link", name="Evenings").click()
    phone.get_by_role("link", name="Friday 45s").click()
    phone.get_by_role("link", name="Games and results").click()
    expect(phone.get_by_role("heading", name="Game 1 of 25")).to_be_visible()
    expect(phone.locator("main").get_by_text("0 of 3 tables in")).to_be_visible()
    screenshot(phone, "game-1-before")

    # Too early: the next game is refused with a clear message.
    phone.get_by_role("button", name="Start game 2").click()
    expect(phone.get_by_role("alert")).to_contain_text("Tables 1, 2, 3 have no result yet")

    for done, seating in enumerate(tables, start=1):
        card = phone.locator(f"#table-{seating.table.number}")
        winner_button(card, seating.couple_b.number).click()
        expect(
            card.get_by_text(f"Table {seating.table.number}: couple {seating.couple_b.number} won.")
        ).to_be_visible()
        expect(phone.locator("main").get_by_text(f"{done} of 3 tables in")).to_be_visible()
    screenshot(phone, "game-1-all-in")

    # A mistake is changed before the next game starts.
    first = tables[0]
    card = phone.locator(f"#table-{first.table.number}")
    card.locator("summary", has_text="Change").click()
    winner_button(card, first.couple_a.number).click()
    expect(card.get_by_text(f"Table 1: couple {first.couple_a.number} won.")).to_be_visible()

    phone.get_by_role("button", name="Start game 2").click()
    expect(phone.get_by_role("heading", name="Game 2 of 25")).to_be_visible()
    expect(phone.locator("main").get_by_text("Game 2 has started.")).to_be_visible()
    movement = phone.locator("#movement")
    expect(movement).to_have_attribute("open", "")
    expect(movement).to_contain_text("comes from the bye")
    expect(movement).to_contain_text("sits out this game")
    screenshot(phone, "game-2-movement")

    assert Game.objects.filter(evening=evening).count() == 2
    assert Evening.objects.get(pk=evening.pk).current_game == 2
    winners = list(
        Seating.objects.filter(game__number=1)
        .order_by("table__number")
        .values_list("winner", flat=True)
    )
    assert winners == [first.couple_a_id] + [s.couple_b_id for s in tables[1:]]


def test_a_couple_reports_from_its_table_and_the_other_confirms(
    live_server, phone, browser, evening
):
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    a, b = seating.couple_a.number, seating.couple_b.number
    url = f"{live_server.url}/t/{seating.table.token}/"

    phone.goto(url)
    expect(phone.get_by_role("heading", name=re.compile("Table 1"))).to_be_visible()
    phone.get_by_role("link", name=f"We are couple {a}").click()
    phone.get_by_role("button", name=f"We won (couple {a})").click()
    expect(phone.locator("main").get_by_text("Now the other couple confirms it")).to_be_visible()
    screenshot(phone, "tableside-reported")

    other = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True).new_page()
    other.goto(url)
    other.get_by_role("link", name=f"We are couple {b}").click()
    expect(
        other.locator("main").get_by_text(f"Couple {a} says couple {a} won. Is that right?")
    ).to_be_visible()
    other.get_by_role("button", name="Yes, that's right").click()
    expect(
        other.locator("main").get_by_text(f"The result of game 1 is in: couple {a} won.")
    ).to_be_visible()
    screenshot(other, "tableside-confirmed")
    other.context.close()

    # The first phone sees the result without reloading (it polls).
    expect(
        phone.locator("main").get_by_text(f"The result of game 1 is in: couple {a} won.")
    ).to_be_visible(timeout=8000)
    seating.refresh_from_db()
    assert seating.winner.number == a


def test_a_volunteer_settles_a_disagreement_on_a_laptop(live_server, browser, volunteer, evening):
    from tables import services

    evening = started(evening, 12)
    rows = seatings(evening)
    services.record_result(evening, 1, 1, rows[0].couple_a.number)
    disputed, pending = rows[1], rows[2]
    services.report_result(disputed.table, 1, disputed.couple_a.number, disputed.couple_a.number)
    services.report_result(disputed.table, 1, disputed.couple_b.number, disputed.couple_b.number)
    services.report_result(pending.table, 1, pending.couple_a.number, pending.couple_b.number)

    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(10_000)
    sign_in(page, live_server, "vince")
    page.goto(f"{live_server.url}/evenings/{evening.slug}/game/")
    card = page.locator("#table-2")
    expect(card).to_contain_text("The couples disagree")
    expect(page.locator("#game-status")).to_contain_text("The couples disagree at: table 2")
    expect(page.locator("#table-3")).to_contain_text(
        f"Couple {pending.couple_a.number} says couple {pending.couple_b.number} won."
    )
    screenshot(page, "game-laptop-disagreement")
    winner_button(card, disputed.couple_b.number).click()
    expect(card).to_contain_text(f"Table 2: couple {disputed.couple_b.number} won.")
    expect(card).not_to_contain_text("The couples disagree")
    expect(page.locator("#game-status")).not_to_contain_text("disagree")
    expect(page.locator("main").get_by_text("2 of 6 tables in")).to_be_visible()
    screenshot(page, "game-laptop-settled")
    page.context.close()
    disputed.refresh_from_db()
    assert disputed.winner == disputed.couple_b
