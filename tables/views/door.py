"""The door page: register couples fast on a phone, fix them, mark them paid
and in the cookie jar (one explicit tap each; undone on the couple's page)."""

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from cardnight.error_pages import user_error
from cardnight.errors import UserError
from tables import services, suggestions
from tables.access import organizer_required, volunteer_required
from tables.forms import ConfirmEntryForm, CoupleForm
from tables.models import Couple, Evening
from tables.services import checkin, receipts


def _door(
    request,
    evening: Evening,
    form: CoupleForm,
    status: int = 200,
    duplicate=None,
    warned_entry: dict | None = None,
):
    template = "tables/door.html"
    if request.htmx:
        template += "#door-section"
    couples = evening.couples.order_by("-number")
    context = {
        "evening": evening,
        "form": form,
        "couples": couples,
        "duplicate": duplicate,
        # Self check-in: the entries couples typed on their phones, each with
        # its own request id; `warned_entry` is the one a duplicate warning is
        # about ({"entry": id, "message": ..., "couple": the match}).
        "waiting": [(entry, receipts.new_key()) for entry in checkin.waiting_entries(evening)],
        "warned_entry": warned_entry,
        # Each form shown is one registration: a fresh id each time, kept by the
        # page when no answer comes (a 5xx, a timeout) so that sending again is safe.
        "request_id": receipts.new_key(),
    }
    return render(request, template, context, status=status)


def _sticky(data) -> dict:
    """The registration form's "paid" and "jar" choices, kept for the next couple."""
    return {"paid": bool(data.get("paid")), "jar_buy_in": bool(data.get("jar_buy_in"))}


def _saved(request, evening: Evening, couple: Couple, sticky: dict, message: str):
    messages.success(request, message)
    if request.htmx:
        evening.refresh_from_db()
        return _door(request, evening, CoupleForm(evening=evening, initial=sticky))
    query = "&".join(f"{key}=1" for key, value in sticky.items() if value)
    return redirect(reverse("door", args=[evening.slug]) + (f"?{query}" if query else ""))


