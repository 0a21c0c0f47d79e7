"""The printouts follow the language: a French request gets French PDFs, and
the print commands take `--language fr` (default: settings.LANGUAGE_CODE)."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation

from tests.printing.pdf import all_text

pytestmark = pytest.mark.django_db

FRENCH_WORDS = {
    "print-cards": ["TABLE DE DÉPART", "Votre carte, en direct", "Repos", "novembre 2026"],
    "print-tables": ["Donnez votre résultat", "Balayez avec l'appareil photo", "pli"],
    "print-results": [
        "Résultats",
        "Prix de consolation (le moins de parties)",
        "Pot à biscuits",
        "Tirage 50/50",
        "1 234,50 $",
        "La salle garde",
        "Classement",
    ],
    "print-rules": [
        "Règles maison",
        "Atouts, du plus fort au plus faible",
        "Atout Cœur",
        "fausse renonce",
        "Décisions selon ces règles",
        "pas de renonce permise",
    ],
}
ENGLISH_WORDS = {
    "print-cards": "STARTING TABLE",
    "print-tables": "Report your result",
    "print-results": "Booby prize",
    "print-rules": "Trumps, best first",
}
COMMANDS = {
    "print_cards": "print-cards",
    "print_tables": "print-tables",
    "print_results": "print-results",
    "print_rules": "print-rules",
}


@pytest.mark.parametrize("name", sorted(FRENCH_WORDS))
def test_each_pdf_is_in_french_for_a_french_browser(fr_organizer, played, name):
    response = fr_organizer.get(reverse(name, args=[played.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = all_text(response.content)
    for words in FRENCH_WORDS[name]:
        assert words in text, words
    assert ENGLISH_WORDS[name] not in text


@pytest.mark.parametrize("name", sorted(FRENCH_WORDS))
def test_each_pdf_stays_in_english_for_an_english_browser(organizer_client, played, name):
    response = organizer_client.get(reverse(name, args=[played.slug]))
    assert response.status_code == 200
    assert ENGLISH_WORDS[name] in all_text(response.content)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_print_commands_write_french_with_language_fr(played, tmp_path, command):
    target = tmp_path / "out.pdf"
    call_command(command, played.slug, "-o", str(target), "--language", "fr", stdout=io.StringIO())
    text = all_text(target.read_bytes())
    for words in FRENCH_WORDS[COMMANDS[command]]:
        assert words in text, words
    assert ENGLISH_WORDS[COMMANDS[command]] not in text


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_print_commands_default_to_the_sites_language(played, tmp_path, command, settings):
    target = tmp_path / "out.pdf"
    assert settings.LANGUAGE_CODE == "en"
    with translation.override("fr"):  # whatever was active, the default is the site's language
        call_command(command, played.slug, "-o", str(target), stdout=io.StringIO())
    assert ENGLISH_WORDS[COMMANDS[command]] in all_text(target.read_bytes())


def test_print_commands_refuse_a_language_the_site_does_not_have(played, tmp_path):
    with pytest.raises(CommandError, match="invalid choice: 'de'"):
        call_command("print_rules", played.slug, "-o", str(tmp_path / "x.pdf"), "--language", "de")


def test_the_language_of_a_print_command_does_not_leak_out(played, tmp_path):
    # A French request of an earlier test (in random order) leaves French
    # active in this thread: start from English, as a command's caller would.
    translation.activate("en")
    call_command(
        "print_rules", played.slug, "-o", str(tmp_path / "x.pdf"), "--language", "fr",
        stdout=io.StringIO(),
    )  # fmt: skip
    assert translation.get_language() != "fr"
