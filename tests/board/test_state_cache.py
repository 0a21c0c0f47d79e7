"""Issue 14: with the shared cache (REDIS_URL), a poll answered 304 reads the
evening's freshness from Redis, not the database, and is never told an old
page is current: every write stores the newer state when it commits, a slow
poll cannot put an older one back, and unpublished, deleted and restored
evenings are never served from what Redis kept."""

import datetime
import uuid

import pytest
from django.core.management import call_command

from scoring.board.freshness import board_state
from tables import state_cache
from tables.models import Evening
from tests.support.board import HTMX, record, url
from tests.support.hall import need_redis

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared(settings):
    """Redis database 12, its state keys of this test only (a fresh prefix)."""
    need_redis()
    settings.REDIS_URL = "redis://127.0.0.1:6379/12"
    prefix = f"cardnight:test-{uuid.uuid4().hex[:8]}:"
    original = state_cache.PREFIX
    state_cache.PREFIX = prefix
    yield
    client = state_cache._client()[0]
    keys = list(client.scan_iter(prefix + "*"))
    if keys:
        client.delete(*keys)
    state_cache.PREFIX = original


def etag_of(client, evening) -> str:
    response = client.get(url("board", evening), headers=HTMX)
    assert response.status_code == 200
    return response["ETag"]


def poll(client, evening, etag):
    return client.get(url("board", evening), headers=HTMX | {"If-None-Match": etag})


def test_a_304_poll_costs_no_query_once_the_state_is_kept(
    shared, client, make_evening, django_assert_num_queries
):
    evening = make_evening(couples=10, played=2)
    etag = etag_of(client, evening)
    with django_assert_num_queries(0):
        assert poll(client, evening, etag).status_code == 304


@pytest.mark.usefixtures("no_coalescing")
def test_a_result_is_seen_by_the_next_poll(
    shared, client, make_evening, django_capture_on_commit_callbacks
):
    evening = make_evening(couples=10, played=2, current_in=0)
    etag = etag_of(client, evening)
    with django_capture_on_commit_callbacks(execute=True):
        record(evening, 1)
    response = poll(client, evening, etag)
    assert response.status_code == 200
    assert response["ETag"] != etag
    assert state_cache.read(evening.slug)[1] == Evening.objects.get(pk=evening.pk).version


def test_a_slow_poll_cannot_put_an_older_state_back(
    shared, client, make_evening, django_capture_on_commit_callbacks
):
    evening = make_evening(couples=10, played=2, current_in=0)
    old = board_state(evening.slug)  # a poll read the database here...
    with django_capture_on_commit_callbacks(execute=True):
        record(evening, 1)  # ...a result committed meanwhile...
    state_cache.store(evening.slug, old.pk, old.version, old.privacy, old.generation, True)
    # ...and the poll's late store of what it read was refused.
    assert board_state(evening.slug).version == old.version + 1


def test_an_unpublished_evening_is_not_served_from_what_redis_kept(
    shared, client, make_evening, django_capture_on_commit_callbacks
):
    evening = make_evening(couples=10, played=2)
    etag = etag_of(client, evening)
    old = board_state(evening.slug)
    with django_capture_on_commit_callbacks(execute=True):
        Evening.objects.get(pk=evening.pk).bump_version(published=False)
    state_cache.store(evening.slug, old.pk, old.version, old.privacy, old.generation, True)
    assert poll(client, evening, etag).status_code == 404
    assert client.get(url("board-json", evening)).status_code == 404


def test_a_deleted_evening_is_gone_and_its_slug_can_be_used_again(
    shared, client, hall, django_capture_on_commit_callbacks
):
    # Only an evening without play can be deleted (its results are protected).
    evening = Evening.objects.create(
        hall=hall, name="Typo", slug="typo-night", date=datetime.date(2026, 11, 27), published=True
    )
    etag = etag_of(client, evening)
    old = board_state(evening.slug)
    with django_capture_on_commit_callbacks(execute=True):
        Evening.objects.filter(pk=evening.pk).delete()
    state_cache.store(evening.slug, old.pk, old.version, old.privacy, old.generation, True)
    assert poll(client, evening, etag).status_code == 404
    again = Evening.objects.create(
        hall=hall, name="Again", slug=evening.slug, date=evening.date, published=True
    )
    assert client.get(url("board", again)).status_code == 200
    assert board_state(again.slug).pk == again.pk


def test_a_new_hall_privacy_is_seen_by_the_next_poll(
    shared, client, make_evening, django_capture_on_commit_callbacks
):
    evening = make_evening(couples=10, played=2)
    etag = etag_of(client, evening)
    hall = evening.hall
    hall.privacy = "numbers"
    with django_capture_on_commit_callbacks(execute=True):
        hall.save()
        hall.touch_evenings()
    assert poll(client, evening, etag).status_code == 200


def test_restore_forgets_every_kept_state(shared, make_evening, client):
    evening = make_evening(couples=10, played=2)
    etag_of(client, evening)
    assert state_cache.read(evening.slug) is not None
    state_cache.forget_all()
    assert state_cache.read(evening.slug) is None


def test_redis_gone_means_the_database_answers(settings, client, make_evening, monkeypatch):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    monkeypatch.setattr(state_cache, "_down_until", 0.0)
    evening = make_evening(couples=10, played=2, current_in=0)
    etag = etag_of(client, evening)
    assert poll(client, evening, etag).status_code == 304
    record(evening, 1)
    assert poll(client, evening, etag).status_code == 200
    assert not state_cache.enabled()  # left alone for a while after failing


def test_without_redis_nothing_is_kept(settings, client, make_evening):
    settings.REDIS_URL = ""
    evening = make_evening(couples=10, played=2)
    etag_of(client, evening)
    assert state_cache.read(evening.slug) is None
    call_command("check")  # and the site is configured as before


def test_a_poll_after_redis_dropped_its_connection_reads_the_database_then_redis_again(
    shared, client, make_evening, monkeypatch
):
    """A poll reads the state on its thread's own connection; when Redis
    drops it (a restart, a timeout), that poll is answered from the
    database, and a later one from Redis on a new connection, never from
    what the dropped one was in the middle of."""
    monkeypatch.setattr(state_cache, "_down_until", 0.0)  # and as it was after the test
    evening = make_evening(couples=10, played=2)
    etag = etag_of(client, evening)
    assert state_cache.read(evening.slug) is not None
    reader = state_cache._reader()
    killed = state_cache._client()[0].client_kill_filter(_id=_id(reader))
    assert killed == 1
    assert poll(client, evening, etag).status_code == 304  # the database answered
    assert not state_cache.enabled()
    state_cache._down_until = 0.0  # the 5 s have passed
    assert state_cache.read(evening.slug) is not None
    assert state_cache._reader() is not reader


def _id(connection) -> int:
    connection.send_command("CLIENT", "ID")
    return connection.read_response()
