"""Results reported from the table's own link (services.report_result):
one couple reports, the other confirms; a disagreement waits for a volunteer."""

import pytest

from cardnight.errors import Conflict, UserError
from tables import services
from tables.models import Punch, ResultChange, TableReport

from .conftest import seatings, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(evening):
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    seating.a, seating.b = seating.couple_a.number, seating.couple_b.number
    return seating


def statuses(seating):
    return sorted(seating.reports.values_list("reporter__number", "status"))


def test_a_first_report_waits_for_the_other_couple(table):
    report, changed = services.report_result(table.table, 1, table.a, table.a)
    assert changed and report.status == TableReport.Status.PENDING
    table.refresh_from_db()
    assert table.winner is None and not Punch.objects.exists()


def test_the_other_couple_confirms_and_the_result_is_in(table):
    services.report_result(table.table, 1, table.a, table.a)
    report, _ = services.report_result(table.table, 1, table.b, table.a)
    assert report.status == TableReport.Status.CONFIRMED
    table.refresh_from_db()
    assert table.winner.number == table.a
    assert statuses(table) == sorted([(table.a, "confirmed"), (table.b, "confirmed")])
    assert Punch.objects.get().couple.number == table.a
    assert ResultChange.objects.get().kind == ResultChange.Kind.TABLE


def test_two_reports_that_disagree_are_held_as_a_conflict(table):
    services.report_result(table.table, 1, table.a, table.a)
    report, _ = services.report_result(table.table, 1, table.b, table.b)
    assert report.status == TableReport.Status.CONFLICT
    table.refresh_from_db()
    assert table.winner is None and not Punch.objects.exists()
    assert statuses(table) == sorted([(table.a, "conflict"), (table.b, "conflict")])


def test_a_volunteer_settles_a_conflict_with_one_tap(table, volunteer):
    services.report_result(table.table, 1, table.a, table.a)
    services.report_result(table.table, 1, table.b, table.b)
    services.record_result(table.game.evening, 1, 1, table.b, user=volunteer)
    table.refresh_from_db()
    assert table.winner.number == table.b
    assert statuses(table) == sorted([(table.a, "settled"), (table.b, "settled")])
    assert ResultChange.objects.get().kind == ResultChange.Kind.SETTLED


def test_a_volunteer_confirms_a_pending_report(table, volunteer):
    services.report_result(table.table, 1, table.a, table.b)
    services.record_result(table.game.evening, 1, 1, table.b, user=volunteer)
    assert statuses(table) == [(table.a, "confirmed")]


def test_the_same_report_sent_twice_is_recorded_once(table):
    services.report_result(table.table, 1, table.a, table.a)
    report, changed = services.report_result(table.table, 1, table.a, table.a)
    assert not changed
    assert TableReport.objects.count() == 1


def test_a_couple_may_change_its_report_until_the_other_confirms(table):
    services.report_result(table.table, 1, table.a, table.a)
    services.report_result(table.table, 1, table.a, table.b)
    assert TableReport.objects.get().claimed_winner.number == table.b
    services.report_result(table.table, 1, table.b, table.b)
    table.refresh_from_db()
    assert table.winner.number == table.b


def test_couples_who_disagreed_can_agree_after_all(table):
    services.report_result(table.table, 1, table.a, table.a)
    services.report_result(table.table, 1, table.b, table.b)
    services.report_result(table.table, 1, table.b, table.a)
    table.refresh_from_db()
    assert table.winner.number == table.a


def test_a_report_against_a_recorded_result_is_flagged_not_applied(table):
    services.record_result(table.game.evening, 1, 1, table.a)
    report, _ = services.report_result(table.table, 1, table.b, table.b)
    assert report.status == TableReport.Status.CONFLICT
    table.refresh_from_db()
    assert table.winner.number == table.a
    assert Punch.objects.get().couple.number == table.a


def test_an_agreeing_report_after_the_result_is_simply_confirmed(table):
    services.record_result(table.game.evening, 1, 1, table.a)
    report, _ = services.report_result(table.table, 1, table.b, table.a)
    assert report.status == TableReport.Status.CONFIRMED


def test_a_confirmed_report_cannot_be_changed_from_the_table(table):
    services.report_result(table.table, 1, table.a, table.a)
    services.report_result(table.table, 1, table.b, table.a)
    with pytest.raises(Conflict, match="ask a volunteer"):
        services.report_result(table.table, 1, table.b, table.b)


@pytest.mark.parametrize(("reporter", "winner"), [("x", "a"), ("a", "x")])
def test_a_couple_from_another_table_is_refused(table, reporter, winner):
    stranger = seatings(table.game.evening)[1].couple_a.number
    numbers = {"a": table.a, "x": stranger}
    with pytest.raises(UserError, match="did not play at table 1"):
        services.report_result(table.table, 1, numbers[reporter], numbers[winner])
    assert not TableReport.objects.exists()


def test_a_report_for_another_game_is_refused(table):
    with pytest.raises(Conflict, match="Game 2 has not started"):
        services.report_result(table.table, 2, table.a, table.a)
    assert not TableReport.objects.exists()


def test_one_browser_cannot_report_for_one_couple_and_confirm_for_the_other(table):
    services.report_result(table.table, 1, table.a, table.a, device="phone-1")
    with pytest.raises(Conflict, match="already reported for couple"):
        services.report_result(table.table, 1, table.b, table.a, device="phone-1")
    table.refresh_from_db()
    assert table.winner is None
    report, _ = services.report_result(table.table, 1, table.b, table.a, device="phone-2")
    assert report.status == TableReport.Status.CONFIRMED


def test_the_same_browser_may_change_its_own_couples_report(table):
    services.report_result(table.table, 1, table.a, table.a, device="phone-1")
    report, changed = services.report_result(table.table, 1, table.a, table.b, device="phone-1")
    assert changed and report.claimed_winner.number == table.b
