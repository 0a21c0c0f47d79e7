"""Rules in the seeds that CardNight does not play are each decided in
docs/decisions.md "Decisions", and the engine behaves as decided (issue 48,
point 17)."""

import re
from pathlib import Path

import pytest

from scoring.engine import DEFAULT_RULES, HouseRules, play_round
from scoring.engine.errors import HouseRulesError

DOCS = Path(__file__).resolve().parents[2] / "docs"


def decisions() -> str:
    text = (DOCS / "decisions.md").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize(
    "rule",
    [
        "*All five tricks win the game*",
        "*The unrobbed ace of trump becomes the lowest trump*",
        "*110*",
        "*Three- and five-player cut-throat 45*",
        "*The jink*",
        "**Who leads at auction**",
    ],
)
def test_each_seed_rule_is_decided(rule):
    assert rule in decisions()


def test_all_five_tricks_score_30_and_do_not_win_the_game():
    tricks = ["6C QC JC 7C", "5C 3H 3D 4S", "AH 9S 9H KH", "8D QD KD 7D", "2S 10S 2H JD"]
    replay = play_round("C", 3, [trick.split() for trick in tricks], DEFAULT_RULES, (0, 0))
    assert replay.points == (30, 0)
    assert replay.game_won is None


def test_a_game_to_110_is_refused_with_the_targets_there_are():
    with pytest.raises(HouseRulesError, match="45, 25 or 120 points, not 110"):
        HouseRules(target=110)


def test_the_organizer_guides_engine_import_line_imports():
    guide = re.sub(r"\s+", " ", (DOCS / "organizer-guide.md").read_text(encoding="utf-8"))
    line = re.search(r"`(from scoring\.engine import [^`]+)`", guide)
    assert line is not None
    exec(line.group(1), {})  # noqa: S102 - the documented line, run as a reader would
