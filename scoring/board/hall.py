"""A hall's public page (/h/<hall>/) and its calendar feed (/h/<hall>/evenings.ics),
no sign-in: where and when the games are, the results of past evenings and
the season table, only of published evenings, and names only as the hall's
privacy setting allows (`scoring.season.public_season`, through the one
privacy rule in tables.privacy). A fixed number of queries.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from scoring.board.calendar import hall_calendar, webcal
from scoring.season import public_season
from tables import links, queries
from tables.models import Hall


def _hall(slug: str) -> Hall:
    return get_object_or_404(Hall, slug=slug)


@require_safe
def hall_page(request: HttpRequest, hall_slug: str) -> HttpResponse:
    hall = _hall(hall_slug)
    today = timezone.localdate()
    upcoming = list(queries.upcoming_public(today).for_hall(hall))
    coming = {evening.pk for evening in upcoming}
    season = public_season(hall)
    past = [
        (evening, season.winners.get(evening.id, ()))
        for evening in reversed(season.evenings)
        if evening.id not in coming
    ]
    feed = links.absolute_link(
        links.phone_address(hall), reverse("hall-calendar", args=[hall.slug])
    )
    context = {
        "hall": hall,
        "upcoming": upcoming,
        "past": past,
        "season": season,
        "feed": feed,
        "webcal": webcal(feed),
    }
    return render(request, "board/hall.html", context)


@require_safe
def hall_feed(request: HttpRequest, hall_slug: str) -> HttpResponse:
    hall = _hall(hall_slug)
    response = HttpResponse(hall_calendar(hall), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{hall.slug}.ics"'
    patch_cache_control(response, no_cache=True)
    return response
