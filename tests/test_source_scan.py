"""The tests that scan the code read it through `tests.support.source`."""

import ast

import pytest

from tests.support import source


def test_a_race_in_the_ast_depth_check_is_tried_again(monkeypatch):
    real, calls = ast.parse, []

    def misfiring_once(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise SystemError("AST constructor recursion depth mismatch (before=120, after=159)")
        return real(*args, **kwargs)

    monkeypatch.setattr(ast, "parse", misfiring_once)
    tree = source.parse("import os\n")
    assert isinstance(tree.body[0], ast.Import)
    assert len(calls) == 2


def test_a_check_that_keeps_failing_is_reported(monkeypatch):
    def always(*args, **kwargs):
        raise SystemError("AST constructor recursion depth mismatch")

    monkeypatch.setattr(ast, "parse", always)
    with pytest.raises(SystemError):
        source.parse("x = 1\n")


def test_a_literal_is_read_as_literal_eval_reads_it():
    assert source.literal("  ('vince', 'volunteers')") == ("vince", "volunteers")
    assert source.literal('"caf\\u00e9"') == "café"
