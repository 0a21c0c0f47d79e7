"""Two roles: organizers (everything) and volunteers (register couples and
record results; cannot change settings or delete).

A role is a Django group; a superuser is always an organizer. Views use the
decorators below; templates get `is_organizer` and `is_volunteer`.
"""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils.translation import gettext as _

ORGANIZERS = "organizers"
VOLUNTEERS = "volunteers"


def _groups(user) -> set[str]:
    if not hasattr(user, "_cardnight_groups"):
        user._cardnight_groups = set(user.groups.values_list("name", flat=True))
    return user._cardnight_groups


def is_organizer(user) -> bool:
    return bool(user.is_authenticated and user.is_active) and (
        user.is_superuser or ORGANIZERS in _groups(user)
    )


def is_volunteer(user) -> bool:
    """Volunteers and organizers may both do a volunteer's work."""
    return is_organizer(user) or (
        bool(user.is_authenticated and user.is_active) and VOLUNTEERS in _groups(user)
    )


def _role_required(check: Callable, message: str):
    def decorator(view):
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs):
            if not check(request.user):
                raise PermissionDenied(message)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def organizer_required(view):
    return _role_required(is_organizer, _("Only an organizer can do that."))(view)


def volunteer_required(view):
    return _role_required(
        is_volunteer, _("Your account is not a volunteer or organizer of this hall.")
    )(view)


def roles_context(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None:
        return {}
    return {"is_organizer": is_organizer(user), "is_volunteer": is_volunteer(user)}
