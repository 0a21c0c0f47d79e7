"""The list of evenings, creating and editing an evening and a hall."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardnight.errors import UserError
from cardnight.views import user_error
from tables import services
from tables.access import (
    ORGANIZER,
    evenings_of,
    halls_of,
    is_site_admin,
    organizer_required,
    site_admin_required,
    volunteer_required,
)
from tables.forms import EveningForm, HallCreateForm, HallForm, MemberForm


@require_GET
@volunteer_required
def evening_list(request: HttpRequest) -> HttpResponse:
    """The evenings of the user's halls, and the halls they organize."""
    context = {
        "evenings": evenings_of(request.user),
        "halls": halls_of(request.user, ORGANIZER),
    }
    return render(request, "tables/evening_list.html", context)


def _evening_form(request: HttpRequest, instance=None) -> EveningForm:
    return EveningForm(
        request.POST or None,
        instance=instance,
        halls=halls_of(request.user, ORGANIZER),
        may_add_hall=is_site_admin(request.user),
    )


@require_http_methods(["GET", "POST"])
@organizer_required
def evening_create(request: HttpRequest) -> HttpResponse:
    form = _evening_form(request)
    if request.method == "POST":
        if form.is_valid():
            evening = form.save()
            messages.success(
                request, _("Evening created. Here is the next step of tonight's list.")
            )
            return redirect("evening-next-step", evening.slug)
        return render(request, "tables/evening_form.html", {"form": form}, status=400)
    return render(request, "tables/evening_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
@organizer_required
def evening_edit(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    form = _evening_form(request, evening)
    if request.method == "POST":
        if form.is_valid():
            evening = services.save_settings(form)
            messages.success(request, _("Settings saved."))
            return redirect(evening)
        context = {"form": form, "evening": evening}
        return render(request, "tables/evening_form.html", context, status=400)
    return render(request, "tables/evening_form.html", {"form": form, "evening": evening})


@require_http_methods(["GET", "POST"])
@site_admin_required
def hall_create(request: HttpRequest) -> HttpResponse:
    """A site administrator adds a hall and names its first organizer."""
    form = HallCreateForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            hall, added = services.create_hall(form, by=request.user)
            messages.success(request, _("Hall saved."))
            if added is not None and added.password:
                return _password_once(request, hall, added)
            return redirect("hall-members", hall.pk)
        return render(request, "tables/hall_form.html", {"form": form}, status=400)
    return render(request, "tables/hall_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
@organizer_required
def hall_edit(request: HttpRequest, hall_id: int) -> HttpResponse:
    hall = request.hall
    form = HallForm(request.POST or None, instance=hall)
    if request.method == "POST":
        if form.is_valid():
            services.save_hall(form)
            messages.success(request, _("Hall saved."))
            return redirect("evening-list")
        return render(request, "tables/hall_form.html", {"form": form, "hall": hall}, status=400)
    return render(request, "tables/hall_form.html", {"form": form, "hall": hall})


def _members_page(request: HttpRequest, form: MemberForm, status: int = 200) -> HttpResponse:
    hall = request.hall
    context = {"hall": hall, "form": form, "members": services.members(hall)}
    return render(request, "tables/hall_members.html", context, status=status)


def _password_once(request: HttpRequest, hall, added) -> HttpResponse:
    """The new account's password, shown this once and never stored in the
    clear: the page is not cached."""
    response = render(request, "tables/member_added.html", {"hall": hall, "added": added})
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
@organizer_required
def hall_members(request: HttpRequest, hall_id: int) -> HttpResponse:
    """A hall's organizers and volunteers; an organizer adds and removes them."""
    form = MemberForm(request.POST or None)
    if request.method == "POST":
        if not form.is_valid():
            return _members_page(request, form, status=400)
        try:
            added = services.add_member(
                request.hall, form.cleaned_data["username"], form.cleaned_data["role"]
            )
        except UserError as error:
            return user_error(request, error, back=reverse("hall-members", args=[hall_id]))
        if added.password:
            return _password_once(request, request.hall, added)
        messages.success(request, added.message)
        return redirect("hall-members", hall_id)
    return _members_page(request, form)


@require_POST
@organizer_required
def member_remove(request: HttpRequest, hall_id: int, member_id: int) -> HttpResponse:
    try:
        message = services.remove_member(request.hall, member_id, by=request.user)
    except UserError as error:
        return user_error(request, error, back=reverse("hall-members", args=[hall_id]))
    messages.success(request, message)
    return redirect("hall-members", hall_id)
