"""The tie-break workflow on a phone: open, choices, cut (typed or dealt),
play-off games, and the result. A prize tie decides who wins money, so it
is the organizer's, like setting the prizes (issue 12): organizers record
every step and may discard a tie-break; volunteers see it read-only."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cardnight.error_pages import user_error
from cardnight.errors import UserError
from cardnight.numbers import read_id
from scoring.forms import CutForm, PlayoffResultForm, TieChoicesForm, TieOpenForm
from scoring.models import TieBreak
from scoring.services import tie_state, ties
from scoring.views.common import get_tiebreak, render_page
from tables.access import organizer_required, volunteer_required
from tables.models import Evening

TEMPLATE = "scoring/tiebreak.html"
PARTIAL = "tiebreak-section"


def _page(request, evening: Evening, tiebreak: TieBreak, *, form=None, error="", status=200):
    tiebreak.refresh_from_db()
    state = tie_state.view_state(tiebreak)
    couples = [row.couple for row in state.entries]
    context = {
        "evening": evening,
        "tiebreak": tiebreak,
        "state": state,
        "choices_form": form
        if isinstance(form, TieChoicesForm)
        else TieChoicesForm(couples=couples),
        "cut_form": form if isinstance(form, CutForm) else CutForm(couples=state.to_cut),
        "error": error,
        "focus": _focus(tiebreak, state, error) if request.htmx else "",
    }
    return render_page(request, TEMPLATE, PARTIAL, context, status)


def _focus(tiebreak: TieBreak, state, error: str) -> str:
    """Where the keyboard goes when a step's answer replaces the section:
    the step now due (its heading, read out by a screen reader; the next Tab
    is its first control), not the top of the page nine Tabs back."""
    if error or state.error or state.stale:
        return "message"
    if tiebreak.status == TieBreak.Status.SETTLED:
        return "settled"
    if tiebreak.status == TieBreak.Status.CUTTING:
        return "cut"
    if tiebreak.status == TieBreak.Status.PLAYING:
        return "playoff"
    return "choices"


def _after(request, evening, tiebreak) -> HttpResponse:
    if request.htmx:
        return _page(request, evening, tiebreak)
    return redirect("tiebreak", evening.slug, tiebreak.pk)


@require_POST
@organizer_required
def tiebreak_open(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    form = TieOpenForm(request.POST)
    back = evening_prizes(evening)
    if not form.is_valid():
        return user_error(request, UserError(_("There is no tie-break for that.")), back=back)
    data = form.cleaned_data
    try:
        tiebreak = ties.open_tiebreak(evening, data["target"], data.get("place") or 0)
    except UserError as error:
        return user_error(request, error, back=back)
    return redirect("tiebreak", evening.slug, tiebreak.pk)


def evening_prizes(evening: Evening) -> str:
    from django.urls import reverse

    return reverse("prizes", args=[evening.slug])


@require_GET
@volunteer_required
def tiebreak_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    evening = request.evening
    return _page(request, evening, get_tiebreak(evening, pk))


@require_POST
@organizer_required
def tiebreak_choices(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    evening = request.evening
    tiebreak = get_tiebreak(evening, pk)
    couples = [row.couple for row in tie_state.view_state(tiebreak).entries]
    form = TieChoicesForm(request.POST, couples=couples)
    if not form.is_valid():
        return _page(
            request, evening, tiebreak, form=form, error=_("Choose split, cut or play-off."),
            status=400,
        )  # fmt: skip
    try:
        ties.record_choices(tiebreak, form.choices(), request.user)
    except UserError as error:
        return _page(request, evening, tiebreak, error=error.message, status=error.status)
    return _after(request, evening, tiebreak)


@require_POST
@organizer_required
def tiebreak_cut(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    evening = request.evening
    tiebreak = get_tiebreak(evening, pk)
    state = tie_state.view_state(tiebreak)
    form = CutForm(request.POST, couples=state.to_cut)
    if not form.is_valid():
        return _page(request, evening, tiebreak, form=form, status=400)
    try:
        ties.record_cut(tiebreak, form.cards(), request.user, round_number=_round(request))
    except UserError as error:
        return _page(
            request, evening, tiebreak, form=form, error=error.message, status=error.status
        )
    return _after(request, evening, tiebreak)


def _round(request: HttpRequest) -> int | None:
    """The cut round the page showed (a hidden field), to refuse a double tap."""
    return read_id(request.POST.get("round"))


@require_POST
@organizer_required
def tiebreak_deal(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    evening = request.evening
    tiebreak = get_tiebreak(evening, pk)
    try:
        ties.deal_cut(tiebreak, request.user, round_number=_round(request))
    except UserError as error:
        return _page(request, evening, tiebreak, error=error.message, status=error.status)
    return _after(request, evening, tiebreak)


@require_POST
@organizer_required
def tiebreak_playoff(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    evening = request.evening
    tiebreak = get_tiebreak(evening, pk)
    form = PlayoffResultForm(request.POST)
    if not form.is_valid():
        return _page(
            request, evening, tiebreak, error=_("Tap the couple that won the game."), status=400
        )
    try:
        ties.record_playoff_winner(
            tiebreak, form.cleaned_data["game"], form.cleaned_data["winner"], request.user
        )
    except UserError as error:
        return _page(request, evening, tiebreak, error=error.message, status=error.status)
    return _after(request, evening, tiebreak)


@require_POST
@organizer_required
def tiebreak_discard(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    evening = request.evening
    tiebreak = get_tiebreak(evening, pk)
    ties.discard(tiebreak)
    messages.success(request, _("The tie-break was discarded; the tie can be settled again."))
    return redirect("prizes", evening.slug)
