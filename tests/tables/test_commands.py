"""The management commands: simulate_evening, export_evening, import_evening."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from tables.models import Couple, Evening, Game, Punch, Seating

pytestmark = pytest.mark.django_db


def run(*args) -> list[str]:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue().splitlines()


def test_simulate_plays_every_game_and_prints_the_slug_last():
    lines = run("simulate_evening", "--couples", "13", "--games", "10", "--seed", "1")
    evening = Evening.objects.get(slug=lines[-1])
    assert evening.is_finished and evening.published
    assert Game.objects.filter(evening=evening).count() == 10
    for game in Game.objects.filter(evening=evening):
        tables = Seating.objects.filter(game=game)
        assert tables.count() == 6 and not tables.filter(winner=None).exists()
        # wins per game == tables + the bye (it counts by default)
        assert Punch.objects.filter(evening=evening, game_number=game.number).count() == 7


def test_simulate_registers_a_big_hall_even_when_two_couples_share_names():
    """200 couples drawn from the name lists repeat a pair of names (seed 45
    does, at couple 7): a hall registers both, as the door's "Register
    anyway" does. The benchmarks build their evening this way."""
    lines = run("simulate_evening", "--couples", "200", "--stop-after", "1", "--seed", "45")
    evening = Evening.objects.get(slug=lines[-1])
    assert evening.couples.count() == 200


def test_simulate_with_late_couples_and_departures():
    lines = run(
        "simulate_evening", "--couples", "30", "--games", "25", "--seed", "8",
        "--late", "4", "--leave", "5", "--private",
    )  # fmt: skip
    evening = Evening.objects.get(slug=lines[-1])
    assert not evening.published
    assert Couple.objects.filter(evening=evening, joined_game__gt=1).count() == 4
    assert Couple.objects.filter(evening=evening, left_after_game__isnull=False).count() == 5
    for game in Game.objects.filter(evening=evening).select_related("bye"):
        present = set(
            Couple.objects.filter(evening=evening)
            .present_at(game.number)
            .values_list("id", flat=True)
        )
        seated = [
            c for s in Seating.objects.filter(game=game) for c in (s.couple_a_id, s.couple_b_id)
        ]
        if game.bye_id:
            seated.append(game.bye_id)
        assert sorted(seated) == sorted(present)


def test_the_same_seed_simulates_the_same_evening():
    first = Evening.objects.get(
        slug=run("simulate_evening", "--couples", "9", "--seed", "5", "--games", "4")[-1]
    )
    second = Evening.objects.get(
        slug=run("simulate_evening", "--couples", "9", "--seed", "5", "--games", "4")[-1]
    )

    def results(evening):
        return list(
            Seating.objects.filter(game__evening=evening)
            .order_by("game__number", "table__number")
            .values_list("couple_a__number", "couple_b__number", "winner__number")
        )

    assert results(first) == results(second)


@pytest.mark.parametrize(
    "args",
    [
        ["--couples", "1"],
        ["--couples", "4", "--games", "0"],
        ["--couples", "4", "--late", "3"],
        ["--couples", "4", "--leave", "5"],
        ["--couples", "4", "--games", "1", "--late", "1"],
    ],
)
def test_simulate_refuses_impossible_evenings(args):
    with pytest.raises(CommandError):
        run("simulate_evening", *args)
    assert not Evening.objects.exists()


def test_export_and_import_through_files(tmp_path):
    slug = run("simulate_evening", "--couples", "8", "--games", "5", "--seed", "3")[-1]
    path = tmp_path / "evening.json"
    call_command("export_evening", slug, "--output", str(path), stderr=StringIO())
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["slug"] == slug
    new_slug = run("import_evening", str(path), "--private")[-1]
    copy_ = Evening.objects.get(slug=new_slug)
    assert not copy_.published and copy_.games == 5
    stdout = StringIO()
    call_command("export_evening", new_slug, stdout=stdout)
    again = json.loads(stdout.getvalue())
    assert {k: v for k, v in again.items() if k != "slug"} == {
        k: v for k, v in data.items() if k != "slug"
    }


def test_export_of_an_unknown_evening_fails():
    with pytest.raises(CommandError, match="There is no evening 'nope'"):
        run("export_evening", "nope")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not JSON: Expecting property name enclosed in double quotes at line 1"),
        ('{"format": "cardnight-evening", "version": 1, "name": "X", "date": "2026-11-27", '
         '"couples": [{"number": 1, "players": ["A"]}]}',
         'couples[0].players: must name two players, not 1.'),
    ],
)  # fmt: skip
def test_import_names_the_problem(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match=message.replace("[", r"\[").replace("]", r"\]")):
        run("import_evening", str(path))
    assert not Evening.objects.exists()


def test_a_bad_file_exits_with_status_one(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "cardnight-evening", "version": 7}', encoding="utf-8")
    env = os.environ | {
        "CARDNIGHT_VAR_DIR": str(tmp_path / "var"),
        "DJANGO_SETTINGS_MODULE": "cardnight.settings",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "import_evening", str(path)],
        cwd=Path(settings.BASE_DIR), env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 1
    assert "version: must be 1" in result.stderr
    assert result.stdout == ""
