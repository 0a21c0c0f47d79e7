"""The board's freshness: the ONE query a poll costs, the ETag, and the cache."""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import tempfile
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.cache import cache as django_cache
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections
from django.utils.http import parse_etags

from cardnight.freshness import code_revision, weak_etag
from cardnight.private import write_private
from tables import state_cache
from tables.models import Evening

logger = logging.getLogger(__name__)

# How long a rendered board stays in the cache. Keys hold the version, so
# this only bounds memory, never freshness.
CACHE_SECONDS = 15 * 60


# --- Freshness --------------------------------------------------------------


@dataclass(frozen=True)
class BoardState:
    """What decides whether a phone's copy of the board is still current."""

    pk: int
    version: int
    privacy: str
    generation: str = ""  # the database generation (changed by `restore`)


# The poll's query, compiled ONCE per process by the ORM (compiling it costs
# several times more than running it): its SQL, its parameters and where the
# slug goes among them.
_SLUG_SLOT = "\x00slug"
_compiled: dict[str, tuple[str, tuple, int]] = {}


def _state_sql(alias: str) -> tuple[str, tuple, int]:
    found = _compiled.get(alias)
    if found is None:
        query = (
            Evening.objects.using(alias)
            .filter(slug=_SLUG_SLOT, published=True)
            .values_list("pk", "version", "hall__privacy", "generation")
            .order_by()[:1]
        ).query
        sql, params = query.get_compiler(alias).as_sql()
        if connections[alias].vendor == "sqlite":
            from django.db.backends.sqlite3.base import FORMAT_QMARK_REGEX

            # The driver's own placeholders ("?"), as Django's SQLite cursor makes them.
            sql = FORMAT_QMARK_REGEX.sub("?", sql).replace("%%", "%")
        found = _compiled[alias] = (sql, tuple(params), list(params).index(_SLUG_SLOT))
    return found


def _fetch_one(alias: str, sql: str, params: list):
    """One row, in one round trip. The connection health check (a second
    round trip on PostgreSQL) is skipped: a connection that died since the
    last request fails this query instead, and it is then tried once more on
    a new connection."""
    connection = connections[alias]
    retry = connection.connection is not None and not connection.in_atomic_block
    if retry:
        connection.health_check_done = True  # this query is the check
    try:
        return _execute(connection, sql, params)
    except (InterfaceError, OperationalError):
        if not retry:
            raise
        connection.close()
        return _execute(connection, sql, params)


def _execute(connection, sql: str, params: list):
    """The query on the driver's own connection, past Django's cursor
    wrappers (they cost more than SQLite takes to answer it); its errors are
    still Django's. On PostgreSQL, a prepared statement: planned once per
    connection, not on every poll (Django's cursors bind parameters on the
    client). SQLite's driver keeps its statements prepared anyway."""
    with connection.wrap_database_errors:
        if connection.connection is None:
            connection.ensure_connection()
        started = time.monotonic()
        if connection.vendor == "postgresql":
            import psycopg  # only on PostgreSQL, where Django has imported it already

            with psycopg.Cursor(connection.connection) as cursor:
                cursor.execute(sql, params, prepare=True)
                row = cursor.fetchone()
        else:
            row = connection.connection.execute(sql, params).fetchone()
    if connection.queries_logged:  # counted like any query (DEBUG, query-count tests)
        duration = f"{time.monotonic() - started:.3f}"
        connection.queries_log.append({"sql": f"{sql} -- {params!r}", "time": duration})
    return row


def board_state(slug: str) -> BoardState | None:
    """The published evening's freshness in ONE query (None: no such public
    evening): its id, version, the hall's privacy and the database generation.

    This is all a poll answered 304 costs. It reads the database, so several
    server processes or machines agree without sharing memory; with the
    shared cache on (REDIS_URL), a state kept there answers instead
    (tables/state_cache.py says why that is never older than the database
    a writer has acknowledged)."""
    kept = state_cache.read(slug)
    if kept is not None:
        return BoardState(*kept)
    sql, params, slot = _state_sql(DEFAULT_DB_ALIAS)
    params = list(params)
    params[slot] = slug
    row = _fetch_one(DEFAULT_DB_ALIAS, sql, params)
    if row is None:
        return None
    state = BoardState(*row)
    state_cache.store(slug, state.pk, state.version, state.privacy, state.generation, True)
    return state


