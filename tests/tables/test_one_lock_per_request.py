"""A result is the server's busiest write: in a flurry every table reports
within a minute. A volunteer's tap and a couple's report from the table each
read and lock the evening's row once, in one transaction with no savepoint
inside it, and answer with the evening they read (read again only after a
refused tap, or a report that came late). The receipts (tables/services/
receipts.py) run the service on the evening they locked (`record_locked`,
`report_locked`, `register_locked`)."""

import pytest
from django.urls import reverse

from tables.models import Seating, TableReport

from .conftest import seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def evening_reads(queries) -> int:
    """Queries that read the evening's row itself (not a join from a table)."""
    return sum(
        1 for q in queries if q["sql"].startswith("SELECT") and 'FROM "tables_evening"' in q["sql"]
    )


def deepest_savepoint(queries) -> int:
    """How deep savepoints nest. The test's own transaction makes each
    transaction of the request a savepoint (1); one inside it is 2."""
    depth = deepest = 0
    for query in queries:
        if query["sql"].startswith("SAVEPOINT"):
            depth += 1
            deepest = max(deepest, depth)
        elif query["sql"].startswith(("RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")):
            depth -= 1
    return deepest


@pytest.fixture
def seating(evening):
    return seatings(started(evening, 8))[0]


@pytest.mark.parametrize("with_id", [True, False], ids=["from the outbox", "plain"])
def test_a_volunteers_tap_reads_the_evening_twice_and_makes_no_savepoint(
    volunteer_client, seating, with_id, django_assert_max_num_queries
):
    """Once to check who may tap, once under the lock: not a third time
    for the service inside the receipt, nor a fourth for the answer."""
    evening = seating.game.evening
    url = reverse("game-result", args=[evening.slug, 1, seating.table.number])
    data = {"winner": seating.couple_a.number} | ({"request_id": "tap-0000001"} if with_id else {})
    with django_assert_max_num_queries(17) as captured:
        page = volunteer_client.post(url, data, headers=HTMX)
    assert page.status_code == 200
    assert f"couple {seating.couple_a.number} won" in page.content.decode()
    assert evening_reads(captured.captured_queries) == 2
    assert deepest_savepoint(captured.captured_queries) == 1


def test_a_refused_tap_answers_with_the_evening_as_it_is_now(volunteer_client, seating):
    """The tap is for game 1, but another volunteer has started game 2 since
    the screen was drawn: the card shown is game 2's, with the refusal."""
    evening = seating.game.evening
    for s in seatings(evening):
        volunteer_client.post(
            reverse("game-result", args=[evening.slug, 1, s.table.number]),
            {"winner": s.couple_a.number},
            headers=HTMX,
        )
    volunteer_client.post(reverse("game-advance", args=[evening.slug]), {"game": 1})
    url = reverse("game-result", args=[evening.slug, 1, seating.table.number])
    page = volunteer_client.post(url, {"winner": seating.couple_a.number}, headers=HTMX)
    assert page.status_code == 409
    assert "Game 1 is over: game 2 is being played now" in page.content.decode()
    game_2 = reverse("game-result", args=[evening.slug, 2, seating.table.number])
    assert f'action="{game_2}"' in page.content.decode()


def report(client, seating, reporter, winner, request_id=""):
    data = {"game": 1, "reporter": reporter, "winner": winner, "request_id": request_id}
    return client.post(reverse("tableside-report", args=[seating.table.token]), data, headers=HTMX)


@pytest.mark.parametrize("with_id", [True, False], ids=["from the outbox", "plain"])
def test_a_report_and_its_confirmation_read_the_evening_once_each(
    client, seating, with_id, django_assert_max_num_queries
):
    """The table's page reads the evening with the table (a join); the
    report locks it once, and the answer is drawn from what was read."""
    a, b = seating.couple_a.number, seating.couple_b.number
    other_phone = type(client)()
    ids = ("report-0000001", "report-0000002") if with_id else ("", "")
    for phone, reporter, request_id in ((client, a, ids[0]), (other_phone, b, ids[1])):
        phone.get(reverse("tableside", args=[seating.table.token]) + f"?as={reporter}")
        with django_assert_max_num_queries(24) as captured:
            page = report(phone, seating, reporter, a, request_id)
        assert page.status_code == 200
        assert evening_reads(captured.captured_queries) == 1  # the lock
        assert deepest_savepoint(captured.captured_queries) == 1
    assert Seating.objects.get(pk=seating.pk).winner.number == a
    assert set(TableReport.objects.values_list("status", flat=True)) == {"confirmed"}
    assert "Confirmed: the result is in. Thank you!" in page.content.decode()
