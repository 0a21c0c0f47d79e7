"""An organizer deletes an evening (issue 48, point 7): one not finished
with a confirming press, a finished one with its name typed; a backup is
taken first, and cancelled evenings stay out of the season (the home page
still shows one, marked cancelled, so nobody drives to the hall)."""

import datetime

import pytest
from django.urls import reverse

from cardnight import backup
from scoring.season import season
from tables import services
from tables.models import Couple, Evening, Game, Seating
from tests.scoring.conftest import make_couples

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def backups_here(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


@pytest.fixture
def played(evening) -> Evening:
    """Four couples, game 1 seated and one table in."""
    make_couples(evening, 4)
    services.start_evening(evening, seed=1)
    evening.refresh_from_db()
    seating = Seating.objects.filter(game__evening=evening).select_related("table").first()
    services.record_result(evening, 1, seating.table.number, seating.couple_a.number)
    evening.refresh_from_db()
    return evening


def delete(client, evening, **data):
    return client.post(reverse("evening-delete", args=[evening.slug]), data)


def test_the_settings_page_leads_to_deleting(organizer_client, evening):
    html = organizer_client.get(reverse("evening-edit", args=[evening.slug])).content.decode()
    assert reverse("evening-delete", args=[evening.slug]) in html
    page = organizer_client.get(reverse("evening-delete", args=[evening.slug]))
    assert page.status_code == 200
    assert 'name="name"' not in page.content.decode()  # not finished: no name to type


def test_an_evening_under_way_is_deleted_with_a_backup_first(
    organizer_client, played, backups_here
):
    response = delete(organizer_client, played)
    assert response.status_code == 302
    assert response["Location"] == reverse("evening-list")
    assert not Evening.objects.filter(pk=played.pk).exists()
    assert not Couple.objects.exists() and not Game.objects.exists()
    if backup.sqlite_path() is not None:
        assert [p.name for p in backups_here.iterdir() if "before-deleting" in p.name]
    page = organizer_client.get(response["Location"])
    assert "The evening “Friday 45s” is deleted." in page.content.decode()


def test_a_finished_evening_needs_its_name_typed(organizer_client, evening):
    make_couples(evening, 2)
    Evening.objects.filter(pk=evening.pk).update(status="finished", current_game=25)
    page = organizer_client.get(reverse("evening-delete", args=[evening.slug]))
    assert 'name="name"' in page.content.decode()
    for typed in ({}, {"name": "Friday"}, {"name": "Saturday 45s"}):
        response = delete(organizer_client, evening, **typed)
        assert response.status_code == 400
        assert "Type the evening&#x27;s name exactly as shown" in response.content.decode()
        assert Evening.objects.filter(pk=evening.pk).exists()
    response = delete(organizer_client, evening, name="  friday   45S ")
    assert response.status_code == 302
    assert not Evening.objects.filter(pk=evening.pk).exists()


def test_a_failed_backup_deletes_nothing(organizer_client, played, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(backup, "take_backup", full)
    response = delete(organizer_client, played)
    assert response.status_code == 409
    assert "nothing was deleted" in response.content.decode()
    assert Evening.objects.filter(pk=played.pk).exists() and Game.objects.exists()


def test_a_volunteer_cannot_delete_an_evening(volunteer_client, played):
    assert volunteer_client.get(reverse("evening-delete", args=[played.slug])).status_code == 403
    assert delete(volunteer_client, played).status_code == 403
    assert Evening.objects.filter(pk=played.pk).exists()


def test_deleting_is_post_only(organizer_client, played):
    response = organizer_client.put(reverse("evening-delete", args=[played.slug]))
    assert response.status_code == 405
    assert Evening.objects.filter(pk=played.pk).exists()


def test_a_cancelled_evening_stays_out_of_the_season_and_is_marked_on_the_home_page(client, hall):
    soon = datetime.date.today() + datetime.timedelta(days=3)
    kept = Evening.objects.create(hall=hall, name="Friday 45s", slug="kept", date=soon)
    called_off = Evening.objects.create(
        hall=hall, name="Storm night", slug="storm", date=soon, cancelled=True
    )
    Evening.objects.filter(pk__in=[kept.pk, called_off.pk]).update(published=True)
    assert [e.id for e in season(hall).evenings] == [kept.pk]
    html = client.get("/").content.decode()
    assert "Friday 45s" in html
    assert "Storm night" in html and "Cancelled" in html
