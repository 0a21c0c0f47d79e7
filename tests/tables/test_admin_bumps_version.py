"""Every admin save or delete of an evening-owned object goes through the one
version bump (the write gate, Evening.changing), so the scoreboard notices it."""

import pytest
from django.urls import reverse

from scoring.models import Prize
from tables.models import Evening

from .conftest import add_couples

pytestmark = pytest.mark.django_db


def version(evening) -> int:
    return Evening.objects.get(pk=evening.pk).version


def test_an_admin_edit_of_a_couple_bumps_its_evening(admin_client, evening):
    add_couples(evening, 2)
    couple = evening.couples.get(number=1)
    before = version(evening)
    url = reverse("admin:tables_couple_change", args=[couple.pk])
    data = {
        "evening": evening.pk,
        "number": 1,
        "player1": "Marie Aucoin",
        "player2": "Joe Aucoin",
        "joined_game": 1,
        "left_after_game": "",
    }
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert version(evening) == before + 1


def test_an_admin_delete_of_a_prize_bumps_its_evening(admin_client, evening):
    prize = Prize.objects.create(evening=evening, place=1, kind=Prize.Kind.ITEM, item="A quilt")
    before = version(evening)
    url = reverse("admin:scoring_prize_delete", args=[prize.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert version(evening) == before + 1


def test_an_admin_edit_of_the_hall_bumps_every_evening_of_it(admin_client, evening):
    hall = evening.hall
    before = version(evening)
    url = reverse("admin:tables_hall_change", args=[hall.pk])
    data = {"name": hall.name, "slug": hall.slug, "paper_size": hall.paper_size,
            "privacy": "numbers", "books_year_start": hall.books_year_start}  # fmt: skip
    # The hall's memberships inline, unchanged.
    data |= {"memberships-TOTAL_FORMS": "0", "memberships-INITIAL_FORMS": "0"}
    assert admin_client.post(url, data).status_code == 302
    assert version(evening) == before + 1
