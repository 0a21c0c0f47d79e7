"""Who is signing in.

django-axes locks a user name at one address after too many wrong passwords
there (AXES_LOCKOUT_PARAMETERS): the pair waits, nobody else does. A hall's
phones share one address on its Wi-Fi, so nothing locks an address as a
whole (docs/decisions.md "Decisions", Sign-in).

- `client_ip`: behind a reverse proxy every request comes from the proxy's
  address. With CARDNIGHT_TRUSTED_PROXIES=N (the number of proxies in front
  of CardNight that append to X-Forwarded-For), the client is the address
  the outermost trusted proxy saw: the N-th entry from the right. With 0
  (the default, a hall's laptop with phones on its Wi-Fi) the header is
  ignored, since anyone can send it.
"""

import ipaddress
from collections.abc import Iterator
from contextlib import contextmanager

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.contrib.auth import models as auth_models
from django.db import DatabaseError, transaction

from cardnight.database import cannot_write, note_write_refused


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_ip(request) -> str | None:
    """The client's address, through the configured number of trusted proxies."""
    remote = request.META.get("REMOTE_ADDR")
    proxies = settings.CARDNIGHT_TRUSTED_PROXIES
    if proxies <= 0:
        return remote
    hops = [hop for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    if not hops:
        return remote
    # Each trusted proxy appended the address it was reached from; entries
    # further left were sent by the client and prove nothing.
    return _address(hops[-min(proxies, len(hops))]) or remote


# --- Signing in with a full disk ---------------------------------------------
# Signing in writes nothing that matters: the session is a signed cookie
# (SESSION_ENGINE), and what else a sign-in writes (the account's last
# sign-in time, django-axes' count of wrong passwords and its log) is
# bookkeeping. When the database cannot be written (a full disk), that
# bookkeeping is skipped and the person signs in and reads every page; the
# hub says why nothing can be saved (cardnight.database.cannot_write_now).


@contextmanager
def unless_cannot_write() -> Iterator[None]:
    """Run the block in a savepoint; if the database refuses its write (full,
    read-only), undo it, note it for the hub, and carry on."""
    try:
        with transaction.atomic():
            yield
    except DatabaseError as error:
        if not cannot_write(error):
            raise
        note_write_refused()


def update_last_login(sender, user, **kwargs) -> None:
    """Django's `update_last_login` (the `user_logged_in` receiver), skipped
    when the database cannot be written."""
    with unless_cannot_write():
        auth_models.update_last_login(sender, user, **kwargs)


class SignInHandler(AxesDatabaseHandler):
    """django-axes' database handler, whose writes are skipped when the
    database cannot be written (wrong passwords are then not counted)."""

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs):
        with unless_cannot_write():
            super().user_login_failed(sender, credentials, request, **kwargs)

    def user_logged_in(self, sender, request, user, **kwargs):
        with unless_cannot_write():
            super().user_logged_in(sender, request, user, **kwargs)

    def user_logged_out(self, sender, request, user, **kwargs):
        with unless_cannot_write():
            super().user_logged_out(sender, request, user, **kwargs)
