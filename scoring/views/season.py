"""A hall's season: its evenings, the couples across them, the jar's balance."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.season import season as season_table
from tables.access import volunteer_required


@require_GET
@volunteer_required
def season(request: HttpRequest, hall_id: int) -> HttpResponse:
    hall = request.hall
    return render(request, "scoring/season.html", {"hall": hall, "season": season_table(hall)})
