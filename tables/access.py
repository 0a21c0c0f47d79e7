"""Who may do what, hall by hall (issue 15): THE rule, written once.

A user's role in a hall comes from a `Membership` (organizer or volunteer); a
site administrator (a superuser) is an organizer of every hall. Organizers do
everything in their hall; volunteers register couples and record results.

Every private page about an evening or a hall goes through one of the
decorators below. They sign the person in first, then look the evening (from
the URL's `slug`) or the hall (from `hall_id`) up with its role:

- no such evening or hall, or no role in its hall: 404, the same answer as
  for a missing evening, so nobody learns what another hall has;
- a volunteer on an organizer's page: 403 with a plain reason; on a page
  only organizers may know of (`organizers_only`: the hall's books), 404;
- otherwise the view runs with `request.evening` / `request.hall` set.

Pages about no one hall (the evenings list, a new evening) need the role in
at least one hall, and show only the user's halls (`halls_of`).
"""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, QuerySet, Subquery
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tables.models import Evening, Hall, Membership

ORGANIZER = Membership.Role.ORGANIZER
VOLUNTEER = Membership.Role.VOLUNTEER
# A hall's pages that only its organizers may know exist (`organizers_only`).
ORGANIZERS_ONLY = "organizers only"
# What each role may do: an organizer does a volunteer's work too.
ALLOWS = {ORGANIZER: {ORGANIZER, VOLUNTEER}, VOLUNTEER: {VOLUNTEER}}


def allows(role: str | None, needed: str) -> bool:
    """Whether `role` (None: no role) may do `needed`'s work."""
    return role is not None and needed in ALLOWS[role]


def _active(user) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


def roles_of(user) -> dict[int, str]:
    """{hall id: role} for a signed-in user (one query, kept on the user
    object for the rest of the request)."""
    if not _active(user):
        return {}
    if not hasattr(user, "_cardnight_roles"):
        user._cardnight_roles = dict(
            Membership.objects.filter(user=user).values_list("hall_id", "role")
        )
    return user._cardnight_roles


def _known(user) -> dict[int, str | None]:
    """Roles in single halls already read with the page's evening or hall."""
    return user.__dict__.setdefault("_cardnight_known", {})


def is_site_admin(user) -> bool:
    return _active(user) and user.is_superuser


def role_in(user, hall: Hall | int | None) -> str | None:
    """The user's role in `hall` (organizer, volunteer or None). With no hall,
    the strongest role the user has in any hall."""
    if not _active(user):
        return None
    if user.is_superuser:
        return ORGANIZER
    if hall is not None:
        hall_id = hall if isinstance(hall, int) else hall.pk
        if hall_id in _known(user):
            return _known(user)[hall_id]
    roles = roles_of(user)
    if hall is None:
        values = set(roles.values())
        return ORGANIZER if ORGANIZER in values else (VOLUNTEER if values else None)
    return roles.get(hall if isinstance(hall, int) else hall.pk)


def is_organizer(user, hall: Hall | int | None = None) -> bool:
    return role_in(user, hall) == ORGANIZER


def is_volunteer(user, hall: Hall | int | None = None) -> bool:
    """Volunteers and organizers may both do a volunteer's work."""
    return allows(role_in(user, hall), VOLUNTEER)


def halls_of(user, role: str = VOLUNTEER) -> QuerySet[Hall]:
    """The halls where `user` may do `role`'s work (every hall for a site
    administrator)."""
    if is_site_admin(user):
        return Hall.objects.all()
    ids = [hall for hall, held in roles_of(user).items() if allows(held, role)]
    return Hall.objects.filter(pk__in=ids)


def evenings_of(user) -> QuerySet[Evening]:
    """Every evening of the user's halls."""
    evenings = Evening.objects.select_related("hall")
    if is_site_admin(user):
        return evenings
    return evenings.filter(hall_id__in=list(roles_of(user)))


def _with_role(queryset: QuerySet, user_id: int, hall_field: str) -> QuerySet:
    """`queryset` with the user's role in each row's hall as `viewer_role`:
    the evening (or hall) and the role in one query."""
    return queryset.annotate(
        viewer_role=Subquery(
            Membership.objects.filter(hall_id=OuterRef(hall_field), user_id=user_id).values("role")[
                :1
            ]
        )
    )


# Every volunteer's and organizer's page of an evening starts with this
# read. One row: the slug is unique.
def _evening_with_role_query(slug, user_id):
    return _with_role(
        Evening.objects.select_related("hall").filter(slug=slug).order_by(), user_id, "hall_id"
    )[:1]


def _check(
    request: HttpRequest, hall_id: int, viewer_role, needed: str, message: str, hidden: bool
) -> None:
    user = request.user
    role = _known(user)[hall_id] = ORGANIZER if user.is_superuser else viewer_role
    if role is None or (hidden and not allows(role, needed)):
        raise Http404(_("No such page."))
    if not allows(role, needed):
        raise PermissionDenied(message)


def _role_required(needed: str, message: str, hidden: bool = False) -> Callable:
    def decorator(view):
        @login_required
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs):
            if "slug" in kwargs:
                evening = next(
                    iter(_evening_with_role_query(kwargs["slug"], request.user.pk)), None
                )
                if evening is None:
                    raise Http404(_("No such evening."))
                _check(request, evening.hall_id, evening.viewer_role, needed, message, hidden)
                request.evening, request.hall = evening, evening.hall
            elif "hall_id" in kwargs:
                halls = Hall.objects.filter(pk=kwargs["hall_id"])
                hall = _with_role(halls, request.user.pk, "pk").first()
                if hall is None:
                    raise Http404(_("No such hall."))
                _check(request, hall.pk, hall.viewer_role, needed, message, hidden)
                request.hall = hall
            elif not allows(role_in(request.user, None), needed):
                raise PermissionDenied(message)
            return view(request, *args, **kwargs)

        wrapped.cardnight_role = ORGANIZERS_ONLY if hidden else needed
        return wrapped

    return decorator


def organizer_required(view):
    return _role_required(ORGANIZER, gettext_lazy("Only an organizer of this hall can do that."))(
        view
    )


def organizers_only(view):
    """A page only the hall's organizers may know of (the hall's books):
    everyone else, its volunteers too, gets the "not found" of a page that
    does not exist."""
    return _role_required(ORGANIZER, gettext_lazy("No such page."), hidden=True)(view)


def volunteer_required(view):
    return _role_required(
        VOLUNTEER, gettext_lazy("Your account is not a volunteer or organizer of this hall.")
    )(view)


def site_admin_required(view):
    """Only a site administrator (a superuser) adds halls."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs):
        if not is_site_admin(request.user):
            raise PermissionDenied(_("Only the site administrator can add a hall."))
        return view(request, *args, **kwargs)

    wrapped.cardnight_role = "site_admin"
    return wrapped


def roles_context(request: HttpRequest) -> dict:
    """`is_organizer` and `is_volunteer` for templates: the role in the page's
    hall when it has one, else in any hall."""
    user = getattr(request, "user", None)
    if user is None:
        return {}
    hall = getattr(request, "hall", None)
    return {
        "is_organizer": is_organizer(user, hall),
        "is_volunteer": is_volunteer(user, hall),
        "is_site_admin": is_site_admin(user),
    }
