"""French puts a space before ":" ("Salle :"), so a colon after a translated
word has to be inside the translated text, never after the tag."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from .conftest import visible_text

TEMPLATES = Path(settings.BASE_DIR) / "templates"
# Translated text, and code shown as typed (a shell command is not a sentence).
TRANSLATED = re.compile(r"{% blocktranslate.*?{% endblocktranslate %}|<code>.*?</code>", re.S)
# A colon right after a tag or a variable: "{% translate "Salt" %}:", "{{ label }}:".
COLON_AFTER_TAG = re.compile(r"(%}|}})(</[a-z]+>)?:(?![/\w])")


def colons_outside_translations(text: str) -> list[str]:
    text = TRANSLATED.sub("", text)
    return [line for line in text.splitlines() if COLON_AFTER_TAG.search(line)]


def test_the_scan_finds_a_colon_after_a_translated_word():
    assert colons_outside_translations('<h1>{% translate "Door" %}: x</h1>')
    assert colons_outside_translations("<strong>{{ label }}:</strong>")
    assert not colons_outside_translations('{% translate "Door:" %} x')
    assert not colons_outside_translations(
        "{% blocktranslate with g=1 %}Game {{ g }}: go{% endblocktranslate %}"
    )


@pytest.mark.parametrize(
    "path", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: str(path.relative_to(TEMPLATES))
)
def test_no_template_puts_a_colon_outside_translated_text(path):
    assert colons_outside_translations(path.read_text()) == []


@pytest.mark.django_db
def test_french_headings_have_their_space_before_the_colon(fr_organizer, running):
    page = visible_text(fr_organizer.get(reverse("standings", args=[running.slug])).content)
    assert re.search(r"Classement\s:", page)  # a (no-break) space before the colon


@pytest.mark.parametrize(
    "path", sorted(TEMPLATES.rglob("*.html")), ids=lambda path: str(path.relative_to(TEMPLATES))
)
def test_every_template_that_translates_loads_i18n(path):
    text = path.read_text()
    if "translate" in text:
        assert re.search(r"{% load [^%]*\bi18n\b", text), path
