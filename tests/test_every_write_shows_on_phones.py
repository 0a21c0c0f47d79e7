"""Every write that changes what a phone shows moves the evening's version on.

A phone keeps its copy of the board, the game screen or a couple's card for
as long as the server answers its poll 304, and the ETag behind that answer
is the evening's version, bumped by the write gate (`Evening.changing`,
tables/models/gate.py). The gate itself is tested in
tests/tables/test_write_gate.py, and the suite refuses any write of an
evening's data made by the app outside it (tests/support/gate.py); here
each service that changes what phones show is performed, one by one, and
the evening's version must have risen, and a correction is followed to the
phones that hold the old winner.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from django.db import transaction
from django.urls import reverse

import scoring.exchange.scoring_keys
import scoring.services.extras
import scoring.services.jar
import scoring.services.prizes
import scoring.services.tie_state
import scoring.services.ties
import tables.services
from scoring.models import PlayoffGame, Target
from scoring.services import extras, jar, prizes, ties
from scoring.services.prizes import set_prize
from tables import services
from tables.forms import EveningForm, HallForm
from tables.models import Couple, Evening, Hall, LateReport, Seating, Table
from tests.scoring.conftest import finish, make_couples, punch_counts
from tests.support.board import HTMX, build_evening, url

pytestmark = pytest.mark.django_db

Act = Callable[[], object]
CASES: dict[str, Callable[[Hall], tuple[Evening, Act]]] = {}


def case(name: str):
    """Register `setup(hall) -> (evening, act)` for the service `name`."""

    def register(setup):
        assert name not in CASES, name
        CASES[name] = setup
        return setup

    return register


# --- Evenings to act on -------------------------------------------------------


def before_play(hall: Hall, **settings) -> Evening:
    return build_evening(hall, couples=10, played=0, **settings)


def running(hall: Hall, **settings) -> Evening:
    """Game 4 under way, no table in yet."""
    return build_evening(hall, couples=10, played=3, current_in=0, **settings)


def all_in(hall: Hall, *, games: int = 25, **settings) -> Evening:
    """Game 3 under way (of `games`), every table in."""
    return build_evening(hall, couples=10, played=2, current_in=5, games=games, **settings)


def finished(hall: Hall, **settings) -> Evening:
    return build_evening(hall, couples=6, games=3, played=3, **settings)


def seating(evening: Evening, game: int, table: int) -> Seating:
    return Seating.objects.select_related("couple_a", "couple_b", "winner").get(
        game__evening=evening, game__number=game, table__number=table
    )


def table(evening: Evening, number: int = 1) -> Table:
    return Table.objects.select_related("evening").get(evening=evening, number=number)


def couple(evening: Evening, number: int = 1) -> Couple:
    return Couple.objects.select_related("evening").get(evening=evening, number=number)


def tied(hall: Hall) -> Evening:
    """Finished; couples 1, 2, 3 tied for first (a cash prize), 4 second."""
    evening = Evening.objects.create(
        hall=hall, name="Tied", slug="tied", date="2026-11-27", published=True
    )
    couples = make_couples(evening, 5)
    punch_counts(evening, couples, [18, 18, 18, 16, 3])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="100.00")
    set_prize(evening, Target.PLACE, 2, kind="cash", amount="50.00")
    return finish(evening)


def settings_form(evening: Evening, **changes) -> EveningForm:
    data = {
        name: value
        for name, value in EveningForm(instance=evening).initial.items()
        if value is not None
    }
    data["date"] = evening.date.isoformat()
    data["start_time"] = evening.start_time.strftime("%H:%M") if evening.start_time else ""
    data.update(changes)
    for name in [n for n, v in data.items() if v is False]:
        del data[name]
    form = EveningForm(data, instance=evening, halls=Hall.objects.all())
    assert form.is_valid(), form.errors
    return form


# --- The door -------------------------------------------------------------------


@case("tables.services.register_couple")
def _(hall):
    evening = before_play(hall)
    return evening, lambda: services.register_couple(evening, "Late Arrival", "Her Partner")


@case("tables.services.register_couple (late, play under way)")
def _(hall):
    evening = running(hall)
    return evening, lambda: services.register_couple(evening, "Late Arrival", "Her Partner")


@case("tables.services.door.register_locked")
def _(hall):
    evening = running(hall)

    def register():  # what register_couple_once does: lock, then register
        with transaction.atomic():
            tables.services.door.register_couple(evening, "Late Arrival", "Her Partner")

    return evening, register


@case("tables.services.rename_couple")
def _(hall):
    evening = running(hall)
    return evening, lambda: services.rename_couple(couple(evening), "Mary Renamed", "John")


@case("tables.services.remove_couple")
def _(hall):
    evening = before_play(hall)
    return evening, lambda: services.remove_couple(couple(evening, 10))


@case("tables.services.set_paid")
def _(hall):
    evening = running(hall)
    return evening, lambda: services.set_paid(couple(evening), True)


@case("tables.services.mark_leaving")
def _(hall):
    evening = running(hall)
    return evening, lambda: services.mark_leaving(evening, 1)


@case("tables.services.mark_leaving (taken back)")
def _(hall):
    evening = running(hall)
    services.mark_leaving(evening, 1)
    return evening, lambda: services.mark_leaving(evening, 1, leaving=False)


# --- The evening ------------------------------------------------------------------


@case("tables.services.start_evening")
def _(hall):
    evening = before_play(hall)
    return evening, lambda: services.start_evening(evening, seed=1)


@case("tables.services.advance")
def _(hall):
    evening = all_in(hall)
    return evening, lambda: services.advance(evening, from_game=3)


@case("tables.services.finish_evening")
def _(hall):
    evening = all_in(hall, games=3)
    return evening, lambda: services.finish_evening(evening, from_game=3)


@case("tables.services.save_settings")
def _(hall):
    evening = running(hall)
    return evening, lambda: services.save_settings(settings_form(evening, prize_places="4"))


@case("tables.services.save_settings (a tie-break rule)")
def _(hall):
    evening = running(hall)
    other = "standard" if evening.ranking != "standard" else "dense"
    return evening, lambda: services.save_settings(settings_form(evening, ranking=other))


@case("tables.services.save_hall")
def _(hall):
    evening = running(hall)
    form = HallForm(
        {"name": "St. Anne's Hall", "paper_size": "letter", "privacy": "first"},
        instance=hall,
    )
    assert form.is_valid(), form.errors
    return evening, lambda: services.save_hall(form)


# --- Results ----------------------------------------------------------------------


@case("tables.services.record_result")
def _(hall):
    evening = running(hall)
    winner = seating(evening, 4, 1).couple_a.number
    return evening, lambda: services.record_result(evening, 4, 1, winner)


@case("tables.services.change_result")
def _(hall):
    evening = running(hall)
    seat = seating(evening, 4, 1)
    services.record_result(evening, 4, 1, seat.couple_a.number)
    return evening, lambda: services.change_result(
        evening, 4, 1, seat.couple_b.number, was=seat.couple_a.number
    )


@case("tables.services.correct_result")
def _(hall):
    evening = running(hall)
    seat = seating(evening, 1, 1)
    loser = seat.couple_b if seat.winner == seat.couple_a else seat.couple_a
    return evening, lambda: services.correct_result(
        evening, 1, 1, loser.number, reason="Scorer misread the card", user=None
    )


@case("tables.services.correct_result (after the evening)")
def _(hall):
    evening = finished(hall)
    seat = seating(evening, 2, 1)
    loser = seat.couple_b if seat.winner == seat.couple_a else seat.couple_a
    return evening, lambda: services.correct_result(
        evening, 2, 1, loser.number, reason="Scorer misread the card", user=None
    )


@case("tables.services.resync_bye_punches")
def _(hall):
    evening = build_evening(hall, couples=9, played=3)  # a bye every game, punched
    Evening.objects.filter(pk=evening.pk).update(bye_counts_as_win=False)
    evening.refresh_from_db()
    return evening, lambda: services.resync_bye_punches(evening)


@case("tables.services.report_result")
def _(hall):
    evening = running(hall)
    seat = seating(evening, 4, 1)
    a = seat.couple_a.number
    return evening, lambda: services.report_result(table(evening), 4, a, a, device="phone-a")


@case("tables.services.report_result (the other couple agrees)")
def _(hall):
    evening = running(hall)
    seat = seating(evening, 4, 1)
    a, b = seat.couple_a.number, seat.couple_b.number
    services.report_result(table(evening), 4, a, a, device="phone-a")
    return evening, lambda: services.report_result(table(evening), 4, b, a, device="phone-b")


@case("tables.services.report_result (the couples disagree)")
def _(hall):
    evening = running(hall)
    seat = seating(evening, 4, 1)
    a, b = seat.couple_a.number, seat.couple_b.number
    services.report_result(table(evening), 4, a, a, device="phone-a")
    return evening, lambda: services.report_result(table(evening), 4, b, b, device="phone-b")


@case("tables.services.report_result (against a volunteer's result)")
def _(hall):
    evening = running(hall)
    seat = seating(evening, 4, 1)
    a, b = seat.couple_a.number, seat.couple_b.number
    services.record_result(evening, 4, 1, a)
    return evening, lambda: services.report_result(table(evening), 4, b, b, device="phone-b")


@case("tables.services.receipts.report_result_once")
def _(hall):
    from tables.services.receipts import report_result_once

    evening = running(hall)
    a = seating(evening, 4, 1).couple_a.number
    return evening, lambda: report_result_once(table(evening), "key-report-1", 4, a, a)


@case("tables.services.receipts.record_result_once")
def _(hall):
    from tables.services.receipts import record_result_once

    evening = running(hall)
    a = seating(evening, 4, 1).couple_a.number
    return evening, lambda: record_result_once(evening, "key-record-1", 4, 1, a)


# --- Prizes, ties, the jar and the extras --------------------------------------------


@case("scoring.services.prizes.set_prize")
def _(hall):
    evening = running(hall)
    return evening, lambda: prizes.set_prize(evening, Target.PLACE, 1, kind="cash", amount="25")


@case("scoring.services.ties.open_tiebreak")
def _(hall):
    evening = tied(hall)
    return evening, lambda: ties.open_tiebreak(evening, Target.PLACE, 1)


@case("scoring.services.ties.record_choices")
def _(hall):
    evening = tied(hall)
    tiebreak = ties.open_tiebreak(evening, Target.PLACE, 1)
    return evening, lambda: ties.record_choices(tiebreak, {1: "cut"})


@case("scoring.services.ties.record_cut")
def _(hall):
    evening = tied(hall)
    tiebreak = ties.open_tiebreak(evening, Target.PLACE, 1)
    ties.record_choices(tiebreak, {1: "cut", 2: "cut", 3: "cut"})
    return evening, lambda: ties.record_cut(tiebreak, {1: "5H", 2: "9S", 3: "KD"})


@case("scoring.services.ties.deal_cut")
def _(hall):
    import random

    evening = tied(hall)
    tiebreak = ties.open_tiebreak(evening, Target.PLACE, 1)
    ties.record_choices(tiebreak, {1: "cut", 2: "cut", 3: "cut"})
    return evening, lambda: ties.deal_cut(tiebreak, rng=random.Random(3))


@case("scoring.services.ties.record_playoff_winner")
def _(hall):
    evening = tied(hall)
    tiebreak = ties.open_tiebreak(evening, Target.PLACE, 1)
    ties.record_choices(tiebreak, {1: "playoff", 2: "playoff", 3: "playoff"})
    game = PlayoffGame.objects.filter(tiebreak=tiebreak, winner=None).first()
    assert game is not None  # a play-off game waits for its winner
    number = Couple.objects.get(pk=game.couple_a_id).number
    return evening, lambda: ties.record_playoff_winner(tiebreak, game.pk, number)


@case("scoring.services.ties.discard")
def _(hall):
    evening = tied(hall)
    tiebreak = ties.open_tiebreak(evening, Target.PLACE, 1)
    return evening, lambda: ties.discard(tiebreak)


@case("scoring.services.jar.draw_at_start")
def _(hall):
    evening = before_play(hall, cookie_jar=True)
    return evening, lambda: jar.draw_at_start(evening)


@case("scoring.services.jar.set_hat_numbers")
def _(hall):
    evening = running(hall, cookie_jar=True, jar_draw_mode=Evening.JarDraw.HAT)
    return evening, lambda: jar.set_hat_numbers(evening, "3 7 12 14 15 19 21 24")


@case("scoring.services.jar.set_buy_in")
def _(hall):
    evening = running(hall, cookie_jar=True)
    return evening, lambda: jar.set_buy_in(couple(evening), True)


@case("scoring.services.jar.reveal")
def _(hall):
    evening = finished(hall, cookie_jar=True, jar_draw_mode=Evening.JarDraw.SEALED, jar_draw_size=2)
    jar.draw_at_start(evening)
    return evening, lambda: jar.reveal(evening)


@case("scoring.services.extras.at_game_one")
def _(hall):
    evening = before_play(hall, travelling_prize=True)
    return evening, lambda: extras.at_game_one(evening)


@case("scoring.services.extras.draw_travelling_start")
def _(hall):
    evening = before_play(hall, travelling_prize=True)
    return evening, lambda: extras.draw_travelling_start(evening)


@case("scoring.services.extras.set_fifty_fifty")
def _(hall):
    evening = running(hall, fifty_fifty=True)
    return evening, lambda: extras.set_fifty_fifty(evening, Decimal("40.00"), "117", "Rita")


@case("tables.services.settle_late_report")
def _(hall):
    evening = running(hall)
    seat = seating(evening, 1, 1)
    loser = seat.couple_b if seat.winner == seat.couple_a else seat.couple_a
    late = LateReport.objects.create(seating=seat, reporter=loser, claimed_winner=loser)
    return evening, lambda: services.settle_late_report(evening, late.pk, correct=True, user=None)


@case("tables.services.receipts.register_couple_once")
def _(hall):
    evening = running(hall)
    key = tables.services.receipts.new_key()
    return evening, lambda: tables.services.receipts.register_couple_once(
        evening, key, "Late Arrival", "Her Partner"
    )


@case("scoring.exchange.scoring_keys.import_scoring")
def _(hall):
    evening = running(hall)
    return evening, lambda: scoring.exchange.scoring_keys.import_scoring(evening, {})


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_write_moves_the_evenings_version_on(hall, name, django_capture_on_commit_callbacks):
    evening, act = CASES[name](hall)
    before = Evening.objects.values_list("version", "board_version").get(pk=evening.pk)
    with django_capture_on_commit_callbacks(execute=False):
        act()
    after = Evening.objects.values_list("version", "board_version").get(pk=evening.pk)
    assert after[0] > before[0]
    # The public board's version too, unless what was written no public page
    # shows: a phone's report waiting for the other couple's, a self check-in
    # entry waiting at the door (tables/models/gate.py PRIVATE_MODELS).
    assert (after[1] > before[1]) == (name not in SEEN_BY_VOLUNTEERS_ONLY), after


SEEN_BY_VOLUNTEERS_ONLY = {
    "tables.services.report_result",  # the first couple's report, waiting for the other's
    "tables.services.report_result (the couples disagree)",  # for a volunteer to settle
    "tables.services.report_result (against a volunteer's result)",
    "tables.services.receipts.report_result_once",
}


# --- The correction, as the phones see it ----------------------------------------


def wins_on_board(html: str, number: int) -> int:
    row = re.search(rf'id="row-{number}".*?class="num wins"[^>]*>(\d+)<', html, re.S)
    assert row is not None, f"couple {number} is not on the board"
    return int(row.group(1))


def wins_on_card(html: str) -> int:
    found = re.search(r"<strong>(\d+) games? won</strong>", html)
    assert found is not None, "the card shows no tally"
    return int(found.group(1))


def standing(data: dict, number: int) -> dict:
    return next(row for row in data["standings"] if row["couple"] == number)


def test_a_correction_reaches_the_phones_that_hold_the_old_winner(client, hall):
    evening = finished(hall)
    seat = seating(evening, 1, 1)
    old = seat.winner.number
    new = seat.couple_b.number if seat.winner == seat.couple_a else seat.couple_a.number
    board, card, data = url("board", evening), url("board-couple", evening, new), None
    held = {}
    for path in (board, card, url("board-json", evening)):
        first = client.get(path, headers=HTMX)
        assert first.status_code == 200
        held[path] = first
    data = json.loads(held[url("board-json", evening)].content)
    assert 1 in standing(data, old)["punched"] and 1 not in standing(data, new)["punched"]
    was = {
        "board": (wins_on_board(held[board].content.decode(), old),
                  wins_on_board(held[board].content.decode(), new)),
        "card": wins_on_card(held[card].content.decode()),
    }  # fmt: skip
    version = Evening.objects.get(pk=evening.pk).version

    services.correct_result(evening, 1, 1, new, reason="The card was misread", user=None)

    assert Evening.objects.get(pk=evening.pk).version > version
    polls = {
        path: client.get(path, headers=HTMX | {"If-None-Match": first["ETag"]})
        for path, first in held.items()
    }
    for path, response in polls.items():
        assert response.status_code == 200, f"{path} still answers 304 to the old copy"
        assert response["ETag"] != held[path]["ETag"], path
    html = polls[board].content.decode()
    assert (wins_on_board(html, old), wins_on_board(html, new)) == (
        was["board"][0] - 1,
        was["board"][1] + 1,
    )
    assert wins_on_card(polls[card].content.decode()) == was["card"] + 1
    data = json.loads(polls[url("board-json", evening)].content)
    assert 1 in standing(data, new)["punched"] and 1 not in standing(data, old)["punched"]


def test_a_report_waiting_for_the_other_couple_is_news_to_volunteers_not_to_the_hall(
    client, volunteer_client, hall
):
    """In a flurry every table's result comes as two reports: the first, which
    no public page shows, leaves the hall's phones a 304 (one new board per
    result, not two), while the volunteers' game screen shows it at once."""
    evening = running(hall, published=True)
    seat = seating(evening, 4, 1)
    a, b = seat.couple_a.number, seat.couple_b.number
    board, card = url("board", evening), url("board-couple", evening, a)
    game = reverse("game-screen", args=[evening.slug])
    held = {path: client.get(path, headers=HTMX)["ETag"] for path in (board, card)}
    screen = volunteer_client.get(game, headers=HTMX)["ETag"]

    services.report_result(table(evening), 4, a, a, device="phone-a")

    for path, tag in held.items():
        assert client.get(path, headers=HTMX | {"If-None-Match": tag}).status_code == 304
    assert volunteer_client.get(game, headers=HTMX | {"If-None-Match": screen}).status_code == 200

    services.report_result(table(evening), 4, b, a, device="phone-b")  # the other agrees

    for path, tag in held.items():
        assert client.get(path, headers=HTMX | {"If-None-Match": tag}).status_code == 200
