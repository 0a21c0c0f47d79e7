"""evening.schema.json is a valid draft 2020-12 schema, agrees with the
Evening model, and every export passes it."""

import copy
import json
from decimal import Decimal

import pytest
from django.core.validators import MaxValueValidator, MinValueValidator
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from scoring.exchange import export_evening_data
from scoring.exchange.problems import (
    SETTINGS,
    ImportProblem,
    check_schema,
    compiled_validator,
    json_path,
    jsonschema_validator,
    schema,
)
from tables.models import Evening
from tests.tables.conftest import play_game, started

pytestmark = pytest.mark.django_db


def test_the_schema_is_a_draft_2020_12_schema():
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("name", SETTINGS)
def test_each_setting_in_the_schema_follows_the_model(name):
    rule = schema()["properties"]["settings"]["properties"][name]
    field = Evening._meta.get_field(name)
    if field.choices:
        assert rule["enum"] == [value for value, _label in field.choices]
    elif field.get_internal_type() == "BooleanField":
        assert rule == {"type": "boolean"}
    elif field.get_internal_type() == "DecimalField":
        assert rule == {"$ref": "#/$defs/money"}
    else:
        low = [v.limit_value for v in field.validators if isinstance(v, MinValueValidator)]
        high = [v.limit_value for v in field.validators if isinstance(v, MaxValueValidator)]
        assert (rule["minimum"], rule["maximum"]) == (low[0], high[0])
    assert set(schema()["properties"]["settings"]["properties"]) == set(SETTINGS)


def test_an_export_passes_the_schema(evening):
    evening = started(evening, 5)
    play_game(evening)
    data = json.loads(json.dumps(export_evening_data(evening)))
    assert list(Draft202012Validator(schema()).iter_errors(data)) == []


def test_a_schema_error_path_reads_like_the_field():
    assert json_path(["games", 3, "tables", 0, "winner"]) == "games[3].tables[0].winner"
    assert json_path([]) == ""


# The importer trusts the compiled check (fastjsonschema) to pass a file and
# asks jsonschema only about a file it refuses, so the compiled check must
# never pass a file jsonschema refuses; the importer then passes exactly the
# files jsonschema alone passed. (It may refuse more: a Decimal version 1,
# which jsonschema then passes.)

_SOUND = {
    "format": "cardnight-evening",
    "version": 1,
    "slug": "a-night",
    "name": "A night",
    "date": "2026-11-27",
    "start_time": "19:30",
    "cancelled": False,
    "hall": "St. Joseph's",
    "status": "running",
    "settings": {"games": 25, "entry_fee": "5.00", "jar_draw_mode": "sealed", "game_target": 45},
    "couples": [
        {"number": 1, "players": ["Effie", "Angus"], "joined_game": 1, "paid": True},
        {"number": 2, "players": ["Mary", "John"], "left_after_game": None, "jar_buy_in": False},
    ],
    "games": [
        {
            "number": 1,
            "bye": None,
            "tables": [
                {
                    "table": 1,
                    "couples": [1, 2],
                    "deals_first": 1,
                    "winner": 2,
                    "corrections": [{"from": 1, "to": 2, "reason": "Miscount", "by": None}],
                }
            ],
        }
    ],
    "standings": [{"couple": 1, "wins": 0, "punched": []}, {"couple": 2, "punched": [1]}],
    "prizes": None,
    "booby": {},
}


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
        yield (*path, "unknown_key")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


_PATHS = sorted(set(_paths(_SOUND)), key=repr)


def _edges(rule):
    """Every value at the edge of one of the schema's rules: each bound and
    its neighbours (as int, float and Decimal), each enum and const value."""
    if isinstance(rule, dict):
        for key, value in rule.items():
            if key in ("minimum", "maximum"):
                for n in (value - 1, value, value + 1):
                    yield from (n, float(n), Decimal(n), Decimal(f"{n}.5"))
            elif key == "enum":
                yield from value
            elif key == "const":
                yield value
            yield from _edges(value)
    elif isinstance(rule, list):
        for item in rule:
            yield from _edges(item)


_EDGES = sorted(
    {repr(v): v for v in [*_edges(schema()), True, False, None, "", 0]}.values(), key=repr
)

_json_values = st.recursive(
    st.sampled_from(_EDGES)
    | st.integers(-2, 10_001)
    | st.decimals(allow_nan=False, allow_infinity=False, places=2)
    | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3)
        | st.dictionaries(st.sampled_from(["number", "to", "reason", "x"]), children, max_size=3)
    ),
    max_leaves=6,
)


def _set(data, path, value):
    if not path:
        return value
    data = copy.deepcopy(data)
    *head, last = path
    target = data
    for part in head:
        target = target[part]
    target[last] = value
    return data


def _verdicts(data) -> tuple[bool, bool]:
    """(the importer's check passes the file, jsonschema alone passes it)."""
    try:
        check_schema(data)
        passed = True
    except ImportProblem:
        passed = False
    return passed, not list(jsonschema_validator().iter_errors(data))


def test_the_importer_passes_what_jsonschema_passes_at_every_edge_of_every_field():
    disagree = []
    for path in _PATHS:
        for value in _EDGES:
            passed, walked = _verdicts(_set(_SOUND, path, value))
            if passed != walked:
                disagree.append((json_path(path), value, passed, walked))
    assert disagree == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PATHS), _json_values), min_size=1, max_size=3))
def test_the_importer_passes_what_jsonschema_passes_whatever_the_values(changes):
    data = _SOUND
    for path, value in changes:
        try:
            data = _set(data, path, value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change took that path away
    passed, walked = _verdicts(data)
    assert passed == walked


def test_the_sound_file_passes_the_compiled_check_itself():
    compiled_validator()(_SOUND)
    assert not list(jsonschema_validator().iter_errors(_SOUND))
