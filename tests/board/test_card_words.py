"""A couple's card's words (scoring.board.card_words): each situation's
sentences in English and French, what is put in escaped as the template
tags escaped it, the messages translated once for all the cards of a pass."""

import pytest
from django.utils import translation

from scoring.board.card_words import CardWords


def card(**changes):
    base = {
        "couple": 7,
        "wins": 1,
        "prizes": [],
        "place": 3,
        "prize_place": None,
        "left_after_game": None,
        "joins_later": False,
        "joined_game": 1,
        "now": {"game": 4, "table": 2, "bye": False, "opponent": 12},
        "next": {
            "game": 5,
            "known": None,
            "if_won": {"bye": False, "table": 3},
            "if_lost": {"bye": False, "table": 2},
        },
    }
    return {**base, **changes}


CASES = [
    ("en", card(), {
        "couple": "Couple 7", "wins": "1 game won", "place": "place 3",
        "table": "Game 4: table 2", "against": "against couple 12",
        "if_won": "If you win: go to table 3.", "if_lost": "If you lose: stay at table 2.",
    }),
    ("fr", card(wins=2), {
        "couple": "Couple 7", "wins": "2 parties gagnées",
        "table": "Partie 4\u00a0: table 2", "against": "contre le couple 12",
        "if_lost": "Si vous perdez\u00a0: restez à la table 2.",
    }),
    ("en", card(now={"game": 4, "table": None, "bye": True}, next=None),
     {"bye": "Game 4: sitting out (the bye)."}),
    ("en", card(next={"game": 5, "known": {"bye": False, "table": 9}}),
     {"stay": "Game 5: stay at table 9.", "go": "Game 5: go to table 9."}),
    ("en", card(next={"game": 5, "known": {"bye": True, "table": None}}),
     {"next": "Game 5: you sit out (the bye)."}),
    ("en", card(left_after_game=3, now=None, next=None), {"left": "Left after game 3."}),
    ("fr", card(joins_later=True, joined_game=6, now=None, next=None),
     {"joins": "Commence à la partie 6."}),
]  # fmt: skip


@pytest.mark.parametrize(("language", "shown", "expected"), CASES)
def test_each_situation_says_its_sentences(language, shown, expected):
    with translation.override(language):
        said = CardWords().sentences(shown)
    for key, text in expected.items():
        assert str(said[key]) == text, key


def test_a_bye_if_won_is_said_by_the_words_every_card_shares():
    with translation.override("fr"):
        words = CardWords()
        said = words.sentences(card(next={**card()["next"], "if_won": {"bye": True}}))
    assert "if_won" not in said
    assert words.words["bye_if_won"] == (
        "Si vous gagnez\u00a0: vous êtes au repos à la partie suivante."
    )


def test_a_prize_text_is_escaped_and_a_message_alone_taken_as_the_translate_tag_takes_it():
    with translation.override("en"):
        words = CardWords()
        said = words.sentences(card(prizes=['Place 1: A <b>turkey</b> & "pie"']))
    assert said["prizes"] == ["Won: Place 1: A &lt;b&gt;turkey&lt;/b&gt; &amp; &quot;pie&quot;"]
    assert words.words["deals_first"] == "You deal first."
