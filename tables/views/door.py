"""The door page: register couples fast on a phone, fix them, mark them paid."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cardnight.errors import UserError
from cardnight.roles import organizer_required, volunteer_required
from cardnight.views import user_error
from tables import services
from tables.forms import CoupleForm
from tables.models import Couple, Evening
from tables.views import get_evening


def _door(request: HttpRequest, evening: Evening, form: CoupleForm, status: int = 200):
    template = "tables/door.html"
    if request.htmx:
        template += "#door-section"
    couples = evening.couples.order_by("-number")
    context = {"evening": evening, "form": form, "couples": couples}
    return render(request, template, context, status=status)


@require_http_methods(["GET", "POST"])
@volunteer_required
def door(request: HttpRequest, slug: str) -> HttpResponse:
    evening = get_evening(slug)
    if request.method == "GET":
        return _door(request, evening, CoupleForm(evening=evening))
    form = CoupleForm(request.POST, evening=evening)
    if not form.is_valid():
        return _door(request, evening, form, status=400)
    data = form.cleaned_data
    try:
        couple = services.register_couple(
            evening,
            data["player1"],
            data["player2"],
            number=data.get("number"),
            paid=data.get("paid", False),
            jar_buy_in=data.get("jar_buy_in", False),
        )
    except UserError as error:
        form.add_error(None, error.message)
        return _door(request, evening, form, status=error.status)
    evening.refresh_from_db()
    message = _("Couple %(n)s: %(names)s.") % {"n": couple.number, "names": couple.names}
    if couple.joined_game > 1:
        message += " " + _("They join at game %(g)s.") % {"g": couple.joined_game}
    messages.success(request, message)
    if request.htmx:
        return _door(request, evening, CoupleForm(evening=evening))
    return redirect("door", evening.slug)


def _couple(evening: Evening, number: int) -> Couple:
    return get_object_or_404(Couple, evening=evening, number=number)


@require_http_methods(["GET", "POST"])
@volunteer_required
def couple_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    evening = get_evening(slug)
    couple = _couple(evening, number)
    form = CoupleForm(request.POST or None, instance=couple, evening=evening)
    if request.method == "POST":
        if form.is_valid():
            services.save_couple(form)
            messages.success(request, _("Couple %(n)s saved.") % {"n": couple.number})
            return redirect("door", evening.slug)
        context = {"evening": evening, "couple": couple, "form": form}
        return render(request, "tables/couple_form.html", context, status=400)
    context = {"evening": evening, "couple": couple, "form": form}
    return render(request, "tables/couple_form.html", context)


@require_POST
@organizer_required
def couple_remove(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    evening = get_evening(slug)
    couple = _couple(evening, number)
    try:
        services.remove_couple(couple)
    except UserError as error:
        return user_error(request, error, back=evening.get_absolute_url())
    messages.success(request, _("Couple %(n)s removed.") % {"n": number})
    return redirect("door", evening.slug)


@require_POST
@volunteer_required
def couple_paid(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    evening = get_evening(slug)
    couple = services.set_paid(_couple(evening, number), request.POST.get("paid") == "1")
    if request.htmx:
        return render(
            request, "tables/door.html#couple-row", {"evening": evening, "couple": couple}
        )
    return redirect("door", evening.slug)
