"""The evening's page: tonight's checklist and every other page one tap away."""

from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from scoring.checklist import checklist
from tables import links
from tables.access import volunteer_required
from tables.models import Evening


def phone_host(request: HttpRequest, evening: Evening) -> str:
    """The host of the address phones use (the hall's setting, else the
    address found at start-up): what the printed QR codes carry."""
    return urlsplit(links.phone_address(evening.hall)).netloc


@require_GET
@volunteer_required
def evening_detail(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    night = checklist(evening, phone_host=phone_host(request, evening))
    return render(request, "tables/evening_detail.html", {"evening": evening, "night": night})


@require_GET
@volunteer_required
def next_step(request: HttpRequest, slug: str) -> HttpResponse:
    """The page of the checklist's next step (after creating an evening: its
    settings and prizes); the evening's page once nothing is left to do."""
    evening = request.evening
    step = checklist(evening, phone_host=phone_host(request, evening)).next_step
    return redirect(step.url if step else evening.get_absolute_url())
