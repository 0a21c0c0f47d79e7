"""Self check-in, the phone's side: public, reached only through the
evening's own link (/c/<token>/, the QR code printed for the door). A couple
types its two names; the page shows this phone's own entries and nothing
else (no search, no list of the hall's people). The volunteer's side is on
the door page (tables/views/door.py).

The phone keeps the two names it sent in its own storage
(static/js/checkin.js), so that next week the page offers "Register … again"
in one tap; the server keeps nothing of the phone past its session.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from cardnight.error_pages import error_page
from cardnight.errors import UserError
from tables.forms import CheckinForm
from tables.live import polled
from tables.models import CheckinEntry, Evening
from tables.services import checkin
from tables.views.devices import device_of, known_device

TEMPLATE = "tables/checkin.html"


def _evening(token: str) -> Evening | None:
    return Evening.objects.select_related("hall").filter(checkin_token=token).first()


def _unknown(request: HttpRequest) -> HttpResponse:
    return error_page(
        request,
        _("Unknown check-in link"),
        _("This check-in link is not valid. Scan the code at the door again, or ask a volunteer."),
        404,
    )


def _page(request, evening: Evening, form: CheckinForm, status: int = 200, error: str = ""):
    """The page: this phone's entries, and the form while its couple is not
    checked in (`checkin.checked_in`), or for another couple (?another=1),
    or to show what was wrong with the names sent."""
    entries = checkin.phone_entries(evening, known_device(request))
    another = request.method == "GET" and request.GET.get("another") == "1"
    url = reverse("checkin", args=[evening.checkin_token])
    context = {
        "evening": evening,
        "form": form,
        "closed": checkin.closed_reason(evening),
        "entries": entries,
        "waiting": any(state == checkin.WAITING for _entry, state in entries),
        "offer_form": request.method == "POST" or another or not checkin.checked_in(entries),
        "error": error,
        "url": url,
        "poll_url": f"{url}?another=1" if another else url,
    }
    template = TEMPLATE + "#my-entries" if request.htmx and request.method == "GET" else TEMPLATE
    return render(request, template, context, status=status)


def _version(request: HttpRequest, token: str) -> tuple | None:
    """The poll's ETag parts: the evening's version (a confirmation bumps
    it), and this phone's entries and what became of them."""
    row = Evening.objects.filter(checkin_token=token).values_list("pk", "version").first()
    if row is None:
        return None
    device = known_device(request)
    mine = CheckinEntry.objects.filter(evening_id=row[0], device=device)
    states = list(mine.values_list("pk", "confirmed_at", "couple_id")) if device else []
    return (*row, device, states)


@never_cache
@require_http_methods(["GET", "POST"])
@polled(_version)
def checkin_page(request: HttpRequest, token: str) -> HttpResponse:
    """GET: the form (while entries are accepted) and this phone's entries.
    POST: the phone's two names, waiting at the door."""
    evening = _evening(token)
    if evening is None:
        return _unknown(request)
    if request.method == "GET":
        return _page(request, evening, CheckinForm())
    form = CheckinForm(request.POST)
    if not form.is_valid():
        return _page(request, evening, form, status=400)
    try:
        checkin.submit_entry(
            evening, device_of(request), form.cleaned_data["player1"], form.cleaned_data["player2"]
        )
    except UserError as error:
        return _page(request, evening, form, status=error.status, error=error.message)
    messages.success(
        request, _("You are on the door's list. Show this page to the volunteer at the door.")
    )
    return redirect("checkin", token)


@require_POST
def checkin_withdraw(request: HttpRequest, token: str, entry: int) -> HttpResponse:
    """The phone takes back one of its own waiting entries."""
    evening = _evening(token)
    if evening is None:
        return _unknown(request)
    try:
        checkin.withdraw_entry(evening, known_device(request), entry)
    except UserError as error:
        return _page(request, evening, CheckinForm(), status=error.status, error=error.message)
    messages.success(request, _("Withdrawn: you are off the door's list."))
    return redirect("checkin", token)
