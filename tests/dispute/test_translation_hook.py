"""The engine's messages follow the language of each request.

The engine has no Django in it; scoring/apps.py installs Django's gettext as
its translator. The French catalogue comes later, so these tests install a
tiny one of their own (three messages) to show that the ruling is translated
when it is built, inside the request, in that request's language.
"""

import struct

import pytest
from django.utils import translation

from scoring.engine import card_name, parse_card
from scoring.engine import i18n as engine_i18n
from tests.dispute.conftest import text

pytestmark = pytest.mark.django_db

FRENCH = {
    "The %(card)s is the highest trump when %(trump)s are trump.": (
        "Le %(card)s est le meilleur atout quand l'atout est %(trump)s."
    ),
    "%(rank)s of %(suit)s": "%(rank)s de %(suit)s",
    "%(number)s of %(suit)s": "%(number)s de %(suit)s",
    "hearts": "cœur",
}


def write_mo(path, messages: dict[str, str]) -> None:
    """A GNU gettext .mo file (what compilemessages writes), built by hand."""
    catalog = {"": "Content-Type: text/plain; charset=UTF-8\n"} | messages
    keys = sorted(catalog)
    ids = [key.encode() for key in keys]
    strs = [catalog[key].encode() for key in keys]
    header = 7 * 4
    table = header + 2 * 8 * len(keys)
    offsets, data = [], b""
    for value in ids + strs:
        offsets.append((len(value), table + len(data)))
        data += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, len(keys), header, header + 8 * len(keys), 0, 0)
    for length, offset in offsets:
        out += struct.pack("<2I", length, offset)
    path.write_bytes(out + data)


@pytest.fixture
def french(settings, tmp_path):
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    write_mo(folder / "django.mo", FRENCH)
    settings.LOCALE_PATHS = [tmp_path]  # resets Django's cached catalogues


def test_the_scoring_app_installs_djangos_gettext_as_the_engines_translator():
    assert engine_i18n._translator is translation.gettext


def test_an_engine_message_is_translated_in_the_active_language(french):
    with translation.override("fr"):
        assert card_name(parse_card("5H")) == "5 de cœur"
    assert card_name(parse_card("5H")) == "5 of hearts"


def test_each_request_gets_the_ruling_in_its_own_language(client, french):
    params = {"trump": "H", "cards": "5H JH AH 2C"}
    french_page = text(client.get("/rules/", params, headers={"Accept-Language": "fr"}))
    assert "Le 5 de cœur est le meilleur atout quand l'atout est cœur." in french_page
    english_page = text(client.get("/rules/", params, headers={"Accept-Language": "en"}))
    assert "The 5 of hearts is the highest trump when hearts are trump." in english_page
    assert "Le 5 de cœur" not in english_page
