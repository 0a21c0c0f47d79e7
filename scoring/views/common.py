"""Small helpers shared by the scoring views."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scoring.models import TieBreak
from tables.models import Evening


def render_page(
    request: HttpRequest, template: str, partial: str, context: dict, status: int = 200
) -> HttpResponse:
    """The full page, or only its named partial for an htmx request."""
    if request.htmx:
        template += f"#{partial}"
    return render(request, template, context, status=status)


def get_tiebreak(evening: Evening, pk: int) -> TieBreak:
    return get_object_or_404(TieBreak.objects.select_related("evening"), pk=pk, evening=evening)
