"""In a real browser on a phone: sign in, create an evening, register four couples."""

import contextlib
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tables.models import Couple, Evening
from tables.services import receipts
from tests.conftest import phone_page, screenshot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_organizer_creates_an_evening_and_registers_four_couples(live_server, phone, organizer):
    sign_in(phone, live_server, "olive")
    phone.get_by_role("link", name="Evenings").click()
    phone.get_by_role("link", name="New evening").click()
    phone.get_by_label("Name", exact=True).fill("Friday 45s")
    phone.get_by_label("Date").fill("2026-11-27")
    # The organizer's own hall (the site administrator adds halls).
    phone.get_by_label("Hall", exact=True).select_option(label="St. Joseph's Parish Hall")
    screenshot(phone, "evening-form")
    phone.get_by_role("button", name="Create the evening").click()
    phone.wait_for_url("**/prizes/")  # the checklist's next step for a new evening
    phone.goto(phone.url.replace("/prizes/", "/door/"))

    couples = [
        ("Mary", "John"),
        ("Marie-Thérèse", "Joe D'Eon"),
        ("Ruairí", "Ann"),
        ("Rita", "Angus"),
    ]
    for number, (first, second) in enumerate(couples, start=1):
        phone.get_by_label("First player").fill(first)
        phone.get_by_label("Second player").fill(second)
        phone.keyboard.press("Enter")
        phone.locator("main").get_by_text(f"Couple {number}: {first} & {second}.").wait_for()
        # htmx swapped the section in place and put the cursor back.
        expect(phone.get_by_label("First player")).to_be_focused()
    # A double tap on "Mark paid" leaves the couple paid (issue 12).
    phone.get_by_role("button", name="Mark paid").first.dblclick()
    phone.locator("#couple-4").get_by_text("✔ Paid").wait_for()
    phone.wait_for_timeout(700)
    expect(phone.locator("#couple-4").get_by_text("✔ Paid")).to_be_visible()
    # A name too long for the field says so at the field.
    phone.get_by_label("First player").fill("x" * 200)
    phone.get_by_label("First player").press("End")
    phone.keyboard.type("y")
    expect(
        phone.get_by_text("A name is at most 80 letters: anything longer is cut off.")
    ).to_be_visible()
    screenshot(phone, "door")

    evening = Evening.objects.get()
    assert list(evening.couples.values_list("player1", flat=True)) == [c[0] for c in couples]
    assert evening.couples.filter(paid=True).count() == 1


# --- The door under a fast volunteer and a failing server (the door, 1-3) ------


def door_page(phone, live_server, evening):
    sign_in(phone, live_server, "vince")
    phone.goto(f"{live_server.url}/evenings/{evening.slug}/door/")
    return phone.get_by_label("First player"), phone.get_by_label("Second player")


def is_door_post(request) -> bool:
    return request.method == "POST" and request.url.endswith("/door/")


def enter(phone):
    """Press Enter and wait for the door's answer; returns its status."""
    with phone.expect_response(lambda r: is_door_post(r.request)) as answer:
        phone.keyboard.press("Enter")
    return answer.value.status


def test_enter_after_a_duplicate_warning_warns_again_and_never_registers_it(
    live_server, phone, volunteer, evening
):
    Couple.objects.create(evening=evening, number=3, player1="Yvonne D'Eon", player2="Paul D'Eon")
    Couple.objects.create(evening=evening, number=5, player1="Mary O'Brien", player2="Jim O'Brien")
    first, second = door_page(phone, live_server, evening)
    first.fill("Paul Deon")
    second.fill("Yvonne Deon")
    assert enter(phone) == 409
    expect(phone.get_by_role("alert")).to_contain_text("already registered as couple 3")
    # Enter again is "Add couple" again: the same warning, nothing registered.
    phone.get_by_label("Second player").focus()
    assert enter(phone) == 409
    expect(phone.get_by_role("alert")).to_contain_text("already registered as couple 3")
    # Other names, another duplicate: warned about too.
    phone.get_by_label("First player").fill("Mary Obrien")
    phone.get_by_label("Second player").fill("Jim Obrien")
    assert enter(phone) == 409
    expect(phone.get_by_role("alert")).to_contain_text("already registered as couple 5")
    assert evening.couples.count() == 2
    # Registering it anyway is its own tap.
    phone.get_by_role("button", name="Register anyway").click()
    phone.locator("main").get_by_text("Couple 6: Mary Obrien & Jim Obrien.").wait_for()
    assert evening.couples.count() == 3


