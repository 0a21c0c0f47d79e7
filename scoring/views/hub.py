"""The evening's page: tonight's checklist and every other page one tap away."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from cardnight.roles import volunteer_required
from scoring.checklist import checklist
from tables.models import Evening
from tables.queries import evening_or_404 as get_evening


def phone_host(request: HttpRequest, evening: Evening) -> str:
    """The address phones reach the site at, as far as this site knows.

    HOOK: when halls get an "address phones use" setting, return it here
    when it is set; until then it is the address this page was opened at
    (what the QR codes printed from this browser carry)."""
    return request.get_host()


@require_GET
@volunteer_required
def evening_detail(request: HttpRequest, slug: str) -> HttpResponse:
    evening = get_evening(slug)
    night = checklist(evening, phone_host=phone_host(request, evening))
    return render(request, "tables/evening_detail.html", {"evening": evening, "night": night})
