"""The public scoreboard, no sign-in: /e/<slug>/ (phones), its TV mode, one
couple's card (the cue card's QR code), "find my couple" and the JSON.

Freshness: every view except `find` is a conditional GET. Its ETag comes from
one query (`scoring.board.board_state`: the evening's id and version and the
hall's privacy) plus the language and the view kind, so a phone whose copy
is current gets a 304 for that one query. The polled fragments are rendered
once per version and kept in Django's cache (the key holds the version), so
a full answer costs a cache look-up, not a rebuild. Nothing in a process's
memory decides freshness: several processes or machines on one database
give the same answers.
"""

import hashlib
import json
from functools import wraps

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_safe

from scoring import board
from tables.models import Evening

JSON_KIND = "json"


def _language(request: HttpRequest) -> str:
    return getattr(request, "LANGUAGE_CODE", "") or get_language() or ""


def _cookies(request: HttpRequest) -> str:
    """A short hash of the session and CSRF cookies: a full page holds a CSRF
    token and the sign-in links, so it is only "the same" for the same cookies."""
    raw = "|".join(
        request.COOKIES.get(name, "")
        for name in (settings.SESSION_COOKIE_NAME, settings.CSRF_COOKIE_NAME)
    )
    return hashlib.sha256(raw.encode()).hexdigest()[:10] if raw.strip("|") else "anon"


def _variant(request: HttpRequest, kind: str) -> tuple[str, str, str]:
    """(kind, language, extra) of this request's ETag."""
    if kind == JSON_KIND:
        return kind, _language(request), ""  # prize texts are in words
    if request.htmx:
        return f"{kind}-live", _language(request), ""
    return kind, _language(request), _cookies(request)


def public_board(kind: str):
    """Conditional GET for a board view: ETag from one query, 304 when the
    phone's copy is current, `Cache-Control: no-cache` so the phone always asks,
    and `Vary: HX-Request` because the poll and the page share a URL."""

    def decorator(view):
        def etag_func(request: HttpRequest, slug: str, **kwargs) -> str | None:
            state = board.board_state(slug)
            if state is None:
                return None  # the view answers 404
            name = kind if "number" not in kwargs else f"{kind}-{kwargs['number']}"
            variant, language, extra = _variant(request, name)
            return board.etag(state, variant, language, extra)

        conditional = condition(etag_func=etag_func)(view)

        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            response = conditional(request, *args, **kwargs)
            patch_cache_control(response, no_cache=True)
            if kind != JSON_KIND and not request.htmx:
                patch_cache_control(response, private=True)
            patch_vary_headers(response, ["HX-Request"])
            return response

        return wrapped

    return decorator


def _evening(slug: str) -> Evening:
    """The published evening, or 404: a private evening looks exactly like a
    missing one."""
    return get_object_or_404(Evening.objects.select_related("hall"), slug=slug, published=True)


def _live(request: HttpRequest, evening: Evening, template: str, kind: str) -> str:
    """The polled part of a board page, rendered once per version and language
    and kept in the cache. Rendered without the request: nothing per-person
    may be in it."""
    state = board.state_of(evening)
    language = _language(request)
    live_kind = f"{kind}-live"

    def render_live() -> str:
        context = {
            "board": board.get_board(evening, _language(request)),
            "poll": settings.BOARD_POLL_SECONDS,
            "etag": board.etag(state, live_kind, language),
            "slug": evening.slug,
        }
        return str(render_to_string(template, context))

    key = board.cache_key(state, live_kind, language, str(settings.BOARD_POLL_SECONDS))
    return mark_safe(board.cached(key, render_live))  # noqa: S308 - our own template's output


def _page_context(evening: Evening, **extra) -> dict:
    return {
        "evening": evening,
        "names_shown": board.names_are_public(evening.hall.privacy),
        "poll": settings.BOARD_POLL_SECONDS,
        **extra,
    }


@require_safe
@public_board("board")
def board_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The phone scoreboard; an htmx poll gets only its live part."""
    evening = _evening(slug)
    live = _live(request, evening, "board/board.html#live", "board")
    if request.htmx:
        return HttpResponse(live)
    return render(request, "board/board.html", _page_context(evening, live=live))


@require_safe
@public_board("tv")
def board_tv(request: HttpRequest, slug: str) -> HttpResponse:
    """Big-screen mode: large type, the standings scroll by themselves."""
    evening = _evening(slug)
    live = _live(request, evening, "board/tv.html#live", "tv")
    if request.htmx:
        return HttpResponse(live)
    return render(request, "board/tv.html", _page_context(evening, live=live))


@require_safe
@public_board(JSON_KIND)
def board_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The board's data as JSON (the same privacy applies)."""
    evening = _evening(slug)

    language = _language(request)

    def dump() -> str:
        data = board.get_board(evening, language)
        return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False)

    key = board.cache_key(board.state_of(evening), JSON_KIND, language)
    body = board.cached(key, dump)
    return HttpResponse(body, content_type="application/json")


def _card_context(evening: Evening, card: dict, request: HttpRequest) -> dict:
    state = board.state_of(evening)
    return {
        "card": card,
        "slug": evening.slug,
        "poll": settings.BOARD_POLL_SECONDS,
        "etag": board.etag(state, f"couple-{card['couple']}-live", _language(request)),
    }


@require_safe
@public_board("couple")
def board_couple(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One couple's punch card, table now and where it goes next (the cue
    card's QR code opens this)."""
    evening = _evening(slug)
    card = board.couple_card(evening, number, board.get_board(evening, _language(request)))
    if card is None:
        raise Http404("no such couple")
    context = _card_context(evening, card, request)
    if request.htmx:
        return render(request, "board/couple.html#card", context)
    return render(request, "board/couple.html", _page_context(evening, **context))


@require_safe
def board_find(request: HttpRequest, slug: str) -> HttpResponse:
    """Find my couple by number or name: one match opens its card, several
    are listed, none says so."""
    evening = _evening(slug)
    query = request.GET.get("q", "").strip()[:100]
    data = board.get_board(evening, _language(request))
    matches = board.match_couples(data["standings"], query) if query else []
    names_shown = board.names_are_public(evening.hall.privacy)
    wants_name = bool(query) and board.parse_number(query) is None
    card = None
    if len(matches) == 1:
        if not request.htmx:
            return redirect("board-couple", slug=evening.slug, number=matches[0]["couple"])
        card = board.couple_card(evening, matches[0]["couple"], data)
    context = _page_context(
        evening,
        query=query,
        matches=matches,
        name_search_off=wants_name and not names_shown,
        slug=evening.slug,
    )
    if card is not None:
        context.update(_card_context(evening, card, request))
    template = "board/find.html#result" if request.htmx else "board/find.html"
    response = render(request, template, context)
    patch_cache_control(response, no_cache=True, private=True)
    return response
