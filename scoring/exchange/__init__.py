"""The evening's JSON in one place (format "cardnight-evening", version 1).

    evening.schema.json   the format, as JSON Schema draft 2020-12 (for other tools too)
    export.py             export_evening_data(evening) -> dict, export_scoring(evening)
    load.py               import_evening_data(data, *, published=None) -> Evening
    checks.py             what the schema cannot say: the rotation rule, couples, standings
    scoring_keys.py       import_scoring: prizes, places, booby, cookie jar, tie-breaks
    problems.py           ImportProblem ("field: problem"), the schema check

The commands are `manage.py export_evening` and `manage.py import_evening`.
"""

from .export import export_evening_data, export_scoring
from .load import import_evening_data
from .problems import FORMAT, VERSION, ImportProblem
from .scoring_keys import import_scoring

__all__ = [
    "FORMAT",
    "VERSION",
    "ImportProblem",
    "export_evening_data",
    "export_scoring",
    "import_evening_data",
    "import_scoring",
]
