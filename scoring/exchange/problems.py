"""What is wrong with an evening's JSON, said as `field: problem`.

`check_schema(data)` checks the file against evening.schema.json (JSON Schema
draft 2020-12) and turns the first error into an `ImportProblem` whose field
is a path like `games[3].tables[0].winner` (0-based, like any JSON path).
A file is checked by the schema compiled once into Python (`fastjsonschema`:
a twentieth of the time walking the schema with `jsonschema` took, which was
most of the import's); only a file it refuses is walked again with
`jsonschema`, whose errors say best what is wrong.
The small readers below are for the checks a schema cannot make (they need
the evening's other values).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import fastjsonschema
from django.utils.translation import gettext as _

from cardnight.errors import UserError
from cardnight.text import control_character, tidy

FORMAT = "cardnight-evening"
VERSION = 1
SCHEMA_FILE = Path(__file__).with_name("evening.schema.json")

# The evening's settings written under "settings", in this order.
SETTINGS = [
    "games",
    "prize_places",
    "ranking",
    "bye_counts_as_win",
    "entry_fee",
    "booby_prize",
    "booby_early_leavers",
    "cookie_jar",
    "jar_buy_in",
    "jar_draw_size",
    "jar_draw_mode",
    "fifty_fifty",
    "travelling_prize",
    "half_time_leader",
    "half_time_game",
    "renege",
    "nontrump_lead",
    "hearts_on_hearts",
    "jokers",
    "game_target",
    "auction_min_bid",
]


class ImportProblem(UserError):
    """A file that cannot be imported: `field` names where, the message says why."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


def problem(field: str, message: str, **params) -> ImportProblem:
    return ImportProblem(field, message % params if params else message)


def shown(value) -> str:
    """A value as a problem quotes it: short, whatever it is."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        text = "…"
    return text if len(text) <= 40 else text[:37] + "..."


# --- The schema -------------------------------------------------------------------


@cache
def schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


@cache
def compiled_validator():
    """The schema as one Python function (built once per process): it
    returns, or raises JsonSchemaValueException at the first problem."""
    # On a copy: compiling rewrites the $refs of the schema it is given.
    return fastjsonschema.compile(copy.deepcopy(schema()), use_formats=False)


@cache
def jsonschema_validator():
    """The schema walked by `jsonschema` (imported on first use): slower,
    but its `best_match` picks the error that says what is wrong."""
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema())
    return Draft202012Validator(schema())


def json_path(parts) -> str:
    """("games", 3, "tables", 0, "winner") -> "games[3].tables[0].winner"."""
    path = ""
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path


_TYPES = {
    "integer": lambda: _("must be a whole number, not %(value)s."),
    "string": lambda: _("must be text, not %(value)s."),
    "boolean": lambda: _("must be true or false, not %(value)s."),
    "object": lambda: _("must be an object {…}, not %(value)s."),
    "array": lambda: _("must be a list […], not %(value)s."),
}


def _message(error) -> tuple[str, str]:
    """(field, problem) for one jsonschema error, in CardNight's words."""
    field = json_path(error.absolute_path)
    value = shown(error.instance)
    kind = error.validator
    if kind == "type":
        types = error.validator_value
        types = [types] if isinstance(types, str) else [t for t in types if t != "null"]
        if types == ["string", "number"]:
            return field, _('must be an amount like "5.00", not %(value)s.') % {"value": value}
        return field, _TYPES.get(types[0], _TYPES["object"])() % {"value": value}
    if kind == "minimum":
        return field, _("must be greater than or equal to %(low)s, not %(value)s.") % {
            "low": error.validator_value,
            "value": value,
        }
    if kind == "maximum":
        return field, _("must be less than or equal to %(high)s, not %(value)s.") % {
            "high": error.validator_value,
            "value": value,
        }
    if kind in ("enum", "const"):
        choices = error.validator_value if kind == "enum" else [error.validator_value]
        return field, _("%(value)s is not a valid choice: it must be one of %(choices)s.") % {
            "value": value,
            "choices": ", ".join(json.dumps(c) for c in choices),
        }
    if kind == "required":
        missing = next(k for k in error.validator_value if k not in error.instance)
        return json_path([*error.absolute_path, missing]), _("is missing.")
    if kind == "additionalProperties":
        known = error.schema.get("properties", {})
        extra = sorted(k for k in error.instance if k not in known)[0]
        return json_path([*error.absolute_path, extra]), _("is not a setting this version knows.")
    return field, error.message  # a keyword the schema does not use today


def check_schema(data) -> None:
    """Raise an ImportProblem for the first thing the schema refuses.

    The compiled check decides quickly that a file is sound; a file it
    refuses is then said in `jsonschema`'s best error (the two agree on
    what the schema accepts: tests/scoring/exchange/test_schema.py)."""
    try:
        compiled_validator()(data)
    except fastjsonschema.JsonSchemaValueException:
        pass
    else:
        return
    from jsonschema.exceptions import best_match

    error = best_match(jsonschema_validator().iter_errors(data))
    if error is not None:
        raise ImportProblem(*_message(error))


# --- Readers for the checks a schema cannot make ------------------------------------


def integer(value, field: str, *, low: int = 1, high: int | None = None, null=False):
    if value is None and null:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise problem(field, _("must be a whole number, not %(value)s."), value=shown(value))
    if value < low or (high is not None and value > high):
        if high is None:
            raise problem(field, _("must be %(low)s or more, not %(value)s."), low=low, value=value)
        raise problem(
            field,
            _("must be from %(low)s to %(high)s, not %(value)s."),
            low=low,
            high=high,
            value=value,
        )
    return value


def text(value, field: str, *, max_length: int, required=True) -> str:
    """Text under the one rule for typed text (`cardnight.text`): spaces
    tidied (a tab or line break becomes a space), any other control
    character (a NUL, which PostgreSQL cannot store, …) refused."""
    if not isinstance(value, str):
        raise problem(field, _("must be text, not %(value)s."), value=shown(value))
    value = tidy(value)  # THE rule for typed text (cardnight.text), as on the web
    if control_character(value) is not None:
        raise problem(
            field, _("contains a control character (such as NUL): %(value)s."), value=shown(value)
        )
    if required and not value:
        raise problem(field, _("must not be empty."))
    if len(value) > max_length:
        raise problem(field, _("is longer than %(n)s characters."), n=max_length)
    return value


def as_dict(value, field: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise problem(field, _("must be an object {…}, not %(value)s."), value=shown(value))
    return value


def as_list(value, field: str) -> list:
    if not isinstance(value, list):
        raise problem(field, _("must be a list […], not %(value)s."), value=shown(value))
    return value
