"""The layer rules of issue 11 that a plain import scan can check."""

import ast
from pathlib import Path

from tests.support.source import parse

ROOT = Path(__file__).resolve().parent.parent


def _imports(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = parse(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                yield path, node.module


def test_tables_never_imports_scoring():
    upward = [
        f"{path.relative_to(ROOT)}: {name}"
        for path, name in _imports("tables")
        if name == "scoring" or name.startswith("scoring.")
    ]
    assert upward == []


def test_the_rotation_rule_imports_no_django():
    names = [name for _path, name in _imports("tables/rotation")]
    assert names and not [n for n in names if n == "django" or n.startswith("django.")]
