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

from cardnight.freshness import CACHE_SECONDS, conditional, digest, is_current, polled_answer
from scoring import board
from scoring.board.cards import CardPass, card_etag, plain
from scoring.board.packing import gzipped, packed, unpacked
from tables.models import Evening

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
        # A poll that NotModifiedMiddleware found not current comes with the
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


class NotModifiedMiddleware:
    """A phone's poll whose copy is current, answered 304 before the rest of
    the site runs (sessions, CSRF, messages, URL routing): the same query,
    ETag and headers as the view's own 304; anything else goes on to the
    view. Right after SecurityMiddleware in settings.MIDDLEWARE. It holds
    the polls' aim: a 304 at least 70 % of /healthz on SQLite, 60 % on
    PostgreSQL + Redis (docs/development.md, "The board's read path")."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        meta = request.META
        if meta.get("HTTP_IF_NONE_MATCH") and meta.get("HTTP_HX_REQUEST") == "true":
            match = _POLLED.match(request.path_info)
            if match and request.method == "GET":
                answer = _not_modified(request, match)
                if answer is not None:
                    return answer
        return self.get_response(request)


def _not_modified(request: HttpRequest, match: re.Match) -> HttpResponse | None:
    state = board.board_state(match["slug"])
    if state is None:
        return None  # the view says "not found"
    kind = "tv" if match["tv"] else "board"
    if match["number"] is not None:
        kind = f"couple-{int(match['number'])}"
    language = translation.get_language_from_request(request)  # as LocaleMiddleware
    tag = _etag(request, state, kind, True, language)
    if not is_current(request, tag):
        request.board_state = state  # the view's, so it does not ask again
        return None
    response = _finish(HttpResponseNotModified(), kind, True)
    patch_vary_headers(response, ["Accept-Language"])  # as LocaleMiddleware says it
    response["Content-Language"] = language
    response["ETag"] = tag
    return response


def _evening(slug: str) -> Evening:
    """The published evening, or 404: a private evening looks exactly like a
    missing one."""
    return get_object_or_404(Evening.objects.select_related("hall"), slug=slug, published=True)


def _state(request: HttpRequest) -> board.BoardState:
    state = getattr(request, "board_state", None)
    if state is None:
        raise Http404("no such public evening")
    return state


def _live(request: HttpRequest, slug: str, template: str, kind: str):
    """The polled part of a board page and the page's heading, rendered and
    gzipped once per version, privacy and language and kept in the cache: a
    hit costs no query beyond the ETag's. Rendered without the request, so
    nothing per-person can be in it. Returns the part and the state it shows."""
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
        return {"gzip": gzipped(html), "head": board.heading(evening)}, state

    parts = (live_kind, language, str(settings.BOARD_POLL_SECONDS))
    return board.built(_state(request), parts, build)


def _shown(response: HttpResponse, request: HttpRequest, shown: board.BoardState, tag: str):
    """A part built from a version newer than the one the request looked
    up carries its own ETag, so the phone holds what it was shown."""
    if shown.version != _state(request).version:
        response["ETag"] = tag
    return response


def _page(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    """A board page (`kind` "board" or "tv"), or only its live part for an
    htmx poll; the live part from the cache when the version has been seen."""
    template = f"board/{kind}.html"
    live, shown = _live(request, slug, f"{template}#live", kind)
    if request.htmx:
        response = packed(request, live["gzip"], "text/html; charset=utf-8")
        tag = board.etag(shown, f"{kind}-live", _language(request))
        return _shown(response, request, shown, tag)
    context = {
        "head": live["head"],
        "live": mark_safe(unpacked(live["gzip"])),  # noqa: S308 - our own template's output
        "poll": settings.BOARD_POLL_SECONDS,
    }
    return render(request, template, context)


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


def _cards(request: HttpRequest, slug: str) -> tuple[dict, board.BoardState]:
    """Every couple's card of the evening, built in ONE pass over the
    board's cached tree and seating once per version and language and kept
    in the cache (`CardPass`): a result costs the site one pass, whichever
    card or phone asks first."""
    language = _language(request)

    def build() -> tuple[dict, board.BoardState]:
        evening = _evening(slug)
        data = board.get_board(evening, language)
        cards = board.couple_cards(evening, data, board.get_seating(evening))
        shared = CardPass(evening, language)
        return shared.every_card(cards), shared.state

    parts = ("cards", language, str(settings.BOARD_POLL_SECONDS))
    state = _state(request)
    local = caches["local"]  # this process's copy: a card's poll reads no other card
    key = board.cache_key(state, *parts)
    kept = local.get(key)
    if kept is not None:
        return kept, state
    cards, shown = board.built(state, parts, build)
    local.set(board.cache_key(shown, *parts), cards, CACHE_SECONDS)
    return cards, shown


@require_safe
@gzip_page
@public_board("couple")
def board_couple(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One couple's punch card, table now and where it goes next (the cue
    card's QR code opens this). Costs what the board costs: the card comes
    from the cache, built from the board's cached tree."""
    cards, shown = _cards(request, slug)
    card = cards["cards"].get(number)
    if card is None:
        raise Http404("no such couple")
    if request.htmx:
        response = packed(request, card, "text/html; charset=utf-8")
        return _shown(response, request, shown, card_etag(shown, number, _language(request)))
    # The page's card says its ETag (data-etag), which the page's first poll
    # sends; a poll's answer leaves it to the ETag header.
    evening = _evening(slug)
    data = board.get_board(evening, _language(request))
    shown_card = board.couple_card(evening, number, data, board.get_seating(evening))
    html = plain("board/_card.html", CardPass(evening, _language(request)).context(shown_card))
    context = {"number": number, "head": cards["head"], "card_html": mark_safe(html)}  # noqa: S308
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
