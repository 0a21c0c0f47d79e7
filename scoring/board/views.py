"""The public scoreboard, no sign-in: /e/<slug>/ (phones), its TV mode, one
couple's card (the cue card's QR code), "find my couple" and the JSON.

Freshness: every view except `find` is a conditional GET. Its ETag comes from
one query (`scoring.board.freshness.board_state`: the evening's id and version and the
hall's privacy) plus the language and the view kind, so a phone whose copy
is current gets a 304 for that one query. The polled fragments are rendered
once per version and kept in Django's cache (the key holds the version), so
a full answer costs a cache look-up, not a rebuild. Nothing in a process's
memory decides freshness: several processes or machines on one database
give the same answers.
"""

import functools
import json
import re

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import CsrfViewMiddleware
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from cardnight.freshness import conditional, digest, is_current, polled_answer
from scoring import board
from scoring.board import freshness
from scoring.board.cards import CardPass, card_etag, in_page, poll_answer
from scoring.board.packing import CSRF_SLOT, PackedPage, gzipped, packed, send_page
from tables.models import Evening

JSON_KIND = "json"


MESSAGES_COOKIE = CookieStorage.cookie_name


def _language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", "") or get_language() or ""


def _cookies(request: HttpRequest) -> str:
    """A short hash of the session, messages and CSRF cookies: a full page
    holds a CSRF token, the sign-in links and the messages waiting for this
    visitor, so it is only "the same" for the same cookies."""
    held = [
        request.COOKIES.get(name, "")
        for name in (settings.SESSION_COOKIE_NAME, MESSAGES_COOKIE, settings.CSRF_COOKIE_NAME)
    ]
    return digest(*held) if any(held) else "anon"


def _personal(cookies: dict[str, str]) -> bool:
    """THE rule of whose full page may be kept and sent to every visitor:
    nobody's with a session (its sign-in links and role) or with messages
    waiting for it (the page would show them, and Django keeps them in a
    cookie while they fit)."""
    return bool(cookies.get(settings.SESSION_COOKIE_NAME) or cookies.get(MESSAGES_COOKIE))


def _variant(request: HttpRequest, kind: str, htmx: bool, language: str) -> tuple[str, str, str]:
    """(kind, language, extra) of this request's ETag."""
    if kind == JSON_KIND:
        return kind, language, ""  # prize texts are in words
    if htmx:
        return f"{kind}-live", language, ""
    return kind, language, _cookies(request)


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
        state = request.board_state = _looked_up(request, slug)
        if state is None:
            return None  # the view answers 404
        name = kind if "number" not in kwargs else f"{kind}-{kwargs['number']}"
        return _etag(request, state, name, bool(request.htmx), _language(request))

    return conditional(etag_func, lambda request, response: _finish(response, kind, request.htmx))


# The polls a hall of phones sends every few seconds: the board, the TV and a
# couple's card, each with HX-Request and the ETag of the part it shows.
_POLLED = re.compile(r"^/e/(?P<slug>[-a-zA-Z0-9_]+)/(?:(?P<tv>tv/)|couple/(?P<number>[0-9]+)/)?$")


