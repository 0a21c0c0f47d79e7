"""Real threads against PostgreSQL: two volunteers tapping the same table at
once, the same report sent twice at once, "Start game N+1" pressed on two
phones at once. Exactly one result and one advance; the others are told."""

import threading

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from cardnight.errors import Conflict
from tables import services
from tables.models import Couple, Evening, Game, Player, Punch, ResultChange, Seating, TableReport
from tables.names import fold_name
from tables.services import register

from .conftest import play_game, seatings, started

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")


def at_once(*calls):
    """Run the calls in threads released together; their results or errors."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def worker(i, call):
        try:
            barrier.wait(timeout=10)
            results[i] = call()
        except Exception as error:  # noqa: BLE001 - reported to the test
            results[i] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_two_volunteers_tap_the_same_winner_at_once(evening):
    evening = started(evening, 8)
    table = seatings(evening)[0]
    winner = table.couple_a.number
    results = at_once(
        lambda: services.record_result(evening, 1, 1, winner),
        lambda: services.record_result(evening, 1, 1, winner),
    )
    assert sorted(changed for _, changed in results) == [False, True]
    assert ResultChange.objects.count() == 1
    assert list(Punch.objects.values_list("couple__number", flat=True)) == [winner]


def test_two_volunteers_tap_different_winners_at_once(evening):
    evening = started(evening, 8)
    table = seatings(evening)[0]
    results = at_once(
        lambda: services.record_result(evening, 1, 1, table.couple_a.number),
        lambda: services.record_result(evening, 1, 1, table.couple_b.number),
    )
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], Conflict)
    assert "already has a result" in errors[0].message
    table.refresh_from_db()
    assert Punch.objects.get().couple_id == table.winner_id
    assert ResultChange.objects.count() == 1


def test_every_table_tapped_at_the_same_moment_is_recorded(evening):
    evening = started(evening, 16)
    rows = seatings(evening)
    results = at_once(
        *[
            (lambda s=s: services.record_result(evening, 1, s.table.number, s.couple_b.number))
            for s in rows
        ]
    )
    assert all(changed for _, changed in results)
    assert Seating.objects.filter(winner=None).count() == 0
    assert Punch.objects.count() == 8


def test_the_same_report_sent_twice_at_once_is_kept_once(evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    a = table.couple_a.number
    results = at_once(
        lambda: services.report_result(table.table, 1, a, a),
        lambda: services.report_result(table.table, 1, a, a),
    )
    assert sorted(changed for _, changed in results) == [False, True]
    assert TableReport.objects.count() == 1


def test_both_couples_confirm_at_the_same_moment(evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    a, b = table.couple_a.number, table.couple_b.number
    services.report_result(table.table, 1, a, a)
    results = at_once(
        lambda: services.report_result(table.table, 1, b, a),
        lambda: services.record_result(evening, 1, 1, a),
    )
    assert not any(isinstance(r, Exception) for r in results)
    table.refresh_from_db()
    assert table.winner.number == a
    assert Punch.objects.count() == 1


def test_start_next_game_pressed_on_two_phones_at_once(evening, volunteer):
    evening = started(evening, 10)
    play_game(evening)
    phones = [Client(), Client()]
    for phone in phones:
        phone.force_login(volunteer)
    url = reverse("game-advance", args=[evening.slug])
    responses = at_once(*[(lambda p=p: p.post(url, {"game": "1"})) for p in phones])
    # Both see game 2 started; the second is told it already had.
    assert [r.status_code for r in responses] == [302, 302]
    told = [p.get(r["Location"]).content.decode() for p, r in zip(phones, responses, strict=True)]
    assert sum("Game 2 has already started." in html for html in told) == 1
    assert Game.objects.count() == 2
    assert Seating.objects.filter(game__number=2).count() == 5


def test_two_volunteers_tap_the_same_table_through_the_pages(evening, volunteer):
    evening = started(evening, 6)
    table = seatings(evening)[0]
    phones = [Client(), Client()]
    for phone in phones:
        phone.force_login(volunteer)
    url = reverse("game-result", args=[evening.slug, 1, 1])
    winners = [table.couple_a.number, table.couple_b.number]
    responses = at_once(
        *[
            (lambda p=p, w=w: p.post(url, {"winner": w}, headers={"HX-Request": "true"}))
            for p, w in zip(phones, winners, strict=True)
        ]
    )
    assert sorted(r.status_code for r in responses) == [200, 409]
    assert (
        "already has a result"
        in next(r for r in responses if r.status_code == 409).content.decode()
    )
    assert ResultChange.objects.count() == 1 and Punch.objects.count() == 1


def test_two_organizers_merge_the_same_pair_in_opposite_directions(hall):
    """Issue 47: A into B and B into A at once deadlocked (a 503) about one
    time in four. Each locks every record of both people by id first: one
    merge wins, the other is told they are one player already."""

    def record(name, merged_into=None):
        return Player.objects.create(hall=hall, name=name, folded=name, merged_into=merged_into)

    for round_ in range(30):
        a, b = record(f"ann {round_}"), record(f"anne {round_}")
        # A record merged into each, so both people are more than one row.
        record(f"an {round_}", a)
        record(f"ane {round_}", b)
        results = at_once(
            lambda a=a, b=b: register.merge_players(b, a),
            lambda a=a, b=b: register.merge_players(a, b),
        )
        errors = [r for r in results if isinstance(r, Exception)]
        assert len(errors) == 1, results
        assert isinstance(errors[0], Conflict), errors[0]
        assert "already the same player" in errors[0].message
        won = next(r for r in results if isinstance(r, Player))
        people = Player.objects.filter(folded__endswith=f" {round_}")
        assert {p.person_id for p in people} == {won.pk}


def test_a_typo_fixed_at_one_door_while_another_door_types_it(hall, evening):
    """Issue 48, point 4: the record of a typo fixed at the door leaves the
    register, unless another evening's door is typing it at that moment:
    both lock the record first, so the other door's couple points at a
    record that exists (the old one, still used, or one made again)."""
    other = Evening.objects.create(hall=hall, name="Saturday", slug="saturday", date=evening.date)
    for round_ in range(30):
        typo = f"nie Rankin {round_}"
        couple = services.register_couple(evening, typo, f"Gus {round_}")
        results = at_once(
            lambda c=couple, r=round_: services.rename_couple(c, f"Annie Rankin {r}", f"Gus {r}"),
            lambda t=typo, r=round_: services.register_couple(other, t, f"Joe {r}"),
        )
        assert not [r for r in results if isinstance(r, Exception)], results
        typed = Couple.objects.get(evening=other, player1=typo)
        assert typed.person1 is not None and typed.person1.folded == fold_name(typo)
        assert Player.objects.filter(folded=fold_name(typo)).count() == 1