def test_enter_pressed_before_the_answer_settles_is_still_sent_by_htmx(
    live_server, phone, volunteer, evening
):
    """The cursor goes into the answer's form at once (live/focus.js), but
    htmx binds the form only when the swap settles: on a slow phone (or a
    busy CI machine) the Enter typed in between was sent as a plain form, a
    full page reload. Here the settle is made to take 3 s."""
    first, second = door_page(phone, live_server, evening)
    phone.evaluate("htmx.config.defaultSettleDelay = 3000")
    first.fill("Gertie Burke")
    first.focus()
    assert enter(phone) == 400
    expect(phone.get_by_label("Second player")).to_be_focused()
    phone.keyboard.type("Claudette Samson")
    assert enter(phone) == 200  # htmx's answer, not a plain form's redirect
    assert list(evening.couples.values_list("player1", "player2")) == [
        ("Gertie Burke", "Claudette Samson")
    ]


def test_a_refusal_puts_the_cursor_on_the_missing_name_so_nothing_is_typed_onto_the_first(
    live_server, phone, volunteer, evening
):
    """The phone's Enter pressed in the first field sends no second name: the
    next name typed goes into the empty second field, not after the first."""
    first, second = door_page(phone, live_server, evening)
    first.fill("Gertie Burke")
    first.focus()
    assert enter(phone) == 400
    expect(phone.get_by_text("This field is required.")).to_be_visible()
    expect(phone.get_by_label("Second player")).to_be_focused()
    phone.keyboard.type("Claudette Samson")
    expect(phone.get_by_label("First player")).to_have_value("Gertie Burke")
    expect(phone.get_by_label("Second player")).to_have_value("Claudette Samson")
    assert enter(phone) == 200
    expect(phone.get_by_label("First player")).to_have_value("")
    expect(phone.get_by_label("Second player")).to_have_value("")
    expect(phone.get_by_label("First player")).to_be_focused()
    assert list(evening.couples.values_list("player1", "player2")) == [
        ("Gertie Burke", "Claudette Samson")
    ]


def test_after_a_registration_the_cursor_is_in_the_first_field_at_once_and_stays_put(
    live_server, phone, volunteer, evening
):
    """htmx put the cursor back in the second field and only moved it to the
    first one when the swap settled: keys typed, or a tap, in between landed
    in the wrong field or were taken away."""
    first, second = door_page(phone, live_server, evening)
    phone.evaluate(
        """() => {
          window.focusLog = [];
          document.addEventListener("htmx:afterSwap", () => {
            window.focusLog.push("swap " + document.activeElement.id);
            // The volunteer taps the second field right away.
            document.getElementById("id_player2").focus();
          });
          document.addEventListener("htmx:afterSettle", () => {
            window.focusLog.push("settle " + document.activeElement.id);
          });
        }"""
    )
    first.fill("Mary")
    second.fill("John")
    assert enter(phone) == 200
    # Polled from here: the page's CSP forbids the string Playwright's own
    # wait_for_function polling would evaluate (it failed now and then).
    for _ in range(250):
        if phone.evaluate("window.focusLog.length") >= 2:
            break
        phone.wait_for_timeout(20)
    assert phone.evaluate("window.focusLog") == ["swap id_player1", "settle id_player2"]
    expect(phone.get_by_label("Second player")).to_be_focused()


