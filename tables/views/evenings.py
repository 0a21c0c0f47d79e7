"""The list of evenings, creating and editing an evening and a hall."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardnight.error_pages import user_error
from cardnight.errors import UserError
from cardnight.numbers import read_id
from tables import evening_parts, services
from tables.access import (
    ORGANIZER,
    evenings_of,
    halls_of,
    is_site_admin,
    organizer_required,
    site_admin_required,
    volunteer_required,
)
from tables.forms import EveningForm, HallCreateForm, HallForm, MemberForm, TemplateForm
from tables.models import Evening, EveningTemplate

COMING_SHOWN = 20  # coming evenings a page
PAST_SHOWN = 10  # past evenings a page


@require_GET
@volunteer_required
def evening_list(request: HttpRequest) -> HttpResponse:
    """The evenings of the user's halls, and the halls they organize: the
    coming ones (and one played past midnight) soonest first, then the past
    ones latest first, each a page at a time (`?coming=`, `?past=`), so the
    page does not grow with the halls' history, nor with the halls of a site
    administrator."""
    evenings = evenings_of(request.user)
    coming = evenings.upcoming()
    past = evenings.filter(
        Q(status=Evening.Status.FINISHED)
        | (Q(date__lt=timezone.localdate()) & ~Q(status=Evening.Status.RUNNING))
    )
    context = {
        "coming": _page(request, "coming", coming.order_by("date", "id"), COMING_SHOWN),
        "past": _page(request, "past", past.order_by("-date", "-id"), PAST_SHOWN),
        "halls": halls_of(request.user, ORGANIZER),
    }
    return render(request, "tables/evening_list.html", context)


def _page(request: HttpRequest, name: str, rows, shown: int):
    return Paginator(rows, shown).get_page(read_id(request.GET.get(name), most=100_000) or 1)


def _evening_form(request: HttpRequest, instance=None, initial=None) -> EveningForm:
    return EveningForm(
        request.POST or None,
        instance=instance,
        initial=initial,
        halls=halls_of(request.user, ORGANIZER),
        may_add_hall=is_site_admin(request.user),
    )


def _proposal(request: HttpRequest, halls) -> services.Proposal:
    """What New evening proposes: `?hall=` (or the organizer's one hall)
    starts from that hall's last evening, `?template=` from one of its
    templates; a hall or template the person does not organize is a 404
    (a `hall` that is not an id is left out, a `template` is not found)."""
    hall_id = read_id(request.GET.get("hall"))
    if hall_id is None and not is_site_admin(request.user) and len(halls) == 1:
        hall_id = halls[0].pk
    if hall_id is None:
        return services.Proposal()
    hall = next((hall for hall in halls if hall.pk == hall_id), None)
    if hall is None:
        raise Http404(_("No such hall."))
    template = None
    if request.GET.get("template"):
        template_id = read_id(request.GET["template"]) or 0  # 0: no template has it
        template = get_object_or_404(EveningTemplate, hall=hall, pk=template_id)
    return services.propose_evening(hall, template=template)


@require_http_methods(["GET", "POST"])
@organizer_required
def evening_create(request: HttpRequest) -> HttpResponse:
    """New evening: the proposal for the hall's next evening (its last
    evening's settings and prizes, a week later), every field editable."""
    halls = list(halls_of(request.user, ORGANIZER))
    proposal = _proposal(request, halls)
    form = _evening_form(request, initial=proposal.initial)
    data = request.POST if request.method == "POST" else None
    part_forms = [
        (part, part.form(data, proposal.parts.get(part.key), proposal.initial))
        for part in evening_parts.parts()
    ]
    context = {
        "form": form,
        "part_forms": [(part.template, part_form) for part, part_form in part_forms],
        "proposal": proposal,
        "halls": halls,
        "templates": EveningTemplate.objects.filter(hall_id=proposal.initial.get("hall")).order_by(
            "name"
        ),
    }
    if request.method == "POST":
        if form.is_valid() and all(part_form.is_valid() for _part, part_form in part_forms):
            try:
                evening = services.create_evening(form, part_forms)
            except UserError as error:
                context["error"] = error.message
                return render(request, "tables/evening_form.html", context, status=error.status)
            messages.success(
                request, _("Evening created. Here is the next step of tonight's list.")
            )
            return redirect("evening-next-step", evening.slug)
        return render(request, "tables/evening_form.html", context, status=400)
    return render(request, "tables/evening_form.html", context)


@require_POST
@organizer_required
def template_save(request: HttpRequest, slug: str) -> HttpResponse:
    """Save the evening's settings and prizes as one of the hall's templates."""
    evening = request.evening
    form = TemplateForm(request.POST, auto_id="id_template_%s")
    if not form.is_valid():
        context = {"form": _evening_form(request, evening), "evening": evening}
        context["template_form"] = form
        return render(request, "tables/evening_form.html", context, status=400)
    template, created = services.save_template(evening, form.cleaned_data["name"])
    message = _("Template “%(name)s” saved.") if created else _("Template “%(name)s” replaced.")
    messages.success(request, message % {"name": template.name})
    return redirect("evening-edit", evening.slug)


@require_POST
@organizer_required
def template_remove(request: HttpRequest, hall_id: int, template_id: int) -> HttpResponse:
    template = get_object_or_404(EveningTemplate, hall=request.hall, pk=template_id)
    template.delete()
    messages.success(request, _("Template “%(name)s” removed.") % {"name": template.name})
    return redirect(f"{reverse('evening-create')}?hall={hall_id}")


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
        context = {"form": form, "evening": evening, "template_form": _template_form(evening)}
        return render(request, "tables/evening_form.html", context, status=400)
    context = {"form": form, "evening": evening, "template_form": _template_form(evening)}
    return render(request, "tables/evening_form.html", context)


@require_http_methods(["GET", "POST"])
@organizer_required
def evening_delete(request: HttpRequest, slug: str) -> HttpResponse:
    """Delete an evening: a confirmation page, and the delete on POST (a
    finished evening needs its name typed)."""
    evening = request.evening
    context = {"evening": evening, "typed": ""}
    if request.method == "POST":
        typed = request.POST.get("name", "")[:200]
        name = evening.name
        try:
            services.delete_evening(evening, typed_name=typed)
        except UserError as error:
            context |= {"error": error.message, "typed": typed}
            return render(request, "tables/evening_delete.html", context, status=error.status)
        messages.success(request, _("The evening “%(name)s” is deleted.") % {"name": name})
        return redirect("evening-list")
    return render(request, "tables/evening_delete.html", context)


def _template_form(evening) -> TemplateForm:
    return TemplateForm(initial={"name": evening.name}, auto_id="id_template_%s")


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
