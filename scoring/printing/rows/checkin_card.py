"""The self check-in card as rows: the evening's check-in link (its QR
code), for the door. Printed only when the hall has self check-in on."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from cardnight.errors import Conflict
from tables.models import Evening

from .common import Heading, _absolute, heading


@dataclass(frozen=True, slots=True)
class CheckinCard:
    heading: Heading
    qr: str  # the evening's self check-in link


def checkin_url(base_url: str, token: str) -> str:
    """The evening's self check-in page (the door card's QR)."""
    return _absolute(base_url, "checkin", token)


def checkin_card_rows(evening: Evening, base_url: str) -> CheckinCard:
    """The card for `evening` (no query: the hall comes with the evening)."""
    if not evening.hall.self_checkin:
        raise Conflict(
            _(
                "Self check-in is off for %(hall)s: an organizer turns it on in the hall's "
                "settings, then the card can be printed."
            )
            % {"hall": evening.hall.name}
        )
    return CheckinCard(heading(evening), checkin_url(base_url, evening.checkin_token))
