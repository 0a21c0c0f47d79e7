"""A hall's short name for links (its public page /h/<slug>/), made from its
name and unique; an evening's start time, cancellation and calendar
sequence, moved on through the one version bump."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tables import services
from tables.forms import EveningForm, HallForm
from tables.models import DEFAULT_START_TIME, Evening, Hall

# The admin's hall page carries the memberships inline: none sent. Its
# month list always sends a month.
NO_MEMBERS = {
    "memberships-TOTAL_FORMS": "0",
    "memberships-INITIAL_FORMS": "0",
    "books_year_start": "1",
}


def test_a_new_hall_gets_a_slug_from_its_name(db):
    hall = Hall.objects.create(name="St. Joseph's Parish Hall")
    assert hall.slug == "st-josephs-parish-hall"


def test_halls_with_names_that_slug_alike_get_different_slugs(db):
    slugs = [
        Hall.objects.create(name=name).slug for name in ("Glace Bay", "Glace-Bay", "glace bay!")
    ]
    assert slugs == ["glace-bay", "glace-bay-2", "glace-bay-3"]


def test_a_name_with_no_letters_still_gets_a_slug(db):
    assert Hall.objects.create(name="♣♣♣").slug == "hall"


def test_renaming_a_hall_keeps_its_slug_so_saved_links_still_work(db):
    hall = Hall.objects.create(name="Legion Branch 12")
    hall.name = "Royal Canadian Legion"
    hall.save()
    hall.refresh_from_db()
    assert hall.slug == "legion-branch-12"


def test_a_new_evening_starts_at_half_past_seven_and_is_not_cancelled(hall):
    evening = Evening.objects.create(hall=hall, name="Friday", slug="f", date=datetime.date.today())
    assert evening.start_time == DEFAULT_START_TIME == datetime.time(19, 30)
    assert evening.cancelled is False
    assert evening.calendar_sequence == 0


def _settings_form(evening, **changes):
    data = {
        name: value
        for name, value in EveningForm(instance=evening).initial.items()
        if value is not None
    }
    data["date"] = evening.date.isoformat()
    data["start_time"] = evening.start_time.strftime("%H:%M") if evening.start_time else ""
    data.update(changes)
    for name in [n for n, v in data.items() if v is False]:
        del data[name]
    return EveningForm(data, instance=evening, halls=Hall.objects.all())


@pytest.mark.parametrize(
    "changes",
    [{"start_time": "19:00"}, {"cancelled": "on"}, {"date": "2026-12-11"}, {"name": "Fri 45s"}],
)
def test_a_change_the_calendar_shows_moves_the_sequence_on(evening, changes):
    before = Evening.objects.get(pk=evening.pk)
    form = _settings_form(before, **changes)
    assert form.is_valid(), form.errors
    services.save_settings(form)
    after = Evening.objects.get(pk=evening.pk)
    assert after.calendar_sequence == before.calendar_sequence + 1
    assert after.version == before.version + 1
    assert after.calendar_updated_at > before.calendar_updated_at


def test_a_change_the_calendar_does_not_show_keeps_the_sequence(evening):
    before = Evening.objects.get(pk=evening.pk)
    form = _settings_form(before, prize_places="4")
    assert form.is_valid(), form.errors
    services.save_settings(form)
    after = Evening.objects.get(pk=evening.pk)
    assert after.calendar_sequence == before.calendar_sequence
    assert after.version == before.version + 1


def test_a_new_hall_address_moves_the_calendar_of_its_evenings_on(evening):
    hall = evening.hall
    form = HallForm(
        {"name": hall.name, "address": "85 Main St", "paper_size": "letter", "privacy": "full"},
        instance=hall,
    )
    assert form.is_valid(), form.errors
    services.save_hall(form)
    assert Evening.objects.get(pk=evening.pk).calendar_sequence == 1


def test_the_hall_form_takes_an_address_and_a_short_note(hall):
    form = HallForm(
        {"name": hall.name, "address": "1 Church St", "note": "x" * 201, "paper_size": "letter",
         "privacy": "full"},
        instance=hall,
    )  # fmt: skip
    assert not form.is_valid()
    assert "note" in form.errors


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_existing_halls_unique_slugs_leaves_old_times_unknown_and_undoes():
    executor = MigrationExecutor(connection)
    before = [("tables", "0012_membership")]
    latest = executor.loader.graph.leaf_nodes()
    try:
        executor.migrate(before)
        old = MigrationExecutor(connection).loader.project_state(before).apps
        OldHall = old.get_model("tables", "Hall")
        for name in ("Glace Bay Legion", "Glace-Bay Legion", "St. Anne's"):
            hall = OldHall.objects.create(name=name)
        old.get_model("tables", "Evening").objects.create(
            hall=hall, name="Old", slug="old", date=datetime.date(2026, 1, 2)
        )
        executor = MigrationExecutor(connection)
        executor.migrate(latest)
        slugs = dict(Hall.objects.values_list("name", "slug"))
        assert slugs == {
            "Glace Bay Legion": "glace-bay-legion",
            "Glace-Bay Legion": "glace-bay-legion-2",
            "St. Anne's": "st-annes",
        }
        old_evening = Evening.objects.get(slug="old")
        assert old_evening.start_time is None  # nobody said when it started
        assert not old_evening.cancelled
        executor = MigrationExecutor(connection)
        executor.migrate(before)
        executor = MigrationExecutor(connection)
        executor.migrate(latest)
    finally:
        MigrationExecutor(connection).migrate(latest)


def test_a_hall_added_in_the_admin_without_a_slug_gets_one(admin_client, db):
    data = {"name": "Legion Branch 12", "slug": "", "paper_size": "letter", "privacy": "full"}
    data |= NO_MEMBERS
    assert admin_client.post("/admin/tables/hall/add/", data).status_code == 302
    assert Hall.objects.get(name="Legion Branch 12").slug == "legion-branch-12"


def test_a_hall_edited_in_the_admin_keeps_its_slug(admin_client, hall):
    """Its page's address and calendar subscriptions keep working: the slug
    is fixed once the hall exists, even if a changed one is sent."""
    data = {"name": "New name", "slug": "another", "paper_size": "letter", "privacy": "full"}
    data |= NO_MEMBERS
    assert admin_client.post(f"/admin/tables/hall/{hall.pk}/change/", data).status_code == 302
    assert Hall.objects.get(pk=hall.pk).slug == "st-josephs-parish-hall"


def test_an_evenings_slug_is_fixed_in_the_admin(admin_client, evening):
    """Printed QR codes and calendar UIDs hold it."""
    page = admin_client.get(f"/admin/tables/evening/{evening.pk}/change/").content.decode()
    assert 'name="slug"' not in page and evening.slug in page
