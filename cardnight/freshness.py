"""Freshness of every polled page: the private live pages (tables/live.py)
and the public board (scoring/board/freshness.py) alike.

A page that is polled answers a conditional GET: its weak ETag is made of
what decides whether a copy is current (an evening's id and version, the
view, the language, ...) plus the code's revision, and a poll that holds it
gets a 304 with no page built. Each caller looks up its own parts (one small
query); this module makes the ETag, checks `If-None-Match`, and says what
every polled answer says (`no-cache`, `Vary: HX-Request`). It imports no app.
"""

import hashlib
import logging
import time
from contextlib import contextmanager
from functools import cache, wraps
from pathlib import Path

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.views.decorators.http import condition

from cardnight import live_script

logger = logging.getLogger(__name__)

# How long a built value stays in the cache. Keys hold the version, so this
# only bounds memory, never freshness.
CACHE_SECONDS = 15 * 60
# How long a request waits for another one building the same value before
# building it itself (a slow builder slows the others, never blocks them).
BUILD_WAIT_SECONDS = 3.0

# What a release is made of, under settings.SITE_DIR (migrations do not
# change a page).
_CODE = [("cardnight", "*.py"), ("tables", "*.py"), ("scoring", "*.py")]
_PAGES = [("templates", "*.html"), ("static/css", "*.css")]


@cache
def code_revision() -> str:
    """A short hash of the site's code, templates, styles and live script: a
    new release changes every ETag and every board cache key, so no phone
    keeps a page, and no cache a value, that the old code made."""
    site = Path(settings.SITE_DIR)
    paths = [
        path
        for folder, pattern in [*_CODE, *_PAGES]
        for path in sorted((site / folder).rglob(pattern))
        if "migrations" not in path.parts
    ]
    digest = hashlib.sha256()
    for path in [*paths, *live_script.paths(site)]:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:8]


def digest(*words: object) -> str:
    """A short hash of `words` that cannot go in an ETag as they are (a
    URL, a person's id, cookies)."""
    return hashlib.sha256("|".join(map(str, words)).encode()).hexdigest()[:16]


def weak_etag(*parts: object) -> str:
    """A weak ETag of `parts` (each plain letters, digits, '-' or '_') and the
    code's revision, readable: `W/"12.345.en.board.1a2b3c4d"`."""
    return 'W/"' + ".".join([*map(str, parts), code_revision()]) + '"'


def is_current(request: HttpRequest, etag: str) -> bool:
    """Does the request's `If-None-Match` hold `etag`? (A weak comparison,
    as Django's `condition` makes it.)"""
    held = request.META.get("HTTP_IF_NONE_MATCH")
    if not held:
        return False
    wanted = etag.removeprefix("W/")
    return any(tag.removeprefix("W/") == wanted for tag in parse_etags(held))


def polled_answer(response: HttpResponse) -> HttpResponse:
    """What every answer of a polled URL says: ask again every time
    (`no-cache`), and `Vary: HX-Request`, as the poll and the page share a URL."""
    patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ["HX-Request"])
    return response


def conditional(etag_func, finish=None):
    """A conditional GET for a polled view: `etag_func(request, *args,
    **kwargs)` gives the ETag (None: no ETag, the view answers, e.g. a 404)
    and a copy that is current gets a 304; then `finish(request, response)`
    (by default `polled_answer`) adds what every answer says."""

    def decorator(view):
        checked = condition(etag_func=etag_func)(view)

        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            response = checked(request, *args, **kwargs)
            return polled_answer(response) if finish is None else finish(request, response)

        return wrapped

    return decorator


# --- The cache: what is built once per version ---------------------------------
# Keys name what the value is made from (an evening's version, ...), so a
# value is never stale and no cache is ever emptied. Any failing cache (Redis
# gone) counts as empty: slower, never wrong.

_cache_warned = False


def _cache_failed() -> None:
    """Say once per process that the cache is failing (not on every poll)."""
    global _cache_warned
    if not _cache_warned:
        _cache_warned = True
        logger.warning("board cache unavailable: building every board", exc_info=True)


def cache_get(key: str):
    """A value from Django's cache, or None. A cache that fails (Redis gone)
    counts as empty: the board is then built every time, slower but never
    wrong."""
    try:
        return shared_cache.get(key)
    except Exception:  # noqa: BLE001 - any cache failure means "build it"
        _cache_failed()
        return None


def cache_get_many(keys: list[str]) -> dict:
    """The values of `keys` that the cache holds (a failing cache holds none)."""
    if not keys:
        return {}
    try:
        return shared_cache.get_many(keys)
    except Exception:  # noqa: BLE001 - any cache failure means "build it"
        _cache_failed()
        return {}


def cache_set_many(values: dict, seconds: int = CACHE_SECONDS) -> None:
    if not values:
        return
    try:
        shared_cache.set_many(values, seconds)
    except Exception:  # noqa: BLE001
        _cache_failed()


def cache_set(key: str, value) -> None:
    try:
        shared_cache.set(key, value, CACHE_SECONDS)
    except Exception:  # noqa: BLE001
        _cache_failed()


@contextmanager
def building(key: str):
    """While one request builds `key`'s value, the others (threads,
    processes, servers) wait for it rather than build it too: a lock key
    taken with `cache.add`, waited for at most BUILD_WAIT_SECONDS."""
    lock, held, pause = f"building:{key}", False, 0.005
    try:
        deadline = time.monotonic() + BUILD_WAIT_SECONDS
        while not (held := shared_cache.add(lock, 1, BUILD_WAIT_SECONDS)):
            if time.monotonic() >= deadline or shared_cache.has_key(key):
                break
            # Each look costs a file read on the laptop: 5 ms, then longer.
            time.sleep(pause)
            pause = min(2 * pause, 0.02)
    except Exception:  # noqa: BLE001 - no lock: build anyway
        _cache_failed()
    try:
        yield
    finally:
        if held:
            try:
                shared_cache.delete(lock)
            except Exception:  # noqa: BLE001
                _cache_failed()


def cached(key: str, build):
    """`build()` through the cache under `key`, built once (scoring/board/freshness.py `built`: a
    value made by whichever request comes first, the others wait for it)."""
    value = cache_get(key)
    if value is None:
        with building(key):
            value = cache_get(key)
            if value is None:
                value = build()
                cache_set(key, value)
    return value
