"""THE write gate: how a change to an evening reaches every phone.

Everything a phone or a page shows of an evening is read under the
evening's version (the scoreboard's ETag and cache keys). Every write that
changes it goes through one gate:

    with Evening.changing(evening) as evening:   # the row locked, reloaded
        ... write couples, seatings, punches, prizes ...
        evening.change(status=Evening.Status.RUNNING)  # saved with the bump

    with hall.evenings.changing():                # several evenings at once
        ...

On a clean exit the gate bumps each evening's version once, in the same
transaction, with the fields given to `change`, if the block wrote any of
an evening's data (it watches the queries: a request sent twice that finds
its work done changes nothing, and phones keep their page); on an
exception the transaction rolls back and nothing is bumped. A gate opened inside another
for the same evening is the same gate (it neither locks again nor bumps
twice), so a service may call another. Rows are locked in one order (by
id), so two people changing the same evenings queue instead of deadlocking.

The public pages (scoreboard, TV, couple cards) follow `board_version`,
which the gate bumps with `version` unless every row the block wrote is of
a model no public page shows (PRIVATE_MODELS: a phone's report waiting for
the other couple, a receipt, a self check-in entry) and no field of the
evening was changed: in a flurry each result is then one new board for the
hall's phones, not two. A new model is public unless listed there.

Nothing has to remember a bump: the gate makes it. What must not happen is
a write to an evening's data outside any gate; `writes_evening_data` says
which SQL does that, and the test suite refuses such writes from the app's
code (tests/support/gate.py), so one cannot be written without a test
failing.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from django.apps import apps
from django.db import connection, models, transaction
from django.db.models import F
from django.utils import timezone

_open = threading.local()  # this thread's open gates: {evening id: the locked Evening}


def open_gates() -> dict[int, models.Model]:
    gates = getattr(_open, "gates", None)
    if gates is None:
        gates = _open.gates = {}
    return gates


def inside_a_gate() -> bool:
    return bool(open_gates())


@contextmanager
def changing(queryset: models.QuerySet) -> Iterator[list[models.Model]]:
    """The gate over the evenings of `queryset` (see the module docstring):
    they are locked and reloaded, yielded in id order, and each gets one
    version bump on a clean exit."""
    gates = open_gates()
    with transaction.atomic():
        evenings = []
        mine = []  # the evenings this gate opened (not an outer one)
        for evening in queryset.select_for_update().order_by("pk"):  # one lock order
            if evening.pk in gates:
                evenings.append(gates[evening.pk])
                continue
            evening._changes = {}
            evening._calendar = False
            evening._touched = False
            gates[evening.pk] = evening
            mine.append(evening)
            evenings.append(evening)
        written = _Writes()
        try:
            with connection.execute_wrapper(written):
                yield evenings
            _bump(
                [evening for evening in mine if written.any or evening._touched],
                public=written.public,
            )
        finally:
            for evening in mine:
                gates.pop(evening.pk, None)


class _Writes:
    """Whether the gate's block wrote any of an evening's data (an execute
    wrapper, Django's own hook on every query): a block that wrote nothing
    (the same tap sent twice) leaves the version as it was."""

    def __init__(self):
        self.any = False
        self.public = False  # a row a public page shows

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not self.public:
            table = wrote_evening_data(sql, context["cursor"])
            if table:
                self.any = True
                self.public = table not in private_tables()
        return result


def _bump(evenings: list[models.Model], public: bool = True) -> None:
    """THE version bump: one UPDATE per evening (one for all of them when
    none has fields of its own to save); `board_version` too when a public
    page shows what was written (`public`) or a field of the evening changed."""
    if not evenings:
        return
    model = type(evenings[0])
    both = {"version": F("version") + 1, "board_version": F("board_version") + 1}
    plain = [e for e in evenings if not e._changes and not e._calendar]
    shown = [e.pk for e in plain if public or e._touched]  # `change()`: what pages show
    if shown:
        model.objects.filter(pk__in=shown).update(**both)
    unseen = [e.pk for e in plain if not (public or e._touched)]
    if unseen:
        model.objects.filter(pk__in=unseen).update(version=F("version") + 1)
    for evening in evenings:
        if evening._changes or evening._calendar:
            fields = dict(evening._changes)
            if evening._calendar:
                fields["calendar_sequence"] = F("calendar_sequence") + 1
                fields["calendar_updated_at"] = timezone.now()
            model.objects.filter(pk=evening.pk).update(**both, **fields)


def change(evening: models.Model, calendar: bool = False, **fields) -> None:
    """Set `fields` on `evening`, to be saved by its gate with the version
    bump (which it gets even when nothing else was written: a change to what
    its pages show that lives elsewhere, such as its hall's name);
    `calendar`: the calendar feed shows this change too."""
    if open_gates().get(evening.pk) is not evening:
        raise RuntimeError(f"Evening {evening.pk} is changed outside its gate (Evening.changing)")
    for name, value in fields.items():
        setattr(evening, name, value)
    evening._changes.update(fields)
    evening._calendar = evening._calendar or calendar
    evening._touched = True


# --- Which writes need a gate -------------------------------------------------

# Models of an evening whose rows no public page shows: a write of only these
# moves `version` on (the volunteers' pages, the table side) but not
# `board_version` (the scoreboard, the TV, the couple cards).
PRIVATE_MODELS = ("tables.TableReport", "tables.Receipt", "tables.CheckinEntry")


@cache
def private_tables() -> frozenset[str]:
    return frozenset(apps.get_model(name)._meta.db_table for name in PRIVATE_MODELS)


@cache
def evening_tables() -> frozenset[str]:
    """The tables of an evening's data: every model that points at the
    evening, or at such a model, by a foreign key (couples, seatings,
    punches, prizes, ties...), found from the models themselves, so a new
    one is covered without being listed."""
    evening = apps.get_model("tables", "Evening")
    owned = {evening}
    grew = True
    while grew:
        grew = False
        for model in apps.get_models():
            if model in owned:
                continue
            targets = {
                field.related_model
                for field in model._meta.get_fields()
                if field.many_to_one and field.concrete
            }
            if targets & owned:
                owned.add(model)
                grew = True
    return frozenset(model._meta.db_table for model in owned)


_WRITE = re.compile(
    r'^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?([A-Za-z0-9_]+)"?', re.I
)


def wrote_evening_data(sql: str, cursor) -> str | None:
    """The evening table the statement `sql`, just run on `cursor`, wrote a
    row of, or None. An UPDATE or DELETE that matched no row changed
    nothing (an INSERT's count may not be known before its rows are read)."""
    table = writes_evening_data(sql)
    if table is None:
        return None
    inserted = sql.lstrip()[:6].upper() == "INSERT"
    return table if inserted or cursor.rowcount != 0 else None


def writes_evening_data(sql: str) -> str | None:
    """The evening table `sql` writes, or None. A new evening (an INSERT
    into its own table) needs no gate: no phone has seen it."""
    found = _WRITE.match(sql)
    if found is None:
        return None
    table = found.group(1)
    if table not in evening_tables():
        return None
    evening = apps.get_model("tables", "Evening")._meta.db_table
    if table == evening and sql.lstrip()[:6].upper() == "INSERT":
        return None
    return table
