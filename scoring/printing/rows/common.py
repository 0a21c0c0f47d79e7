"""What every printout's rows share: the heading and the links in the QR codes."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from cardnight.errors import Conflict
from tables.models import Evening

MAX_BLANK_CARDS = 200


@dataclass(frozen=True, slots=True)
class Heading:
    """What every printout says at the top."""

    hall: str
    evening: str
    date: str
    paper: str  # "letter" or "a4"


# --- Links -----------------------------------------------------------------


def _absolute(base_url: str, name: str, *args) -> str:
    """The absolute link to a named page.

    `base_url` is the site's root: `request.build_absolute_uri("/")` in a view,
    `--base-url` in a command (it may end in a sub-path, e.g. ".../cards/")."""
    return base_url.rstrip("/") + reverse(name, args=args)


def couple_card_url(base_url: str, slug: str, number: int) -> str:
    """The couple's live card on the public scoreboard (the cue card's QR)."""
    return _absolute(base_url, "board-couple", slug, number)


def board_url(base_url: str, slug: str) -> str:
    """The evening's public scoreboard (the QR of a blank walk-in card)."""
    return _absolute(base_url, "board", slug)


def table_entry_url(base_url: str, token: str) -> str:
    """A table's own result-entry link (the table card's QR)."""
    return _absolute(base_url, "tableside", token)


def heading(evening: Evening) -> Heading:
    return Heading(
        hall=evening.hall.name,
        evening=evening.name,
        date=date_format(evening.date, "l j F Y"),
        paper=evening.hall.paper_size,
    )


def require_couples(evening: Evening, what: str) -> None:
    if not evening.couples.exists():
        raise Conflict(
            _(
                "No couples are registered for %(evening)s yet, so there are no %(what)s to "
                "print. Register the couples at the door first."
            )
            % {"evening": evening.name, "what": what}
        )
