"""A hall's public page (/h/<hall>/) and its calendar feed (/h/<hall>/evenings.ics),
no sign-in: where and when the games are, the results of past evenings and
the season table, only of published evenings, and names only as the hall's
privacy setting allows (`scoring.season.public_season`, through the one
privacy rule in tables.privacy). A fixed number of queries.

Nothing on it grows with the hall's history (issue 47): past evenings and
the season's tables come PAST_SHOWN and SEASON_SHOWN at a time with pages
for the rest, what the page shows of them is kept once for what the season
is made of (`scoring.season.season_part`: a request reads its part, never
the whole season), and a phone that has the page gets a 304 (an ETag of
what the page is made of; Cache-Control: no-cache, so it always asks).
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_safe

from cardnight.freshness import digest, weak_etag
from cardnight.numbers import read_id
from scoring.board.calendar import hall_calendar, webcal
from scoring.board.views import cookies_digest
from scoring.season import page_of, public_view, season_digest, season_part
from tables import links, queries
from tables.models import Hall

PAST_SHOWN = 10  # past evenings a page
SEASON_SHOWN = 25  # couples and players a page of the season's tables


def _hall(slug: str) -> Hall:
    return get_object_or_404(Hall, slug=slug)


def _page_number(request: HttpRequest, name: str) -> int:
    return read_id(request.GET.get(name), most=10_000) or 1


def _hall_etag(request: HttpRequest, hall_slug: str) -> str | None:
    """What the page is made of: the hall, its published evenings' versions,
    the season's digest, today, the pages asked for, the language and the
    visitor's cookies (the page holds a CSRF token and the sign-in links)."""
    hall = Hall.objects.filter(slug=hall_slug).first()
    if hall is None:
        return None  # the view says "not found"
    evenings = list(hall.evenings.published().order_by("pk").values_list("pk", "version"))
    made_of = digest(
        hall.name, hall.address, hall.note, hall.phone_address, evenings,
        season_digest(hall, published_only=True), timezone.localdate(),
        _page_number(request, "past"), _page_number(request, "season"),
    )  # fmt: skip
    return weak_etag(hall.pk, made_of, get_language() or "-", cookies_digest(request))


@require_safe
@condition(etag_func=_hall_etag)
def hall_page(request: HttpRequest, hall_slug: str) -> HttpResponse:
    hall = _hall(hall_slug)
    today = timezone.localdate()
    upcoming = list(queries.upcoming_public(today).for_hall(hall))
    coming = sorted(evening.pk for evening in upcoming)
    past_asked, season_asked = _page_number(request, "past"), _page_number(request, "season")
    privacy = hall.privacy

    def build(table):
        season = public_view(table, privacy)
        past = [
            (evening, season.winners.get(evening.id, ()))
            for evening in reversed(season.evenings)
            if evening.id not in coming
        ]
        rows = page_of(season.rows, SEASON_SHOWN, season_asked)
        players = page_of(season.players, SEASON_SHOWN, season_asked)
        pages = max(rows.paginator.num_pages, players.paginator.num_pages)
        return {
            "past": page_of(past, PAST_SHOWN, past_asked),
            "season": {"evenings": bool(season.evenings), "names_shown": season.names_shown},
            "season_rows": rows,
            "season_players": players,
            "season_pages": pages,
            "season_page": min(season_asked, pages),
        }

    # What the page shows of the season, kept for the pages asked for.
    part = f"hall-page:{past_asked}:{season_asked}:{'-'.join(map(str, coming))}"
    shown = season_part(hall, part, build, published_only=True)
    feed = links.absolute_link(
        links.phone_address(hall), reverse("hall-calendar", args=[hall.slug])
    )
    context = {
        "hall": hall,
        "upcoming": upcoming,
        **shown,
        "feed": feed,
        "webcal": webcal(feed),
    }
    response = render(request, "board/hall.html", context)
    patch_cache_control(response, no_cache=True)  # asks each time; a 304 when unchanged
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response


@require_safe
def hall_feed(request: HttpRequest, hall_slug: str) -> HttpResponse:
    hall = _hall(hall_slug)
    response = HttpResponse(hall_calendar(hall), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{hall.slug}.ics"'
    patch_cache_control(response, no_cache=True)
    return response