@require_http_methods(["GET", "POST"])
@volunteer_required
def door(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    if request.method == "GET":
        sticky = {key: request.GET.get(key) == "1" for key in ("paid", "jar_buy_in")}
        return _door(request, evening, CoupleForm(evening=evening, initial=sticky))
    form = CoupleForm(request.POST, evening=evening)
    if not form.is_valid():
        return _door(request, evening, form, status=400)
    data = form.cleaned_data
    sticky = _sticky(data)
    options = {
        "number": data.get("number"),
        "paid": data.get("paid", False),
        "jar_buy_in": data.get("jar_buy_in", False),
        "warned_about": data.get("anyway"),
    }
    try:
        if data["request_id"]:  # the door form's id: once per id
            couple, first = receipts.register_couple_once(
                evening, data["request_id"], data["player1"], data["player2"], **options
            )
        else:
            couple = services.register_couple(evening, data["player1"], data["player2"], **options)
            first = True
    except services.Duplicate as duplicate:
        form.add_error(None, duplicate.message)
        return _door(request, evening, form, status=duplicate.status, duplicate=duplicate.couple)
    except UserError as error:
        form.add_error(None, error.message)
        return _door(request, evening, form, status=error.status)
    if not first:
        # Sent again (Enter pressed twice, or no answer came): the couple is in.
        message = _("Couple %(n)s: %(names)s is registered.")
        return _saved(request, evening, couple, sticky, message % _names(couple))
    message = _("Couple %(n)s: %(names)s.") % _names(couple)
    if couple.joined_game > 1:
        message += " " + _("They join at game %(g)s.") % {"g": couple.joined_game}
    return _saved(request, evening, couple, sticky, message)


@require_http_methods(["GET"])
@volunteer_required
def door_suggest(request: HttpRequest, slug: str) -> HttpResponse:
    """The door's combobox: the register's couples and players matching `q`
    (tables.suggestions), as the options of its list."""
    query = request.GET.get("q", "")[:100]
    found = suggestions.suggest(request.evening, query)
    response = render(
        request, "tables/_door_suggestions.html", {"found": found, "evening": request.evening}
    )
    response["Cache-Control"] = "private, no-store"
    return response


def _names(couple: Couple) -> dict:
    return {"n": couple.number, "names": couple.names}


def _couple(evening: Evening, number: int) -> Couple:
    return get_object_or_404(Couple, evening=evening, number=number)


def _edit_page(request, evening: Evening, couple: Couple, form: CoupleForm, status: int = 200):
    context = {"evening": evening, "couple": couple, "form": form}
    return render(request, "tables/couple_form.html", context, status=status)


@require_http_methods(["GET", "POST"])
@volunteer_required
def couple_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Fix a couple's names. Only the names: paid and the jar stay as they are."""
    evening = request.evening
    couple = _couple(evening, number)
    form = CoupleForm(request.POST or None, instance=couple, evening=evening)
    if request.method == "GET":
        return _edit_page(request, evening, couple, form)
    if not form.is_valid():
        return _edit_page(request, evening, couple, form, status=400)
    services.rename_couple(couple, form.cleaned_data["player1"], form.cleaned_data["player2"])
    messages.success(request, _("Couple %(n)s saved.") % {"n": couple.number})
    return redirect("door", evening.slug)


@require_POST
@organizer_required
def couple_remove(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    evening = request.evening
    couple = _couple(evening, number)
    try:
        services.remove_couple(couple)
    except UserError as error:
        return user_error(request, error, back=evening.get_absolute_url())
    messages.success(request, _("Couple %(n)s removed.") % {"n": number})
    return redirect("door", evening.slug)


class FlagForm(forms.Form):
    """An explicit value, never a toggle: 1 sets the flag, 0 is the undo."""

    value = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1")


def set_flag(request: HttpRequest, slug: str, number: int, field: str, setter) -> HttpResponse:
    """POST `field`=1 sets a couple's flag through `setter(couple, value,
    user=...)`, `field`=0 is the undo; anything else is a 400 and changes
    nothing. Answers with the couple's door row (htmx), or goes back to the
    door or to the couple's page it came from."""
    evening = request.evening
    couple = _couple(evening, number)
    form = FlagForm({"value": request.POST.get(field)})
    back = reverse("door", args=[evening.slug])
    if not form.is_valid():
        return user_error(request, UserError(_("Tap the button again.")), back=back)
    try:
        couple = setter(couple, form.cleaned_data["value"], user=request.user)
    except UserError as error:
        return user_error(request, error, back=back)
    if request.POST.get("from") == "edit":
        messages.success(request, _("Couple %(n)s saved.") % {"n": couple.number})
        return redirect("couple-edit", evening.slug, couple.number)
    if request.htmx:
        return render(
            request, "tables/door.html#couple-row", {"evening": evening, "couple": couple}
        )
    return redirect("door", evening.slug)


@require_POST
@volunteer_required
def couple_paid(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """POST paid=1 marks the couple paid; paid=0 (the undo) marks it unpaid."""
    return set_flag(request, slug, number, "paid", services.set_paid)


@require_POST
@volunteer_required
def checkin_confirm(request: HttpRequest, slug: str, entry: int) -> HttpResponse:
    """One tap on an entry waiting at the door: the couple is registered as
    the door form registers it (paid, the jar, the duplicate warning and
    "Register anyway", once per request id) and gets its number."""
    evening = request.evening
    form = ConfirmEntryForm(request.POST)
    back = reverse("door", args=[evening.slug])
    if not form.is_valid():
        return user_error(request, UserError(_("Tap the button again.")), back=back)
    data = form.cleaned_data
    sticky = _sticky(data)
    try:
        couple, first = checkin.confirm_entry(
            evening,
            entry,
            data["request_id"],
            paid=data["paid"],
            jar_buy_in=data["jar_buy_in"],
            warned_about=data["anyway"],
        )
    except services.Duplicate as duplicate:
        warned = {"entry": entry, "message": duplicate.message, "couple": duplicate.couple}
        door_form = CoupleForm(evening=evening, initial=sticky)
        return _door(request, evening, door_form, status=duplicate.status, warned_entry=warned)
    except UserError as error:
        if request.htmx:
            messages.error(request, error.message)
            door_form = CoupleForm(evening=evening, initial=sticky)
            return _door(request, evening, door_form, status=error.status)
        return user_error(request, error, back=back)
    if first:
        message = _("Couple %(n)s: %(names)s.") % _names(couple)
    else:
        message = _("Couple %(n)s: %(names)s is registered.") % _names(couple)
    return _saved(request, evening, couple, sticky, message)


@require_POST
@volunteer_required
def checkin_remove(request: HttpRequest, slug: str, entry: int) -> HttpResponse:
    """ "Remove": an entry waiting at the door that will not be registered."""
    evening = request.evening
    try:
        checkin.remove_entry(evening, entry)
    except UserError as error:
        return user_error(request, error, back=reverse("door", args=[evening.slug]))
    messages.success(request, _("Removed from the waiting list."))
    if request.htmx:
        return _door(request, evening, CoupleForm(evening=evening))
    return redirect("door", evening.slug)


@require_POST
@organizer_required
def checkin_clear(request: HttpRequest, slug: str) -> HttpResponse:
    """An organizer's one tap: every entry still waiting at the door goes
    (a prankster's flood, or a list nobody will confirm)."""
    evening = request.evening
    cleared = checkin.clear_waiting(evening)
    messages.success(
        request,
        ngettext(
            "%(n)s entry taken off the waiting list.",
            "%(n)s entries taken off the waiting list.",
            cleared,
        )
        % {"n": cleared},
    )
    if request.htmx:
        return _door(request, evening, CoupleForm(evening=evening))
    return redirect("door", evening.slug)