NOT_SAVED = "Not saved: try again."


def test_a_server_error_says_not_saved_keeps_the_names_and_a_retry_registers_once(
    live_server, phone, volunteer, evening
):
    first, second = door_page(phone, live_server, evening)
    first.fill("Mary")
    second.fill("John")
    assert enter(phone) == 200
    success = phone.locator("main").get_by_text("Couple 1: Mary & John.")
    expect(success).to_be_visible()

    # The app's own 503 (its database away): nothing saved.
    def database_away(route):
        route.fulfill(status=503, body="The database is not answering.")

    phone.route("**/door/", database_away)
    phone.get_by_label("First player").fill("Ann")
    phone.get_by_label("Second player").fill("Joe")
    assert enter(phone) == 503
    form = phone.locator("#door-section form")
    expect(form.get_by_role("alert")).to_have_text(NOT_SAVED)
    expect(success).to_be_hidden()  # the couple before is no longer the news
    expect(phone.get_by_label("First player")).to_have_value("Ann")
    expect(phone.get_by_label("Second player")).to_have_value("Joe")
    expect(phone.locator("#live-banner")).to_contain_text("The server has a problem")
    assert evening.couples.count() == 1
    phone.unroute("**/door/")

    # The proxy's 502 after the app saved it: the answer is uncertain.
    def answer_lost(route):
        route.fetch()  # the app registers the couple
        route.fulfill(status=502, body="Bad Gateway")

    phone.route("**/door/", answer_lost)
    assert enter(phone) == 502
    expect(form.get_by_role("alert")).to_have_text(NOT_SAVED)
    expect(phone.get_by_label("First player")).to_have_value("Ann")
    assert evening.couples.count() == 2
    phone.unroute("**/door/")

    # Enter again: the same registration, one couple.
    assert enter(phone) == 200
    phone.locator("main").get_by_text("Couple 2: Ann & Joe is registered.").wait_for()
    expect(phone.locator("#door-section form").get_by_role("alert")).to_have_count(0)
    expect(phone.locator("#live-banner")).to_be_hidden()
    expect(phone.get_by_label("First player")).to_have_value("")
    assert list(evening.couples.values_list("player1", flat=True)) == ["Mary", "Ann"]


def test_every_htmx_form_says_not_saved_on_a_server_error_or_no_answer(
    live_server, phone, volunteer, evening
):
    """The same handling for every htmx form that changes data: here the door
    row's "Mark paid", answered 502, then not answered at all."""
    Couple.objects.create(evening=evening, number=1, player1="Mary", player2="John")
    door_page(phone, live_server, evening)
    phone.route("**/paid/", lambda route: route.fulfill(status=502, body="Bad Gateway"))
    phone.get_by_role("button", name="Mark paid").click()
    expect(phone.locator("#couple-1").get_by_role("alert")).to_have_text(NOT_SAVED)
    phone.unroute("**/paid/")
    # No answer: htmx gives up after its timeout (live.js sets one), the same words.
    phone.evaluate("() => { htmx.config.timeout = 300; }")
    phone.locator("#couple-1 .live-notice").evaluate("el => el.remove()")
    held = []
    phone.route("**/paid/", lambda route: held.append(route))  # not answered while we look
    phone.get_by_role("button", name="Mark paid").click()
    expect(phone.locator("#couple-1").get_by_role("alert")).to_have_text(NOT_SAVED)
    assert not evening.couples.get().paid
    # Answered at last (the Wi-Fi dropped it): a request left unanswered keeps
    # Playwright's handler waiting, and the garbage collector later logs it as
    # a pending task destroyed, in the middle of whatever test runs then.
    for route in held:
        with contextlib.suppress(PlaywrightError):  # htmx may have given up on it
            route.abort("internetdisconnected")


# --- Typing on while the door's answer is on its way (issue 48, point 3) ------

