"""The public scoreboard, no sign-in: /e/<slug>/ (phones), its TV mode, one
couple's card (the cue card's QR code), "find my couple" and the JSON.

Freshness: every view except `find` is a conditional GET. Its ETag comes from
one query (`scoring.board.freshness.board_state`: the evening's id and
version, the database generation and the hall's privacy) plus the language
and the view kind, so a phone whose copy is current gets a 304 for that one
query. The polled parts are rendered and gzipped once per version and kept
in Django's cache (the key holds the version), so a full answer costs a
cache look-up, not a rebuild. Nothing in a process's memory decides
freshness: several processes or machines on one database give the same
answers.
"""

import json
import re
import threading

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import caches
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_safe

from cardnight.freshness import (
    BUILD_WAIT_SECONDS,
    CACHE_SECONDS,
    conditional,
    digest,
    is_current,
    polled_answer,
)
from scoring import board
from scoring.board.cards import CardPass, card_etag, plain
from scoring.board.packing import gzipped, packed, unpacked
from tables.models import Evening
from tables.whereabouts import current_seating

JSON_KIND = "json"

MESSAGES_COOKIE = CookieStorage.cookie_name


def _language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", "") or get_language() or ""


def cookies_digest(request: HttpRequest) -> str:
    """A short hash of the session, messages and CSRF cookies: a full page
    holds a CSRF token, the sign-in links and the messages waiting for this
    visitor, so it is only "the same" for the same cookies."""
    held = [
        request.COOKIES.get(name, "")
        for name in (settings.SESSION_COOKIE_NAME, MESSAGES_COOKIE, settings.CSRF_COOKIE_NAME)
    ]
    return digest(*held) if any(held) else "anon"


def _variant(request: HttpRequest, kind: str, htmx: bool, language: str) -> tuple[str, str, str]:
    """(kind, language, extra) of this request's ETag."""
    if kind == JSON_KIND:
        return kind, language, ""  # prize texts are in words
    if htmx:
        return f"{kind}-live", language, ""
    return kind, language, cookies_digest(request)


def _etag(request: HttpRequest, state: board.BoardState, name: str, htmx: bool, language: str):
    return board.etag(state, *_variant(request, name, htmx, language))


def _finish(response: HttpResponse, kind: str, htmx: bool) -> HttpResponse:
    """What every board answer says: ask again every time (`no-cache`), kept
    by the phone only (`private`) when it holds a CSRF token, and `Vary:
    HX-Request` because the poll and the page share a URL."""
    polled_answer(response)
    if kind != JSON_KIND and not htmx:
        patch_cache_control(response, private=True)
    return response


def public_board(kind: str):
    """Conditional GET for a board view: ETag from one query, 304 when the
    phone's copy is current, `Cache-Control: no-cache` so the phone always asks,
    and `Vary: HX-Request` because the poll and the page share a URL. The
    view finds the looked-up state in `request.board_state`."""

    def etag_func(request: HttpRequest, slug: str, **kwargs) -> str | None:
        # A poll that PollMiddleware could not answer comes with the
        # state it read: one query a poll, not two.
        state = getattr(request, "board_state", None) or board.board_state(slug)
        request.board_state = state
        if state is None:
            return None  # the view answers 404
        name = kind if "number" not in kwargs else f"{kind}-{kwargs['number']}"
        return _etag(request, state, name, bool(request.htmx), _language(request))

    return conditional(etag_func, lambda request, response: _finish(response, kind, request.htmx))


# A phone's poll of the board, the TV or a couple's card.
_POLLED = re.compile(r"^/e/(?P<slug>[-a-zA-Z0-9_]+)/(?:(?P<tv>tv/)|couple/(?P<number>[0-9]+)/)?$")


