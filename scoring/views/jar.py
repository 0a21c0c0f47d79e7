"""The cookie jar page: buy-ins, the draw (hat numbers typed in), who is
still alive, the reveal and settlement, the winners or the carry-over."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from cardnight.errors import UserError
from cardnight.formats import money
from scoring.forms import BuyInForm, HatNumbersForm
from scoring.results import evening_results
from scoring.services import jar as jar_service
from scoring.views.common import render_page
from tables.access import organizer_required, volunteer_required
from tables.models import Couple, Evening
from tables.views.door import set_flag

TEMPLATE = "scoring/jar.html"
PARTIAL = "jar-section"


def _page(request, evening: Evening, *, hat_form=None, error="", status=200):
    if not evening.cookie_jar:
        status = 404 if status == 200 else status
    results = evening_results(evening)
    in_jar = {couple.id for couple in results.jar.bought_in}
    alive = {couple.id for couple in results.jar.alive or ()}
    context = {
        "evening": evening,
        "results": results,
        "jar": results.jar,
        "couples": [
            (standing.couple, standing.couple.id in in_jar, standing.couple.id in alive)
            for standing in sorted(results.standings, key=lambda s: s.couple.number)
        ],
        "hat_form": hat_form or HatNumbersForm(),
        "error": error
        or ("" if evening.cookie_jar else _("This evening has no cookie jar (see Settings).")),
    }
    return render_page(request, TEMPLATE, PARTIAL, context, status)


def _done(request, evening, message: str) -> HttpResponse:
    messages.success(request, message)
    if request.htmx:
        evening.refresh_from_db()
        return _page(request, evening)
    return redirect("jar", evening.slug)


@require_GET
@volunteer_required
def jar(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, request.evening)


@require_POST
@volunteer_required
def jar_buy_in(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    evening = request.evening
    couple = get_object_or_404(Couple, evening=evening, number=number)
    form = BuyInForm(request.POST)
    if not form.is_valid():
        return _page(request, evening, error=_("Tap in or out of the jar."), status=400)
    try:
        jar_service.set_buy_in(couple, form.cleaned_data["bought_in"], user=request.user)
    except UserError as error:
        return _page(request, evening, error=error.message, status=error.status)
    if form.cleaned_data["bought_in"]:
        return _done(request, evening, _("Couple %(n)s is in the jar.") % {"n": number})
    return _done(request, evening, _("Couple %(n)s is out of the jar.") % {"n": number})


@require_POST
@volunteer_required
def door_jar(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The door's one tap: POST jar=1 puts the couple in the cookie jar,
    jar=0 (the undo, on the couple's page) takes it out."""
    return set_flag(request, slug, number, "jar", jar_service.set_buy_in)


@require_POST
@organizer_required
def jar_hat(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    form = HatNumbersForm(request.POST)
    if not form.is_valid():
        return _page(request, evening, hat_form=form, status=400)
    try:
        numbers = jar_service.set_hat_numbers(evening, form.cleaned_data["numbers"])
    except UserError as error:
        form.add_error("numbers", error.message)
        return _page(request, evening, hat_form=form, status=error.status)
    return _done(
        request,
        evening,
        _("The jar's numbers: %(numbers)s.") % {"numbers": ", ".join(map(str, numbers))},
    )


@require_POST
@organizer_required
def jar_reveal(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    try:
        outcome = jar_service.reveal(evening, request.user)
    except UserError as error:
        return _page(request, evening, error=error.message, status=error.status)
    if outcome.winners:
        message = ngettext(
            "The jar is settled: couple %(c)s wins it.",
            "The jar is settled: couples %(c)s share it.",
            len(outcome.winners),
        ) % {"c": ", ".join(map(str, outcome.winners))}
    else:
        message = _("The jar is settled: nobody won, %(p)s carries over.") % {
            "p": money(outcome.carried_over)
        }
    return _done(request, evening, message)
