"""Site-wide views: the home page and the health check (the error pages are
in cardnight/error_pages.py, below every app)."""

import datetime

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from tables import queries
from tables.access import evenings_of, is_volunteer


@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness check: answers without touching the database."""
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
