"""Site-wide views: the home page and the health and readiness checks (the
error pages are in cardnight/error_pages.py, below every app)."""

import datetime

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tables import queries
from tables.access import evenings_of, is_volunteer


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness check: answers without touching the database."""
    return HttpResponse("ok", content_type="text/plain")


@require_GET
@never_cache
def readyz(request: HttpRequest) -> HttpResponse:
    """Readiness check: the server and its database answer (one `SELECT 1`),
    else 503. What a live page asks every few seconds while its banner says
    the connection or the server is away (static/js/live/banner.js): no
    session, no page, nothing written."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        response = HttpResponse("database unavailable", content_type="text/plain", status=503)
        response["Retry-After"] = "5"
        return response
    return HttpResponse("ok", content_type="text/plain")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Where is a game: every hall (with its public page) and the published
    evenings coming up, soonest first; a member also sees their own halls'
    evenings, unpublished ones included. A fixed number of queries."""
    halls = list(queries.public_halls(timezone.localdate()))
    upcoming = sorted(
        (evening for hall in halls for evening in hall.upcoming),
        key=lambda e: (e.date, e.start_time or datetime.time.max, e.name, e.pk),
    )
    evenings = evenings_of(request.user)[:10] if is_volunteer(request.user) else ()
    context = {"halls": halls, "upcoming": upcoming, "evenings": evenings}
    return render(request, "home.html", context)
