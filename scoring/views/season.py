"""A hall's season: its evenings, the couples across them, the jar's balance."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from cardnight.roles import volunteer_required
from scoring.season import season as season_table
from tables.models import Hall


@require_GET
@volunteer_required
def season(request: HttpRequest, pk: int) -> HttpResponse:
    hall = get_object_or_404(Hall, pk=pk)
    return render(request, "scoring/season.html", {"hall": hall, "season": season_table(hall)})
