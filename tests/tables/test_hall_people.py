"""A hall's people (issue 15): the site administrator adds a hall and names
its first organizer; the hall's organizers add and remove volunteers and
co-organizers; each person sees only the evenings of their own halls."""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tables.access import ORGANIZER, VOLUNTEER, role_in
from tables.models import Evening, Hall, Membership
from tests.conftest import PASSWORD, make_user, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def legion(db) -> Hall:
    return Hall.objects.create(name="Legion Branch 12")


@pytest.fixture
def site_admin(db) -> User:
    return User.objects.create_superuser("sadie", password=PASSWORD)


def can_sign_in(username: str, password: str) -> bool:
    response = Client().post(reverse("login"), {"username": username, "password": password})
    return response.status_code == 302


def shown_password(response) -> str:
    match = re.search(r"data-password>([^<]+)<", response.content.decode())
    assert match, "no password on the page"
    return match.group(1)


def test_the_site_administrator_adds_a_hall_with_its_first_organizer(site_admin):
    response = signed_in(site_admin).post(
        reverse("hall-create"),
        {"name": "Legion Branch 12", "paper_size": "letter", "privacy": "full",
         "first_organizer": "maggie"},
    )  # fmt: skip
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    password = shown_password(response)
    hall = Hall.objects.get(name="Legion Branch 12")
    maggie = User.objects.get(username="maggie")
    assert role_in(maggie, hall) == ORGANIZER
    assert not maggie.is_staff and not maggie.is_superuser
    # The password works, once written down; it is kept only as a hash.
    assert can_sign_in("maggie", password)
    assert password not in maggie.password


def test_only_the_site_administrator_adds_halls(organizer_client):
    response = organizer_client.post(reverse("hall-create"), {"name": "Mine", "paper_size": "a4",
                                                              "privacy": "full"})  # fmt: skip
    assert response.status_code == 403
    assert not Hall.objects.filter(name="Mine").exists()


def test_an_organizer_adds_a_volunteer_who_gets_a_one_time_password(organizer_client, hall):
    response = organizer_client.post(
        reverse("hall-members", args=[hall.pk]), {"username": "vera", "role": VOLUNTEER}
    )
    assert response.status_code == 200
    password = shown_password(response)
    assert can_sign_in("vera", password)
    assert role_in(User.objects.get(username="vera"), hall) == VOLUNTEER
    # The People page lists her, and does not show the password again.
    page = organizer_client.get(reverse("hall-members", args=[hall.pk])).content.decode()
    assert "vera" in page and password not in page


def test_adding_someone_who_has_an_account_keeps_their_password(organizer_client, hall, legion):
    other = make_user("lou", ORGANIZER, legion)
    response = organizer_client.post(
        reverse("hall-members", args=[hall.pk]), {"username": "Lou", "role": VOLUNTEER}
    )
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.check_password(PASSWORD)
    assert role_in(other, hall) == VOLUNTEER and role_in(other, legion) == ORGANIZER


def test_a_role_can_change_and_is_never_doubled(organizer_client, hall, volunteer):
    organizer_client.post(
        reverse("hall-members", args=[hall.pk]), {"username": "vince", "role": ORGANIZER}
    )
    assert list(Membership.objects.filter(user=volunteer).values_list("role", flat=True)) == [
        ORGANIZER
    ]


@pytest.mark.parametrize("username", ["", "   ", "bad name!", "x" * 151])
def test_a_bad_user_name_gets_a_message_and_adds_nobody(organizer_client, hall, username):
    before = User.objects.count()
    response = organizer_client.post(
        reverse("hall-members", args=[hall.pk]), {"username": username, "role": VOLUNTEER}
    )
    assert response.status_code == 400
    assert User.objects.count() == before


def test_a_bad_role_is_refused(organizer_client, hall):
    response = organizer_client.post(
        reverse("hall-members", args=[hall.pk]), {"username": "vera", "role": "superuser"}
    )
    assert response.status_code == 400
    assert not User.objects.filter(username="vera").exists()


def test_an_organizer_removes_a_volunteer_whose_account_stays(organizer_client, hall, volunteer):
    member = Membership.objects.get(user=volunteer, hall=hall)
    response = organizer_client.post(reverse("member-remove", args=[hall.pk, member.pk]))
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=member.pk).exists()
    assert User.objects.filter(pk=volunteer.pk).exists()
    # Signed in still, but the hall's pages are gone for them.
    evening = Evening.objects.create(hall=hall, name="F", slug="f", date=datetime.date.today())
    assert signed_in(volunteer).get(reverse("door", args=[evening.slug])).status_code == 404


def test_the_last_organizer_cannot_be_removed(organizer_client, hall, organizer):
    member = Membership.objects.get(user=organizer, hall=hall)
    response = organizer_client.post(reverse("member-remove", args=[hall.pk, member.pk]))
    assert response.status_code == 409
    assert "last organizer" in response.content.decode()
    assert Membership.objects.filter(pk=member.pk).exists()


