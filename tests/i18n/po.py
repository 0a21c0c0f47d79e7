"""Reading a GNU gettext .po file for the tests (no third-party package)."""

import re
from dataclasses import dataclass, field
from pathlib import Path

from tests.support import source

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"
COMPILED = CATALOGUE.with_suffix(".mo")

_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')


@dataclass
class Entry:
    msgid: str = ""
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr: dict[int | None, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False
    comments: list[str] = field(default_factory=list)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translations(self) -> list[str]:
        return [self.msgstr[key] for key in sorted(self.msgstr, key=lambda k: k or 0)]


def _unquote(text: str) -> str:
    return source.literal(text)  # a C string literal is a Python one here


def parse(path: Path = CATALOGUE) -> list[Entry]:
    """Every entry of the file, the header (msgid "") first."""
    entries = []
    for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8").strip()):
        entry, target = Entry(), None
        for line in block.splitlines():
            if line.startswith("#~"):
                entry.obsolete = True
            elif line.startswith("#,"):
                entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            elif line.startswith("#"):
                entry.comments.append(line)
            elif match := _KEYWORD.match(line):
                keyword, index, value = match.groups()
                if keyword.startswith("msgstr"):
                    target = ("msgstr", int(index) if index is not None else None)
                    entry.msgstr[target[1]] = _unquote(value)
                else:
                    target = (keyword, None)
                    setattr(entry, keyword, _unquote(value))
            elif line.startswith('"') and target:
                if target[0] == "msgstr":
                    entry.msgstr[target[1]] += _unquote(line)
                else:
                    setattr(entry, target[0], getattr(entry, target[0]) + _unquote(line))
            else:
                raise ValueError(f"{path}: cannot read {line!r}")
        entries.append(entry)
    return entries


def messages(path: Path = CATALOGUE) -> list[Entry]:
    """The entries that are messages (not the header, not obsolete)."""
    return [entry for entry in parse(path) if entry.msgid and not entry.obsolete]
