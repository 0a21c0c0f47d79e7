"""The evenings' freshness kept in the shared cache (issue 14).

A phone's poll asks one thing: has this public evening changed since the
page I hold? On SQLite that is one cheap query. With several server
processes or machines on PostgreSQL and Redis (`REDIS_URL`), the answer is
kept in Redis as well, so a poll answered 304 costs one Redis GET instead of
a database round trip.

The value for an evening's slug is its state: id, version, the hall's
privacy, the database generation and whether it is published. It is only
ever replaced by a NEWER state (a Lua script compares in Redis, atomically):

- every write bumps the version (`EveningQuerySet.bump_version`, the one
  version bump); once the transaction has committed, the evenings' states
  are read back from the database and stored, before the writer's response
  is sent, so a poll that starts after a write is acknowledged sees it;
- a poll that finds no state reads the database and stores what it read,
  unless something newer is there already, so a slow poll can never put an
  old state back;
- an unpublished or deleted evening is stored as "not public" with its
  version, so an older published state cannot come back either (a poll for
  it reads the database: the slug may belong to a new evening since);
- `restore` forgets every state (a restored database may have lower
  versions), and every state expires after STATE_SECONDS anyway, which
  bounds what a server that died between commit and store could leave.

Without `REDIS_URL` nothing is kept and every poll reads the database (a
per-process cache cannot be shared by the processes `make run` starts).
If Redis fails, polls read the database: slower, never wrong.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from functools import cache

from django.conf import settings
from django.db import transaction

logger = logging.getLogger(__name__)

STATE_SECONDS = 10
PREFIX = "cardnight:state:"

# KEYS[1] the slug's key; ARGV: pk, version, generation, the value, seconds.
# Store unless the stored state is of the same evening and generation with a
# version at least as new.
_STORE_IF_NEWER = """
local old = redis.call('GET', KEYS[1])
if old then
  local pk, version, generation = string.match(old, '^([^|]*)|([^|]*)|([^|]*)|')
  if pk == ARGV[1] and generation == ARGV[3] and tonumber(version) >= tonumber(ARGV[2]) then
    return 0
  end
end
redis.call('SET', KEYS[1], ARGV[4], 'EX', ARGV[5])
return 1
"""

# After a failure, Redis is left alone this long (polls read the database).
RETRY_SECONDS = 5.0
_warned = False
_down_until = 0.0


def enabled() -> bool:
    return bool(getattr(settings, "REDIS_URL", "")) and time.monotonic() >= _down_until


def _client():
    return _client_for(settings.REDIS_URL)


@cache
def _client_for(url: str):
    import redis  # installed; only used with REDIS_URL

    client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
    return client, client.register_script(_STORE_IF_NEWER)


# Each server thread's own connection for the polls' GET (`_reader`).
_readers = threading.local()


def _reader():
    """This thread's own connection to Redis for the polls' one GET, made
    once (again after a fork or a new REDIS_URL): a command sent on it
    directly costs half what the client's `get` costs, which takes a
    connection from its pool and hands it back, with retries and metrics,
    on every command (a poll is mostly this GET)."""
    key = (settings.REDIS_URL, os.getpid())
    held = getattr(_readers, "held", None)
    if held is None or held[0] != key:
        held = _readers.held = (key, _client()[0].connection_pool.make_connection())
    return held[1]


def _forget_reader() -> None:
    """Close this thread's connection after a failure: whatever it was in
    the middle of is never read as the next poll's answer."""
    held = getattr(_readers, "held", None)
    _readers.held = None
    if held is not None:
        try:
            held[1].disconnect()
        except Exception:  # noqa: BLE001 - it is being dropped anyway
            logger.debug("closing a failed Redis connection", exc_info=True)


def _failed() -> None:
    global _warned, _down_until
    _down_until = time.monotonic() + RETRY_SECONDS
    if not _warned:
        _warned = True
        logger.warning("evening states unavailable in Redis: reading the database", exc_info=True)


def _value(pk: int, version: int, generation: str, privacy: str, public: bool) -> str:
    return f"{pk}|{version}|{generation}|{privacy}|{int(public)}"


def read(slug: str) -> tuple | None:
    """The stored state of `slug`, (pk, version, privacy, generation), when
    it is kept and public. None otherwise (nothing kept, kept as not public,
    the cache off or failing): then read the database. A "not public" entry
    is never an answer (another evening may have been given the slug since),
    only a guard against older states."""
    if not enabled():
        return None
    try:
        reader = _reader()
        reader.send_command("GET", PREFIX + slug)
        raw = reader.read_response()
    except Exception:  # noqa: BLE001 - any Redis failure means "read the database"
        _forget_reader()
        _failed()
        return None
    if raw is None:
        return None
    pk, version, generation, privacy, public = raw.decode().split("|")
    return (int(pk), int(version), privacy, generation) if public == "1" else None


def store(slug: str, pk: int, version: int, privacy: str, generation: str, public: bool) -> None:
    """Keep this state of `slug` unless a newer one is kept already."""
    if not enabled():
        return
    value = _value(pk, version, generation, privacy, public)
    try:
        _client()[1](keys=[PREFIX + slug], args=[pk, version, generation, value, STATE_SECONDS])
    except Exception:  # noqa: BLE001
        _failed()


def forget_all() -> None:
    """Forget every kept state (after `restore`)."""
    if not enabled():
        return
    try:
        client = _client()[0]
        keys = list(client.scan_iter(PREFIX + "*", count=500))
        if keys:
            client.delete(*keys)
    except Exception:  # noqa: BLE001
        _failed()


# A deleted evening is kept as "not public" with a version nothing can pass,
# so no poll that read it just before puts it back (another evening given
# the same slug later has another id, and replaces it).
DELETED_VERSION = 2**62


def forget_deleted_evening(sender, instance, **kwargs) -> None:
    """post_delete of an Evening (connected in TablesConfig.ready)."""
    if enabled():
        slug, pk, generation = instance.slug, instance.pk, instance.generation
        transaction.on_commit(lambda: store(slug, pk, DELETED_VERSION, "", generation, False))
