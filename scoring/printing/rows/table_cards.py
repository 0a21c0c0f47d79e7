"""Table cards as rows: one per open table, with its result-entry link."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from cardnight.errors import Conflict
from tables.models import Evening, Table

from .common import Heading, heading, require_couples, table_entry_url


@dataclass(frozen=True, slots=True)
class TableCard:
    number: int
    qr: str  # the table's result-entry link


@dataclass(frozen=True, slots=True)
class TableCardSheet:
    heading: Heading
    cards: tuple[TableCard, ...]


def table_card_rows(evening: Evening, base_url: str) -> TableCardSheet:
    """One card per open table, in number order.

    A table's link is made when the tables are first seated, so table cards
    are printed after seating; a table closed by a departure gets no card.
    """
    require_couples(evening, _("table cards"))
    tables = Table.objects.filter(evening=evening, closed_after_game__isnull=True).order_by(
        "number"
    )
    cards = tuple(
        TableCard(number, table_entry_url(base_url, token))
        for number, token in tables.values_list("number", "token")
    )
    if not cards:
        raise Conflict(
            _(
                "Table cards are printed after the tables are seated: each card carries its "
                "table's own result link, which is made when the first game is seated. Seat "
                "the tables, then print the table cards."
            )
        )
    return TableCardSheet(heading(evening), cards)
