"""A phone, as the public pages know it: a random id kept in its session
cookie, hashed (the table-side page's late reports, the self check-in
page's entries). Nothing about the person; a new session is a new phone."""

import hashlib
import secrets

from django.http import HttpRequest


def device_of(request: HttpRequest) -> str:
    """This browser, as a hash of a random id kept in its session cookie
    (made on first use)."""
    token = request.session.get("device")
    if not token:
        token = request.session["device"] = secrets.token_urlsafe(16)
    return hashlib.sha256(token.encode()).hexdigest()


def known_device(request: HttpRequest) -> str:
    """This browser's hash if it has one already ("" otherwise: no session made)."""
    token = request.session.get("device")
    return hashlib.sha256(token.encode()).hexdigest() if token else ""
