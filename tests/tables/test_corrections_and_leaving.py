"""Organizer corrections of earlier games, couples leaving early, finishing the evening."""

import pytest

from cardnight.errors import Conflict, UserError
from tables import services
from tables.models import Evening, Punch, ResultChange, Seating

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games(evening):
    evening = started(evening, 6)
    play_game(evening, winner="a")
    services.advance(evening, from_game=1)
    evening.refresh_from_db()
    return evening


def test_an_organizer_corrects_an_earlier_game_with_a_reason(two_games, organizer):
    table = seatings(two_games, 1)[0]
    a, b = table.couple_a, table.couple_b
    seats_of_game_two = list(
        Seating.objects.filter(game__number=2).values_list("couple_a", "couple_b")
    )
    services.correct_result(
        two_games, 1, 1, b.number, reason="  Wrong  couple tapped ", user=organizer
    )
    table.refresh_from_db()
    assert table.winner == b
    assert not Punch.objects.filter(couple=a, game_number=1).exists()
    assert Punch.objects.filter(couple=b, game_number=1, source="table").exists()
    log = ResultChange.objects.filter(kind="corrected").get()
    assert (log.old_winner, log.new_winner, log.changed_by, log.reason) == (
        a,
        b,
        organizer,
        "Wrong couple tapped",
    )
    # The seating of the game already under way stays as it was played.
    assert list(Seating.objects.filter(game__number=2).values_list("couple_a", "couple_b")) == (
        seats_of_game_two
    )


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_correction_needs_a_reason(two_games, organizer, reason):
    table = seatings(two_games, 1)[0]
    with pytest.raises(UserError, match="Say why"):
        services.correct_result(
            two_games, 1, 1, table.couple_b.number, reason=reason, user=organizer
        )
    table.refresh_from_db()
    assert table.winner == table.couple_a


def test_the_current_game_is_changed_not_corrected(two_games, organizer):
    table = seatings(two_games, 2)[0]
    with pytest.raises(Conflict, match="still being played"):
        services.correct_result(two_games, 2, 1, table.couple_a.number, reason="x", user=organizer)


def test_correcting_to_the_same_winner_is_refused(two_games, organizer):
    table = seatings(two_games, 1)[0]
    with pytest.raises(Conflict, match="already the winner"):
        services.correct_result(two_games, 1, 1, table.couple_a.number, reason="x", user=organizer)


def test_every_game_can_be_corrected_once_the_evening_is_over(evening, organizer):
    evening = started(evening, 4, games=1)
    play_game(evening)
    services.finish_evening(evening)
    table = seatings(evening, 1)[0]
    services.correct_result(evening, 1, 1, table.couple_b.number, reason="Miscount", user=organizer)
    table.refresh_from_db()
    assert table.winner == table.couple_b


def test_a_couple_leaving_is_marked_and_can_be_taken_back(two_games):
    couple = services.mark_leaving(two_games, 3)
    assert couple.left_after_game == 2
    couple = services.mark_leaving(two_games, 3, leaving=False)
    assert couple.left_after_game is None


def test_a_departure_for_a_couple_already_gone_is_refused(evening):
    evening = started(evening, 6)
    services.mark_leaving(evening, 2)
    play_game(evening)
    services.advance(evening, from_game=1)
    version = Evening.objects.get(pk=evening.pk).version
    with pytest.raises(Conflict, match="Couple 2 already left after game 1"):
        services.mark_leaving(evening, 2)
    with pytest.raises(Conflict, match="cannot be undone now"):
        services.mark_leaving(evening, 2, leaving=False)
    assert Evening.objects.get(pk=evening.pk).version == version


def test_leaving_twice_and_unknown_couples_are_refused(two_games):
    services.mark_leaving(two_games, 1)
    with pytest.raises(Conflict, match="already leaving"):
        services.mark_leaving(two_games, 1)
    with pytest.raises(UserError, match="There is no couple 99"):
        services.mark_leaving(two_games, 99)


def test_nobody_leaves_after_the_last_game(evening):
    evening = started(evening, 4, games=1)
    with pytest.raises(Conflict, match="last game"):
        services.mark_leaving(evening, 1)


def test_the_evening_finishes_only_after_the_last_game(evening):
    evening = started(evening, 4, games=2)
    play_game(evening)
    with pytest.raises(Conflict, match="the evening finishes after the last game"):
        services.finish_evening(evening)
    services.advance(evening, from_game=1)
    with pytest.raises(Conflict, match="no result yet"):
        services.finish_evening(evening)
    play_game(evening)
    services.finish_evening(evening, from_game=2)
    assert Evening.objects.get(pk=evening.pk).is_finished


def test_bye_punches_follow_the_setting_when_it_changes(evening):
    evening = started(evening, 5)
    assert Punch.objects.filter(source="bye").count() == 1
    Evening.objects.filter(pk=evening.pk).update(bye_counts_as_win=False)
    services.resync_bye_punches(evening)
    assert not Punch.objects.filter(source="bye").exists()
    Evening.objects.filter(pk=evening.pk).update(bye_counts_as_win=True)
    services.resync_bye_punches(evening)
    assert Punch.objects.filter(source="bye").count() == 1
