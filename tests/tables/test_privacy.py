"""The ONE names-privacy rule (tables.privacy): what the public sees of a name."""

import types

import pytest

from tables.models import Hall
from tables.privacy import public_label, public_names, public_person


@pytest.mark.parametrize(
    ("privacy", "expected"),
    [
        (Hall.Privacy.FULL, "Marie-Thérèse LeBlanc & Joe D'Eon"),
        (Hall.Privacy.FIRST, "Marie-Thérèse & Joe"),
        (Hall.Privacy.NUMBERS, ""),
    ],
)
def test_public_names(privacy, expected):
    assert public_names("Marie-Thérèse LeBlanc", "Joe  D'Eon", privacy) == expected


@pytest.mark.parametrize(
    ("name", "privacy", "expected"),
    [
        ("Bernadette Chiasson", Hall.Privacy.FULL, "Bernadette Chiasson"),
        ("Bernadette Chiasson", Hall.Privacy.FIRST, "Bernadette"),
        ("Bernadette Chiasson", Hall.Privacy.NUMBERS, ""),
        ("", Hall.Privacy.FIRST, ""),
        ("  Cher  ", Hall.Privacy.FIRST, "Cher"),
    ],
)
def test_public_person(name, privacy, expected):
    assert public_person(name, privacy) == expected


@pytest.mark.parametrize(
    ("privacy", "expected"),
    [
        (Hall.Privacy.FULL, "Couple 4: Ann Poirier & Joe"),
        (Hall.Privacy.FIRST, "Couple 4: Ann & Joe"),
        (Hall.Privacy.NUMBERS, "Couple 4"),
    ],
)
def test_the_table_side_label_follows_the_same_rule(privacy, expected):
    couple = types.SimpleNamespace(number=4, player1="Ann  Poirier", player2="Joe", names="")
    assert public_label(couple, privacy) == expected


def test_a_blank_name_with_first_names_only_does_not_crash_the_label():
    # The table side's own copy took `name.split()[0]`: an IndexError (a 500).
    couple = types.SimpleNamespace(number=2, player1="   ", player2="Joe")
    assert public_label(couple, Hall.Privacy.FIRST) == "Couple 2:  & Joe"
