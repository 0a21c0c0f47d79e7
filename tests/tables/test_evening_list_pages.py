"""The evenings list does not grow with the halls' history (issue 47, point
17): the coming evenings, then the last 10 past ones, with pages for older
ones; a site administrator's list of every hall's evenings too (it listed
every evening of every hall on one page, 58 KB at a year of ten halls)."""

import datetime
import html
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from tables.models import Evening, Hall
from tests.conftest import PASSWORD, signed_in

pytestmark = pytest.mark.django_db


def evenings(hall, weeks, *, status=Evening.Status.FINISHED, ahead=False):
    today = timezone.localdate()
    for week in weeks:
        days = week * 7 if ahead else -week * 7
        Evening.objects.create(
            hall=hall,
            name=f"{hall.name} week {week:03}{' ahead' if ahead else ''}",
            slug=f"{hall.pk}-{week}-{'ahead' if ahead else 'past'}",
            date=today + datetime.timedelta(days=days),
            status=status,
        )


def names(page: str, section: str) -> list[str]:
    start = page.index(f'id="{section}"')
    end = page.find("<h2", start)
    found = re.findall(r'<h3><a href="[^"]*">(?:<bdi[^>]*>)?([^<]*)', page[start:end])
    return [html.unescape(name) for name in found]


def test_the_coming_evenings_then_ten_past_ones_a_page(hall, organizer_client):
    evenings(hall, range(1, 26))
    evenings(hall, range(0, 3), status=Evening.Status.SETUP, ahead=True)
    url = reverse("evening-list")
    page = organizer_client.get(url).content.decode()
    assert [name.rsplit(" ", 1)[0] for name in names(page, "coming")] == [
        f"{hall.name} week 00{n}" for n in range(3)
    ]
    past = names(page, "past")
    assert past == [f"{hall.name} week {n:03}" for n in range(1, 11)]  # the latest first
    assert "Page 1 of 3" in page and "?past=2#past" in page
    oldest = names(organizer_client.get(url, {"past": 3}).content.decode(), "past")
    assert oldest == [f"{hall.name} week {n:03}" for n in range(21, 26)]


def test_an_evening_played_past_midnight_is_still_coming(hall, organizer_client):
    evenings(hall, [1], status=Evening.Status.RUNNING)
    page = organizer_client.get(reverse("evening-list")).content.decode()
    assert names(page, "coming") == [f"{hall.name} week 001"]
    assert 'id="past"' not in page


def test_a_site_administrator_sees_every_hall_a_page_at_a_time(hall, django_assert_max_num_queries):
    halls = [hall, *(Hall.objects.create(name=f"Hall {n}") for n in range(2, 6))]
    for one in halls:
        evenings(one, range(1, 13))
    admin = signed_in(User.objects.create_superuser("sadie", password=PASSWORD))
    url = reverse("evening-list")
    with django_assert_max_num_queries(12):
        page = admin.get(url).content.decode()
    assert len(names(page, "past")) == 10
    assert "Page 1 of 6" in page
    assert {name.split(" week")[0] for name in names(page, "past")} == {h.name for h in halls}
    assert len(names(admin.get(url, {"past": 6}).content.decode(), "past")) == 10
    assert admin.get(url, {"past": "nonsense"}).status_code == 200  # the first page