def etag(state: BoardState, kind: str, language: str = "", extra: str = "") -> str:
    """A weak ETag from the evening's version, the hall's privacy, the
    language, the view kind and the code revision (plus `extra`, e.g. a hash
    of the cookies for a page that holds a CSRF token)."""
    parts = [state.pk, state.version, state.generation, state.privacy, language or "-", kind]
    parts += [settings.BOARD_POLL_SECONDS, *([extra] if extra else [])]
    return weak_etag(*parts)


def held_version(request, state: BoardState) -> int:
    """The newest version of `state`'s evening among the board ETags the
    request holds (`If-None-Match`; 0: none): what the phone was shown last."""
    newest = 0
    for tag in parse_etags(request.META.get("HTTP_IF_NONE_MATCH", "")):
        pk, version, generation, *_ = [*tag.removeprefix("W/").strip('"').split("."), "", ""]
        if pk == str(state.pk) and generation == state.generation and version.isdigit():
            newest = max(newest, int(version))
    return newest


def cache_key(state: BoardState, *parts: str) -> str:
    return ":".join(
        ["board", str(state.pk), str(state.version), state.generation, state.privacy]
        + [code_revision(), *parts]
    )


_cache_warned = False


def _cache_failed() -> None:
    """Say once per process that the cache is failing (not on every poll)."""
    global _cache_warned
    if not _cache_warned:
        _cache_warned = True
        logger.warning("board cache unavailable: building every board", exc_info=True)


class _Recent:
    """The last few values this process read from or wrote to the shared
    cache, by key. Only for keys that name one version (`cache_key`): the
    value of such a key never changes, so a copy here is never older than
    the shared cache. It saves fetching a whole page (70 KiB for a board of
    200 couples) from Redis on every full page a phone asks for."""

    def __init__(self, size: int):
        self.size = size
        self.items: OrderedDict[str, object] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str):
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key: str, value) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)


# Used only when the values are shared with other processes (Redis, or the
# shared folder): with the per-process memory cache there is nothing to save.
_recent = _Recent(size=256)


def _shared_dir() -> Path | None:
    """Where the server's processes share the board's values without Redis
    (settings.BOARD_SHARED_DIR; None: each process keeps its own)."""
    if getattr(settings, "REDIS_URL", ""):
        return None
    folder = getattr(settings, "BOARD_SHARED_DIR", None)
    return Path(folder) if folder else None


def _shared() -> bool:
    """Whether values are shared with other processes (`_shared_dir`, or
    Redis): asked on every cache read, so without making a Path."""
    return bool(getattr(settings, "REDIS_URL", "") or getattr(settings, "BOARD_SHARED_DIR", None))


def _keep_here(key: str, rendered: bool) -> bool:
    return rendered and key.startswith("board:") and _shared()


class _Folder:
    """The board's versioned values shared by the server's processes through
    files, when there is no Redis (`make run` starts several processes on one
    machine; a per-process cache would have each build every version again).
    One file per key, written whole and then renamed into place, so a reader
    sees the whole value or nothing; files older than CACHE_SECONDS are
    removed now and then. Only for `cache_key` keys: a key names one version,
    so a file never holds anything older than its name says."""

    SWEEP_SECONDS = 60.0

    def __init__(self):
        self.swept = 0.0

    @staticmethod
    def path(folder: Path, key: str) -> Path:
        return folder / hashlib.sha256(key.encode()).hexdigest()[:40]

    def get(self, folder: Path, key: str):
        try:
            with open(self.path(folder, key), "rb") as file:
                stored_key, value = pickle.load(file)  # noqa: S301 - our own files
        except FileNotFoundError:
            return None
        return value if stored_key == key else None

    def set(self, folder: Path, key: str, value) -> None:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".new-")
        try:
            with os.fdopen(handle, "wb") as file:
                pickle.dump((key, value), file, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, self.path(folder, key))
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self.sweep(folder)

    def sweep(self, folder: Path) -> None:
        now = time.time()
        if now - self.swept < self.SWEEP_SECONDS:
            return
        self.swept = now
        for entry in os.scandir(folder):
            try:
                if now - entry.stat().st_mtime > CACHE_SECONDS:
                    os.unlink(entry.path)
            except OSError:
                continue  # another process removed it first

    def lock(self, folder: Path, key: str, wait: float) -> Path | None:
        """The key's lock, held while its value is built, so the other
        processes wait for it instead of building it too (after `wait`
        seconds they build anyway: a slow builder slows, never blocks).

        A lock file created exclusively (the same on Windows, macOS and
        Linux); one older than BUILD_WAIT_SECONDS was left by a process that
        died while building, and is taken over. Returns the lock to pass to `unlock`,
        or None when this process builds without it."""
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        path = self.path(folder, key).with_suffix(".lock")
        deadline = time.monotonic() + wait
        while True:
            try:
                write_private(path, b"", exclusive=True)
                return path
            except FileExistsError:
                try:
                    if time.time() - path.stat().st_mtime > max(wait, BUILD_WAIT_SECONDS):
                        path.unlink(missing_ok=True)  # its builder is gone
                        continue
                except OSError:
                    continue  # released meanwhile: try again
                if time.monotonic() > deadline:
                    return None
                time.sleep(0.005)

    @staticmethod
    def unlock(lock: Path | None) -> None:
        if lock is not None:
            lock.unlink(missing_ok=True)


