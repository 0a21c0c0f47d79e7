"""In a real browser on a phone: the open scoreboard shows a result recorded
elsewhere without a reload, within the polling interval."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tables import services
from tables.models import Evening, Seating
from tests.conftest import screenshot, sign_in, winner_button

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def started(evening: Evening, couples: int) -> Evening:
    """`evening` published, with `couples` couples and game 1 under way,
    through the same functions the door and the game screen use."""
    Evening.objects.filter(pk=evening.pk).update(published=True)
    for n in range(1, couples + 1):
        services.register_couple(evening, f"Mary {n}", f"John {n}")
    services.start_evening(evening, seed=7)
    evening.refresh_from_db()
    return evening


def test_a_result_recorded_on_the_game_screen_appears_on_the_open_board(
    live_server, phone, browser, volunteer, evening, settings
):
    settings.BOARD_POLL_SECONDS = 1
    evening = started(evening, 9)
    phone.goto(f"{live_server.url}/e/{evening.slug}/")
    status = phone.locator("#board-status")
    expect(status).to_contain_text("0 of 4 tables in")
    # Something typed in the find box survives: the page is never reloaded.
    phone.locator("#find-q").fill("typed before")
    screenshot(phone, "board-phone")
    # While nothing changes, the polls are answered 304 (live.js sends the ETag).
    poll_url = f"{live_server.url}/e/{evening.slug}/"
    with phone.expect_response(lambda r: r.url == poll_url and r.status == 304) as answer:
        pass
    assert answer.value.request.headers["hx-request"] == "true"

    # A volunteer records table 1 on the game screen, on another phone.
    first = Seating.objects.select_related("couple_b").get(
        game__evening=evening, game__number=1, table__number=1
    )
    context = browser.new_context(viewport={"width": 360, "height": 740})
    volunteer_phone = context.new_page()
    sign_in(volunteer_phone, live_server, "vince")
    volunteer_phone.goto(f"{live_server.url}{reverse('game-screen', args=[evening.slug])}")
    winner_button(volunteer_phone.locator("#table-1"), first.couple_b.number).click()
    expect(volunteer_phone.locator("main").get_by_text("1 of 4 tables in")).to_be_visible()
    context.close()

    expect(status).to_contain_text("1 of 4 tables in", timeout=5_000)
    expect(phone.locator(f"#row-{first.couple_b.number} td.wins")).to_have_text("1")
    expect(phone.locator("#find-q")).to_have_value("typed before")

    # And one recorded through the service function.
    second = Seating.objects.select_related("couple_a").get(
        game__evening=evening, game__number=1, table__number=2
    )
    services.record_result(evening, 1, 2, second.couple_a.number)
    expect(status).to_contain_text("2 of 4 tables in", timeout=5_000)
    expect(phone.locator(f"#row-{second.couple_a.number} td.wins")).to_have_text("1")
    expect(phone.locator("#find-q")).to_have_value("typed before")
    screenshot(phone, "board-phone-updated")


def test_an_open_couple_card_follows_its_result_and_says_where_to_go(
    live_server, phone, evening, settings
):
    settings.BOARD_POLL_SECONDS = 1
    evening = started(evening, 8)
    seat = Seating.objects.select_related("couple_a").get(
        game__evening=evening, game__number=1, table__number=3
    )
    number = seat.couple_a.number
    phone.goto(f"{live_server.url}/e/{evening.slug}/")
    phone.get_by_label("Find my couple: number or name").fill(str(number))
    phone.get_by_role("button", name="Find").click()
    found = phone.locator("#find-result")
    expect(found).to_contain_text(f"Couple {number}")
    expect(found).to_contain_text("If you win: go to table 4.")
    services.record_result(evening, 1, 3, number)
    expect(found).to_contain_text("Won.", timeout=5_000)
    expect(found).to_contain_text("Game 2: go to table 4.")
    expect(found.locator(".punch.punched")).to_have_count(1)


def test_an_open_couple_page_asks_with_the_etag_its_last_answer_gave(
    live_server, phone, evening, settings
):
    """A card's answer to a poll holds no ETag of its own (it is the same
    bytes at every version): the live script keeps the answer's header, so
    after news the next poll is answered 304 again."""
    settings.BOARD_POLL_SECONDS = 1
    evening = started(evening, 8)
    seat = Seating.objects.select_related("couple_a").get(
        game__evening=evening, game__number=1, table__number=3
    )
    number = seat.couple_a.number
    card_url = f"{live_server.url}/e/{evening.slug}/couple/{number}/"
    phone.goto(card_url)
    with phone.expect_response(lambda r: r.url == card_url and r.status == 304):
        pass  # the page's own data-etag: current
    with phone.expect_response(lambda r: r.url == card_url and r.status == 200) as news:
        services.record_result(evening, 1, 3, number)
    expect(phone.locator(".couple-card")).to_contain_text("Won.")
    with phone.expect_response(lambda r: r.url == card_url and r.status == 304) as quiet:
        pass
    assert quiet.value.request.headers["if-none-match"] == news.value.headers["etag"]


def shot(page, name: str) -> None:
    """What the screen shows without scrolling (the full page is in `screenshot`)."""
    page.screenshot(path=f"test-artifacts/{name}.png", full_page=False)


NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_the_phone_board_its_couple_card_and_find_my_couple(
    live_server, phone, client, make_evening
):
    evening = make_evening(couples=21, played=9, current_in=4, cookie_jar=True, booby_prize=True)
    data = client.get(reverse("board-json", args=[evening.slug])).json()
    wins = {row["couple"]: row["wins"] for row in data["standings"]}
    phone.goto(f"{live_server.url}/e/{evening.slug}/")
    expect(phone.locator("#standings")).to_be_visible()
    # Every couple, in the order and with the games the data gives.
    rows = phone.locator("#standings tbody tr")
    expect(rows).to_have_count(21)
    shown = [int(n) for n in phone.locator("#standings tbody td.couple a").all_inner_texts()]
    assert shown == [row["couple"] for row in data["standings"]]
    tallies = [int(n) for n in phone.locator("#standings tbody td.wins").all_inner_texts()]
    assert tallies == [wins[number] for number in shown]
    expect(phone.locator("#board-status")).to_contain_text("Game 10")
    expect(phone.locator("#board-status")).to_contain_text("4 of 10 tables in")
    # A phone of 360 px: nothing wider than the screen (tap targets: tests/a11y).
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)
    screenshot(phone, "board-phone-full")
    shot(phone, "board-phone-top")

    phone.get_by_label("Find my couple: number or name").fill("7")
    phone.get_by_role("button", name="Find").click()
    found = phone.locator("#find-result")
    expect(found).to_contain_text("Couple 7")
    expect(found.locator(".punch.punched")).to_have_count(wins[7])
    shot(phone, "board-phone-find")

    phone.goto(f"{live_server.url}/e/{evening.slug}/couple/7/")
    card = phone.locator(".punch-card")
    expect(card).to_be_visible()
    expect(card.locator(".punch")).to_have_count(25)  # one box per game
    expect(card.locator(".punch.punched")).to_have_count(wins[7])
    expect(card.locator(".punch.current")).to_have_count(1)  # game 10, playing now
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)
    screenshot(phone, "board-phone-couple")


def test_the_tv_board_scrolls_the_standings_by_itself(live_server, browser, make_evening):
    evening = make_evening(couples=40, played=12, current_in=7, cookie_jar=True)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{evening.slug}/tv/")
    caption = page.locator("#standings caption")
    expect(caption).to_be_in_viewport()
    shot(page, "board-tv")
    # After a pause at the top, the page scrolls: the caption leaves the screen.
    expect(caption).not_to_be_in_viewport(timeout=15_000)
    shot(page, "board-tv-scrolled")
    context.close()


SEEN = """() => {
  const inView = (el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  };
  const seen = [];
  for (const sel of ["#cookie-jar", ".panel.booby", ".panel.fifty", ".panel.half-time"]) {
    const el = document.querySelector(sel);
    if (el && inView(el)) seen.push(sel);
  }
  const notes = document.querySelectorAll(".tv-side .how");
  if (notes.length && inView(notes[notes.length - 1])) seen.push("last tie note");
  const rows = document.querySelectorAll("#tv-standings tbody tr");
  if (inView(rows[rows.length - 1])) seen.push("last standing");
  return seen;
}"""


def test_everything_on_the_tv_comes_on_screen_within_one_cycle(live_server, browser, make_evening):
    """The prizes column was pinned: at the end of an evening the booby prize,
    the cookie jar and the tie notes never came on a 1920x1080 screen."""
    from decimal import Decimal

    from scoring.models import Prize

    evening = make_evening(
        couples=41, played=25, games=25, prize_places=6, booby_prize=True,
        half_time_leader=True, fifty_fifty=True, fifty_fifty_takings=Decimal("85.00"),
        fifty_fifty_ticket="B-217", fifty_fifty_winner="Flora MacKinnon",
        cookie_jar=True, jar_numbers=[3, 9], jar_draw_mode=Evening.JarDraw.HAT,
    )  # fmt: skip
    for place in range(1, 7):
        Prize.objects.create(evening=evening, place=place, amount=Decimal(60 - 5 * place))
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.clock.install()
    page.goto(f"{live_server.url}/e/{evening.slug}/tv/")
    heights = page.evaluate(
        "['tv-side', 'tv-standings'].map((id) => document.getElementById(id)).map("
        "(c) => [c.scrollHeight, c.clientHeight])"
    )
    assert all(client <= 1080 for _scroll, client in heights)
    assert heights[0][0] > 1080  # the prizes column is taller than the screen
    seen = set(page.evaluate(SEEN))
    longest = max(scroll - client for scroll, client in heights)
    cycle_ms = 4000 + longest * 1000 // 40 + 4000  # pause, scroll at 40 px/s, pause
    for _ in range(0, cycle_ms, 1000):
        page.clock.run_for(1000)
        seen |= set(page.evaluate(SEEN))
    assert seen == {
        "#cookie-jar", ".panel.booby", ".panel.fifty", ".panel.half-time",
        "last tie note", "last standing",
    }  # fmt: skip
    shot(page, "board-tv-final-scrolled")
    context.close()


def test_the_final_results_on_a_phone(live_server, phone, make_evening):
    from decimal import Decimal

    from scoring.models import Prize
    from scoring.rules.jar import fingerprint
    from tables.models import Couple

    evening = make_evening(
        couples=14,
        played=25,
        games=25,
        booby_prize=True,
        fifty_fifty=True,
        fifty_fifty_takings=Decimal("120.00"),
        fifty_fifty_ticket="B-042",
        fifty_fifty_winner="Bernadette Chiasson",
    )
    best = max(evening.couples.all(), key=lambda c: c.punches.count())
    numbers = sorted(best.punches.values_list("game_number", flat=True))[:3]
    salt = "0f" * 16
    Couple.objects.filter(evening=evening).update(jar_buy_in=True)
    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True,
        jar_buy_in=Decimal("2.00"),
        jar_draw_size=3,
        jar_draw_mode=Evening.JarDraw.SEALED,
        jar_numbers=numbers,
        jar_salt=salt,
        jar_fingerprint=fingerprint(numbers, salt),
        jar_revealed=True,
    )
    for place, amount in [(1, "50"), (2, "30"), (3, "20")]:
        Prize.objects.create(evening=evening, place=place, amount=Decimal(amount))
    Prize.objects.create(evening=evening, target="booby", kind="item", item="A box of fudge")
    phone.goto(f"{live_server.url}/e/{evening.slug}/")
    expect(phone.locator("#board-status")).to_contain_text("Final results after 25 games")
    expect(phone.locator("#cookie-jar")).to_contain_text("Winner")
    screenshot(phone, "board-phone-final")
