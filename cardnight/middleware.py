"""Middleware: a plain 503 when the database is gone, and security headers."""

import logging

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

# Only the site's own scripts and styles; htmx runs without inline script.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class DatabaseUnavailableMiddleware:
    """Answer 503 with a plain message when the database cannot be reached
    (PostgreSQL stopped, the SQLite file locked too long). Django reconnects
    on the next request, so the site recovers by itself."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if isinstance(exception, (OperationalError, InterfaceError)) or (
            type(exception) is DatabaseError
        ):
            logger.error("database unavailable: %s", exception)
            body = render_to_string(
                "503.html",
                {
                    "message": _(
                        "The scores are safe, but the database is not answering. "
                        "Try again in a moment."
                    )
                },
                request=None,
            )
            response = HttpResponse(body, status=503)
            response["Retry-After"] = "5"
            return response
        return None


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith("/admin/"):
            response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        else:
            # The admin uses a few inline scripts of its own.
            response.setdefault(
                "Content-Security-Policy", "frame-ancestors 'none'; object-src 'none'"
            )
        response.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response
