"""evening.schema.json is a valid draft 2020-12 schema, agrees with the
Evening model, and every export passes it."""

import json

import pytest
from django.core.validators import MaxValueValidator, MinValueValidator
from jsonschema import Draft202012Validator

from scoring.exchange import export_evening_data
from scoring.exchange.problems import SETTINGS, json_path, schema
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
