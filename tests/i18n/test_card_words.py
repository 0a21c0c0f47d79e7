"""Card words in French, as the rules engine writes them once the catalogue
is active: every card carries its own article (le 5, la dame, l'as), so the
rulings never read "le dame" or "le as"."""

import pytest
from django.utils import translation

from scoring.engine import (
    HouseRules,
    Suit,
    card_name,
    explain_legal_plays,
    parse_card,
    trick_winner,
)

NAMES = [
    ("5H", "le 5 de cœur"),
    ("10D", "le 10 de carreau"),
    ("JC", "le valet de trèfle"),
    ("QS", "la dame de pique"),
    ("KH", "le roi de cœur"),
    ("AH", "l'as de cœur"),
]


@pytest.mark.parametrize(("code", "words"), NAMES)
def test_each_card_has_its_french_name_with_its_article(code, words):
    with translation.override("fr"):
        assert card_name(parse_card(code)) == words


@pytest.mark.parametrize(("code", "words"), [("5H", "5 of hearts"), ("QS", "queen of spades")])
def test_english_card_names_are_unchanged(code, words):
    with translation.override("en"):
        assert card_name(parse_card(code)) == words


def test_the_joker_is_le_joker():
    with translation.override("fr"):
        assert card_name(parse_card("JK", jokers=True)) == "le joker"


def test_a_trick_ruling_in_french_reads_naturally():
    with translation.override("fr"):
        ruling = trick_winner(Suit.SPADES, ["QH", "KH", "2C", "9H"], HouseRules())
    assert "le roi de cœur bat la dame de cœur" in ruling.reason
    assert "le dame" not in ruling.reason and "le as" not in ruling.reason


def test_a_renege_ruling_in_french_names_the_cards_with_their_articles():
    with translation.override("fr"):
        ruling = explain_legal_plays(["AH", "7D"], "6S", Suit.SPADES, HouseRules())
    assert ruling.reason == (
        "Atout mené (le 6 de pique), mais chaque atout que vous avez (l'as de cœur) est plus "
        "fort que la carte menée et permet la renonce\xa0: vous pouvez jouer n'importe quelle "
        "carte."
    )
