"""A hall's season: its evenings, the players and pairs across them, the
jar's balance; and one player's own line across the season."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.season import season as season_table
from tables.access import volunteer_required
from tables.models import Player


@require_GET
@volunteer_required
def season(request: HttpRequest, hall_id: int) -> HttpResponse:
    hall = request.hall
    return render(request, "scoring/season.html", {"hall": hall, "season": season_table(hall)})


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
