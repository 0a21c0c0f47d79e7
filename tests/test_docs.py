"""The docs and the code agree: every management command and environment
variable the code has is documented, and every `manage.py` command, `make`
target, setting and environment variable the docs name exists.

The docs are README.md plus docs/*.md, whichever exist."""

import re
from pathlib import Path

from django.conf import settings
from django.core.management import get_commands

ROOT = Path(settings.BASE_DIR)
OUR_APPS = ("cardnight", "tables", "scoring")
# Variables the code may read that are not CardNight's to document.
# Read from the system, not settings of ours: Django's own, and the Windows
# folders where a person's fonts are (scoring/printing/fonts.py).
NOT_OURS = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "LOCALAPPDATA", "WINDIR"}

ENV_READ = re.compile(
    r"""(?:os\.environ\.get|os\.environ\[|os\.getenv|env(?:bool|int|list|str)?)\(?\s*["']([A-Z][A-Z0-9_]+)["']"""
)
MANAGE = re.compile(r"manage\.py\s+([a-z][a-z0-9_]+)")
MAKE = re.compile(r"(?:`|^\s*\$?\s*)make\s+([a-z][a-z0-9-]*)", re.M)  # `make x` or a shell line
BACKTICKED = re.compile(r"`([A-Z][A-Z0-9]*_[A-Z0-9_]+|DEBUG)(?:=[^`]*)?`")


def docs_text() -> str:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(path.read_text() for path in files if path.exists())


def code_files():
    for app in OUR_APPS:
        yield from (ROOT / app).rglob("*.py")


def env_vars_read() -> set[str]:
    found = set()
    for path in code_files():
        found |= set(ENV_READ.findall(path.read_text()))
    return found - NOT_OURS


def env_vars_anywhere() -> set[str]:
    """Every variable some code, test, bench or the Makefile reads or sets."""
    text = (ROOT / "Makefile").read_text()
    for folder in (*OUR_APPS, "tests", "bench"):
        text += "\n".join(path.read_text() for path in (ROOT / folder).rglob("*.py"))
    return set(re.findall(r"\b[A-Z][A-Z0-9_]+\b", text))


def our_commands() -> set[str]:
    return {name for name, app in get_commands().items() if app.split(".")[0] in OUR_APPS}


def make_targets() -> set[str]:
    return set(re.findall(r"^([a-z][a-z0-9-]*):", (ROOT / "Makefile").read_text(), re.M))


def test_the_code_reads_environment_variables_and_has_commands():
    """The scans below find something (a broken regex would pass vacuously)."""
    assert {"DATABASE_URL", "SECRET_KEY", "CARDNIGHT_BACKUP_KEEP"} <= env_vars_read()
    assert {"backup", "restore", "print_cards"} <= our_commands()
    assert {"run", "test", "screenshots"} <= make_targets()


def test_every_environment_variable_the_code_reads_is_documented():
    text = docs_text()
    missing = sorted(name for name in env_vars_read() if f"`{name}" not in text)
    assert not missing, f"not documented in README.md or docs/*.md: {missing}"


def test_every_management_command_is_documented():
    text = docs_text()
    missing = sorted(name for name in our_commands() if f"manage.py {name}" not in text)
    assert not missing, f"no `manage.py <command>` in the docs for: {missing}"


def test_every_command_named_in_the_docs_exists():
    named = set(MANAGE.findall(docs_text()))
    unknown = sorted(named - set(get_commands()))
    assert not unknown, f"the docs name management commands that do not exist: {unknown}"


def test_every_make_target_named_in_the_docs_exists():
    named = set(MAKE.findall(docs_text()))
    assert "run" in named
    unknown = sorted(named - make_targets())
    assert not unknown, f"the docs name make targets the Makefile lacks: {unknown}"


def test_every_variable_or_setting_named_in_the_docs_exists():
    named = set(BACKTICKED.findall(docs_text()))
    known = env_vars_anywhere() | {name for name in dir(settings) if name.isupper()}
    unknown = sorted(named - known)
    assert not unknown, f"the docs name variables or settings nothing reads: {unknown}"


# A pointer from the code to the docs: README or docs/NAME.md, then the
# section's heading in quotes ("Back up and restore").
POINTER = re.compile(
    r"""\b(README(?:\.md)?|docs/[a-z0-9-]+\.md)(?:'s)?,?(\s*["“]([^"”\n]+)["”])?"""
)
POINTER_FILES = ("*.py", "*.js", "*.css", "*.html", "*.toml")


def pointers() -> list[tuple[str, str, str | None]]:
    """(where, the document, the section or None) for every pointer the
    code, templates, static files, pyproject.toml, the Makefile and .ci/run
    make to the docs (tests/test_docs.py itself aside)."""
    paths = [ROOT / "Makefile", ROOT / ".ci" / "run", ROOT / "pyproject.toml"]
    for folder in (*OUR_APPS, "templates", "static", "tests", "bench"):
        for pattern in POINTER_FILES:
            paths += sorted((ROOT / folder).rglob(pattern))
    found = []
    for path in paths:
        if path.name == "test_docs.py" or not path.exists():
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if path.suffix == ".toml" and not line.lstrip().startswith("#"):
                continue  # a setting naming a file (readme = "README.md"), not a pointer
            for match in POINTER.finditer(line):
                where = f"{path.relative_to(ROOT)}:{number}"
                found.append((where, match.group(1), match.group(3)))
    return found


def is_section(document: str, section: str) -> bool:
    """`section` is a heading of `document`, or the bold start of one of its
    paragraphs ("**Polls: the board ...**")."""
    path = ROOT / (document if document.endswith(".md") else "README.md")
    lines = path.read_text().splitlines() if path.exists() else []
    return any(
        (line.startswith("#") and line.lstrip("#").strip() == section)
        or line.lstrip("- ").startswith(f"**{section}")
        for line in lines
    )


def test_every_pointer_to_the_docs_names_a_section_that_is_there():
    """A comment saying "see the README" for text that moved to docs/ sends
    the reader nowhere: each pointer names its section, and it exists."""
    found = pointers()
    assert any(document.startswith("docs/") for _, document, _ in found)  # the scan works
    wrong = [
        f"{where}: {document} {section!r}"
        for where, document, section in found
        if section is None or not is_section(document, section)
    ]
    assert not wrong, f"pointers to a section that is not there (or to none): {wrong}"