class PollMiddleware:
    """A phone's poll answered before the rest of the site runs (sessions,
    CSRF, messages, URL routing): a 304 when its copy is current, else the
    part built for the current version, from the cache, or built here once
    for every phone that asks; the same query, ETag, headers and body as the
    view's. Anything else goes on to the view. Right after the middleware
    that only add headers, in settings.MIDDLEWARE. It holds the polls' aims:
    a 304 at least 70 % of /healthz on SQLite, 60 % on PostgreSQL + Redis,
    and the flurry's CPU per result (nearly every poll has news while
    results come in; through the whole site one cost 2-3 times /healthz,
    and the polls that waited for a version's build 5 ms each:
    docs/development.md, "The board's read path")."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if meta.get("HTTP_IF_NONE_MATCH") and meta.get("HTTP_HX_REQUEST") == "true":
            match = _POLLED.match(request.path_info)
            if match and request.method == "GET":
                answer = _early_answer(request, match)
                if answer is not None:
                    return answer
        return self.get_response(request)


def _early_answer(request: HttpRequest, match: re.Match) -> HttpResponse | None:
    state = board.board_state(match["slug"])
    if state is None:
        return None  # the view says "not found"
    group = kind = "tv" if match["tv"] else "board"
    number = None if match["number"] is None else int(match["number"])
    if number is not None:
        kind = f"couple-{number}"
    language = translation.get_language_from_request(request)  # as LocaleMiddleware
    tag = _etag(request, state, kind, True, language)
    if is_current(request, tag):
        response = _finish(HttpResponseNotModified(), kind, True)
    else:
        request.board_state = state  # the view's, so it does not ask again
        part = "live" if number is None else number
        with translation.override(language):  # if it is built here, as the view would
            body, state = _polled_part(state, match["slug"], group, language, part)
        if body is None:
            return None  # no such couple: the view says so
        tag = _etag(request, state, kind, True, language)
        response = _part_answer(request, body, kind)
    patch_vary_headers(response, ["Accept-Language"])  # as LocaleMiddleware says it
    response["Content-Language"] = language
    response["ETag"] = tag
    return response


def _part_answer(request: HttpRequest, body: bytes, kind: str) -> HttpResponse:
    """A poll's answer: the part kept gzipped (`body`), with what every
    board answer says."""
    response = packed(request, body, "text/html; charset=utf-8")
    return _finish(response, kind, True)


def _parts(group: str, language: str) -> tuple[str, ...]:
    """What names in the cache, beside the version, the parts polls of
    `group` are answered with ("board": the board's and every couple card's;
    "tv": the TV's)."""
    return (group, language, str(settings.BOARD_POLL_SECONDS))


def _local_key(state: board.BoardState, group: str, language: str, part) -> str:
    return board.cache_key(state, *_parts(group, language), str(part))


_NOT_HERE = object()


def _kept_here(state: board.BoardState, group: str, language: str, part):
    """Part `part` of `group`'s at `state`'s version from this process's own
    copy: the part, None when the version's parts are here but not this one
    (no such couple), or _NOT_HERE."""
    local = caches["local"]
    body = local.get(_local_key(state, group, language, part))
    if body is not None:
        return body
    return None if local.has_key(_local_key(state, group, language, "live")) else _NOT_HERE


def _keep_here(state: board.BoardState, group: str, language: str, parts: dict) -> None:
    """`parts` in this process's own cache, each part under its own key: a
    poll with news then costs one small read, not a file read and the
    unpickling of 200 cards (Django's locmem cache pickles what it keeps).
    It holds the flurry's aim (CPU per result): 1.1 ms of CPU a poll with
    news with the cards kept together, nearly every poll while results come
    in."""
    each = {_local_key(state, group, language, "live"): parts["live"]}
    each[_local_key(state, group, language, "head")] = parts["head"]
    for number, card in parts.get("cards", {}).items():
        each[_local_key(state, group, language, number)] = card
    caches["local"].set_many(each, CACHE_SECONDS)


def _evening(slug: str) -> Evening:
    """The published evening, or 404: a private evening looks exactly like a
    missing one."""
    return get_object_or_404(Evening.objects.select_related("hall"), slug=slug, published=True)


def _state(request: HttpRequest) -> board.BoardState:
    state = getattr(request, "board_state", None)
    if state is None:
        raise Http404("no such public evening")
    return state


# Locks in each process, one chosen by the evening, group and language: the
# threads of a process that find a version's parts missing wait for ONE of
# them to fetch (or build) and keep them, rather than each reading the
# shared value (a file read and the unpickling of 200 cards, 3 ms) after the
# build they waited for. It holds the flurry's aim (CPU per result): about
# four polls a version came while it was built. A fixed number, so nothing
# grows with the evenings a process has served.
_FILLING = [threading.Lock() for _ in range(64)]


def _polled(request: HttpRequest, slug: str, group: str, part) -> tuple[object, board.BoardState]:
    return _polled_part(_state(request), slug, group, _language(request), part)


def _polled_part(
    state: board.BoardState, slug: str, group: str, language: str, part
) -> tuple[object, board.BoardState]:
    """Part `part` of what the polls of `group` are answered with at this
    version and language ("live", "head" or a couple's number: its card;
    None when there is no such couple), and the state it shows: `state`'s
    version, or a newer one when a write came first.

    The parts of a version (for "board", the board's live part and every
    couple's card, `CardPass`; for "tv", the TV's live part; and the page's
    heading) are rendered and gzipped once for every phone, without the
    request (so nothing per-person is in them), and kept in the shared cache
    as one value built under one lock (on the laptop one file written: the
    flurry's CPU per result), then in each process's own cache part by
    part."""
    found = _kept_here(state, group, language, part)
    if found is not _NOT_HERE:
        return found, state
    lock = _FILLING[hash((state.pk, group, language)) % len(_FILLING)]
    held = lock.acquire(timeout=BUILD_WAIT_SECONDS)  # a slow fill slows, never blocks
    try:
        found = _kept_here(state, group, language, part)
        if found is not _NOT_HERE:
            return found, state
        value, state = board.built(
            state, _parts(group, language), lambda: _build(slug, group, language)
        )
        _keep_here(state, group, language, value)
        return _part_of(value, part), state
    finally:
        if held:
            lock.release()


def _build(slug: str, group: str, language: str) -> tuple[dict, board.BoardState]:
    """Every part of `group`'s at the evening's version now (see `_polled_part`)."""
    evening = _evening(slug)
    shown = board.state_of(evening)
    data = board.build_board(evening)
    context = {
        "board": data,
        "poll": settings.BOARD_POLL_SECONDS,
        "etag": board.etag(shown, f"{group}-live", language),
        "slug": evening.slug,
    }
    live = str(render_to_string(f"board/{group}.html#live", context))
    parts = {"live": gzipped(live), "head": board.heading(evening)}
    if group == "board":
        cards = board.couple_cards(evening, data, current_seating(evening))
        parts["cards"] = CardPass(evening, language).every_card(cards)
    return parts, shown


def _part_of(parts: dict, part) -> object:
    """Part `part` among a version's: "live", "head", or couple `part`'s card."""
    return parts[part] if part in ("live", "head") else parts["cards"].get(part)


def _shown(response: HttpResponse, request: HttpRequest, shown: board.BoardState, tag: str):
    """A part built from a version newer than the one the request looked
    up carries its own ETag, so the phone holds what it was shown."""
    if shown.version != _state(request).version:
        response["ETag"] = tag
    return response


def _page(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """A board page (`kind` "board" or "tv"), or only its live part for an
    htmx poll; the live part from the cache when the version has been seen."""
    live, shown = _polled(request, slug, kind, "live")
    if request.htmx:
        response = packed(request, live, "text/html; charset=utf-8")
        tag = board.etag(shown, f"{kind}-live", _language(request))
        return _shown(response, request, shown, tag)
    head, _shown_state = _polled_part(shown, slug, kind, _language(request), "head")  # live's
    context = {
        "head": head,
        "live": mark_safe(unpacked(live)),  # noqa: S308 - our own template's output
        "poll": settings.BOARD_POLL_SECONDS,
    }
    return render(request, f"board/{kind}.html", context)


@require_safe
@gzip_page
@public_board("board")
def board_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The phone scoreboard; an htmx poll gets only its live part."""
    return _page(request, slug, "board")


@require_safe
@gzip_page
@public_board("tv")
def board_tv(request: HttpRequest, slug: str) -> HttpResponse:
    """Big-screen mode: large type, the standings scroll by themselves."""
    return _page(request, slug, "tv")


@require_safe
@public_board(JSON_KIND)
def board_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The board's data as JSON (the same privacy applies)."""
    language = _language(request)

    def build() -> tuple[bytes, board.BoardState]:
        evening = _evening(slug)
        data = board.get_board(evening, language)
        return gzipped(json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False)), board.state_of(
            evening
        )

    body, _shown_state = board.built(_state(request), (JSON_KIND, language), build)
    return packed(request, body, "application/json")


@require_safe
@gzip_page
@public_board("couple")
def board_couple(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One couple's punch card, table now and where it goes next (the cue
    card's QR code opens this). A poll's answer comes from the pass of
    every card of the version (`_polled`), the page's from the board's
    cached tree."""
    if request.htmx:
        card, shown = _polled(request, slug, "board", number)
        if card is None:
            raise Http404("no such couple")
        response = packed(request, card, "text/html; charset=utf-8")
        return _shown(response, request, shown, card_etag(shown, number, _language(request)))
    # The page's card says its ETag (data-etag), which the page's first poll
    # sends; a poll's answer leaves it to the ETag header.
    evening = _evening(slug)
    data = board.get_board(evening, _language(request))
    shown_card = board.couple_card(evening, number, data, board.get_seating(evening))
    if shown_card is None:
        raise Http404("no such couple")
    html = plain("board/_card.html", CardPass(evening, _language(request)).context(shown_card))
    head = board.heading(evening)
    context = {"number": number, "head": head, "card_html": mark_safe(html)}  # noqa: S308
    return render(request, "board/couple.html", context)


@require_safe
def board_find(request: HttpRequest, slug: str) -> HttpResponse:
    """Find my couple by number or name: one match opens its card, several
    are listed, none says so."""
    evening = _evening(slug)
    query = request.GET.get("q", "").strip()[:100]
    data = board.get_board(evening, _language(request))
    matches = board.match_couples(data["standings"], query) if query else []
    wants_name = bool(query) and board.parse_number(query) is None
    context = {
        "head": board.heading(evening),
        "query": query,
        "matches": matches,
        "name_search_off": wants_name and not board.names_are_public(evening.hall.privacy),
        "slug": evening.slug,
    }
    if len(matches) == 1:
        number = matches[0]["couple"]
        if not request.htmx:
            return redirect("board-couple", slug=evening.slug, number=number)
        card = board.couple_card(evening, number, data)
        context.update(CardPass(evening, _language(request)).context(card))
    template = "board/find.html#result" if request.htmx else "board/find.html"
    response = render(request, template, context)
    patch_cache_control(response, no_cache=True, private=True)
    return response
