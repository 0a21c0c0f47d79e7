"""A hall's Players page: the register of the people who played there
(tables/services/register.py; read through register_pages.py). Personal
data: the hall's organizers and volunteers see it (404 for anyone else);
volunteers only read it, the organizers merge, split, fix a spelling,
remove and erase."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardnight.error_pages import user_error
from cardnight.errors import Conflict, UserError
from cardnight.numbers import read_id
from tables.access import organizer_required, volunteer_required
from tables.models import Player, PlayerProposal
from tables.services import register, register_pages
from tables.services.erase import erase_player


def _player(request: HttpRequest, player_id: int) -> Player:
    player = Player.objects.filter(hall=request.hall, pk=player_id).first()
    if player is None:
        raise Http404(_("No such player."))
    return player


def _back(hall_id: int) -> str:
    return reverse("players", args=[hall_id])


def _page_number(request: HttpRequest, name: str) -> int:
    return read_id(request.GET.get(name), most=10_000) or 1


@require_GET
@volunteer_required
def players(request: HttpRequest, hall_id: int) -> HttpResponse:
    """The register a page at a time (`register_pages.register_page`), the open
    proposals a page at a time, and a name search (`?find=`) that lists at
    most `register_pages.FOUND_SHOWN` people: nothing grows with the register."""
    hall = request.hall
    typed = request.GET.get("find", "").strip()[:100]
    context = {
        "hall": hall,
        "rows": register_pages.register_page(hall, _page_number(request, "page")),
        "proposals": register_pages.proposals_page(hall, _page_number(request, "proposals")),
        "typed": typed,
    }
    if typed:
        found, more = register_pages.find_people(hall, typed)
        context.update(found=register_pages.register_rows(found), more_found=more)
    return render(request, "tables/players.html", context)


def _done(request, hall_id, action):
    try:
        message = action()
    except UserError as error:
        return user_error(request, error, back=_back(hall_id))
    messages.success(request, message)
    return redirect("players", hall_id)


@require_POST
@organizer_required
def player_rename(request: HttpRequest, hall_id: int, player_id: int) -> HttpResponse:
    player = _player(request, player_id)

    def action():
        renamed = register.rename_player(player, request.POST.get("name", ""), user=request.user)
        return _("From now on the register spells it %(name)s.") % {"name": renamed.name}

    return _done(request, hall_id, action)


@require_http_methods(["GET", "POST"])
@organizer_required
def player_merge(request: HttpRequest, hall_id: int, player_id: int) -> HttpResponse:
    """Merge two players: the page shows both spellings, the more typed one
    picked (a GET, or a POST with no spelling picked, merges nothing); a
    POST with the spelling picked (`keep`, one of the two) merges them, and
    the person is named by it."""
    player = _player(request, player_id)
    data = request.POST if request.method == "POST" else request.GET
    into = read_id(data.get("into"))
    if into is None:
        return user_error(request, UserError(_("Choose the player to merge with.")), _back(hall_id))
    other = _player(request, into)
    if other.person_id == player.person_id:
        return user_error(
            request, Conflict(_("These are already the same player.")), _back(hall_id)
        )
    picked = request.POST.get("keep") if request.method == "POST" else None
    if picked is None:
        return render(
            request,
            "tables/player_merge.html",
            {"hall": request.hall, "choice": register.merge_choice(player, other)},
        )
    keep_id = read_id(picked)
    if keep_id not in (player.pk, other.pk):
        return user_error(request, UserError(_("Choose the spelling to keep.")), _back(hall_id))
    keep, gone = (player, other) if keep_id == player.pk else (other, player)

    def action():
        main = register.merge_players(keep, gone, user=request.user)
        return _("%(other)s and %(keep)s are one player now, spelt %(name)s.") % {
            "other": gone.name,
            "keep": keep.name,
            "name": main.name,
        }

    return _done(request, hall_id, action)


@require_POST
@organizer_required
def player_split(request: HttpRequest, hall_id: int, player_id: int) -> HttpResponse:
    player = _player(request, player_id)

    def action():
        register.split_player(player, user=request.user)
        return _("%(name)s is a player of their own again.") % {"name": player.name}

    return _done(request, hall_id, action)


@require_POST
@organizer_required
def proposal_dismiss(request: HttpRequest, hall_id: int, proposal_id: int) -> HttpResponse:
    proposal = PlayerProposal.objects.filter(hall=request.hall, pk=proposal_id).first()
    if proposal is None:
        raise Http404(_("No such proposal."))
    register.dismiss_proposal(proposal, user=request.user)
    messages.success(request, _("Kept as two players."))
    return redirect("players", hall_id)


def _confirm(request, hall_id, player_id, erase: bool) -> HttpResponse:
    player = _player(request, player_id)
    if player.merged_into_id:
        player = player.merged_into
    if request.method == "POST":
        if erase:
            count = erase_player(player, user=request.user)
            message = ngettext(
                "The player is out of the register and their name is removed from %(n)s evening.",
                "The player is out of the register and their name is removed from %(n)s evenings.",
                count,
            ) % {"n": count}
        else:
            register.remove_player(player, user=request.user)
            message = _("%(name)s is out of the register.") % {"name": player.name}
        messages.success(request, message)
        return redirect("players", hall_id)
    return render(
        request,
        "tables/player_confirm.html",
        {"hall": request.hall, "player": player, "erase": erase},
    )


@require_http_methods(["GET", "POST"])
@organizer_required
def player_remove(request: HttpRequest, hall_id: int, player_id: int) -> HttpResponse:
    return _confirm(request, hall_id, player_id, erase=False)


@require_http_methods(["GET", "POST"])
@organizer_required
def player_erase(request: HttpRequest, hall_id: int, player_id: int) -> HttpResponse:
    return _confirm(request, hall_id, player_id, erase=True)
