"""Reads whose SQL the ORM compiles once per process, not on every request.

Django builds a QuerySet and compiles it to SQL afresh each time it runs:
for the short reads of a hall's busiest requests (a table by its token, the
evening under its lock, a seating with its two couples) that costs several
times what the database takes to answer them, and on SQLite the writes' part
of it is spent while holding the one writer's lock. A `Prepared` read is
written as an ordinary QuerySet whose varying values are its arguments:

    table_by_token = Prepared(
        lambda token: Table.objects.select_related("evening").filter(token=token)[:1]
    )
    rows = table_by_token(token)  # a list of Table, as list(queryset) gives
    table = table_by_token.one(token)  # the first of them, or None

The first call per database compiles the QuerySet once, with stand-in
values in place of the arguments, and notes where they land among the SQL's
parameters; every later call sends that SQL with the new values through
Django's cursor (so it is logged and counted like any query) and makes the
same model instances (with their `select_related` objects and annotations)
or `values_list` rows the QuerySet would have made.

What may vary is only what becomes a parameter: an int (an id, a number) or
a str (a token, a key), never None (`= NULL` is not `IS NULL`) and never a
list (its length is in the SQL). A read whose SQL changes with the values in
any other way cannot be prepared; compiling one that loses a stand-in, or
turns it into something else, fails at once, not with wrong rows. A
`select_for_update()` read locks as it would through the ORM, and outside a
transaction it is refused on every database (the ORM refuses it only where
it would lock: on PostgreSQL, not on SQLite).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    QuerySet,
    ValuesListIterable,
    get_related_populators,
)
from django.db.transaction import TransactionManagementError

# Stand-ins for the arguments while the SQL is compiled. Integers must lie
# inside every field's range (Django answers an out-of-range lookup without
# asking the database; a small positive integer field ends at 32,767), so a
# constant of the query could hold the same number: the SQL is compiled
# twice, with two sets of stand-ins, and each argument must land in the same
# places both times.
_INT_STAND_INS = (31_013, 29_017)
_STR_STAND_IN = "\x00prepared-stand-in-"


def _stand_in(value: object, n: int, turn: int) -> object:
    if isinstance(value, bool) or value is None:
        raise TypeError(f"a prepared read takes ints and strs, not {value!r}")
    if isinstance(value, int):
        return _INT_STAND_INS[turn] + n
    if isinstance(value, str):
        return f"{_STR_STAND_IN}{turn}-{n}"
    raise TypeError(f"a prepared read takes ints and strs, not {type(value).__name__}")


# (the parameter's position, the argument's number, the parameter's type)
_Slot = tuple[int, int, type]


def _slots(params: Sequence[Any], stand_ins: Sequence[object], sql: str) -> list[_Slot]:
    """Where each stand-in lies among the parameters, and the type the
    parameter has there: PostgreSQL's driver marks a small integer as one
    (psycopg's Int2, an int), and the value sent there is marked the same."""
    slots = []
    for n, stand_in in enumerate(stand_ins):
        found = [
            (i, type(p))
            for i, p in enumerate(params)
            if isinstance(p, type(stand_in)) and p == stand_in
        ]
        if not found:
            raise ValueError(f"argument {n} is not a parameter of the SQL: {sql}")
        slots += [(position, n, kind) for position, kind in found]
    return slots


@dataclass(frozen=True)
class _Plan:
    """One compiled read: its SQL and parameters, where each argument goes
    among them, and how its rows are made into what the QuerySet yields."""

    sql: str
    params: tuple[Any, ...]
    slots: tuple[_Slot, ...]  # each place an argument goes
    kinds: tuple[type, ...]  # each argument's type (int or str)
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]
    col_count: int  # the columns asked for (the rest only order the rows)
    for_update: bool
    # Model instances:
    model: type[Model] | None = None
    init_list: tuple[str, ...] = ()
    model_cols: tuple[int, int] = (0, 0)
    populators: tuple[Any, ...] = ()
    annotations: tuple[tuple[str, int], ...] = ()
    # values_list rows:
    flat: bool = False


