"""A hall's season: its evenings, the players and pairs across them, the
jar's balance; and one player's own line across the season.

Nothing on them grows with the hall's history or its players (issue 47):
each page reads from the cache only the part of the season it shows
(`scoring.season.season_part`: its pages of the lists, one player's line a
page at a time), and the player's page offers a merge by the register's
proposals and a search by name, never a list of every other player."""

from dataclasses import replace

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from cardnight.numbers import read_id
from scoring.season import page_of, season_part
from tables.access import is_organizer, volunteer_required
from tables.models import Player
from tables.services import register_pages

SHOWN = 50  # rows a page of the season's lists
LINE_SHOWN = 10  # evenings a page of one player's line


def _asked(request: HttpRequest, name: str) -> int:
    return read_id(request.GET.get(name), most=10_000) or 1


@require_GET
@volunteer_required
def season(request: HttpRequest, hall_id: int) -> HttpResponse:
    hall = request.hall
    asked = {name: _asked(request, name) for name in ("evenings", "players", "couples")}
    shown = SHOWN

    def build(table):
        return {
            # The jar's balance and what else the page says of the whole season.
            "season": replace(table, evenings=(), rows=(), players=(), lines={}),
            # Lists that grow with the hall's history come a page at a time.
            "evenings": page_of(table.evenings[::-1], shown, asked["evenings"]),  # latest first
            "players": page_of(_light(table.players), shown, asked["players"]),
            "couples": page_of(_light(table.rows), shown, asked["couples"]),
        }

    part = "season-page:{evenings}:{players}:{couples}".format(**asked) + f":{shown}"
    context = {"hall": hall, **season_part(hall, part, build)}
    return render(request, "scoring/season.html", context)


def _light(rows):
    """The rows without what only building them needs (the evenings and
    partners each row counted), which grows with the hall's history."""
    return [replace(row, seen=set(), partners={}) for row in rows]


@require_GET
@volunteer_required
def season_player(request: HttpRequest, hall_id: int, player_id: int) -> HttpResponse:
    """A player of the register: their evenings, games and places (LINE_SHOWN
    a page, the latest first), their other spellings, and (for an
    organizer) the register's tools. The merge offers the register's
    "maybe the same person" of this player and a search by name (`?find=`,
    `register_pages.find_people`: at most FOUND_SHOWN people), never the whole
    register: nothing on the page grows with the hall's players."""
    hall = request.hall
    player = Player.objects.filter(hall=hall, pk=player_id).select_related("merged_into").first()
    if player is None:
        raise Http404(_("No such player."))
    main = player.merged_into or player
    asked, shown = _asked(request, "evenings"), LINE_SHOWN

    def build(table):
        line = table.line(main)
        return {
            "line": page_of(line[::-1], shown, asked),  # the latest first
            "evenings": len(line),
            "games": sum(evening.games for evening in line),
        }

    context = {
        "hall": hall,
        "player": main,
        "spellings": list(Player.objects.filter(merged_into=main).order_by("folded")),
        **season_part(hall, f"line:{main.pk}:{asked}:{shown}", build),
    }
    if is_organizer(request.user, hall):
        typed = request.GET.get("find", "").strip()[:100]
        context.update(proposals=register_pages.proposals_of(main), typed=typed)
        if typed:
            found, more = register_pages.find_people(hall, typed, excluding=main)
            context.update(found=found, more_found=more)
    return render(request, "scoring/season_player.html", context)
