"""The engine is plain Python: no Django, so it can be tested and reused alone."""

import ast
import subprocess
import sys
from pathlib import Path

import scoring.engine
from scoring.engine import i18n, trick_winner
from scoring.engine.i18n import set_translator
from tests.support.source import parse

ROOT = Path(__file__).resolve().parents[2]


def test_importing_the_engine_does_not_import_django():
    code = "import sys, scoring.engine; print('django' in sys.modules)"
    # S603: a fixed command line; the interpreter is the one running the tests.
    output = subprocess.run(  # noqa: S603
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert output.stdout.strip() == "False"


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(parse(path)):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules.add(node.module or "")
    return modules


def test_engine_modules_import_only_the_standard_library():
    for path in Path(scoring.engine.__file__).parent.glob("*.py"):
        for module in imported_modules(path):
            assert module.split(".")[0] in sys.stdlib_module_names, (path.name, module)


def test_the_packages_face_is_what_the_site_uses():
    """Each name the package exports is used by the site outside the engine
    (`from scoring.engine import x` or `engine.x`); tests import the rest
    from its module, so a trimmed face stays trimmed."""
    root = Path(scoring.engine.__file__).resolve().parents[2]
    used = set()
    for folder in ("cardnight", "tables", "scoring", "bench"):
        for path in (root / folder).rglob("*.py"):
            if path.relative_to(root).parts[:2] == ("scoring", "engine"):
                continue
            for node in ast.walk(parse(path)):
                if isinstance(node, ast.ImportFrom) and node.module == "scoring.engine":
                    used.update(alias.name for alias in node.names)
                elif isinstance(node, ast.Attribute) and getattr(node.value, "id", "") == "engine":
                    used.add(node.attr)
    unused = sorted(set(scoring.engine.__all__) - used)
    assert not unused, f"exported but used by no page: {unused}"


def test_every_exported_name_exists():
    for name in scoring.engine.__all__:
        assert hasattr(scoring.engine, name), name


def test_the_django_side_can_install_a_translator_for_every_reason():
    french = {
        "The %(card)s is the highest trump when %(trump)s are trump.": (
            "Le %(card)s est le plus fort atout quand l'atout est %(trump)s."
        ),
        "%(rank)s of %(suit)s": "%(rank)s de %(suit)s",
        "%(number)s of %(suit)s": "%(number)s de %(suit)s",
        "hearts": "cœur",
    }
    previous = i18n._translator  # Django's gettext, installed by scoring.apps
    set_translator(lambda message: french.get(message, message))
    try:
        reason = trick_winner("H", ["6H", "5H"]).reason
        set_translator(None)
        plain = i18n._("hearts")
    finally:
        set_translator(previous)  # later tests get rulings in their request's language
    assert reason == "Le 5 de cœur est le plus fort atout quand l'atout est cœur."
    assert plain == "hearts"
