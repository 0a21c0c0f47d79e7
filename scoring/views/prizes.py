"""The prizes page: what each place is worth, the places as they stand and
their ties, the booby, half-time and travelling prizes, the 50/50 and the
money. Volunteers see it and settle ties; only organizers change prizes and
money."""

import re

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cardnight.errors import UserError
from scoring.forms import FiftyFiftyForm, PrizeForm
from scoring.models import Prize, Target, prizes_on
from scoring.results import evening_results
from scoring.services import extras
from scoring.services import prizes as prize_service
from scoring.views.common import render_page
from tables import queries
from tables.access import organizer_required, volunteer_required
from tables.models import Evening

TEMPLATE = "scoring/prizes.html"
PARTIAL = "prizes-main"


def _slots(evening: Evening, results, bound: PrizeForm | None = None) -> list[dict]:
    """One editable prize per place and per extra prize the evening uses."""
    infos = {(p.target, p.place): p.prize for p in results.places}
    if results.booby:
        infos[(Target.BOOBY, 0)] = results.booby.prize
    if results.half_time.leader:
        infos[(Target.HALF_TIME, 0)] = results.half_time.leader.prize
    infos[(Target.TRAVELLING, 0)] = results.travelling.prize
    wanted = prizes_on(evening)
    stored = {(p.target, p.place): p for p in Prize.objects.filter(evening=evening)}
    slots = []
    for target, place in wanted:
        prize = stored.get((target, place))
        if bound is not None and (bound.data.get("target"), bound.data.get("place")) == (
            target,
            str(place),
        ):
            form = bound
        else:
            initial = {"target": target, "place": place, "kind": "cash"}
            if prize:
                initial.update(
                    kind=prize.kind,
                    amount=prize.amount,
                    share_percent=prize.share_percent,
                    item=prize.item,
                )
            form = PrizeForm(initial=initial, auto_id=form_ids(target, place))
        slots.append(
            {
                "target": target,
                "place": place,
                "label": _slot_label(target, place),
                "info": infos.get((target, place)),
                "prize": prize,
                "form": form,
                "open": form is bound,
            }
        )
    return slots


def form_ids(target, place) -> str:
    """The element ids of one prize's form ("id_place1_%s"): several share
    the page. Made from a real prize's target and place only: the posted
    values are anything a browser sends, and a "%" among them would break
    Django's id pattern (a 500)."""
    if target in Target.values and re.fullmatch(r"[0-9]{1,2}", str(place)):
        return f"id_{target}{int(place)}_%s"
    return "id_prize_%s"


def _slot_label(target: str, place: int) -> str:
    if target == Target.PLACE:
        return _("Place %(n)s") % {"n": place}
    return str(Target(target).label)


def _page(request, evening, *, bound=None, fifty_form=None, error="", status=200):
    results = evening_results(evening)
    context = {
        "evening": evening,
        "results": results,
        "slots": _slots(evening, results, bound),
        "fifty_form": fifty_form
        or FiftyFiftyForm(
            initial={
                "takings": evening.fifty_fifty_takings,
                "ticket": evening.fifty_fifty_ticket,
                "winner": evening.fifty_fifty_winner,
            }
        ),
        "error": error,
        "to_finish": _to_finish(evening),
    }
    return render_page(request, TEMPLATE, PARTIAL, context, status)


def _to_finish(evening: Evening) -> bool:
    """Every result of the last game is in and the evening is not finished
    yet: finishing is the step that opens the ties (the checklist's order)."""
    if not evening.is_running or evening.current_game != evening.games:
        return False
    return queries.progress(evening).complete


@require_GET
@volunteer_required
def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, request.evening)


def _done(request, evening, message: str) -> HttpResponse:
    if request.htmx:
        messages.success(request, message)
        evening.refresh_from_db()
        return _page(request, evening)
    messages.success(request, message)
    return redirect("prizes", evening.slug)


@require_POST
@organizer_required
def prize_set(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    form = PrizeForm(
        request.POST, auto_id=form_ids(request.POST.get("target"), request.POST.get("place"))
    )
    if not form.is_valid():
        # A form for no prize on the page (a made-up target or place) cannot
        # show its errors beside its fields: say so at the top instead.
        error = ""
        if {"target", "place"} & set(form.errors):
            error = _("This prize is not one of this evening's: reload the page and try again.")
        return _page(request, evening, bound=form, error=error, status=400)
    data = form.cleaned_data
    try:
        prize_service.set_prize(
            evening,
            data["target"],
            data["place"] or 0,
            kind=data["kind"],
            amount=data.get("amount"),
            share_percent=data.get("share_percent"),
            item=data.get("item", ""),
        )
    except UserError as error:
        return _page(request, evening, bound=form, error=error.message, status=error.status)
    return _done(request, evening, _("Prize saved."))


@require_POST
@organizer_required
def fifty_fifty(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    form = FiftyFiftyForm(request.POST)
    if not form.is_valid():
        return _page(request, evening, fifty_form=form, status=400)
    data = form.cleaned_data
    try:
        extras.set_fifty_fifty(evening, data["takings"], data["ticket"], data["winner"])
    except UserError as error:
        return _page(request, evening, fifty_form=form, error=error.message, status=error.status)
    return _done(request, evening, _("50/50 saved."))


@require_POST
@organizer_required
def travelling_draw(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    try:
        number = extras.draw_travelling_start(evening)
    except UserError as error:
        return _page(request, evening, error=error.message, status=error.status)
    return _done(
        request, evening, _("The travelling prize starts with couple %(n)s.") % {"n": number}
    )
