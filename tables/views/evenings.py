"""The list of evenings, creating and editing an evening and a hall."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from cardnight.roles import organizer_required, volunteer_required
from tables import services
from tables.forms import EveningForm, HallForm
from tables.models import Evening, Hall
from tables.views import get_evening


@require_GET
@volunteer_required
def evening_list(request: HttpRequest) -> HttpResponse:
    evenings = Evening.objects.select_related("hall")
    return render(
        request, "tables/evening_list.html", {"evenings": evenings, "halls": Hall.objects.all()}
    )


@require_http_methods(["GET", "POST"])
@organizer_required
def evening_create(request: HttpRequest) -> HttpResponse:
    form = EveningForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            evening = form.save()
            messages.success(request, _("Evening created. Register the couples at the door."))
            return redirect("door", evening.slug)
        return render(request, "tables/evening_form.html", {"form": form}, status=400)
    return render(request, "tables/evening_form.html", {"form": form})


@require_http_methods(["GET", "POST"])
@organizer_required
def evening_edit(request: HttpRequest, slug: str) -> HttpResponse:
    evening = get_evening(slug)
    form = EveningForm(request.POST or None, instance=evening)
    if request.method == "POST":
        if form.is_valid():
            evening = services.save_settings(form)
            messages.success(request, _("Settings saved."))
            return redirect(evening)
        context = {"form": form, "evening": evening}
        return render(request, "tables/evening_form.html", context, status=400)
    return render(request, "tables/evening_form.html", {"form": form, "evening": evening})


@require_http_methods(["GET", "POST"])
@organizer_required
def hall_form(request: HttpRequest, hall_id: int | None = None) -> HttpResponse:
    hall = get_object_or_404(Hall, pk=hall_id) if hall_id else None
    form = HallForm(request.POST or None, instance=hall)
    if request.method == "POST":
        if form.is_valid():
            services.save_hall(form)
            messages.success(request, _("Hall saved."))
            return redirect("evening-list")
        return render(request, "tables/hall_form.html", {"form": form, "hall": hall}, status=400)
    return render(request, "tables/hall_form.html", {"form": form, "hall": hall})
