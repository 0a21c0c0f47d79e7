"""A record of the register that no evening uses any more leaves it by
itself (issue 48, point 4): a typo fixed at the door with Edit, a couple
removed before play, a deleted evening. A record an evening still uses, or
that another spelling of the person is merged into, stays."""

import datetime

import pytest
from django.urls import reverse

from tables import services
from tables.models import Couple, Evening, Player, PlayerKey, PlayerProposal
from tables.services import register

pytestmark = pytest.mark.django_db


def names(hall) -> set[str]:
    return set(Player.objects.filter(hall=hall).values_list("name", flat=True))


def another_evening(hall, day: int) -> Evening:
    return Evening.objects.create(
        hall=hall, name=f"Friday {day}", slug=f"friday-{day}", date=datetime.date(2026, 11, day)
    )


def test_a_typo_fixed_at_the_door_leaves_the_register_with_its_proposal(
    hall, evening, organizer_client
):
    services.register_couple(evening, "Annie Rankin", "Bob Rankin")
    typo = services.register_couple(evening, "nie Rankin", "Gus", anyway=True)
    assert PlayerProposal.objects.filter(player__name="nie Rankin").exists()
    services.rename_couple(typo, "Annie Rankin", "Gus")
    typo.refresh_from_db()
    assert names(hall) == {"Annie Rankin", "Bob Rankin", "Gus"}
    assert typo.person1.name == "Annie Rankin"
    assert not PlayerProposal.objects.exists()
    assert not PlayerKey.objects.filter(player__name="nie Rankin").exists()
    page = organizer_client.get(reverse("players", args=[hall.pk])).content.decode()
    assert "nie Rankin" not in page.replace("Annie Rankin", "")
    assert "Maybe the same person" not in page


def test_a_record_another_evening_still_uses_stays(hall, evening):
    services.register_couple(another_evening(hall, 6), "Jo Blanchard", "Ann")
    couple = services.register_couple(evening, "Jo Blanchard", "Ann")
    services.rename_couple(couple, "Joe Blanchard", "Ann")
    assert names(hall) == {"Jo Blanchard", "Joe Blanchard", "Ann"}


def test_a_couple_renamed_both_ways_round_keeps_both_records(hall, evening):
    couple = services.register_couple(evening, "Ann", "Jo")
    services.rename_couple(couple, "JO", "ann")
    couple.refresh_from_db()
    assert names(hall) == {"JO", "ann"}  # the records stay, named as typed now
    assert {couple.person1.folded, couple.person2.folded} == {"ann", "jo"}


def test_a_merged_spelling_no_couple_uses_leaves_and_its_person_stays(hall, evening):
    kept = services.register_couple(another_evening(hall, 6), "Theresa O'Brien", "Frank")
    typo = services.register_couple(evening, "Teresa OBrien", "Frank")
    register.merge_players(kept.person1, typo.person1)
    services.rename_couple(typo, "Theresa O'Brien", "Frank")
    assert names(hall) == {"Theresa O'Brien", "Frank"}


def test_a_person_whose_main_record_is_unused_stays_while_a_spelling_is_used(hall, evening):
    first = services.register_couple(evening, "Theresa O'Brien", "Frank")
    second = services.register_couple(another_evening(hall, 6), "Teresa OBrien", "Joe")
    main = register.merge_players(first.person1, second.person1)
    services.rename_couple(first, "Rita", "Frank")  # the main record's last couple
    assert Player.objects.filter(pk=main.pk).exists()  # Teresa OBrien is merged into it
    services.rename_couple(second, "Rita", "Joe")  # and now nobody is either
    assert names(hall) == {"Rita", "Frank", "Joe"}


def test_a_couple_removed_before_play_takes_its_unused_records_along(hall, evening):
    services.register_couple(another_evening(hall, 6), "Ann", "Jo")
    couple = services.register_couple(evening, "Ann", "Jo Typo")
    services.remove_couple(couple)
    assert names(hall) == {"Ann", "Jo"}


def test_deleting_an_evening_takes_the_records_only_it_used(
    hall, evening, organizer_client, settings, tmp_path
):
    settings.BACKUP_DIR = tmp_path / "backups"
    services.register_couple(another_evening(hall, 6), "Ann", "Jo")
    services.register_couple(evening, "Ann", "Test Player")
    response = organizer_client.post(reverse("evening-delete", args=[evening.slug]))
    assert response.status_code == 302
    assert names(hall) == {"Ann", "Jo"}
    assert Couple.objects.count() == 1
