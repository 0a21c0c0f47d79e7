"""The French catalogue is complete, correct and compiled.

`locale/fr/LC_MESSAGES/django.po` is the translation; `django.mo` is
committed next to it so a new machine shows French without GNU gettext.
These tests fail when a message is left untranslated or fuzzy, when a
placeholder is lost, when the .mo is out of step with the .po, and (where
xgettext is installed) when the code has a message the catalogue lacks.
"""

import gettext
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .po import CATALOGUE, COMPILED, messages, parse

ROOT = CATALOGUE.parents[3]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def test_every_message_is_translated_and_none_is_fuzzy():
    entries = messages()
    assert len(entries) > 1000
    untranslated = [e.msgid for e in entries if not all(e.translations)]
    fuzzy = [e.msgid for e in entries if e.fuzzy]
    assert untranslated == []
    assert fuzzy == []


def test_plural_messages_have_both_french_forms():
    plurals = [e for e in messages() if e.msgid_plural is not None]
    assert plurals
    for entry in plurals:
        assert sorted(entry.msgstr) == [0, 1], entry.msgid


def test_the_header_is_french_with_french_plurals_and_is_not_fuzzy():
    header = parse()[0]
    assert header.msgid == ""
    assert not header.fuzzy  # msgfmt would drop a fuzzy header, and the plural rule with it
    text = header.msgstr[None]
    assert "Language: fr\n" in text
    assert "Plural-Forms: nplurals=2; plural=(n > 1);" in text
    assert "charset=UTF-8" in text


def test_the_vocabulary_choices_are_written_in_the_catalogue():
    notes = "\n".join(parse()[0].comments)
    for word in (
        "VOCABULARY",
        "atout",
        "levée",
        "renonce",
        "repos",
        "poinçonner",
        "pot à biscuits",
    ):
        assert word in notes


def test_placeholders_are_kept_in_every_translation():
    for entry in messages():
        if "python-format" not in entry.flags:
            assert "%(" not in "".join(entry.translations), entry.msgid
            continue
        names = set(PLACEHOLDER.findall(entry.msgid + (entry.msgid_plural or "")))
        for translation in entry.translations:
            used = set(PLACEHOLDER.findall(translation))
            assert used <= names, (entry.msgid, translation)
            if entry.msgid_plural is None:
                assert used == names, (entry.msgid, translation)
            # A literal percent sign is written %% in a python-format message.
            assert "%" not in PLACEHOLDER.sub("", translation).replace("%%", ""), translation


def test_the_compiled_catalogue_is_in_step_with_the_po():
    with COMPILED.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    entries = messages()
    for entry in entries:
        if entry.msgid_plural is not None:
            got = [
                compiled.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, n)
                if entry.msgctxt
                else compiled.ngettext(entry.msgid, entry.msgid_plural, n)
                for n in (1, 2)
            ]
            assert got == [entry.msgstr[0], entry.msgstr[1]], entry.msgid
        elif entry.msgctxt:
            assert compiled.pgettext(entry.msgctxt, entry.msgid) == entry.msgstr[None]
        else:
            assert compiled.gettext(entry.msgid) == entry.msgstr[None], entry.msgid
    # Nothing in the .mo that the .po no longer has (plural entries count once).
    assert len(compiled._catalog) - 1 == sum(
        2 if e.msgid_plural is not None else 1 for e in entries
    )
    assert compiled.plural(1) == 0 and compiled.plural(0) == 0 and compiled.plural(2) == 1


@pytest.mark.skipif(not shutil.which("xgettext"), reason="GNU gettext is not installed")
def test_the_catalogue_has_every_message_the_code_marks(tmp_path):
    """makemessages, run on a copy of the code, finds nothing new to translate."""
    for name in ("cardnight", "tables", "scoring", "templates", "static", "locale"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "manage.py", tmp_path / "manage.py")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fr", "--no-obsolete"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    fresh = messages(Path(tmp_path) / CATALOGUE.relative_to(ROOT))
    missing = [e.msgid for e in fresh if not all(e.translations) or e.fuzzy]
    assert missing == []
    assert {(e.msgctxt, e.msgid) for e in fresh} == {(e.msgctxt, e.msgid) for e in messages()}
