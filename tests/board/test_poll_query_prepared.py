"""On PostgreSQL a poll's one query is planned once per connection, not on
every poll: each connection prepares a query it has run a few times
(cardnight/settings.py turns on the server-side binding and the prepared
statements that Django leaves off). Planning was a third of a poll's query."""

import pytest
from django.db import connection

from scoring.board.freshness import board_state
from tables.models import Evening, Hall
from tests.support.board import build_evening

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only"),
]


def prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_the_polls_query_is_prepared_once_a_connection_has_run_it_a_few_times():
    evening = build_evening(Hall.objects.create(name="Hall"), couples=4)
    for _ in range(6):
        state = board_state(evening.slug)
        assert state is not None and state.pk == evening.pk
    assert [s for s in prepared_statements() if "board_version" in s]


def test_a_prepared_poll_still_sees_every_new_version():
    evening = build_evening(Hall.objects.create(name="Hall"), couples=4)
    for _ in range(6):
        board_state(evening.slug)
    with Evening.changing(evening) as changing:
        changing.change()
    assert board_state(evening.slug).version > evening.board_version
