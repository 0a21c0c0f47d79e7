"""The test suite's side of the write gate (tables/models/gate.py): a write
to an evening's data made by the app's own code outside `Evening.changing`
fails the test that makes it, whatever the code path (a service, a view, the
admin, an import), so a write that phones would never see cannot be
written without a test failing.

Writes made straight from a test (the data a test sets up with the ORM) are
let through: only the app's code must go through the gate.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tables.models import gate

ROOT = Path(__file__).resolve().parents[2]
APP = tuple(str(ROOT / package) + "/" for package in ("cardnight", "tables", "scoring"))


class WriteOutsideTheGate(AssertionError):
    pass


def _app_frame() -> str | None:
    """Where in the app's code (not a migration) the running query was made,
    or None when no app code is on the stack."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(APP) and "/migrations/" not in name:
            return f"{name[len(str(ROOT)) + 1 :]}:{frame.f_lineno} ({frame.f_code.co_name})"
        frame = frame.f_back
    return None


def refuse_writes_outside_the_gate(execute, sql, params, many, context):
    """A database execute wrapper (`connection.execute_wrapper`): a statement
    that wrote a row of an evening's data outside any gate fails (the test's
    transaction is rolled back; one that matched no row changed nothing)."""
    result = execute(sql, params, many, context)
    if not gate.inside_a_gate():
        table = gate.wrote_evening_data(sql, context["cursor"])
        if table is not None:
            where = _app_frame()
            if where is not None:
                raise WriteOutsideTheGate(
                    f"{where} writes {table} outside Evening.changing: phones would not see it"
                )
    return result


def changed(evening, **fields) -> None:
    """A change phones must see, made as the app makes one (through the
    write gate), with `fields` saved with it: for tests that change an
    evening's data by hand."""
    from tables.models import Evening

    with Evening.changing(evening) as locked:
        locked.change(**fields)
