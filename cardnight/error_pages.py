"""The error pages: what a person sees when something went wrong, as a full
page or an htmx fragment, and Django's handlers for 400, 403, 404, 500 and a
failed CSRF check. Below every app (it imports none), so tables and scoring
views answer a UserError the same way."""

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from cardnight.database import cannot_write, cannot_write_message, note_write_refused
from cardnight.errors import UserError

logger = logging.getLogger(__name__)


def error_page(request: HttpRequest, title: str, message: str, status: int, back: str = ""):
    """A plain page (or an htmx fragment) that says what went wrong."""
    template = "_error_fragment.html" if getattr(request, "htmx", False) else "error.html"
    context = {"title": title, "message": message, "back": back}
    return render(request, template, context, status=status)


def user_error(request: HttpRequest, error: UserError, back: str = "") -> HttpResponse:
    return error_page(request, _("That did not work"), error.message, error.status, back)


def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    return error_page(request, _("Bad request"), _("The request was not understood."), 400)


def permission_denied(request: HttpRequest, exception=None) -> HttpResponse:
    message = str(exception) if exception and str(exception) else _("You may not do that.")
    return error_page(request, _("Not allowed"), message, 403)


def page_not_found(request: HttpRequest, exception=None) -> HttpResponse:
    return error_page(request, _("Not found"), _("There is no such page. Check the address."), 404)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500 handler, called while the exception is being handled.

    A database that cannot be reached (PostgreSQL stopped, the SQLite file
    locked past the busy timeout) is not a bug: answer 503 with a plain page
    that retries by itself. Django reconnects on the next request, so the
    site recovers as soon as the database is back."""
    error = sys.exc_info()[1]
    if cannot_write(error):
        # Not "back in a moment": it stays this way until someone fixes it.
        logger.error("database cannot be written: %s", error)
        note_write_refused()
        return error_page(request, _("Nothing was saved"), cannot_write_message(), 503)
    if isinstance(error, (OperationalError, InterfaceError)):
        logger.error("database unavailable: %s", error)
        # A form sent (a POST) was not saved: say so, and do not reload by
        # itself, which would ask for the page again and lose the form.
        sent = request.method == "POST"
        body = render_to_string(
            "503.html",
            {
                "sent": sent,
                "message": _(
                    "Nothing was saved: the database is not answering. Go back and send it "
                    "again in a moment."
                )
                if sent
                else _(
                    "The scores are safe, but the database is not answering. Try again in a moment."
                ),
            },
        )
        response = HttpResponse(body, status=503)
        response["Retry-After"] = "5"
        return response
    return HttpResponse(_("Something went wrong on our side."), status=500)


@never_cache
def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_page(
        request,
        _("Please try again"),
        _(
            "The form had expired or came from elsewhere. Go back, reload the page and "
            "send it again."
        ),
        403,
    )
