"""Who may see and do what: organizer, volunteer, signed-in outsider, anonymous.
Every URL × every person of this hall and another is in test_roles_per_hall.py."""

import pytest
from django.urls import reverse

from tables.models import Couple

pytestmark = pytest.mark.django_db


def volunteer_pages(evening):
    return [
        reverse("evening-list"),
        reverse("evening-detail", args=[evening.slug]),
        reverse("door", args=[evening.slug]),
        reverse("players", args=[evening.hall.pk]),
    ]


def organizer_pages(evening):
    return [
        reverse("evening-create"),
        reverse("evening-edit", args=[evening.slug]),
        reverse("evening-delete", args=[evening.slug]),
        reverse("hall-edit", args=[evening.hall.pk]),
        reverse("hall-members", args=[evening.hall.pk]),
    ]


def hall_pages(evening):
    """The pages about this evening or its hall (not the lists)."""
    return [
        reverse("evening-detail", args=[evening.slug]),
        reverse("door", args=[evening.slug]),
        reverse("evening-edit", args=[evening.slug]),
        reverse("evening-delete", args=[evening.slug]),
        reverse("hall-edit", args=[evening.hall.pk]),
        reverse("players", args=[evening.hall.pk]),
    ]


def test_anonymous_visitors_are_sent_to_sign_in(client, evening):
    for url in volunteer_pages(evening) + organizer_pages(evening) + [reverse("hall-create")]:
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), url


def test_the_home_page_and_sign_in_are_public(client, evening):
    assert client.get("/").status_code == 200
    assert client.get("/accounts/login/").status_code == 200


def test_an_outsider_gets_not_found_for_a_halls_pages_and_403_for_the_lists(
    outsider_client, evening
):
    """Signed in but with no role in the hall: the same answer as for a
    missing evening (issue 15)."""
    for url in hall_pages(evening):
        assert outsider_client.get(url).status_code == 404, url
    for url in [reverse("evening-list"), reverse("evening-create"), reverse("hall-create")]:
        assert outsider_client.get(url).status_code == 403, url


def test_a_volunteer_sees_the_volunteer_pages(volunteer_client, evening):
    for url in volunteer_pages(evening):
        assert volunteer_client.get(url).status_code == 200, url


def test_a_volunteer_cannot_change_settings(volunteer_client, evening):
    for url in organizer_pages(evening):
        response = volunteer_client.get(url)
        assert response.status_code == 403, url
        assert b"Only an organizer" in response.content
    response = volunteer_client.post(reverse("evening-edit", args=[evening.slug]), {"games": 10})
    assert response.status_code == 403
    evening.refresh_from_db()
    assert evening.games == 25


def test_a_volunteer_cannot_remove_a_couple(volunteer_client, evening):
    Couple.objects.create(evening=evening, number=1, player1="A", player2="B")
    response = volunteer_client.post(reverse("couple-remove", args=[evening.slug, 1]))
    assert response.status_code == 403
    assert evening.couples.count() == 1


def test_an_organizer_sees_every_page_of_their_hall(organizer_client, evening):
    for url in volunteer_pages(evening) + organizer_pages(evening):
        assert organizer_client.get(url).status_code == 200, url
    # Adding a hall is the site administrator's.
    assert organizer_client.get(reverse("hall-create")).status_code == 403


def test_wrong_methods_get_405(organizer_client, evening):
    assert organizer_client.get(reverse("couple-remove", args=[evening.slug, 1])).status_code == 405
    assert organizer_client.get(reverse("couple-paid", args=[evening.slug, 1])).status_code == 405
    assert organizer_client.post("/healthz").status_code == 405


def test_an_unknown_evening_is_404(organizer_client, db):
    assert organizer_client.get("/evenings/nope/").status_code == 404
    assert organizer_client.get("/evenings/nope/door/").status_code == 404


def test_renaming_a_hall_refreshes_its_evenings_scoreboards(organizer_client, evening):
    response = organizer_client.post(
        reverse("hall-edit", args=[evening.hall.pk]),
        {"name": "Petit-de-Grat Hall", "paper_size": "a4", "privacy": "first"},
    )
    assert response.status_code == 302
    evening.refresh_from_db()
    assert evening.version == 2
    assert evening.hall.name == "Petit-de-Grat Hall"


def books_pages(hall) -> list[str]:
    return [
        reverse(name, args=[hall.pk])
        for name in ("books", "books-csv", "books-couples-csv", "books-statement")
    ]


def test_the_halls_books_are_for_its_organizers_only(
    client, organizer_client, volunteer_client, outsider_client, evening
):
    """The hall's money: a volunteer of the hall gets the same "not found"
    as a stranger (no 403 that says the page exists)."""
    for url in books_pages(evening.hall):
        assert organizer_client.get(url).status_code == 200, url
        assert volunteer_client.get(url).status_code == 404, url
        assert outsider_client.get(url).status_code == 404, url
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/"), url


def test_the_books_are_linked_for_organizers_and_not_for_volunteers(
    organizer_client, volunteer_client, evening
):
    books = reverse("books", args=[evening.hall.pk])
    for url in (reverse("evening-list"), reverse("season", args=[evening.hall.pk])):
        assert books in organizer_client.get(url).content.decode(), url
        assert books not in volunteer_client.get(url).content.decode(), url
    assert (
        books in organizer_client.get(reverse("hall-edit", args=[evening.hall.pk])).content.decode()
    )
