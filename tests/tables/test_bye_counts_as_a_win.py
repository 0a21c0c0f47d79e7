"""The bye counts as a win (RULES.md A2, the setting on by default): the
couple sitting out a game gets a punch for it, at the start of play, at every
next game, and after the setting is changed in the middle of the evening.
The rule is written once (`tables.services.base.bye_wins`); every place that
punches or checks a bye goes through it."""

import pytest

from tables import services
from tables.models import Evening, Game, Punch
from tables.services.base import bye_wins

from .conftest import play_game, started

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("counts", "byes", "wins"),
    [
        (True, [], []),
        (True, [(1, 5)], [(1, 5)]),
        (True, [(1, None)], []),  # an even evening: nobody on the bye
        (True, [(1, 5), (2, None), (3, 2)], [(1, 5), (3, 2)]),
        (False, [(1, 5)], []),
        (False, [(1, 5), (2, 3)], []),
    ],
)
def test_the_rule(counts, byes, wins):
    assert bye_wins(counts, byes) == wins


def bye_punches(evening) -> set[tuple[int, int]]:
    return set(
        Punch.objects.filter(evening=evening, source=Punch.Source.BYE).values_list(
            "game_number", "couple_id"
        )
    )


def byes(evening) -> set[tuple[int, int]]:
    return set(
        Game.objects.filter(evening=evening, bye__isnull=False).values_list("number", "bye_id")
    )


def games_played(evening, count: int) -> Evening:
    for game in range(1, count):
        play_game(evening)
        services.advance(evening, from_game=game)
    evening.refresh_from_db()
    return evening


@pytest.mark.parametrize("counts", [True, False])
@pytest.mark.parametrize(
    ("couples", "games"),
    [(5, 1), (5, 3), (7, 4), (9, 2), (6, 3)],  # odd: a bye every game; even: none
)
def test_the_byes_are_punched_as_each_game_starts_when_they_count(evening, counts, couples, games):
    evening = games_played(started(evening, couples, bye_counts_as_win=counts), games)
    assert len(byes(evening)) == (games if couples % 2 else 0)
    assert bye_punches(evening) == (byes(evening) if counts else set())


@pytest.mark.parametrize(
    ("before", "after"), [(True, False), (False, True), (True, True), (False, False)]
)
def test_the_byes_follow_the_setting_changed_in_the_middle_of_the_evening(evening, before, after):
    evening = games_played(started(evening, 7, bye_counts_as_win=before), 3)
    Evening.objects.filter(pk=evening.pk).update(bye_counts_as_win=after)
    version = Evening.objects.get(pk=evening.pk).version
    services.resync_bye_punches(evening)
    assert bye_punches(evening) == (byes(evening) if after else set())
    moved = Evening.objects.get(pk=evening.pk).version > version
    assert moved == (before != after)  # phones are told only when a punch changed
    # and the next game follows the new setting too
    play_game(evening)
    services.advance(evening, from_game=3)
    assert bye_punches(evening) == (byes(evening) if after else set())


def test_the_bye_punches_are_what_the_evenings_check_expects(evening):
    """The export's integrity check counts the byes by the same rule."""
    from scoring.exchange.integrity import problems

    evening = games_played(started(evening, 5), 3)
    assert bye_punches(evening)
    assert problems(evening) == []