NEXT_COUPLES = [
    ("Campbell Smith", "Theresa O'Brien"),
    ("Zoë Ní Bhriain", "Marie-Ève Thériault"),
    ("Yosef יוסף MacLeod", "王秀英"),
    ("Ann", "Joe D'Eon"),
    ("Rita", "Angus"),
]


@pytest.fixture
def slow_door(monkeypatch):
    """The door's answer takes 300 ms (a busy laptop, a weak Wi-Fi): time
    enough for a fast volunteer to type on."""
    register = receipts.register_couple_once

    def slowly(*args, **kwargs):
        time.sleep(0.3)
        return register(*args, **kwargs)

    monkeypatch.setattr(receipts, "register_couple_once", slowly)


def type_couple(phone, player1: str, player2: str, delay: float = 0) -> None:
    """Two names typed, Tab between, `delay` ms between keys."""
    phone.keyboard.type(player1, delay=delay)
    phone.keyboard.press("Tab", delay=delay)
    phone.keyboard.type(player2, delay=delay)


def registered(evening) -> list[tuple[str, str]]:
    return list(evening.couples.order_by("number").values_list("player1", "player2"))


def test_letters_typed_right_after_enter_are_kept_couple_after_couple(
    live_server, phone, volunteer, evening, slow_door
):
    """The next couple typed at once after Enter, before the answer: the
    answer's fresh form used to replace the fields and the first letters
    typed were gone ("ampbell Smith")."""
    first, second = door_page(phone, live_server, evening)
    first.fill("Mary Walsh")
    second.fill("John Walsh")
    second.focus()
    before = [("Mary Walsh", "John Walsh")]
    # Typed at once, or a key every 10-40 ms: the answer comes after the
    # couple is typed, or in the middle of a name, or just after the Tab.
    for (player1, player2), every in zip(NEXT_COUPLES, (0, 20, 10, 40, 25), strict=True):
        with phone.expect_response(lambda r: is_door_post(r.request)):
            phone.keyboard.press("Enter")
            type_couple(phone, player1, player2, every)  # no pause after Enter
        number, (last1, last2) = len(before), before[-1]
        phone.locator("#couples").get_by_text(f"{last1} & {last2}").wait_for()
        assert phone.locator(f"#couple-{number}").is_visible()
        expect(phone.get_by_label("First player")).to_have_value(player1)
        expect(phone.get_by_label("Second player")).to_have_value(player2)
        expect(phone.get_by_label("Second player")).to_be_focused()
        before.append((player1, player2))
    assert enter(phone) == 200
    phone.locator("#couples").get_by_text("Rita & Angus").wait_for()
    assert registered(evening) == before


def test_couples_typed_with_their_enter_before_the_answer_are_each_registered(
    live_server, phone, volunteer, evening, slow_door
):
    """A volunteer faster than the Wi-Fi: couples typed one after the other,
    each with its Enter, without waiting for the page. Each Enter counts."""
    first, second = door_page(phone, live_server, evening)
    first.focus()
    for player1, player2 in NEXT_COUPLES:
        type_couple(phone, player1, player2)
        phone.keyboard.press("Enter")
    rows = phone.locator("#couples .couple-row")
    expect(rows).to_have_count(len(NEXT_COUPLES), timeout=15_000)
    expect(phone.get_by_label("First player")).to_have_value("")
    expect(phone.get_by_label("Second player")).to_have_value("")
    assert registered(evening) == NEXT_COUPLES


# Run in the page: at the next answer's swap, right after door.js has seen
# it and before the couple it kept waiting goes out, an Enter in the first
# player's field. A script's key event has no default action, so the form is
# submitted as a real Enter would (unless door.js took the key).
ENTER_AT_THE_ANSWER = """() => {
  document.addEventListener("htmx:afterSwap", function once() {
    document.removeEventListener("htmx:afterSwap", once);
    var field = document.getElementById("id_player1");
    var key = new KeyboardEvent("keydown", {key: "Enter", bubbles: true, cancelable: true});
    if (field.dispatchEvent(key)) field.form.requestSubmit();
  });
}"""