def test_an_organizer_cannot_remove_people_of_another_hall(organizer_client, legion):
    lou = make_user("lou", VOLUNTEER, legion)
    member = Membership.objects.get(user=lou)
    # Through their own hall's address: that person is not in it.
    response = organizer_client.post(reverse("member-remove", args=[member.hall_id, member.pk]))
    assert response.status_code == 404
    assert Membership.objects.filter(pk=member.pk).exists()


def test_removing_twice_says_so(organizer_client, hall, volunteer):
    member = Membership.objects.get(user=volunteer, hall=hall)
    url = reverse("member-remove", args=[hall.pk, member.pk])
    organizer_client.post(url)
    response = organizer_client.post(url)
    assert response.status_code == 409


def test_each_person_sees_only_the_evenings_of_their_halls(hall, legion):
    ours = Evening.objects.create(hall=hall, name="Ours", slug="ours", date=datetime.date.today())
    theirs = Evening.objects.create(hall=legion, name="Theirs", slug="theirs",
                                    date=datetime.date.today())  # fmt: skip
    only_here = make_user("ann", VOLUNTEER, hall)
    both = make_user("bea", VOLUNTEER, hall)
    Membership.objects.create(user=both, hall=legion, role=ORGANIZER)

    page = signed_in(only_here).get(reverse("evening-list")).content.decode()
    assert ours.name in page and theirs.name not in page
    page = signed_in(both).get(reverse("evening-list")).content.decode()
    assert ours.name in page and theirs.name in page
    # The home page too, for unpublished evenings.
    page = signed_in(only_here).get("/").content.decode()
    assert "Ours" in page and "Theirs" not in page


def test_a_new_evening_can_only_be_in_a_hall_one_organizes(organizer_client, hall, legion):
    data = {"name": "Sneaky", "date": "2026-12-04", "hall": legion.pk, "games": 25,
            "entry_fee": "5.00"}  # fmt: skip
    response = organizer_client.post(reverse("evening-create"), data)
    assert response.status_code == 400
    assert not Evening.objects.filter(name="Sneaky").exists()
    page = organizer_client.get(reverse("evening-create")).content.decode()
    assert hall.name.replace("'", "&#x27;") in page and legion.name not in page


def test_a_volunteer_of_one_hall_and_organizer_of_another(hall, legion):
    """The role is per hall: the same person may settle ties in one hall and
    only record results in the other."""
    evening = Evening.objects.create(hall=hall, name="F", slug="f", date=datetime.date.today())
    elsewhere = Evening.objects.create(hall=legion, name="L", slug="l", date=datetime.date.today())
    bea = make_user("bea", VOLUNTEER, hall)
    Membership.objects.create(user=bea, hall=legion, role=ORGANIZER)
    client = signed_in(bea)
    assert client.get(reverse("evening-edit", args=[evening.slug])).status_code == 403
    assert client.get(reverse("evening-edit", args=[elsewhere.slug])).status_code == 200


def test_ensure_organizer_makes_the_first_account_a_site_administrator(db, capsys):
    call_command("ensure_organizer")
    user = User.objects.get(username="organizer")
    assert user.is_superuser and user.is_staff
    out = capsys.readouterr().out
    assert "password" in out
    # Chosen at the first sign-in, not on the admin site.
    assert "At the first sign-in you choose your own." in out and "/admin/" not in out
    call_command("ensure_organizer")  # already there: nothing new
    assert User.objects.count() == 1


def test_a_new_volunteer_changes_the_one_time_password(organizer_client, hall):
    response = organizer_client.post(
        reverse("hall-members", args=[hall.pk]), {"username": "vera", "role": VOLUNTEER}
    )
    password = shown_password(response)
    vera = signed_in(User.objects.get(username="vera"))
    assert vera.get(reverse("evening-list"))["Location"].startswith(reverse("password_change"))
    page = vera.get(reverse("password_change"))
    assert page.status_code == 200 and "admin" not in page.templates[0].name
    response = vera.post(
        reverse("password_change"),
        {"old_password": password, "new_password1": "kitchen-table-45",
         "new_password2": "kitchen-table-45"},
    )  # fmt: skip
    assert response.status_code == 302
    assert can_sign_in("vera", "kitchen-table-45") and not can_sign_in("vera", password)
    assert "Change my password" in vera.get(reverse("evening-list")).content.decode()


def test_the_site_administrator_sees_a_halls_people_in_the_admin(site_admin, hall, volunteer):
    page = signed_in(site_admin).get(reverse("admin:tables_hall_change", args=[hall.pk]))
    assert page.status_code == 200
    assert "vince" in page.content.decode()
