"""A hall's season: its evenings, the players and pairs across them, the
jar's balance; and one player's own line across the season."""

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from cardnight.numbers import read_id
from scoring.season import cached_season as season_table
from tables.access import volunteer_required
from tables.models import Player

SHOWN = 50  # rows a page of the season's lists


@require_GET
@volunteer_required
def season(request: HttpRequest, hall_id: int) -> HttpResponse:
    hall = request.hall
    table = season_table(hall)
    context = {
        "hall": hall,
        "season": table,
        # Lists that grow with the hall's history come a page at a time.
        "evenings": _page(request, "evenings", table.evenings[::-1]),  # the latest first
        "players": _page(request, "players", table.players),
        "couples": _page(request, "couples", table.rows),
    }
    return render(request, "scoring/season.html", context)


def _page(request: HttpRequest, name: str, rows):
    return Paginator(rows, SHOWN).get_page(read_id(request.GET.get(name), most=10_000) or 1)


@require_GET
@volunteer_required
def season_player(request: HttpRequest, hall_id: int, player_id: int) -> HttpResponse:
    """A player of the register: their evenings, games and places, their
    other spellings, and (for an organizer) the register's tools."""
    hall = request.hall
    player = Player.objects.filter(hall=hall, pk=player_id).select_related("merged_into").first()
    if player is None:
        raise Http404(_("No such player."))
    main = player.merged_into or player
    table = season_table(hall)
    spellings = list(Player.objects.filter(merged_into=main).order_by("folded"))
    others = Player.objects.main().filter(hall=hall).exclude(pk=main.pk).order_by("folded")
    line = table.line(main)
    return render(
        request,
        "scoring/season_player.html",
        {
            "hall": hall,
            "player": main,
            "spellings": spellings,
            "others": others,
            "line": line,
            "games": sum(evening.games for evening in line),
        },
    )
