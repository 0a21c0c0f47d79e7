"""The organizer's standings: every couple's punch card and count, live."""

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from scoring import standings as standings_module
from scoring.forms import StandingsQueryForm
from scoring.results import evening_results
from scoring.standings import SORTS
from scoring.views.common import render_page
from tables.access import volunteer_required
from tables.live import evening_version, polled


@require_GET
@volunteer_required
@polled(evening_version)
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """Sortable (``?sort=place|number|name|wins``), searchable (``?q=`` a
    couple number or part of a name); an htmx request gets only the table,
    which polls itself every few seconds while the evening is on."""
    evening = request.evening
    form = StandingsQueryForm(request.GET)
    query, sort = "", "place"
    if form.is_valid():
        query, sort = form.cleaned_data["q"], form.cleaned_data["sort"]
    results = evening_results(evening)
    rows = standings_module.sort(
        standings_module.search(results.standings, query),
        sort,
        descending=request.GET.get("desc") == "1",
    )
    here = reverse("standings", args=[evening.slug])
    sort_urls = {key: f"{here}?{urlencode({'q': query, 'sort': key})}" for key in SORTS}
    context = {
        "evening": evening,
        "sort_urls": sort_urls,
        "self_url": f"{here}?{urlencode({'q': query, 'sort': sort})}",
        "results": results,
        "rows": rows,
        "form": form,
        "query": query,
        "sort": sort,
        "games_range": range(1, evening.games + 1),
        "results_in": sum(row.wins for row in results.standings),
    }
    return render_page(request, "scoring/standings.html", "standings-table", context)