class PollMiddleware:
    """A phone's poll whose copy is current, answered 304 before the rest of
    the site runs (sessions, CSRF, messages, URL routing, the view).

    The answer is exactly the view's own: the same state (`board_state`, the
    one query), the same ETag (`_etag`, with the language LocaleMiddleware
    would pick) and the same headers (`_finish`). Anything else, a changed
    part included, goes on to the view as before. Placed right after
    SecurityMiddleware in settings.MIDDLEWARE. Polls are most of a hall's
    requests; answered here, one costs about half of what it did through the
    whole stack (docs/development.md, "Polls")."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.csrf = CsrfViewMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        answer = self.not_modified(request)
        if answer is not None:
            return answer
        shared = self.shared_page(request)
        if shared is not None and (kept := _pages.get(shared[0])) is not None:
            return self.page_answer(request, shared, *kept)
        live = self.live_poll(request)
        if live is not None:
            return live
        response = self.get_response(request)
        kind = getattr(response, "board_live", None)
        if kind and response.status_code == 200:
            language = response.get("Content-Language", "")
            headers = {k: v for k, v in response.items() if k.lower() not in _OWN_HEADERS}
            _live_headers[kind, language] = headers
        page = getattr(response, "board_page", None)
        if shared is not None and page is not None and response.status_code == 200:
            headers = [(k, v) for k, v in response.items() if k.lower() not in _OWN_HEADERS]
            _pages.put(shared[0], (page, headers))
        return response

    @staticmethod
    def live_poll(request: HttpRequest) -> HttpResponse | None:
        """A poll with news (the board's, the TV's or a couple card's live
        part), answered with what the view would answer when that is in the
        cache already (`board.ready`: the version's part, or one built a
        moment ago within the window; nothing is built here) and this
        process has answered such a poll in this language before (its
        headers). Anything else goes on to the view. A poll with news costs
        about a 304 plus the bytes, not the whole stack."""
        if request.method != "GET" or request.META.get("HTTP_HX_REQUEST") != "true":
            return None
        match = _POLLED.match(request.path_info)
        if match is None or request.META.get("QUERY_STRING"):
            return None
        kind = "tv" if match["tv"] else "board" if match["number"] is None else "couple"
        language = _asked_language(request)
        headers = _live_headers.get((kind, language))
        state = _looked_up(request, match["slug"]) if headers is not None else None
        if state is None:
            return None
        parts = _live_parts("cards" if kind == "couple" else f"{kind}-live", language)
        held = board.held_version(request, state)
        found = board.ready(state, parts, settings.BOARD_MIN_REBUILD_SECONDS, held)
        if found is None:
            return None
        value, shown = found
        if kind == "couple":
            number = int(match["number"])
            card = value["cards"].get(number)
            tag = card_etag(shown, number, language)
            if card is None or is_current(request, tag):
                return None  # the view answers ("not found", or as it does)
            response = poll_answer(request, card, headers)
        else:
            tag = board.etag(shown, f"{kind}-live", language)
            if is_current(request, tag):
                return None
            response = packed(
                request, value["html"], value["gzip"], "text/html; charset=utf-8", headers
            )
        response["ETag"] = tag
        response["Content-Length"] = str(len(response.content))  # as CommonMiddleware says
        return response

    @staticmethod
    def shared_page(request: HttpRequest):
        """(cache key, state, kind, language) of a full board, TV or couple
        page that is the same for every visitor (no session, no messages, no
        query, not conditional), or None."""
        meta = request.META
        if request.method != "GET" or "HTTP_HX_REQUEST" in meta or meta.get("QUERY_STRING"):
            return None
        if "HTTP_IF_NONE_MATCH" in meta or "HTTP_IF_MODIFIED_SINCE" in meta:
            return None
        if _personal(request.COOKIES):
            return None
        match = _POLLED.match(request.path_info)
        if match is None:
            return None
        state = _looked_up(request, match["slug"])
        if state is None:
            return None
        kind = "tv" if match["tv"] else "board"
        if match["number"] is not None:
            kind = f"couple-{int(match['number'])}"
        language = _asked_language(request)
        poll = str(settings.BOARD_POLL_SECONDS)
        return board.cache_key(state, f"{kind}-page", language, poll), state, kind, language

    def page_answer(self, request, shared, page: "PackedPage", headers) -> HttpResponse:
        """The page this process sent before for this version, with this
        visitor's CSRF token and cookie: what the view and the middleware
        after this one answered, without running them again."""
        _key, state, kind, language = shared
        self.csrf.process_request(request)
        response = send_page(request, page, headers)
        response["ETag"] = _etag(request, state, kind, False, language)
        response["Content-Length"] = str(len(response.content))  # as CommonMiddleware says
        return self.csrf.process_response(request, response)

    @staticmethod
    def not_modified(request: HttpRequest) -> HttpResponse | None:
        held = request.META.get("HTTP_IF_NONE_MATCH")
        # The header read from META: `request.headers` would parse every header.
        if not held or request.method != "GET" or request.META.get("HTTP_HX_REQUEST") != "true":
            return None
        match = _POLLED.match(request.path_info)
        if match is None:
            return None
        state = _looked_up(request, match["slug"])
        if state is None:
            return None  # the view says "not found"
        kind = "tv" if match["tv"] else "board"
        if match["number"] is not None:
            kind = f"couple-{int(match['number'])}"
        language = _asked_language(request)
        tag = _etag(request, state, kind, True, language)
        if not is_current(request, tag):
            return None
        response = HttpResponseNotModified()
        for name, value in _not_modified_headers():
            response[name] = value
        response["ETag"] = tag
        response["Content-Language"] = language  # as LocaleMiddleware says it
        return response


@functools.cache
def _not_modified_headers() -> list[tuple[str, str]]:
    """The headers of every poll's 304 but its ETag and language, as
    `_finish` and LocaleMiddleware make them (worked out once: they are the
    same for every board, TV and card poll)."""
    response = _finish(HttpResponseNotModified(), "board", True)
    patch_vary_headers(response, ["Accept-Language"])
    return list(response.items())


def _asked_language(request: HttpRequest) -> str:
    """The language LocaleMiddleware would pick for `request`, worked out
    once per request however many of PollMiddleware's answers ask."""
    language = request.__dict__.get("_board_language")
    if language is None:
        language = request._board_language = translation.get_language_from_request(request)
    return language


