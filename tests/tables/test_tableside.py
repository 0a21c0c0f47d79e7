"""The table-side page (/t/<token>/): public, token only; either couple
reports the winner of the table's current game and the other confirms."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tables import queries, services
from tables.models import Evening, Hall, Punch, TableReport
from tables.views import devices

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def table(evening):
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    seating.a, seating.b = seating.couple_a.number, seating.couple_b.number
    seating.url = reverse("tableside", args=[seating.table.token])
    seating.report_url = reverse("tableside-report", args=[seating.table.token])
    return seating


def test_anyone_with_the_link_sees_the_table_and_is_asked_which_couple_they_are(client, table):
    response = client.get(table.url)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Table 1" in html and "Game 1 of 25" in html
    assert "Which couple are you?" in html
    assert f"We are couple {table.a}" in html and f"We are couple {table.b}" in html
    assert "Cut the deck for the first deal" in html


def test_a_couple_reports_and_the_other_confirms(client, table):
    other_phone = Client()
    response = other_phone.post(
        table.report_url, {"game": 1, "reporter": table.a, "winner": table.a}, headers=HTMX
    )
    assert response.status_code == 200
    assert "Now the other couple confirms it" in response.content.decode()
    html = client.get(f"{table.url}?as={table.b}").content.decode()
    assert f"Couple {table.a} says couple {table.a} won. Is that right?" in html
    response = client.post(table.report_url, {"game": 1, "reporter": table.b, "winner": table.a})
    assert response.status_code == 302 and response["Location"].endswith(f"?as={table.b}")
    table.refresh_from_db()
    assert table.winner.number == table.a
    assert Punch.objects.get().couple.number == table.a
    html = client.get(response["Location"]).content.decode()
    assert "Confirmed: the result is in." in html
    assert f"The result of game 1 is in: couple {table.a} won." in html


def test_a_disagreement_is_held_for_a_volunteer(client, table):
    Client().post(table.report_url, {"game": 1, "reporter": table.a, "winner": table.a})
    response = client.post(
        table.report_url, {"game": 1, "reporter": table.b, "winner": table.b}, headers=HTMX
    )
    assert response.status_code == 200
    assert "A volunteer is coming to settle it." in response.content.decode()
    table.refresh_from_db()
    assert table.winner is None


def test_the_same_report_sent_twice_is_kept_once(client, table):
    data = {"game": 1, "reporter": table.a, "winner": table.b}
    client.post(table.report_url, data)
    response = client.post(table.report_url, data, headers=HTMX)
    assert response.status_code == 200
    assert "Your report was already in." in response.content.decode()
    assert TableReport.objects.count() == 1


def test_one_phone_cannot_confirm_its_own_report_for_the_other_couple(client, table):
    client.post(table.report_url, {"game": 1, "reporter": table.a, "winner": table.a})
    response = client.post(
        table.report_url, {"game": 1, "reporter": table.b, "winner": table.a}, headers=HTMX
    )
    assert response.status_code == 409
    assert f"This phone has already reported for couple {table.a}" in response.content.decode()
    table.refresh_from_db()
    assert table.winner is None
    response = Client().post(table.report_url, {"game": 1, "reporter": table.b, "winner": table.a})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.winner.number == table.a


def test_a_made_up_token_is_404(client, table):
    response = client.get(reverse("tableside", args=["made-up-token-0123456789abcdefghij"]))
    assert response.status_code == 404
    assert "This table link is not valid" in response.content.decode()
    response = client.post(
        reverse("tableside-report", args=["made-up"]), {"game": 1, "reporter": 1, "winner": 1}
    )
    assert response.status_code == 404
    assert not TableReport.objects.exists()


def test_the_link_expires_with_the_evening(client, evening):
    evening = started(evening, 2, games=1)
    seating = seatings(evening)[0]
    play_game(evening)
    services.finish_evening(evening)
    response = client.get(reverse("tableside", args=[seating.table.token]))
    assert response.status_code == 404
    assert "expired" in response.content.decode()


def test_before_play_the_link_says_so(client, evening, make_evening):
    evening = started(evening, 4)
    token = seatings(evening)[0].table.token
    Evening.objects.filter(pk=evening.pk).update(status=Evening.Status.SETUP)
    assert client.get(reverse("tableside", args=[token])).status_code == 409


def test_a_link_records_only_its_own_table_and_the_current_game(client, table):
    stranger = seatings(table.game.evening)[1].couple_a.number
    response = client.post(table.report_url, {"game": 1, "reporter": stranger, "winner": stranger})
    assert response.status_code == 400
    assert "did not play at table 1" in response.content.decode()
    response = client.post(table.report_url, {"game": 2, "reporter": table.a, "winner": table.a})
    assert response.status_code == 409
    response = client.post(table.report_url, {"game": "x", "reporter": table.a, "winner": ""})
    assert response.status_code == 400
    assert not TableReport.objects.exists()


def test_a_closed_table_link_says_where_to_ask(client, evening):
    evening = started(evening, 6)
    play_game(evening, winner="a")
    services.mark_leaving(evening, seatings(evening)[1].couple_b.number)
    services.advance(evening, from_game=1)
    closed = evening.tables.get(number=2)
    response = client.get(reverse("tableside", args=[closed.token]))
    assert response.status_code == 409
    assert "Table 2 closed after game 1." in response.content.decode()


def test_the_link_follows_its_table_into_the_next_game(client, table):
    evening = table.game.evening
    play_game(evening)
    services.advance(evening, from_game=1)
    html = client.get(table.url).content.decode()
    assert "Game 2 of 25" in html and "Which couple are you?" in html


@pytest.mark.parametrize(
    ("privacy", "shown", "hidden"),
    [
        (Hall.Privacy.FULL, "Ann 1 &amp; Joe 1", ""),
        (Hall.Privacy.FIRST, "Ann &amp; Joe", "Ann 1"),
        (Hall.Privacy.NUMBERS, "Couple 1", "Ann"),
    ],
)
def test_names_follow_the_halls_privacy_setting(client, evening, privacy, shown, hidden):
    Hall.objects.filter(pk=evening.hall_id).update(privacy=privacy)
    evening = started(evening, 2)
    html = client.get(
        reverse("tableside", args=[seatings(evening)[0].table.token])
    ).content.decode()
    assert shown in html
    if hidden:
        assert hidden not in html


def test_get_only_and_post_only(client, table):
    assert client.post(table.url).status_code == 405
    assert client.get(table.report_url).status_code == 405


# --- The phone's id: a signed cookie, not a session row -------------------------


def test_a_plain_forms_report_writes_no_session_and_its_answer_still_shows(client, table):
    """Without JavaScript the report is a plain form, answered by a redirect
    and a message on the page it leads to. The message waits in a cookie,
    not in a new session row: one more write for SQLite's one writer for
    every such phone in a flurry."""
    data = {"game": 1, "reporter": table.a, "winner": table.a}
    response = client.post(table.report_url, data)
    assert response.status_code == 302
    assert settings.SESSION_COOKIE_NAME not in client.cookies
    html = client.get(response["Location"]).content.decode()
    assert "Thank you. Now the other couple confirms it on this page" in html
    assert settings.SESSION_COOKIE_NAME not in client.cookies
    # Shown once: the next page of that phone is without it.
    assert (
        "Now the other couple confirms it on this page"
        not in client.get(response["Location"]).content.decode()
    )


def test_a_phones_first_report_writes_no_session_and_keeps_its_id_in_a_cookie(client, table):
    """In a flurry every table's phones report for the first time at once: a
    session row each would be one more write each, and one more read on
    every later page. (The live page posts with htmx; a plain form's answer
    is a redirect, whose message waits in the session.)"""
    data = {"game": 1, "reporter": table.a, "winner": table.a}
    client.post(table.report_url, data, headers=HTMX)
    assert settings.SESSION_COOKIE_NAME not in client.cookies
    cookie = client.cookies[devices.COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax" and cookie["max-age"]
    report = TableReport.objects.get()
    assert len(report.device) == 64  # a hash, never the id itself
    assert cookie.value.split(":")[0] not in report.device


@pytest.mark.parametrize("samesite", ["Strict", "Lax"])
def test_the_device_cookie_follows_the_session_cookies_policy(client, table, settings, samesite):
    """One policy for the site's cookies that name a visitor: the session's
    settings, written once."""
    settings.SESSION_COOKIE_SAMESITE = samesite
    settings.SESSION_COOKIE_AGE = 3600
    data = {"game": 1, "reporter": table.a, "winner": table.a}
    client.post(table.report_url, data, headers=HTMX)
    cookie = client.cookies[devices.COOKIE]
    assert cookie["samesite"] == samesite and cookie["max-age"] == 3600 and cookie["httponly"]


def test_a_tampered_device_cookie_is_a_new_phone(client, table):
    client.post(table.report_url, {"game": 1, "reporter": table.a, "winner": table.a})
    client.cookies[devices.COOKIE] = "forged:value:here"
    response = client.post(table.report_url, {"game": 1, "reporter": table.b, "winner": table.a})
    assert response.status_code == 302  # not refused as the same phone, and no error
    table.refresh_from_db()
    assert table.winner.number == table.a


def test_a_page_without_a_report_sets_no_device_cookie(client, table):
    response = client.get(f"{table.url}?as={table.a}")
    assert devices.COOKIE not in response.cookies


@pytest.mark.parametrize("couples", [4, 60])
def test_the_table_side_asks_the_database_a_few_times_whatever_the_evenings_size(
    make_evening, couples, django_assert_num_queries
):
    """A table's two phones in a flurry: each opens the page, reports or
    confirms through the outbox, and looks again. A phone that has reported
    is known by its cookie and asked about its late reports (there are none)."""
    evening = started(make_evening(), couples)
    play_game(evening)
    services.advance(evening, from_game=1)
    table = seatings(evening)[0]
    page = reverse("tableside", args=[table.table.token])
    report = reverse("tableside-report", args=[table.table.token])
    a, b = table.couple_a.number, table.couple_b.number
    first, second = Client(), Client()
    with django_assert_num_queries(3):  # the table, its seating and its reports
        assert first.get(f"{page}?as={a}").status_code == 200
    data = {"game": 2, "reporter": a, "winner": a, "request_id": "flurry-report-1"}
    # The table; in one transaction (2 here: its savepoint and release):
    # the evening locked, the receipt looked for, the seating, its reports,
    # the report written, the version bumped, the receipt kept; then the
    # answer, from the seating and reports the report wrote: this phone's
    # late reports.
    with django_assert_num_queries(11):
        assert first.post(report, data, headers=HTMX).status_code == 200
    data = {"game": 2, "reporter": b, "winner": a, "request_id": "flurry-report-2"}
    # The same, with the result written (the first report confirmed, the
    # seating, the punch, the change), and where the couples go next (the
    # game's bye and tables).
    with django_assert_num_queries(17):
        html = second.post(report, data, headers=HTMX).content.decode()
    assert "Confirmed: the result is in." in html
    with django_assert_num_queries(6):  # and where next (2), and this phone's late reports
        assert "won." in first.get(f"{page}?as={a}").content.decode()


def test_after_the_last_game_the_table_is_not_told_to_wait_for_another(client, evening):
    """Issue 48, point 8: a table whose result of the last game was in still
    read "Wait for the next game to be called" (and an empty line for each
    couple's next place)."""
    evening = started(evening, 4, games=2)
    play_game(evening)
    first = seatings(evening)[0]
    html = client.get(reverse("tableside", args=[first.table.token])).content.decode()
    assert "Wait for the next game to be called" in html  # game 1 of 2: another follows
    assert "That was the last game" not in html
    services.advance(evening)
    play_game(evening)
    assert evening.current_game == 2
    seating = seatings(evening)[0]
    html = client.get(reverse("tableside", args=[seating.table.token])).content.decode()
    assert "The result of game 2 is in" in html
    assert "Wait for the next game" not in html
    assert "That was the last game of the evening" in html
    assert "<li></li>" not in "".join(html.split())


def _status(html: str) -> str:
    """The table's status without what differs between two answers showing
    the same table: the report's own message and the masked CSRF tokens."""
    html = re.sub(r'<p class="message" data-announce>[^<]*</p>', "", html)
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


@pytest.mark.parametrize("outbox", [True, False], ids=["from the outbox", "without an id"])
def test_a_reports_answer_shows_the_table_as_the_report_left_it(table, outbox, monkeypatch):
    """The answer to a report (htmx) is the table as the report left it,
    the same as the table read afresh right after: the first report, the
    same report again, the other couple's disagreement, then a change that
    agrees; made from what the report wrote, not by reading the table again."""
    phones = {table.a: Client(), table.b: Client()}
    steps = [(table.a, table.a), (table.a, table.a), (table.b, table.b), (table.b, table.a)]
    read_again = []
    real = queries.current_table_seating
    monkeypatch.setattr(
        queries, "current_table_seating", lambda *a: read_again.append(a) or real(*a)
    )
    for n, (reporter, winner) in enumerate(steps):
        data = {"game": 1, "reporter": reporter, "winner": winner}
        if outbox:
            data["request_id"] = f"step-{n}-{reporter}-{winner}"
        answer = phones[reporter].post(table.report_url, data, headers=HTMX)
        assert answer.status_code == 200 and not read_again
        afresh = phones[reporter].get(f"{table.url}?as={reporter}", headers=HTMX)
        assert _status(answer.content.decode()) == _status(afresh.content.decode())
        read_again.clear()
    assert "Confirmed" in answer.content.decode()  # the two couples agree in the end
