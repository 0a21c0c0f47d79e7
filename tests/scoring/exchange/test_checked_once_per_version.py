"""A restore's check does not grow with the evenings it has checked before
(issue 47, point 17: `check_evenings`, which a restore runs on the copy it
puts in place, read every evening back through the importer, 18 times the
backup's CPU at a year of evenings). An evening found consistent is
recorded at its version, passed over while the version is the same, and
checked again once it changes; the backup thread checks the evenings that
changed since the last backup, so a restore finds them checked."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cardnight import backup
from scoring.exchange import integrity
from scoring.models import EveningCheck
from tables.models import Evening, Punch
from tests.support.gate import changed

pytestmark = pytest.mark.django_db


def simulated(seed: int, **options) -> Evening:
    out = io.StringIO()
    call_command(
        "simulate_evening", "--couples", "6", "--games", "4", "--seed", str(seed), stdout=out,
        **options,
    )  # fmt: skip
    return Evening.objects.get(slug=out.getvalue().strip().splitlines()[-1])


@pytest.fixture
def read_back(monkeypatch):
    """The evenings read back through the importer (the costly part)."""
    seen = []
    real = integrity._import_problem
    monkeypatch.setattr(
        integrity, "_import_problem", lambda evening: seen.append(evening.slug) or real(evening)
    )
    return seen


def check_evenings(*args) -> str:
    out = io.StringIO()
    call_command("check_evenings", *args, stdout=out)
    return out.getvalue()


def test_an_evening_checked_at_its_version_is_passed_over_until_it_changes(read_back):
    first = simulated(7, name="First")
    second = simulated(8, name="Second")
    assert "ok (game 4)" in check_evenings()
    assert sorted(read_back) == sorted([first.slug, second.slug])
    assert set(EveningCheck.objects.values_list("evening_id", "version")) == {
        (first.pk, first.version),
        (second.pk, second.version),
    }
    read_back.clear()
    said = check_evenings()
    assert read_back == []
    assert f"{first.slug}: ok (checked before at this version)" in said
    changed(first)  # any change moves the version on
    check_evenings()
    assert read_back == [first.slug]
    read_back.clear()
    check_evenings("--again")
    assert sorted(read_back) == sorted([first.slug, second.slug])


def test_a_change_that_breaks_a_checked_evening_is_found(read_back):
    evening = simulated(7)
    check_evenings()
    with Evening.changing(evening):
        Punch.objects.filter(evening=evening, source="table").first().delete()
    with pytest.raises(CommandError, match="1 evening"):
        check_evenings()
    assert not EveningCheck.objects.filter(evening_id=evening.pk, version=evening.version + 1)


def test_a_deleted_evenings_check_is_dropped():
    evening = simulated(7)
    check_evenings()
    EveningCheck.objects.create(evening_id=evening.pk + 1000, version=3)
    check_evenings()
    assert list(EveningCheck.objects.values_list("evening_id", flat=True)) == [evening.pk]


def test_after_a_backup_the_evenings_changed_since_are_checked(read_back):
    older, newer = simulated(7, name="Older"), simulated(8, name="Newer")
    playing = simulated(9, name="Playing", stop_after=2)
    assert integrity.check_changed in backup._after_backup  # the scoring app's job
    assert integrity.check_changed(limit=1) == 1
    assert read_back == [newer.slug]  # the latest first, a few at a time
    assert integrity.check_changed() == 1
    assert integrity.check_changed() == 0  # the evening being played waits for its end
    assert read_back == [newer.slug, older.slug]
    read_back.clear()
    check_evenings()
    assert read_back == [playing.slug]  # what a restore still reads back


def test_a_job_after_the_backup_that_fails_is_logged_not_raised(monkeypatch, caplog):
    ran = []

    def broken():
        ran.append(1)
        raise RuntimeError("no")

    monkeypatch.setattr(backup, "_after_backup", [broken, lambda: ran.append(2)])
    backup._run_after_backup()
    assert ran == [1, 2]
    assert "After the backup, broken failed." in caplog.text