def _looked_up(request: HttpRequest, slug: str) -> board.BoardState | None:
    """`board.board_state(slug)`, asked once per request however many of
    PollMiddleware's answers and the view's ETag look at it."""
    held = request.__dict__.get("_board_looked_up")
    if held is None or held[0] != slug:
        held = request._board_looked_up = (slug, board.board_state(slug))
    return held[1]


# The full pages this process sent, with the headers the rest of the site
# gave them, by their `cache_key` (which names the version): the next
# visitor's copy is answered by PollMiddleware.
_pages = freshness._Recent(size=64)
# What each answer sets for itself (`PollMiddleware.page_answer`).
_OWN_HEADERS = {"content-length", "content-encoding", "etag", "set-cookie"}
# The headers of a live part's poll answered by the view, by (kind, language):
# kind is "board", "tv" or "couple" (`PollMiddleware.live_poll`).
_live_headers: dict[tuple[str, str], dict[str, str]] = {}


def _live_parts(kind: str, language: str) -> tuple[str, str, str]:
    """The `coalesced` parts of a polled live part (`kind`: "board-live",
    "tv-live", or "cards" for every couple's card): the view and
    PollMiddleware look it up under the same key."""
    return kind, language, str(settings.BOARD_POLL_SECONDS)


def _evening(slug: str) -> Evening:
    """The published evening, or 404: a private evening looks exactly like a
    missing one."""
    return get_object_or_404(Evening.objects.select_related("hall"), slug=slug, published=True)


def _state(request: HttpRequest) -> board.BoardState:
    state = getattr(request, "board_state", None)
    if state is None:
        raise Http404("no such public evening")
    return state


def _live(
    request: HttpRequest, slug: str, template: str, kind: str, *, recent: bool = False
) -> tuple[dict, board.BoardState]:
    """The polled part of a board page and the page's heading, rendered once
    per version, privacy and language and kept in the cache: a hit costs no
    query beyond the ETag's. Rendered without the request, so nothing
    per-person can be in it. Built from an evening read AFTER the version
    was looked up, so a cached part is never older than its key says.

    Returns the part and the state it shows. With `recent`, a part built for
    an older version less than `settings.BOARD_MIN_REBUILD_SECONDS` ago is
    good enough (see `board.coalesced`): while results pour in, a hall of
    polling phones costs one rebuild a second, not one per result."""
    language = _language(request)
    live_kind = f"{kind}-live"

    def build() -> tuple[dict, board.BoardState]:
        evening = _evening(slug)
        state = board.state_of(evening)
        context = {
            "board": board.get_board(evening, language),
            "poll": settings.BOARD_POLL_SECONDS,
            "etag": board.etag(state, live_kind, language),
            "slug": evening.slug,
        }
        html = str(render_to_string(template, context))
        return {"html": html, "gzip": gzipped(html), "head": board.heading(evening)}, state

    return _recent(request, _live_parts(live_kind, language), build, recent=recent)


