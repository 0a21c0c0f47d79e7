"""The board's freshness: the one query a poll costs, the ETag, and the cache.

A poll looks up the evening's board version (`Evening.board_version`: what
the public pages show; `board_state`, one query) and turns it
into a weak ETag (`etag`): a phone whose copy is current gets a 304. Anything
else is built once per version and kept in Django's cache under a key that
names the version (`cache_key`), so a kept value is never older than its key
says and no cache ever has to be emptied: a change makes new keys. Several
server processes or machines agree because the version is read from the
database; the cache only saves work (settings.CACHES: per process, a folder
the processes share, or Redis).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import connection

from cardnight.freshness import building, cache_get, cache_set, code_revision, weak_etag
from tables.models import Evening


@dataclass(frozen=True)
class BoardState:
    """What decides whether a phone's copy of the board is still current."""

    pk: int
    version: int
    privacy: str
    generation: str = ""  # the database generation (changed by `restore`)


# The poll's one query, written out: compiling it with the ORM on every poll
# cost several times what running it costs (a 304 is most of a hall's
# requests). Run through Django's cursor, so it is counted, logged and its
# errors are Django's like any other query.
_STATE_SQL = (
    "SELECT e.id, e.board_version, h.privacy, e.generation"
    " FROM tables_evening e JOIN tables_hall h ON h.id = e.hall_id"
    " WHERE e.slug = %s AND e.published = %s"
)


def board_state(slug: str) -> BoardState | None:
    """The published evening's freshness in ONE query (None: no such public
    evening): its id, version, the hall's privacy and the database generation."""
    with connection.cursor() as cursor:
        cursor.execute(_STATE_SQL, [slug, True])
        row = cursor.fetchone()
    return None if row is None else BoardState(*row)


def state_of(evening: Evening) -> BoardState:
    return BoardState(evening.pk, evening.board_version, evening.hall.privacy, evening.generation)


def etag(state: BoardState, kind: str, language: str = "", extra: str = "") -> str:
    """A weak ETag from the evening's version, the hall's privacy, the
    language, the view kind and the code revision (plus `extra`, e.g. a hash
    of the cookies for a page that holds a CSRF token)."""
    parts = [state.pk, state.version, state.generation, state.privacy, language or "-", kind]
    parts += [settings.BOARD_POLL_SECONDS, *([extra] if extra else [])]
    return weak_etag(*parts)


def cache_key(state: BoardState, *parts: str) -> str:
    return ":".join(
        ["board", str(state.pk), str(state.version), state.generation, state.privacy]
        + [code_revision(), *parts]
    )


def built(state: BoardState, parts: tuple[str, ...], build):
    """The value of `parts` for `state`'s version: from the cache, else made
    by `build()`, once for every request that asks at the same time.

    `build()` returns the value and the state it was read at, which may be
    newer than `state` (a write committed in between): the value is kept
    under that state's key, so a key never holds anything older than it
    says. Returns (value, the state it shows)."""
    key = cache_key(state, *parts)
    value = cache_get(key)
    if value is not None:
        return value, state
    with building(key):
        value = cache_get(key)
        if value is not None:
            return value, state
        value, shown = build()
        cache_set(cache_key(shown, *parts), value)
    return value, shown
