"""The print page and its PDFs (organizers and volunteers).

Each PDF is built on request by `scoring.printing.documents.render` and sent
inline, so a phone opens it in its PDF viewer and a laptop in the browser,
both ready to print. Nothing to print yet (no couples; table cards before
seating) is a 409 with the reason, never an empty PDF. QR codes and links use
the hall's "address phones use" (tables.links), changed on the print page.
"""

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from cardnight.error_pages import user_error
from cardnight.errors import UserError
from tables import links, services
from tables.access import organizer_required, organizers_only, volunteer_required
from tables.forms import PhoneAddressForm


@require_GET
@volunteer_required
def print_index(request: HttpRequest, slug: str) -> HttpResponse:
    evening = request.evening
    return _index(request, evening, PhoneAddressForm(initial=_initial(evening.hall)))


def _initial(hall) -> dict:
    """The address box shows the address in use (pre-filled from `make run`)."""
    return {"phone_address": links.phone_address(hall)}


def _index(request: HttpRequest, evening, form: PhoneAddressForm, status: int = 200):
    from scoring.printing import documents  # reportlab, fonts, segno: on these pages only

    address = links.phone_address(evening.hall)
    started = links.found_addresses()
    context = {
        "evening": evening,
        "printouts": documents.printouts(evening),
        "unprintable": documents.unprintable_names(evening),
        "blank": documents.DEFAULT_BLANK_CARDS,
        "max_blank": documents.rows.MAX_BLANK_CARDS,
        "address": address,
        "address_form": form,
        "address_is_loopback": links.is_loopback(address),
        # What `make run` chose and why, and the computer's other addresses to pick from.
        "chosen": started[0] if started and not settings.CARDNIGHT_ADDRESS else None,
        "chosen_network": f" ({started[0].interface})" if started and started[0].interface else "",
        "other_addresses": [f for f in started if f.address != address],
    }
    return render(request, "printing/index.html", context, status=status)


@require_POST
@organizer_required
def change_address(request: HttpRequest, slug: str) -> HttpResponse:
    """Change the hall's "address phones use" from the print page."""
    evening = request.evening
    form = PhoneAddressForm(request.POST, instance=evening.hall)
    if not form.is_valid():
        return _index(request, evening, form, status=400)
    services.save_hall(form)  # one transaction: the hall and its evenings' versions
    messages.success(
        request,
        _("QR codes and printed links now use %(address)s.")
        % {"address": links.phone_address(evening.hall)},
    )
    return redirect("print-index", evening.slug)


def _pdf(request: HttpRequest, slug: str, kind: str, **options) -> HttpResponse:
    from scoring.printing import documents

    evening = request.evening
    try:
        pdf = documents.render(kind, evening, base_url=links.phone_address(evening.hall), **options)
    except UserError as error:
        return user_error(request, error, back=reverse("print-index", args=[evening.slug]))
    services.record_printed(evening, kind)
    response = HttpResponse(pdf.content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{pdf.filename}"'
    patch_cache_control(response, private=True, max_age=0)
    return response


@require_GET
@volunteer_required
def cue_cards(request: HttpRequest, slug: str) -> HttpResponse:
    from scoring.printing import documents

    evening = request.evening
    try:
        blank = documents.check_blank(request.GET.get("blank"))
    except UserError as error:
        return user_error(request, error, back=reverse("print-index", args=[evening.slug]))
    return _pdf(request, slug, "cards", blank=blank)


@require_GET
@volunteer_required
def table_cards(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "tables")


@require_GET
@volunteer_required
def results_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "results")


@require_GET
@volunteer_required
def rules_card(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "rules")


@require_GET
@volunteer_required
def quick_start(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "volunteers")


@require_GET
@volunteer_required
def checkin_card(request: HttpRequest, slug: str) -> HttpResponse:
    return _pdf(request, slug, "checkin")


@require_GET
@organizers_only
def books_statement(request: HttpRequest, hall_id: int) -> HttpResponse:
    """The statement of the hall's books for a period (scoring.books), on
    the hall's paper or the one asked for (`paper=letter` or `a4`)."""
    from scoring import books
    from scoring.printing.draw.statement import draw_statement
    from scoring.printing.rows.statement import statement_rows

    back = reverse("books", args=[hall_id])
    paper = request.GET.get("paper") or request.hall.paper_size
    try:
        if paper not in ("letter", "a4"):
            raise UserError(_("Choose the paper: letter or a4."))
        period = books.period_from(request.hall, request.GET, timezone.localdate())
    except UserError as error:
        return user_error(request, error, back=back)
    content = draw_statement(statement_rows(books.hall_books(request.hall, period), paper))
    response = HttpResponse(content, content_type="application/pdf")
    name = period.year_name or f"{period.start}-to-{period.end}"
    filename = f"{request.hall.slug}-statement-{name}.pdf".replace("\u2013", "-")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    patch_cache_control(response, private=True, max_age=0)
    return response