def _page(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """A board page (`kind` "board" or "tv"), or only its live part for an
    htmx poll; both from the cache when the version has been seen before."""
    template = f"board/{kind}.html"
    if request.htmx:
        live, shown = _live(request, slug, f"{template}#live", kind, recent=True)
        response = packed(request, live["html"], live["gzip"], "text/html; charset=utf-8")
        response.board_live = kind  # PollMiddleware answers the next such poll
        if shown.version != _state(request).version:
            # A part a moment old: its own ETag, so the next poll asks again.
            response["ETag"] = board.etag(shown, f"{kind}-live", _language(request))
        return response
    shared = not _personal(request.COOKIES) and not request.GET
    poll = str(settings.BOARD_POLL_SECONDS)
    key = board.cache_key(_state(request), f"{kind}-page", _language(request), poll)
    page = board.cache_get(key, rendered=True) if shared else None
    if page is None:
        live, _shown = _live(request, slug, f"{template}#live", kind)
        context = {
            "head": live["head"],
            "live": mark_safe(live["html"]),  # noqa: S308 - our own template's output
            "poll": settings.BOARD_POLL_SECONDS,
        }
        if not shared:
            return HttpResponse(render_to_string(template, context, request=request))
        context["csrf_token"] = CSRF_SLOT
        page = PackedPage(render_to_string(template, context, request=request))
        board.cache_set(key, page, rendered=True)
    return send_page(request, page)


@require_safe
@public_board("board")
def board_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The phone scoreboard; an htmx poll gets only its live part."""
    return _page(request, slug, "board")


@require_safe
@public_board("tv")
def board_tv(request: HttpRequest, slug: str) -> HttpResponse:
    """Big-screen mode: large type, the standings scroll by themselves."""
    return _page(request, slug, "tv")


@require_safe
@public_board(JSON_KIND)
def board_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The board's data as JSON (the same privacy applies)."""
    language = _language(request)
    value = board.cache_get(board.cache_key(_state(request), JSON_KIND, language), rendered=True)
    if value is None:
        evening = _evening(slug)
        data = board.get_board(evening, language)
        body = json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False)
        value = {"body": body, "gzip": gzipped(body)}
        board.cache_set(
            board.cache_key(board.state_of(evening), JSON_KIND, language), value, rendered=True
        )
    return packed(request, value["body"], value["gzip"], "application/json")


def _recent(request: HttpRequest, parts: tuple[str, ...], build, *, recent: bool):
    """`board.coalesced` for this request's evening: with `recent`, what was
    built less than `settings.BOARD_MIN_REBUILD_SECONDS` ago will do, if it
    is no older than what the phone holds."""
    window = settings.BOARD_MIN_REBUILD_SECONDS if recent else 0
    state = _state(request)
    return board.coalesced(state, parts, build, window, board.held_version(request, state))


def _cards(request: HttpRequest, slug: str, *, recent: bool) -> tuple[dict, board.BoardState]:
    """Every couple's card of the evening (its context and rendered live
    part, by couple number), built in ONE pass over the board's cached tree
    and seating once per version and language, and kept in the shared
    cache: a result costs the site one pass, whichever process, card or
    phone asks first (`board.coalesced` builds once for all processes).
    With `recent`, a pass a moment old will do (see `_live`)."""
    language = _language(request)
    parts = _live_parts("cards", language)

    def build() -> tuple[dict, board.BoardState]:
        evening = _evening(slug)
        data = board.get_board(evening, language)
        shared = CardPass(evening, language, board.last_built(board.state_of(evening), parts))
        cards = board.couple_cards(evening, data, board.get_seating(evening))
        return shared.every_card(cards), shared.state

    return _recent(request, parts, build, recent=recent)


@require_safe
@public_board("couple")
def board_couple(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One couple's punch card, table now and where it goes next (the cue
    card's QR code opens this). Costs what the board costs: the card comes
    from the cache, built from the board's cached tree."""
    cards, shown = _cards(request, slug, recent=bool(request.htmx))
    card = cards["cards"].get(number)
    if card is None:
        raise Http404("no such couple")
    etag = card_etag(shown, number, _language(request))
    if request.htmx:
        response = poll_answer(request, card)
        response.board_live = "couple"  # PollMiddleware answers the next such poll
        if shown.version != _state(request).version:
            # A card a moment old: its own ETag, so the next poll asks again.
            response["ETag"] = etag
        return response
    html = in_page(card, etag)
    context = {"number": number, "head": cards["head"], "card_html": mark_safe(html)}  # noqa: S308
    shared = not _personal(request.COOKIES) and not request.GET
    if not shared:
        return render(request, "board/couple.html", context)
    poll = str(settings.BOARD_POLL_SECONDS)
    key = board.cache_key(_state(request), f"couple-{number}-page", _language(request), poll)
    page = board.cache_get(key, rendered=True)
    if page is None:
        context["csrf_token"] = CSRF_SLOT
        page = PackedPage(render_to_string("board/couple.html", context, request=request))
        board.cache_set(key, page, rendered=True)
    return send_page(request, page)


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
