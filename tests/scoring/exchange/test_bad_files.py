"""Issue 12, points 7 and 17: an evening still registering survives the round
trip and check_evenings; every bad file is refused by `import_evening` with
exit status 1 and one line naming the field and the problem, nothing created
(on SQLite and PostgreSQL)."""

import copy
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.exchange import export_evening_data, import_evening_data
from tables import services
from tables.models import Couple, Evening, Hall, ResultChange
from tests.tables.conftest import add_couples, play_game, started

pytestmark = pytest.mark.django_db


def test_an_evening_still_registering_exports_and_imports(evening):
    add_couples(evening, 3)
    data = json.loads(json.dumps(export_evening_data(evening)))
    assert data["status"] == "setup" and len(data["standings"]) == 3
    data["slug"] = ""
    copy_ = import_evening_data(data)
    assert copy_.is_setup and copy_.couples.count() == 3


def test_check_evenings_passes_an_evening_still_registering(evening):
    add_couples(evening, 3)
    out = io.StringIO()
    call_command("check_evenings", evening.slug, stdout=out)
    assert f"{evening.slug}: ok" in out.getvalue()


def test_a_registering_evening_with_a_punch_is_still_refused(evening):
    add_couples(evening, 3)
    data = export_evening_data(evening)
    data["standings"][0]["punched"] = [1]
    with pytest.raises(Exception, match="has not started"):
        import_evening_data(data)


@pytest.fixture
def good(evening) -> dict:
    """A played evening's JSON, with one correction, ready to be broken."""
    evening = started(evening, 4)
    play_game(evening)
    services.advance(evening, from_game=1)
    services.correct_result(evening, 1, 1, evening_winner_b(evening), reason="Miscount", user=None)
    data = json.loads(json.dumps(export_evening_data(evening)))
    data["slug"] = ""
    return data


def evening_winner_b(evening) -> int:
    seating = evening.game_set.get(number=1).seatings.get(table__number=1)
    return seating.couple_b.number


def run_import(tmp_path, text: str) -> str:
    path = tmp_path / "evening.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError) as error:
        call_command("import_evening", str(path), stdout=io.StringIO())
    assert error.value.returncode == 1
    message = str(error.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def counts():
    return (
        Evening.objects.count(),
        Hall.objects.count(),
        Couple.objects.count(),
        ResultChange.objects.count(),
    )


def test_deeply_nested_json_is_refused_in_one_line(tmp_path, good):
    before = counts()
    message = run_import(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert "nested too deeply" in message
    assert counts() == before


def test_deeply_nested_value_inside_an_evening_is_refused(tmp_path, good):
    before = counts()
    text = json.dumps(good)[:-1] + ', "extras": ' + "[" * 900 + "]" * 900 + "}"
    message = run_import(tmp_path, text)
    assert "extras" in message
    assert counts() == before


def test_a_5000_digit_number_is_refused_in_one_line(tmp_path, good):
    before = counts()
    good["settings"]["games"] = "@@"
    text = json.dumps(good).replace('"@@"', "9" * 5000)
    message = run_import(tmp_path, text)
    assert "digits" in message
    assert counts() == before


@pytest.mark.parametrize("where", ["settings.entry_fee", "settings.games"])
def test_1e999999_is_refused_with_its_field(tmp_path, good, where):
    before = counts()
    key = where.split(".")[1]
    good["settings"][key] = "@@"
    text = json.dumps(good).replace('"@@"', "1e999999")
    message = run_import(tmp_path, text)
    assert where in message
    assert counts() == before


def test_an_impossible_date_in_a_correction_is_refused(tmp_path, good):
    before = counts()
    bad = copy.deepcopy(good)
    fix = bad["games"][0]["tables"][0]["corrections"][0]
    fix["at"] = "2026-02-30T21:30:00-04:00"
    message = run_import(tmp_path, json.dumps(bad))
    assert "games[0].tables[0].corrections[0].at" in message and "date and time" in message
    assert counts() == before


@pytest.mark.parametrize("at", ["9999-12-31T23:30:00-04:00", "0001-01-01T00:30:00+05:00"])
def test_a_correction_dated_outside_the_years_of_evenings_is_refused(tmp_path, good, at):
    before = counts()
    bad = copy.deepcopy(good)
    bad["games"][0]["tables"][0]["corrections"][0]["at"] = at
    message = run_import(tmp_path, json.dumps(bad))
    assert "games[0].tables[0].corrections[0].at" in message
    assert "in the years 2000 to 2100" in message
    assert counts() == before


def test_a_nul_in_a_name_is_refused(tmp_path, good):
    before = counts()
    good["couples"][0]["players"][0] = "Mary\u0000Beaton"
    message = run_import(tmp_path, json.dumps(good))
    assert "couples[0].players[0]" in message and "control character" in message
    assert counts() == before


def test_a_nul_in_the_evening_name_is_refused(tmp_path, good):
    good["name"] = "Friday\u000045s"
    assert "name: " in run_import(tmp_path, json.dumps(good))


def test_a_nul_in_the_50_50_winner_is_refused(tmp_path, good):
    before = counts()
    good["extras"]["fifty_fifty"]["winner"] = "Joe\u0000"
    message = run_import(tmp_path, json.dumps(good))
    assert "extras.fifty_fifty.winner" in message and "control character" in message
    assert counts() == before
