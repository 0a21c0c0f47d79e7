"""A phone, as the public pages know it: a random id kept in a signed cookie
of its own, hashed (the table-side page's late reports and the one-phone-
one-couple check, the self check-in page's entries). Nothing about the
person; a browser without the cookie is a new phone.

The id is a cookie of its own, apart from the session, which only signing
in makes: a phone at a table or at the door never signs in.

    device_of(request) -> str      this browser's hash, made on first use
    known_device(request) -> str   its hash if it has one ("" otherwise)
    DeviceCookieMiddleware         sends the cookie when device_of made it
"""

import hashlib
import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse

COOKIE = "cardnight_device"
_SALT = "tables.views.devices"
_NEW = "_cardnight_new_device"  # the request attribute: a token the response must carry


def _token(request: HttpRequest) -> str:
    """The id this browser carries: the cookie's, or a token made earlier in
    this request ("" when none)."""
    return request.get_signed_cookie(COOKIE, default="", salt=_SALT) or getattr(request, _NEW, "")


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def device_of(request: HttpRequest) -> str:
    """This browser, as a hash of a random id kept in its cookie (made on
    first use, and sent with this request's response)."""
    token = _token(request)
    if not token:
        token = secrets.token_urlsafe(16)
        setattr(request, _NEW, token)
    return _hash(token)


def known_device(request: HttpRequest) -> str:
    """This browser's hash if it has one already ("" otherwise: nothing made)."""
    token = _token(request)
    return _hash(token) if token else ""


class DeviceCookieMiddleware:
    """Sends the device cookie with the response of the request that made it
    (or moved it out of the session): signed, and kept, sent and hidden from
    the page's scripts as the session cookie is (its settings: one long
    evening, HTTPS only behind HTTPS, HttpOnly, SameSite)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        token = getattr(request, _NEW, "")
        if token:
            response.set_signed_cookie(
                COOKIE,
                token,
                salt=_SALT,
                max_age=settings.SESSION_COOKIE_AGE,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=settings.SESSION_COOKIE_HTTPONLY,
                samesite=settings.SESSION_COOKIE_SAMESITE,
            )
        return response