class Prepared:
    """A QuerySet `build(*values)` compiled once per database; see the module."""

    def __init__(self, build: Callable[..., QuerySet[Any, Any]]):
        self.build = build
        self._plans: dict[str, _Plan] = {}
        self._lock = threading.Lock()

    def __call__(self, *values: int | str, using: str = DEFAULT_DB_ALIAS) -> list[Any]:
        plan = self._plans.get(using)
        if plan is None:
            with self._lock:
                plan = self._plans.get(using) or self._compile(values, using)
                self._plans[using] = plan
        return _run(plan, values, using)

    def one(self, *values: int | str, using: str = DEFAULT_DB_ALIAS) -> Any:
        """The first row, or None (for a read of at most one row, `[:1]`)."""
        rows = self(*values, using=using)
        return rows[0] if rows else None

    def _compile(self, values: Sequence[int | str], using: str) -> _Plan:
        compiled = []
        for turn in (0, 1):
            stand_ins = [_stand_in(value, n, turn) for n, value in enumerate(values)]
            queryset = self.build(*stand_ins).using(using)
            if queryset._known_related_objects or queryset._prefetch_related_lookups:
                raise ValueError("a prepared read cannot prefetch or be read through a relation")
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            compiled.append((sql, params, _slots(params, stand_ins, sql)))
        (first_sql, _params, first_slots), (sql, params, slots) = compiled
        if first_sql != sql or first_slots != slots:
            raise ValueError(f"the SQL changes with the values: {sql}")
        columns = [column for column, _sql, _alias in compiler.select[: compiler.col_count]]
        # The backend's converters are bound to the connection of the thread
        # that compiled: they read only its settings (the time zone), the
        # same for every connection to the database; each call passes its own.
        converters = tuple(
            (position, tuple(convs), expression)
            for position, (convs, expression) in compiler.get_converters(columns).items()
        )
        common = {
            "sql": sql,
            "params": tuple(params),
            "slots": tuple(slots),
            "kinds": tuple(type(value) for value in values),
            "converters": converters,
            "col_count": compiler.col_count,
            "for_update": queryset.query.select_for_update,
        }
        iterable = queryset._iterable_class
        if iterable is ModelIterable:
            info = compiler.klass_info
            start, end = info["select_fields"][0], info["select_fields"][-1] + 1
            return _Plan(
                **common,
                model=info["model"],
                init_list=tuple(c[0].target.attname for c in compiler.select[start:end]),
                model_cols=(start, end),
                populators=tuple(get_related_populators(info, compiler.select, using)),
                annotations=tuple(compiler.annotation_col_map.items()),
            )
        if iterable in (ValuesListIterable, FlatValuesListIterable):
            # The SQL's columns are in the order values_list names them (Django 5.2).
            return _Plan(**common, flat=iterable is FlatValuesListIterable)
        raise ValueError(f"a prepared read yields models or values_list rows, not {iterable}")


def _run(plan: _Plan, values: Sequence[int | str], using: str) -> list[Any]:
    if len(values) != len(plan.kinds):
        raise TypeError(f"this prepared read takes {len(plan.kinds)} values, not {len(values)}")
    params = list(plan.params)
    for n, value in enumerate(values):
        if type(value) is not plan.kinds[n]:
            raise TypeError(f"argument {n} must be {plan.kinds[n].__name__}, not {value!r}")
    for position, n, kind in plan.slots:
        value = values[n]
        params[position] = value if kind is plan.kinds[n] else kind(value)
    connection = connections[using]
    if plan.for_update and connection.get_autocommit():
        raise TransactionManagementError(
            "select_for_update cannot be used outside of a transaction."
        )
    with connection.cursor() as cursor:
        cursor.execute(plan.sql, params)
        rows: list[Any] = cursor.fetchall()
    if plan.converters or len(rows[0] if rows else ()) > plan.col_count:
        rows = [_converted(row, plan, connection) for row in rows]
    if plan.model is None:
        if plan.flat:
            return [row[0] for row in rows]
        return [tuple(row) for row in rows]
    return [_instance(row, plan, using) for row in rows]


def _converted(row: Sequence[Any], plan: _Plan, connection: Any) -> list[Any]:
    """The row as the ORM gives it: the columns asked for, each through the
    backend's and the field's converters (as SQLCompiler.apply_converters)."""
    row = list(row[: plan.col_count])
    for position, convs, expression in plan.converters:
        value = row[position]
        for converter in convs:
            value = converter(value, expression, connection)
        row[position] = value
    return row


def _instance(row: Sequence[Any], plan: _Plan, using: str) -> Model:
    """A model instance from one row, as ModelIterable makes it."""
    assert plan.model is not None
    start, end = plan.model_cols
    obj = plan.model.from_db(using, plan.init_list, row[start:end])
    for populator in plan.populators:
        populator.populate(row, obj)
    for name, position in plan.annotations:
        setattr(obj, name, row[position])
    return obj
