"""The printouts by name: rows in, PDF bytes out (views and commands call
this), and which of them an evening can print now."""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardnight.errors import UserError
from tables.models import Evening, Table

from . import draw, rows
from .fonts import cover, strings, unprintable

DEFAULT_BASE_URL = "http://127.0.0.1:8000/"
DEFAULT_BLANK_CARDS = 4  # one sheet of walk-in cards


@dataclass(frozen=True, slots=True)
class Kind:
    name: str  # "cards", "tables", "results", "rules"
    filename: str  # "cue-cards"
    title: str
    purpose: str  # what it is for
    when: str  # when to print it

    @property
    def url_name(self) -> str:
        return f"print-{self.name}"


KINDS = {
    kind.name: kind
    for kind in (
        Kind(
            "cards",
            "cue-cards",
            gettext_lazy("Cue cards"),
            gettext_lazy(
                "A punch card for every couple (index-card size, four to a page, with cut "
                "marks): number, names, games 1 to the last in circles to punch, starting table "
                "and a QR code to the couple's own live card. Blank cards for walk-ins."
            ),
            gettext_lazy(
                "Before the doors open, once the couples are registered; again after seating "
                "to have the starting tables printed on them."
            ),
        ),
        Kind(
            "tables",
            "table-cards",
            gettext_lazy("Table cards"),
            gettext_lazy(
                "A tent card per table, folded across the middle: the table number, big, "
                "and the QR code couples scan to report their result."
            ),
            gettext_lazy(
                "After the tables are seated for game 1 (each table's link is made then)."
            ),
        ),
        Kind(
            "results",
            "results",
            gettext_lazy("Results sheet"),
            gettext_lazy(
                "For the notice board: the prizes and how every tie was settled, the cookie "
                "jar, the 50/50, the money, and the standings with every punched game."
            ),
            gettext_lazy(
                "After the last tie is settled. Printed earlier, it says plainly that it is "
                "not final."
            ),
        ),
        Kind(
            "rules",
            "rules-card",
            gettext_lazy("Rules card"),
            gettext_lazy(
                "One page for each table: the rank of every card for each trump suit and this "
                "evening's house rules on reneging, with worked rulings."
            ),
            gettext_lazy("Any time: it does not depend on the couples."),
        ),
        Kind(
            "volunteers",
            "volunteer-quick-start",
            gettext_lazy("Volunteer quick-start"),
            gettext_lazy(
                "One page for the helpers: the address to open on their phone with a QR code "
                "to sign in, and how to register a couple, record a result, settle a "
                "disagreement and mark a couple leaving."
            ),
            gettext_lazy("Before the evening, one for each volunteer."),
        ),
        Kind(
            "checkin",
            "self-check-in",
            gettext_lazy("Self check-in card"),
            gettext_lazy(
                "One page for the door: a big QR code couples scan while they wait in line to "
                "put their names on the door's waiting list; a volunteer confirms each couple."
            ),
            gettext_lazy(
                "Before the doors open, when the hall has self check-in on. Each evening has "
                "its own code."
            ),
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Printout:
    """One printout as the print page lists it."""

    kind: Kind
    ready: bool
    reason: str  # why not, when it is not ready


def printouts(evening: Evening) -> list[Printout]:
    """The printouts and whether each can be printed now (two queries)."""
    has_couples = evening.couples.exists()
    no_couples = _("Register the couples first.")
    has_tables = has_couples and Table.objects.filter(evening=evening).exists()
    states = {
        "cards": (has_couples, no_couples),
        "tables": (has_tables, no_couples if not has_couples else _("Seat the tables first.")),
        "results": (has_couples, no_couples),
        "rules": (True, ""),
        "volunteers": (True, ""),
        "checkin": (
            evening.hall.self_checkin,
            _("Turn on self check-in in the hall's settings first."),
        ),
    }
    return [
        Printout(KINDS[name], ready, "" if ready else reason)
        for name, (ready, reason) in states.items()
    ]


def unprintable_names(evening: Evening) -> list[tuple]:
    """(couple, name) for each name the PDFs' font cannot draw as typed (an
    emoji, Chinese): the print page lists them (one query)."""
    return [
        (couple, name)
        for couple in evening.couples.order_by("number")
        for name in (couple.player1, couple.player2)
        if unprintable(name)
    ]


def check_blank(value) -> int:
    """How many blank walk-in cards, from a form or a command line."""
    if value in (None, ""):
        return DEFAULT_BLANK_CARDS
    try:
        blank = int(str(value).strip())
    except ValueError:
        blank = -1
    if not 0 <= blank <= rows.MAX_BLANK_CARDS:
        raise UserError(
            _("Blank cards: choose a number from 0 to %(max)s.") % {"max": rows.MAX_BLANK_CARDS}
        )
    return blank


@dataclass(frozen=True, slots=True)
class Pdf:
    filename: str
    content: bytes


def render(kind: str, evening: Evening, *, base_url: str = DEFAULT_BASE_URL, blank: int = 0) -> Pdf:
    """The PDF of one printout for `evening`.

    Raises `cardnight.errors.UserError` (a `Conflict` for "nothing to print
    yet") with the reason in words instead of producing an empty PDF.
    """
    if kind == "cards":
        made, drawer = rows.cue_card_rows(evening, base_url, blank), draw.draw_cue_cards
    elif kind == "tables":
        made, drawer = rows.table_card_rows(evening, base_url), draw.draw_table_cards
    elif kind == "results":
        made, drawer = rows.results_rows(evening), draw.draw_results_sheet
    elif kind == "rules":
        made, drawer = rows.rules_card_rows(evening), draw.draw_rules_card
    elif kind == "volunteers":
        made, drawer = rows.quick_start_rows(evening, base_url), draw.draw_quick_start
    elif kind == "checkin":
        made, drawer = rows.checkin_card_rows(evening, base_url), draw.draw_checkin_card
    else:
        raise ValueError(kind)
    cover(strings(made))  # one font per fallback in the PDF, whatever the names
    return Pdf(f"{KINDS[kind].filename}-{evening.slug}.pdf", drawer(made))
