"""The print page and the four PDFs (organizers and volunteers).

Each PDF is built on request by `scoring.printing.documents.render` and sent
inline, so a phone opens it in its PDF viewer and a laptop in the browser,
both ready to print. Nothing to print yet (no couples; table cards before
seating) is a 409 with the reason, never an empty PDF.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from cardnight.errors import UserError
from cardnight.roles import volunteer_required
from cardnight.views import user_error
from scoring.printing import documents
from tables.queries import evening_or_404 as get_evening


@require_GET
@volunteer_required
def print_index(request: HttpRequest, slug: str) -> HttpResponse:
    evening = get_evening(slug)
    context = {
        "evening": evening,
        "printouts": documents.printouts(evening),
        "unprintable": documents.unprintable_names(evening),
        "blank": documents.DEFAULT_BLANK_CARDS,
        "max_blank": documents.rows.MAX_BLANK_CARDS,
    }
    return render(request, "printing/index.html", context)


def _pdf(request: HttpRequest, slug: str, kind: str, **options) -> HttpResponse:
    evening = get_evening(slug)
    try:
        pdf = documents.render(kind, evening, base_url=request.build_absolute_uri("/"), **options)
    except UserError as error:
        return user_error(request, error, back=reverse("print-index", args=[evening.slug]))
    response = HttpResponse(pdf.content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{pdf.filename}"'
    patch_cache_control(response, private=True, max_age=0)
    return response


@require_GET
@volunteer_required
def cue_cards(request: HttpRequest, slug: str) -> HttpResponse:
    evening = get_evening(slug)
    try:
        blank = documents.check_blank(request.GET.get("blank"))
    except UserError as error:
        return user_error(request, error, back=reverse("print-index", args=[evening.slug]))
    return _pdf(request, slug, "cards", blank=blank)


@require_GET
@volunteer_required
def table_cards(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "tables")


@require_GET
@volunteer_required
def results_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "results")


@require_GET
@volunteer_required
def rules_card(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "rules")
