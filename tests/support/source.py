"""Python source read as a syntax tree, for the tests that scan the code.

CPython 3.11 keeps the AST converter's recursion count in state that every
thread of the interpreter shares (python/cpython#106905). When another
thread builds a tree at the same moment -- 3.11's traceback module parses a
line to draw the carets under an error, and the suite has live servers and
background threads that log errors -- `ast.parse` can fail with
``SystemError: AST constructor recursion depth mismatch`` although the source
is fine. That is a race, not a property of the file, so it is tried again.
"""

import ast
from pathlib import Path

_TRIES = 3


def parse(source: str | Path, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    """`ast.parse` of `source` (text, or a file read as UTF-8)."""
    if isinstance(source, Path):
        source, filename = source.read_text(encoding="utf-8"), str(source)
    for attempt in range(_TRIES):
        try:
            return ast.parse(source, filename, mode)
        except SystemError:
            if attempt == _TRIES - 1:
                raise
    raise AssertionError("unreachable")


def literal(text: str) -> object:
    """`ast.literal_eval` of `text`, parsed by `parse`."""
    return ast.literal_eval(parse(text.lstrip(" \t"), mode="eval"))
