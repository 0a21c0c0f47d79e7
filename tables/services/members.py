"""A hall's people (issue 15): a site administrator adds a hall with its first
organizer; the hall's organizers add volunteers and co-organizers and remove
them. A new account gets a one-time password, shown once and never kept in
the clear (there is no e-mail server to send it), and its owner chooses their
own at the first sign-in (tables/views/password.py)."""

import secrets
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError

from ..models import Hall, Membership, OneTimePassword

ORGANIZER = Membership.Role.ORGANIZER


@dataclass(frozen=True)
class Added:
    """Who was added; `password` is set only for a new account (show it once)."""

    username: str
    role: str
    password: str = ""
    message: str = ""


def new_password() -> str:
    """A password a person can read off a screen and type on a phone:
    12 characters, about 70 bits, without look-alikes (0/O, 1/l/I)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(3))


def members(hall: Hall) -> list[Membership]:
    return list(hall.memberships.select_related("user").order_by("role", "user__username"))


@transaction.atomic
def add_member(hall: Hall, username: str, role: str) -> Added:
    """Give `username` `role` in `hall`, creating the account if it is new.
    An existing account keeps its password (it may belong to another hall
    too); its role here is set to `role`."""
    username = username.strip()
    if not username:
        raise UserError(_("Type the person's user name."))
    User = get_user_model()
    user = User.objects.select_for_update().filter(username__iexact=username).first()
    password = ""
    if user is None:
        password = new_password()
        user = User.objects.create_user(username, password=password)
        OneTimePassword.objects.create(user=user)  # changed at the first sign-in
    elif not user.is_active:
        raise Conflict(_("The account “%(name)s” is switched off.") % {"name": user.username})
    membership, _created = Membership.objects.update_or_create(
        user=user, hall=hall, defaults={"role": role}
    )
    words = {"name": user.username, "hall": hall.name}
    if membership.role == ORGANIZER:
        message = _("%(name)s is an organizer of %(hall)s.") % words
    else:
        message = _("%(name)s is a volunteer of %(hall)s.") % words
    return Added(user.username, role, password, message)


@transaction.atomic
def remove_member(hall: Hall, member_id: int, by) -> str:
    """Take a person's role in `hall` away (their account stays: they may be
    in another hall). A hall keeps at least one organizer."""
    membership = (
        Membership.objects.select_for_update()
        .select_related("user")
        .filter(hall=hall, pk=member_id)
        .first()
    )
    if membership is None:
        raise Conflict(_("That person is not in this hall (any more)."))
    if membership.role == ORGANIZER:
        organizers = Membership.objects.select_for_update().filter(hall=hall, role=ORGANIZER)
        if organizers.count() == 1:
            raise Conflict(
                _("%(name)s is the hall's last organizer: add another organizer first.")
                % {"name": membership.user.username}
            )
    membership.delete()
    return _("%(name)s is no longer in %(hall)s.") % {
        "name": membership.user.username,
        "hall": hall.name,
    }


@transaction.atomic
def create_hall(form, by) -> tuple[Hall, Added | None]:
    """A site administrator's new hall, with its first organizer if named."""
    hall = form.save()
    username = (form.cleaned_data.get("first_organizer") or "").strip()
    added = add_member(hall, username, ORGANIZER) if username else None
    return hall, added
