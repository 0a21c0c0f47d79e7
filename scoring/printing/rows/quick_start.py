"""The volunteer quick-start as rows: the site's address, the sign-in link
(its QR code) and the four things a volunteer does, in words."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tables.models import Evening

from .common import Heading, _absolute, heading


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    steps: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class QuickStart:
    heading: Heading
    site_url: str  # the address phones open (the hall's address for CardNight)
    login_url: str  # the QR code: the sign-in page, then this evening
    sections: tuple[Section, ...]


def sections() -> tuple[Section, ...]:
    """The four jobs of a volunteer, step by step (in the active language)."""
    return (
        Section(
            _("Register a couple"),
            (
                _("Open the evening, then “Door: couples”."),
                _("Type the two names and press Enter: the couple gets the next number."),
                _(
                    "A couple who came before: type two or three letters of either name "
                    "and tap them in the list: both names are filled, then press Enter."
                ),
                _("Write the number on their cue card. Tap “Mark paid” when they pay."),
            ),
        ),
        Section(
            _("Record a result"),
            (
                _("Open the game screen (“Games and results”)."),
                _("When a table is done, tap the couple that won: “n of m tables in” goes up."),
                _("A wrong tap: open “Change” on that table and tap the right couple."),
                _("All tables in: tap “Start game …” and read out the moves."),
            ),
        ),
        Section(
            _("Settle a disagreement"),
            (
                _("The game screen shows “The couples disagree” on a table."),
                _("Walk over and ask both couples; look at the score sheet if they kept one."),
                _("Tap the winner on the game screen. For a card ruling, use “Settle a dispute”."),
            ),
        ),
        Section(
            _("Mark a couple leaving"),
            (
                _("On the game screen, before the next game starts: “Mark leaving”."),
                _(
                    "Their table is filled by the bye couple, or closes. "
                    "Tap “Staying after all” to undo."
                ),
            ),
        ),
    )


def quick_start_rows(evening: Evening, base_url: str) -> QuickStart:
    """The quick-start for `evening` at the site `base_url` (one query: the hall)."""
    login = _absolute(base_url, "login") + "?next=" + evening.get_absolute_url()
    return QuickStart(
        heading=heading(evening),
        site_url=base_url.rstrip("/") + "/",
        login_url=login,
        sections=sections(),
    )
