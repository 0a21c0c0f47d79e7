"""A seating's and a membership's names cost no query (the admin lists
hundreds of them), and name what was read with them."""

import pytest

from tables.models import Membership, Seating

from .conftest import started

pytestmark = pytest.mark.django_db


def test_a_seating_is_named_without_a_query(evening, django_assert_num_queries):
    started(evening, 4)
    plain = Seating.objects.order_by("table__number").first()
    with django_assert_num_queries(0):
        assert str(plain) == f"Seating {plain.pk}"
    joined = Seating.objects.select_related("game", "table").order_by("table__number").first()
    with django_assert_num_queries(0):
        assert str(joined) == "Game 1 Table 1"


def test_a_membership_is_named_without_a_query(organizer, hall, django_assert_num_queries):
    plain = Membership.objects.get(user=organizer)
    with django_assert_num_queries(0):
        assert str(plain) == f"user {organizer.pk} · hall {hall.pk} · Organizer"
    joined = Membership.objects.select_related("user", "hall").get(user=organizer)
    with django_assert_num_queries(0):
        assert str(joined) == f"olive · {hall.name} · Organizer"
