"""Rows rendered once per shape (issue 27): the game screen's table cards and
the movement's rows were most of its time, a hundred alike rows each taking
the template engine's every tag and lookup again.

    {% for seating in tables %}{% stamp "table-card" seating %}...{% endstamp %}{% endfor %}

The body between the tags stays THE markup of a row. A row's *shape* is
what the body decides on (has the table a winner, which couple, a dispute,
how many reports...); its *values* are what it merely shows (numbers,
names). For each shape the body is rendered once, with stand-ins whose
values are slots (`\\x00name\\x00`), and every row of that shape is that
text with its own values put in the slots: the same bytes as the body
rendered for the row, for a fraction of the cost.

What a body may read: its row (the tag's variables, replaced by their
stand-ins while the shape is rendered) and what is the same for every row
of the page (the words, the CSRF token, `todo`...), never `forloop`. A
value is put in as the body shows it: a number plainly (the rows sit in
`{% localize off %}`), a name escaped. The shapes of one kind of row are
written below (`STAMPS`), next to each other, with the template they serve.

tests/tables/test_stamped_rows.py renders the rows both ways, and under
the test settings (STAMPS_CHECKED) every stamped row of every test is also
rendered plainly and must be the same bytes (`StampMismatch` otherwise)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django import template
from django.conf import settings
from django.utils.safestring import SafeString

from tables.models import Couple
from tables.rotation import BYE, OUT

from .names import escaped

register = template.Library()

_SLOT = re.compile("\x00(\\w+)\x00")


def slot(name: str) -> str:
    return f"\x00{name}\x00"


@dataclass
class Shape:
    """One row: what its body decides on (`key`; None: a row the shapes do
    not foresee, rendered as it is), the stand-ins of the tag's variables
    that make the body decide the same with slots for values, made only
    when the shape is new (`stand_ins`), and the row's values by slot name,
    as the body shows them (`values`)."""

    key: tuple | None
    stand_ins: Callable[[], tuple]
    values: dict[str, str]


class _Filled:
    """A shape's text cut at its slots, to put a row's values in."""

    def __init__(self, text: str) -> None:
        parts = _SLOT.split(text)
        self.texts, self.names = parts[0::2], parts[1::2]

    def fill(self, values: dict[str, str]) -> str:
        texts = self.texts
        out = [texts[0]]
        for name, text in zip(self.names, texts[1:], strict=True):
            out.append(values[name])
            out.append(text)
        return "".join(out)


class _Page:
    """What one rendering of the page keeps for one stamp tag: its shapes'
    texts, and whether every row is checked (the setting, read once)."""

    def __init__(self) -> None:
        self.shapes: dict[tuple, _Filled] = {}
        self.checked = getattr(settings, "STAMPS_CHECKED", False)


class StampNode(template.Node):
    def __init__(self, kind: str, variables: list[str], nodelist: template.NodeList) -> None:
        self.kind = kind
        self.variables = variables
        # Parsed once with the template, not once a row: a Variable's parsing
        # (number? translation? string literal?) cost more than the row's fill.
        self.lookups = [template.Variable(name) for name in variables]
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        shape = STAMPS[self.kind](*[lookup.resolve(context) for lookup in self.lookups])
        if shape.key is None:
            return self.nodelist.render(context)
        page = context.render_context.get(self)
        if page is None:
            page = context.render_context[self] = _Page()
        filled = page.shapes.get(shape.key)
        if filled is None:
            with context.push(dict(zip(self.variables, shape.stand_ins(), strict=True))):
                filled = page.shapes[shape.key] = _Filled(self.nodelist.render(context))
        stamped = SafeString(filled.fill(shape.values))
        if page.checked:
            plain = self.nodelist.render(context)
            if stamped != plain:
                raise StampMismatch(self.kind, shape.key, stamped, plain)
        return stamped


class StampMismatch(AssertionError):
    """A stamped row differs from its body rendered for the row: its shape
    function does not foresee something the body decides on (the test
    settings check every row, STAMPS_CHECKED)."""

    def __init__(self, kind: str, key: tuple, stamped: str, plain: str) -> None:
        super().__init__(
            f"{kind} {key}: the stamped row differs from the row rendered plainly; "
            f"add what the body decides on to the shape.\nstamped: {stamped}\nplain:   {plain}"
        )


@register.tag
def stamp(parser: template.base.Parser, token: template.base.Token) -> StampNode:
    """`{% stamp "kind" row [more...] %}body{% endstamp %}`: the variables
    plain names of the context (the loop's)."""
    bits = token.split_contents()
    if len(bits) < 3 or bits[1][0] not in "\"'" or bits[1][-1] != bits[1][0]:
        raise template.TemplateSyntaxError('{% stamp "kind" variable ... %}')
    kind, variables = bits[1][1:-1], bits[2:]
    if kind not in STAMPS or not all(name.isidentifier() for name in variables):
        raise template.TemplateSyntaxError(f"stamp: unknown kind {kind!r} or not plain names")
    nodelist = parser.parse(("endstamp",))
    parser.delete_first_token()
    return StampNode(kind, variables, nodelist)


# --- The shapes ---------------------------------------------------------------


def _side(couple_id: int | None, a: Couple, b: Couple) -> int | None:
    """1 for couple_a, 2 for couple_b (the stand-ins' pks), None for no
    couple; 0 for another couple (not foreseen: the row is not stamped)."""
    if couple_id is None:
        return None
    return 1 if couple_id == a.pk else 2 if couple_id == b.pk else 0


def _stand_in_couple(pk: int, name: str) -> Couple:
    return Couple(pk=pk, number=slot(name), player1=slot(name + "1"), player2=slot(name + "2"))


def _couple_values(values: dict[str, str], name: str, couple: Couple) -> None:
    values[name] = str(couple.number)
    values[name + "1"] = escaped(couple.player1)
    values[name + "2"] = escaped(couple.player2)


def table_card(seating: Any) -> Shape:
    """A table of the game screen (templates/tables/game/screen.html,
    `table-card`): a seating as queries.current_tables gives it."""
    a, b = seating.couple_a, seating.couple_b
    won, deals = _side(seating.winner_id, a, b), _side(seating.deals_first_id, a, b)
    reports = seating.table_reports
    key = (won, deals, bool(seating.disputed), bool(seating.by_phones), bool(seating.pending))
    key += (len(reports),)
    values = {"T": str(seating.table.number)}
    _couple_values(values, "A", a)
    _couple_values(values, "B", b)
    for n, report in enumerate(reports):
        values[f"R{n}"] = str(report.reporter.number)
        values[f"C{n}"] = str(report.claimed_winner.number)

    def stand_ins() -> tuple:
        couples = {1: _stand_in_couple(1, "A"), 2: _stand_in_couple(2, "B")}
        return (
            SimpleNamespace(
                table=SimpleNamespace(number=slot("T")),
                couple_a=couples[1],
                couple_b=couples[2],
                winner=couples.get(won) if won else None,
                winner_id=won,
                deals_first_id=deals,
                disputed=seating.disputed,
                by_phones=seating.by_phones,
                pending=seating.pending,
                table_reports=[
                    SimpleNamespace(
                        reporter=SimpleNamespace(number=slot(f"R{n}")),
                        claimed_winner=SimpleNamespace(number=slot(f"C{n}")),
                    )
                    for n in range(len(reports))
                ],
            ),
        )

    return Shape(key if 0 not in (won, deals) else None, stand_ins, values)


def _origin(origin: int | str, table: int) -> tuple[str, str | None]:
    """Where a couple comes from, as the movement's row decides on it."""
    if origin == table:
        return "stays", None
    if origin in (BYE, OUT):
        return str(origin), None
    return "table", str(origin)


def movement_row(move: Any, movement: Any) -> Shape:
    """A table of the movement (templates/tables/game/_movement.html): a
    queries.TableMove of the queries.Movement."""
    seating = move.seating
    a, b, number = seating.couple_a, seating.couple_b, seating.table.number
    from_a, table_a = _origin(move.from_a, number)
    from_b, table_b = _origin(move.from_b, number)
    deals = _side(seating.deals_first_id, a, b)
    key = (from_a, from_b, deals, number in movement.opened, movement.number)
    values = {"T": str(number), "FA": table_a or "", "FB": table_b or ""}
    _couple_values(values, "A", a)
    _couple_values(values, "B", b)

    def stand_ins() -> tuple:
        def origin(kind: str, name: str) -> str:
            return {"stays": slot("T"), "table": slot(name)}.get(kind, kind)

        row = SimpleNamespace(
            seating=SimpleNamespace(
                table=SimpleNamespace(number=slot("T")),
                couple_a=_stand_in_couple(1, "A"),
                couple_b=_stand_in_couple(2, "B"),
                deals_first_id=deals,
            ),
            from_a=origin(from_a, "FA"),
            from_b=origin(from_b, "FB"),
        )
        opened = [slot("T")] if number in movement.opened else []
        return row, SimpleNamespace(number=movement.number, opened=opened)

    return Shape(key if deals != 0 else None, stand_ins, values)


STAMPS: dict[str, Callable[..., Shape]] = {
    "table-card": table_card,
    "movement-row": movement_row,
}
