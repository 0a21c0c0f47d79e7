"""Recording and changing the current game's results (services.record_result / change_result)."""

import pytest

from cardnight.errors import Conflict, UserError
from tables import services
from tables.models import Evening, Punch, ResultChange

from .conftest import seatings, started

pytestmark = pytest.mark.django_db


def punches(evening):
    return set(
        Punch.objects.filter(evening=evening).values_list("couple__number", "game_number", "source")
    )


def test_a_tap_records_the_winner_punches_its_card_and_logs_it(evening, volunteer):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    version = Evening.objects.get(pk=evening.pk).version
    seating, changed = services.record_result(evening, 1, 1, table.couple_b.number, user=volunteer)
    assert changed
    seating.refresh_from_db()
    assert seating.winner_id == table.couple_b_id and seating.recorded_by == volunteer
    assert punches(evening) == {(table.couple_b.number, 1, "table")}
    log = ResultChange.objects.get()
    assert (log.kind, log.old_winner, log.new_winner_id, log.changed_by) == (
        "recorded",
        None,
        table.couple_b_id,
        volunteer,
    )
    assert Evening.objects.get(pk=evening.pk).version == version + 1


def test_the_same_tap_twice_changes_nothing(evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    services.record_result(evening, 1, 1, table.couple_a.number)
    version = Evening.objects.get(pk=evening.pk).version
    _, changed = services.record_result(evening, 1, 1, table.couple_a.number)
    assert not changed
    assert ResultChange.objects.count() == 1 and Punch.objects.count() == 1
    assert Evening.objects.get(pk=evening.pk).version == version


def test_tapping_the_other_couple_after_a_result_is_refused(evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    services.record_result(evening, 1, 1, table.couple_a.number)
    with pytest.raises(Conflict, match=f"already has a result: couple {table.couple_a.number} won"):
        services.record_result(evening, 1, 1, table.couple_b.number)
    assert punches(evening) == {(table.couple_a.number, 1, "table")}


def test_a_result_is_changed_before_the_next_game_and_the_punch_follows(evening, volunteer):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    a, b = table.couple_a.number, table.couple_b.number
    services.record_result(evening, 1, 1, a)
    _, changed = services.change_result(evening, 1, 1, b, was=a, user=volunteer)
    assert changed
    assert punches(evening) == {(b, 1, "table")}
    change = ResultChange.objects.order_by("-id").first()
    assert (change.kind, change.old_winner.number, change.new_winner.number) == ("changed", a, b)


def test_a_change_against_a_stale_screen_is_refused(evening):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    a, b = table.couple_a.number, table.couple_b.number
    services.record_result(evening, 1, 1, a)
    with pytest.raises(Conflict, match="Someone else has just changed table 1"):
        services.change_result(evening, 1, 1, b, was=None)
    assert punches(evening) == {(a, 1, "table")}


def test_a_winner_who_is_not_at_that_table_is_refused(evening):
    evening = started(evening, 4)
    other_table = seatings(evening)[1]
    with pytest.raises(UserError, match="did not play at table 1 in game 1") as error:
        services.record_result(evening, 1, 1, other_table.couple_a.number)
    assert error.value.status == 400
    assert not Punch.objects.exists() and not ResultChange.objects.exists()


@pytest.mark.parametrize("game", [0, 2, 7])
def test_a_game_that_is_not_current_is_refused(evening, game):
    evening = started(evening, 4)
    table = seatings(evening)[0]
    with pytest.raises(Conflict):
        services.record_result(evening, game, 1, table.couple_a.number)
    assert not Punch.objects.exists()


def test_a_table_that_does_not_play_is_refused(evening):
    evening = started(evening, 4)
    with pytest.raises(UserError, match="Table 9 is not in play in game 1"):
        services.record_result(evening, 1, 9, 1)


def test_nothing_is_recorded_before_play_starts(evening):
    with pytest.raises(Conflict, match="Play has not started"):
        services.record_result(evening, 1, 1, 1)


def test_nothing_is_recorded_once_the_evening_is_over(evening):
    evening = started(evening, 2, games=1)
    services.record_result(evening, 1, 1, 1)
    services.finish_evening(evening)
    with pytest.raises(Conflict, match="The evening is over"):
        services.change_result(evening, 1, 1, 2, was=1)
    assert punches(evening) == {(1, 1, "table")}
