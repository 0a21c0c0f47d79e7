"""Every live page's poll is a conditional GET (issue 17 point 1, issue 11):
304 after one small query while nothing changed, the part again after a
change; a full page load is never 304."""

import pytest
from django.urls import reverse

from tables import services
from tests.tables.conftest import seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def running(evening):
    return started(evening, 6)


def poll_twice(client, url, assert_queries, max_queries):
    first = client.get(url, headers=HTMX)
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    assert "HX-Request" in first["Vary"] and "no-cache" in first["Cache-Control"]
    with assert_queries(max_queries):
        again = client.get(url, headers=HTMX | {"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    return first["ETag"]


def test_the_table_side_poll(client, running, django_assert_max_num_queries):
    seating = seatings(running)[0]
    url = reverse("tableside", args=[seating.table.token]) + f"?as={seating.couple_a.number}"
    etag = poll_twice(client, url, django_assert_max_num_queries, 1)
    services.record_result(running, 1, 2, seatings(running)[1].couple_a.number)
    changed = client.get(url, headers=HTMX | {"If-None-Match": etag})
    assert changed.status_code == 200 and 'id="table-live"' in changed.content.decode()
    other = url.replace(f"as={seating.couple_a.number}", f"as={seating.couple_b.number}")
    assert client.get(other, headers=HTMX | {"If-None-Match": etag}).status_code == 200


def test_the_organizer_standings_poll(volunteer_client, running, django_assert_max_num_queries):
    url = reverse("standings", args=[running.slug]) + "?q=&sort=place"
    etag = poll_twice(volunteer_client, url, django_assert_max_num_queries, 4)
    services.record_result(running, 1, 1, seatings(running)[0].couple_a.number)
    changed = volunteer_client.get(url, headers=HTMX | {"If-None-Match": etag})
    assert changed.status_code == 200
    assert "Standings: 1 game won so far." in changed.content.decode()


def test_a_poll_is_only_for_its_own_person(volunteer_client, organizer_client, running):
    url = reverse("game-screen", args=[running.slug])
    etag = volunteer_client.get(url, headers=HTMX)["ETag"]
    response = organizer_client.get(url, headers=HTMX | {"If-None-Match": etag})
    assert response.status_code == 200  # an organizer's screen has other buttons


def test_a_full_page_load_is_never_304(volunteer_client, running):
    url = reverse("game-screen", args=[running.slug])
    etag = volunteer_client.get(url, headers=HTMX)["ETag"]
    response = volunteer_client.get(url, headers={"If-None-Match": etag})
    assert response.status_code == 200 and "<html" in response.content.decode()
