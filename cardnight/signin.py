"""Who is signing in, and how often (issue 12, point 15).

django-axes locks a user name after too many wrong passwords from one
address. Two additions:

- `client_ip`: behind a reverse proxy every request comes from the proxy's
  address. With CARDNIGHT_TRUSTED_PROXIES=N (the number of proxies in front
  of CardNight that append to X-Forwarded-For), the client is the address
  the outermost trusted proxy saw: the N-th entry from the right. With 0
  (the default, a hall's laptop with phones on its Wi-Fi) the header is
  ignored, since anyone can send it.
- `SignInBackend`: one address may try at most CARDNIGHT_SIGNIN_NAMES_PER_ADDRESS
  different user names that failed within the cool-off time; each try costs
  a password hash, and guessing names is how accounts are found.
"""

import ipaddress

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from axes.models import AccessAttempt
from django.conf import settings
from django.utils import timezone


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


def names_tried(address: str | None) -> set[str]:
    """User names that failed from `address` within the cool-off time."""
    if not address:
        return set()
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    return set(
        AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=since)
        .values_list("username", flat=True)
        .distinct()
    )


class SignInBackend(AxesStandaloneBackend):
    """django-axes' checks, then the limit on new user names per address."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        super().authenticate(request, username=username, password=password, **kwargs)
        tried = names_tried(client_ip(request))
        if username not in tried and len(tried) >= settings.CARDNIGHT_SIGNIN_NAMES_PER_ADDRESS:
            request.axes_locked_out = True  # AxesMiddleware answers with the lockout page
            raise AxesBackendPermissionDenied("too many user names from one address")
