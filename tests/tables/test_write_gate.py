"""The write gate (tables/models/gate.py): every change to an evening's data
goes through `Evening.changing`, which bumps the evening's version once when
its block wrote anything, so a write can reach the phones without anyone
remembering a bump, and the suite refuses a write made outside it."""

from pathlib import Path

import pytest
from django.db import connection, transaction

from tables import services
from tables.models import Couple, Evening, Punch, gate
from tests.support.gate import ROOT, WriteOutsideTheGate, refuse_writes_outside_the_gate

pytestmark = pytest.mark.django_db


def version(evening: Evening) -> int:
    return Evening.objects.values_list("version", flat=True).get(pk=evening.pk)


@pytest.fixture
def couples(evening) -> list[Couple]:
    return [services.register_couple(evening, f"Ann {n}", f"Joe {n}") for n in range(1, 5)]


def test_writes_in_the_gate_bump_the_version_once(evening, couples):
    before = version(evening)
    with Evening.changing(evening) as locked:
        Couple.objects.filter(pk=couples[0].pk).update(paid=True)
        Couple.objects.filter(pk=couples[1].pk).update(paid=True)
        locked.change(name="Friday 45s, moved")
    assert version(evening) == before + 1
    assert Evening.objects.get(pk=evening.pk).name == "Friday 45s, moved"


def test_a_gate_that_writes_nothing_leaves_the_version_so_phones_keep_their_page(evening, couples):
    before = version(evening)
    with Evening.changing(evening):
        Couple.objects.filter(pk=couples[0].pk, paid=True).update(paid=False)  # matches none
        list(Couple.objects.filter(evening=evening))
    assert version(evening) == before
    services.set_paid(couples[0], False)  # the value it has: the same tap twice
    assert version(evening) == before


def test_a_failed_change_writes_nothing_and_bumps_nothing(evening, couples):
    before = version(evening)
    with pytest.raises(ZeroDivisionError), Evening.changing(evening):
        Couple.objects.filter(pk=couples[0].pk).update(paid=True)
        1 / 0  # noqa: B018
    assert version(evening) == before
    assert not Couple.objects.get(pk=couples[0].pk).paid


def test_a_service_called_inside_another_gate_shares_it_and_bumps_once(evening, couples):
    before = version(evening)
    with Evening.changing(evening) as outer:
        with Evening.changing(evening.pk) as inner:
            assert inner is outer  # not locked or read again
            services.set_paid(couples[0], True)
        services.set_paid(couples[1], True)
    assert version(evening) == before + 1


def test_a_gate_over_several_evenings_bumps_each_once(hall, evening, couples):
    other = Evening.objects.create(hall=hall, name="Saturday", slug="saturday", date=evening.date)
    versions = {e.pk: e.version for e in Evening.objects.filter(hall=hall)}
    with hall.evenings.all().changing() as evenings:
        assert [e.pk for e in evenings] == sorted(versions)  # one lock order: by id
        Couple.objects.filter(evening=evening).update(paid=True)
    after = dict(Evening.objects.filter(hall=hall).values_list("pk", "version"))
    assert after == {pk: v + 1 for pk, v in versions.items()}
    assert other.pk in after


def test_change_outside_its_gate_is_refused(evening):
    with pytest.raises(RuntimeError, match="outside its gate"):
        evening.change(name="Sneaky")


def test_the_tables_of_an_evening_are_found_from_the_models():
    tables = gate.evening_tables()
    for table in ("tables_evening", "tables_couple", "tables_seating", "tables_punch",
                  "tables_checkinentry", "scoring_prize", "scoring_tiebreakentry"):  # fmt: skip
        assert table in tables
    for table in ("tables_hall", "tables_player", "auth_user", "django_session"):
        assert table not in tables
    assert gate.writes_evening_data('UPDATE "tables_couple" SET "paid" = 1') == "tables_couple"
    assert gate.writes_evening_data('INSERT INTO "tables_evening" ("name") VALUES (1)') is None
    assert gate.writes_evening_data('SELECT * FROM "tables_couple"') is None


def test_the_app_writing_an_evenings_data_outside_the_gate_fails_the_test_that_runs_it(
    evening, couples
):
    """As a service would that forgot the gate: code of the app (a file in
    tables/) writing a punch with no gate open."""
    forgetful = compile(
        "def punch(couple):\n"
        "    Punch.objects.create(evening_id=couple.evening_id, couple=couple, game_number=1)\n",
        str(Path(ROOT, "tables", "services", "forgetful.py")),
        "exec",
    )
    space = {"Punch": Punch}
    exec(forgetful, space)  # noqa: S102 - code of this test, named as the app's
    with connection.execute_wrapper(refuse_writes_outside_the_gate):
        with (
            pytest.raises(WriteOutsideTheGate, match="forgetful.py:2 .* tables_punch outside"),
            transaction.atomic(),
        ):
            space["punch"](couples[0])
        with Evening.changing(evening):
            space["punch"](couples[1])  # the same write, in the gate: fine
    assert Punch.objects.filter(couple=couples[1]).exists()
