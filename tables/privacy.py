"""The ONE names-privacy rule (issue 11): what the public sees of a couple's
names, by the hall's setting (`Hall.Privacy`). The public scoreboard
(scoring's board) and the table-side page both use it; nothing else decides
what a hidden name looks like.

    FULL     "Marie-Thérèse LeBlanc & Joe D'Eon"   (spaces tidied)
    FIRST    "Marie-Thérèse & Joe"                 (the first word of each name)
    NUMBERS  ""                                    (no names at all: the number alone)
"""

from django.utils.translation import gettext as _

from .models import Hall
from .names import couple_names

Privacy = Hall.Privacy


def first_name(name: str) -> str:
    """The first word of a name: "Marie-Thérèse LeBlanc" -> "Marie-Thérèse"."""
    words = name.split()
    return words[0] if words else ""


def public_person(name: str, privacy: str) -> str:
    """One person's name as the hall allows it in public ("" when hidden)."""
    if privacy == Privacy.NUMBERS:
        return ""
    if privacy == Privacy.FIRST:
        return first_name(name)
    return " ".join(name.split())


def public_names(player1: str, player2: str, privacy: str) -> str:
    """A couple's names as the hall allows them in public ("" when hidden)."""
    if not names_are_public(privacy):
        return ""
    return couple_names(public_person(player1, privacy), public_person(player2, privacy))


def names_are_public(privacy: str) -> bool:
    return privacy != Privacy.NUMBERS


def public_label(couple, privacy: str) -> str:
    """A couple with its number, as the public may see it: "Couple 4: Ann &
    Joe", or "Couple 4" when names are hidden."""
    names = public_names(couple.player1, couple.player2, privacy)
    if not names:
        return _("Couple %(n)s") % {"n": couple.number}
    return _("Couple %(n)s: %(names)s") % {"n": couple.number, "names": names}