_folder = _Folder()

# How long a process waits for another one building the same value.
BUILD_WAIT_SECONDS = 3.0


def cache_get(key: str, *, rendered: bool = False, shared: bool = False):
    """A value from Django's cache, or None. A cache that fails (Redis gone,
    or its client library missing) counts as empty: the board is then built
    every time, slower but never wrong.

    `rendered`: the value is made for one version (the tree, a page, a live
    part, the cards, the JSON) under a `cache_key`, never changed once made
    and never changed by its readers: it is shared with the other processes
    (Redis, or BOARD_SHARED_DIR without it) and this process may keep its
    own copy (`_Recent`). `shared`: a value that changes (what was built
    last, `_latest_key`), shared with the other processes the same way but
    never copied here."""
    versioned = _keep_here(key, rendered)
    if versioned and (value := _recent.get(key)) is not None:
        return value
    folder = _shared_dir() if versioned or shared else None
    try:
        value = _folder.get(folder, key) if folder else django_cache.get(key)
    except Exception:  # noqa: BLE001 - any cache failure means "build it"
        _cache_failed()
        return None
    if versioned and value is not None:
        _recent.put(key, value)
    return value


def cache_set(key: str, value, *, rendered: bool = False, shared: bool = False) -> None:
    versioned = _keep_here(key, rendered)
    if versioned:
        _recent.put(key, value)
    folder = _shared_dir() if versioned or shared else None
    try:
        if folder:
            _folder.set(folder, key, value)
        else:
            django_cache.set(key, value, CACHE_SECONDS)
    except Exception:  # noqa: BLE001
        _cache_failed()


@contextmanager
def _building(key: str, wait: float = BUILD_WAIT_SECONDS):
    """While this process builds `key`'s value, the others wait for it
    (with Redis: a lock key there; with the shared folder: a lock file),
    at most `wait` seconds. Yields False when another process holds the lock
    and `wait` ran out (the caller builds anyway, or answers otherwise)."""
    folder, held, lock = _shared_dir(), None, f"building:{key}"
    free = True
    try:
        if folder is not None:
            held = _folder.lock(folder, key, wait)
            free = held is not None
        elif _shared():
            deadline = time.monotonic() + wait
            while not (held := django_cache.add(lock, 1, BUILD_WAIT_SECONDS)):
                if time.monotonic() >= deadline or cache_get(key, rendered=True) is not None:
                    break
                time.sleep(0.005)
            free = bool(held)
    except Exception:  # noqa: BLE001 - no lock: build anyway
        _cache_failed()
    try:
        yield free
    finally:
        try:
            if folder is not None and held is not None:
                _folder.unlock(held)
            elif held:
                django_cache.delete(lock)
        except Exception:  # noqa: BLE001
            _cache_failed()


def cached(key: str, build, *, rendered: bool = False):
    """`build()` through Django's cache (see `cache_get`); with `rendered`, a
    versioned value, built by one process for all of them."""
    value = cache_get(key, rendered=rendered)
    if value is None:
        with _building(key):
            value = cache_get(key, rendered=rendered)
            if value is None:
                value = build()
                cache_set(key, value, rendered=rendered)
    return value


