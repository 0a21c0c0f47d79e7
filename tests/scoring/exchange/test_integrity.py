"""check_evenings finds what a crash could have broken, and nothing else."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.exchange.integrity import problems
from tables.models import Evening, Game, Punch, Seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def played() -> Evening:
    out = io.StringIO()
    call_command(
        "simulate_evening", "--couples", "9", "--games", "6", "--seed", "7", "--late", "1",
        "--leave", "1", stdout=out,
    )  # fmt: skip
    return Evening.objects.get(slug=out.getvalue().strip().splitlines()[-1])


def test_a_simulated_evening_is_consistent(played):
    assert problems(played) == []
    out = io.StringIO()
    call_command("check_evenings", stdout=out)
    assert f"{played.slug}: ok (game 6)" in out.getvalue()


def test_a_lost_punch_is_found(played):
    Punch.objects.filter(evening=played, source="table").first().delete()
    assert problems(played) == [
        "the punch cards do not match the results: 0 punches without a win, 1 wins without a punch"
    ]
    with pytest.raises(CommandError, match="1 evening"):
        call_command("check_evenings", played.slug, stdout=io.StringIO())


def test_a_half_written_advance_is_found(played):
    last = Game.objects.get(evening=played, number=6)
    Seating.objects.filter(game=last).delete()
    assert "game 6 has no seating" in problems(played)


def test_an_undecided_table_in_a_finished_game_is_found(played):
    seating = Seating.objects.filter(game__evening=played, game__number=2).first()
    Seating.objects.filter(pk=seating.pk).update(winner=None)
    Punch.objects.filter(couple_id=seating.winner_id, game_number=2).delete()
    assert any("game 2 table" in p and "never decided" in p for p in problems(played))


def test_a_seating_that_breaks_the_rotation_rule_is_found(played):
    game3 = list(Seating.objects.filter(game__evening=played, game__number=3).order_by("table"))
    first, second = game3[0], game3[1]
    # Swap the couples of two tables: the punch cards still match, the rotation does not.
    for row, other in ((first, second), (second, first)):
        Seating.objects.filter(pk=row.pk).update(
            couple_a_id=other.couple_a_id, couple_b_id=other.couple_b_id, winner_id=other.winner_id
        )
    found = problems(played)
    assert found and "games[2]" in found[0]


def test_an_unknown_evening_is_an_error():
    with pytest.raises(CommandError, match="no evening 'nope'"):
        call_command("check_evenings", "nope", stdout=io.StringIO())
