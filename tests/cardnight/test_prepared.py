"""A prepared read gives what its QuerySet gives, compiled once, counted as a query."""

import datetime

import pytest
from django.db import transaction
from django.db.models import Count, Exists, OuterRef
from django.db.transaction import TransactionManagementError

from cardnight.prepared import Prepared
from tables.models import Evening, Game, Hall, Receipt, Seating, TableReport
from tests.support.board import build_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    return build_evening(Hall.objects.create(name="Prepared Hall"), couples=8, played=2)


def seatings(evening_id, number):
    return (
        Seating.objects.select_related("game", "table", "couple_a", "couple_b", "winner")
        .annotate(has_reports=Exists(TableReport.objects.filter(seating=OuterRef("pk"))))
        .filter(game__evening_id=evening_id, game__number=number)
        .order_by("table__number")
    )


def same_instances(prepared, expected, related):
    assert [type(row) for row in prepared] == [type(row) for row in expected]
    for got, want in zip(prepared, expected, strict=True):
        assert got.__dict__.keys() - {"_state"} == want.__dict__.keys() - {"_state"}
        for name, value in vars(want).items():
            if name != "_state":
                assert getattr(got, name) == value, name
        assert not got._state.adding and got._state.db == want._state.db
        for relation in related:
            assert getattr(got, relation) == getattr(want, relation)
            assert vars(getattr(got, relation)).keys() == vars(getattr(want, relation)).keys()


def test_a_prepared_read_makes_the_same_instances_and_related_objects_as_its_queryset(evening):
    read = Prepared(seatings)
    for number in (1, 2, 3):
        expected = list(seatings(evening.pk, number))
        assert expected or number == 3
        same_instances(read(evening.pk, number), expected, ["game", "table", "couple_a"])
    played = read(evening.pk, 1)
    assert all(seating.winner is not None for seating in played)
    assert all(isinstance(seating.has_reports, bool) for seating in played)


def test_a_prepared_read_converts_values_as_the_orm_does(evening):
    """Dates, JSON and datetimes come back as Python values, not the database's text."""
    Receipt.objects.create(evening=evening, key="k" * 24, request="r", answer={"code": "ok"})
    receipt = Prepared(lambda key: Receipt.objects.filter(key=key))("k" * 24)[0]
    assert receipt.answer == {"code": "ok"}
    assert isinstance(receipt.created_at, datetime.datetime) and receipt.created_at.tzinfo
    read = Prepared(lambda slug: Evening.objects.filter(slug=slug).values_list("date", "pk"))
    assert read(evening.slug) == [(evening.date, evening.pk)]


def test_a_prepared_values_list_keeps_its_order_and_flat_rows(evening):
    by_number = Prepared(
        lambda pk: (
            Seating.objects.filter(game__evening_id=pk)
            .values_list("table__number", "game__number", "pk")
            .order_by("game__number", "table__number")
        )
    )
    expected = list(
        Seating.objects.filter(game__evening_id=evening.pk)
        .values_list("table__number", "game__number", "pk")
        .order_by("game__number", "table__number")
    )
    assert by_number(evening.pk) == expected
    # Annotations come last in the SQL: the rows are put back in the order asked.
    counts = Prepared(
        lambda pk: (
            Game.objects.filter(evening_id=pk)
            .annotate(total=Count("seatings"), done=Count("seatings__winner"))
            .values_list("total", "number", "done")
            .order_by("number")
        )
    )
    assert counts(evening.pk) == [(4, n, 4 if n < 3 else 0) for n in (1, 2, 3)]
    flat = Prepared(lambda slug: Evening.objects.filter(slug=slug).values_list("pk", flat=True))
    assert flat(evening.slug) == [evening.pk]
    assert flat("no-such-evening") == []
    assert flat.one(evening.slug) == evening.pk and flat.one("no-such-evening") is None


def test_a_prepared_read_is_compiled_once_and_counted_as_one_query(
    evening, django_assert_num_queries
):
    built = []

    def build(slug):
        built.append(slug)
        return Evening.objects.filter(slug=slug)

    read = Prepared(build)
    with django_assert_num_queries(1):
        assert read(evening.slug)[0].pk == evening.pk
    with django_assert_num_queries(3):
        for _ in range(3):
            assert read(evening.slug)[0] == evening
    # Compiled once (twice over, with two sets of stand-ins), never with the value.
    assert len(built) == 2 and evening.slug not in built


def test_an_argument_that_would_change_the_sql_is_refused_not_read_wrongly(evening):
    read = Prepared(lambda pk: Evening.objects.filter(pk=pk))
    read(evening.pk)
    for wrong in (None, str(evening.pk), [evening.pk], True):
        with pytest.raises(TypeError):
            read(wrong)
    with pytest.raises(TypeError):
        read(evening.pk, evening.pk)
    # A value that is not a parameter of the SQL (here: it only limits rows).
    with pytest.raises(ValueError, match="not a parameter"):
        Prepared(lambda n: Evening.objects.all()[:n])(1)


@pytest.mark.django_db(transaction=True)  # the test itself outside any transaction
def test_a_locking_read_is_refused_outside_a_transaction(evening):
    read = Prepared(lambda pk: Evening.objects.select_for_update().filter(pk=pk))
    with transaction.atomic():
        assert read(evening.pk) == [evening]
    with pytest.raises(TransactionManagementError):
        read(evening.pk)