def _latest_key(state: BoardState, parts: tuple[str, ...]) -> str:
    """Where `coalesced` notes the last version it built `parts` for, for
    every process (`_latest`): a builder takes what it can from the site's
    last value (`last_built`), and a poll within the window is answered
    with what any process built a moment ago, so a change costs the site
    one build, not one per process."""
    return ":".join(
        ["board-latest", str(state.pk), state.generation, state.privacy, code_revision(), *parts]
    )


def _latest(state: BoardState, parts: tuple[str, ...]) -> dict | None:
    """{"version", "built"} of the last value `coalesced` built for `parts`."""
    return cache_get(_latest_key(state, parts), shared=True)


def last_built(state: BoardState, parts: tuple[str, ...]):
    """The value `coalesced` built last for `parts` of `state`'s evening, for
    a version before `state`'s, or None (none built, or no longer kept): a
    builder may take from it what the change did not touch."""
    latest = _latest(state, parts)
    if latest is None or latest["version"] >= state.version:
        return None
    shown = BoardState(state.pk, latest["version"], state.privacy, state.generation)
    return cache_get(cache_key(shown, *parts), rendered=True)


def _last(state: BoardState, parts: tuple[str, ...], held: int):
    """(value, its state, when it was built) of the last version `coalesced`
    built for `parts`, if it is older than `state`'s and no older than
    `held`; else None."""
    latest = _latest(state, parts)
    if latest is None or not held <= latest["version"] < state.version:
        return None
    shown = BoardState(state.pk, latest["version"], state.privacy, state.generation)
    value = cache_get(cache_key(shown, *parts), rendered=True)
    return None if value is None else (value, shown, latest["built"])


def _ready(state: BoardState, parts: tuple[str, ...], window: float, held: int):
    """(what `ready` answers, the last value built that will do once the
    window has passed, `_last`'s, looked up once for both)."""
    value = cache_get(cache_key(state, *parts), rendered=True)
    if value is not None:
        return (value, state), None
    last = _last(state, parts, held) if window > 0 else None
    if last is not None and time.time() - last[2] < window:
        return (last[0], last[1]), last
    return None, last


def ready(state: BoardState, parts: tuple[str, ...], window: float, held: int = 0):
    """What `coalesced` answers without building anything, or None: the
    value for `state`, or one built less than `window` seconds ago for an
    older version no older than `held`. Returns (value, the state it shows)."""
    return _ready(state, parts, window, held)[0]


def coalesced(state: BoardState, parts: tuple[str, ...], build, window: float, held: int = 0):
    """The value for `state` from the cache, else built by `build()` (which
    returns the value and the state it was built from), by one process for
    all of them (the others wait for it, `_building`).

    With a `window` in seconds: when the evening has moved on but a value
    for an older version was built less than `window` seconds ago, that one
    is returned with its own state instead of building again (`ready`). The
    caller then labels it with its own (older) ETag, so the phone asks again
    on its next poll: nobody is told an old board is current, and while
    results pour in, the site rebuilds at most once per window. Past the
    window, the last value built still answers at once while another
    process is building the new one (the lock is taken, not waited for).
    Never older than `held`, the version the phone holds (`held_version`):
    the last one built may be older than what another process showed it.
    Returns (value, the state it shows)."""
    answer, last = _ready(state, parts, window, held)
    if answer is not None:
        return answer
    # With an older value that will do, nobody waits for another's build:
    # a poll that came while a process builds is answered at once with the
    # last one (and asks again), instead of holding a server thread that the
    # volunteers' taps are queued behind.
    key = cache_key(state, *parts)
    with _building(key, 0 if last else BUILD_WAIT_SECONDS) as free:
        if not free and last is not None:
            return last[0], last[1]
        value = cache_get(key, rendered=True)
        if value is not None:
            return value, state
        value, built = build()
        cache_set(cache_key(built, *parts), value, rendered=True)
    known = _latest(state, parts)
    if known is None or known["version"] <= built.version:  # never moved back
        latest = {"version": built.version, "built": time.time()}
        cache_set(_latest_key(state, parts), latest, shared=True)
    return value, built


def state_of(evening: Evening) -> BoardState:
    return BoardState(evening.pk, evening.version, evening.hall.privacy, evening.generation)