def test_an_enter_pressed_as_the_answer_comes_loses_no_couple(
    live_server, phone, volunteer, evening, slow_door
):
    """Three couples, each with its Enter, the third's pressed in the instant
    between the first's answer and the sending of the second, which was kept
    waiting: the second used to vanish (htmx drops a form's request while
    another is on its way), names and all."""
    first, _second = door_page(phone, live_server, evening)
    first.focus()
    couples = NEXT_COUPLES[:3]
    type_couple(phone, *couples[0])
    phone.keyboard.press("Enter")  # on its way for 300 ms
    type_couple(phone, *couples[1])
    phone.keyboard.press("Enter")  # kept until the first's answer
    type_couple(phone, *couples[2])
    phone.evaluate(ENTER_AT_THE_ANSWER)
    expect(phone.locator("#couples .couple-row")).to_have_count(3, timeout=15_000)
    expect(phone.get_by_label("First player")).to_have_value("")
    assert registered(evening) == couples


def test_a_refused_couple_keeps_its_names_and_what_was_typed_since(
    live_server, phone, volunteer, evening, slow_door
):
    """A duplicate warning answering a couple while the next is being typed:
    the warned names come back, and the letters typed since stay after them."""
    Couple.objects.create(evening=evening, number=3, player1="Yvonne D'Eon", player2="Paul D'Eon")
    first, second = door_page(phone, live_server, evening)
    first.fill("Paul Deon")
    second.fill("Yvonne Deon")
    second.focus()
    with phone.expect_response(lambda r: is_door_post(r.request)) as answer:
        phone.keyboard.press("Enter")
        phone.keyboard.type("Mar")
    assert answer.value.status == 409
    expect(phone.get_by_role("alert")).to_contain_text("already registered as couple 3")
    expect(phone.get_by_label("First player")).to_have_value("Paul Deon Mar")
    expect(phone.get_by_label("Second player")).to_have_value("Yvonne Deon")
    assert evening.couples.count() == 1


# --- The banner on the door, which has no poll (issue 47, point 20) -----------


def server_away(how: str):
    """Every request but the page's files answered by a proxy's 502, or not
    answered at all (the Wi-Fi)."""

    def answer(route):
        if "/static/" in route.request.url:
            route.continue_()
        elif how == "502":
            route.fulfill(status=502, body="Bad Gateway")
        else:
            route.abort("connectionrefused")

    return answer


@pytest.mark.parametrize(
    ("how", "banner"),
    [
        ("502", "The server has a problem since"),
        ("no answer", "No connection since"),
    ],
)
def test_the_doors_banner_goes_by_itself_when_the_server_answers_again(
    live_server, browser, volunteer, evening, how, banner
):
    """The door asks nothing by itself: the banner of a failed registration
    stayed up after the server was back, until the next couple was sent.
    While it is up the page asks the server lightly, and clears it."""
    with phone_page(browser, 390, 844, 2) as phone:
        first, second = door_page(phone, live_server, evening)
        first.fill("Zoë Ní Bhriain")
        second.fill("Marie-Ève Thériault")
        phone.route("**/*", server_away(how))
        second.press("Enter")
        expect(phone.locator("#live-banner")).to_contain_text(banner)
        phone.wait_for_timeout(3_000)  # the server still away: the banner stays
        expect(phone.locator("#live-banner")).to_contain_text(banner)
        slug = how.replace(" ", "-")
        screenshot(phone, f"door-banner-{slug}")
        phone.unroute("**/*")
        expect(phone.locator("#live-banner")).to_be_hidden(timeout=8_000)
        expect(phone.locator("#live-status")).to_have_text("Connected again.")
        screenshot(phone, f"door-banner-{slug}-gone")
        # The names are still there: Enter again registers them once.
        assert enter(phone) == 200
        assert registered(evening) == [("Zoë Ní Bhriain", "Marie-Ève Thériault")]
