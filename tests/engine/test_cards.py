"""Reading and writing cards and suits (RULES.md B1)."""

import pytest

from scoring.engine import (
    JOKER,
    Card,
    CardError,
    EngineError,
    Rank,
    Suit,
    card_name,
    deck,
    parse_card,
    parse_cards,
    parse_suit,
    split_card_text,
)


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("5H", Rank.FIVE, Suit.HEARTS),
        ("10S", Rank.TEN, Suit.SPADES),
        ("JC", Rank.JACK, Suit.CLUBS),
        ("AH", Rank.ACE, Suit.HEARTS),
        ("TS", Rank.TEN, Suit.SPADES),
        ("ts", Rank.TEN, Suit.SPADES),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("  ah ", Rank.ACE, Suit.HEARTS),
        ("A♥", Rank.ACE, Suit.HEARTS),
        ("A♥\ufe0f", Rank.ACE, Suit.HEARTS),
        ("2♡", Rank.TWO, Suit.HEARTS),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("K♤", Rank.KING, Suit.SPADES),
        ("5♦", Rank.FIVE, Suit.DIAMONDS),
        ("5♢", Rank.FIVE, Suit.DIAMONDS),
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
        ("7♧", Rank.SEVEN, Suit.CLUBS),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_parse_card_reads_letters_ten_as_t_lower_case_and_symbols(text, rank, suit):
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize("card", deck(), ids=str)
def test_every_card_prints_canonically_and_reads_back(card):
    assert parse_card(str(card)) == card
    assert str(card) == str(card).upper()


def test_ten_prints_as_10_not_t():
    assert str(parse_card("TS")) == "10S"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7X", '"7X" is not a card: unknown suit "X".'),
        ("1H", '"1H" is not a card: unknown rank "1".'),
        ("11S", '"11S" is not a card: unknown rank "11".'),
        ("ZZ", '"ZZ" is not a card: unknown suit "Z".'),
        ("H", '"H" is not a card: a card is a rank and a suit, like "10S" or "AH".'),
        ("", '"" is not a card: a card is a rank and a suit, like "10S" or "AH".'),
        ("JK", '"JK" is not a card: jokers are not used under these house rules.'),
        ("joker", '"joker" is not a card: jokers are not used under these house rules.'),
    ],
    ids=[
        "unknown-suit",
        "rank-one",
        "rank-eleven",
        "nonsense",
        "suit-only",
        "empty",
        "jk",
        "joker",
    ],
)
def test_bad_card_text_raises_card_error_naming_the_input(text, message):
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert str(caught.value) == message


def test_something_that_is_not_text_is_not_a_card():
    with pytest.raises(CardError, match='"42" is not a card'):
        parse_card(42)  # type: ignore[arg-type]


def test_card_error_is_a_value_error_and_an_engine_error():
    assert issubclass(CardError, EngineError)
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize("text", ["JK", "jk", "Joker"])
def test_joker_reads_only_when_the_house_uses_one(text):
    assert parse_card(text, jokers=True) == JOKER
    assert str(JOKER) == "JK"


def test_a_joker_card_is_refused_when_the_house_uses_none():
    with pytest.raises(CardError, match="jokers are not used"):
        parse_card(JOKER)


def test_only_the_joker_has_no_suit():
    with pytest.raises(CardError):
        Card(Rank.FIVE, None)


def test_a_card_is_a_small_frozen_value():
    card = parse_card("5H")
    with pytest.raises(AttributeError):
        card.rank = Rank.SIX  # type: ignore[misc]
    assert {card, parse_card("5♥")} == {card}


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("H", Suit.HEARTS),
        ("h", Suit.HEARTS),
        ("hearts", Suit.HEARTS),
        ("Heart", Suit.HEARTS),
        ("♥", Suit.HEARTS),
        ("♥\ufe0f", Suit.HEARTS),
        ("D", Suit.DIAMONDS),
        ("diamonds", Suit.DIAMONDS),
        ("♢", Suit.DIAMONDS),
        ("clubs", Suit.CLUBS),
        ("♣", Suit.CLUBS),
        (" Spades ", Suit.SPADES),
        ("♠", Suit.SPADES),
        (Suit.SPADES, Suit.SPADES),
    ],
    ids=repr,
)
def test_a_suit_is_named_by_letter_word_or_symbol(text, suit):
    assert parse_suit(text) is suit


@pytest.mark.parametrize("text", ["X", "", "trumps", "10"])
def test_an_unknown_suit_raises_card_error_naming_it(text):
    with pytest.raises(CardError, match=f'"{text}" is not a suit'):
        parse_suit(text)


def test_the_deck_has_52_different_cards_and_53_with_a_joker():
    assert len(set(deck())) == 52
    assert len(set(deck(with_joker=True))) == 53
    assert JOKER not in deck()


def test_parse_cards_refuses_the_same_card_twice():
    with pytest.raises(CardError, match="The 5 of hearts appears twice"):
        parse_cards(["5H", "2C", "5♥"])


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("5H", "5 of hearts"),
        ("JS", "jack of spades"),
        ("AD", "ace of diamonds"),
        ("10C", "10 of clubs"),
    ],
)
def test_card_names_are_plain_words(text, name):
    assert card_name(parse_card(text)) == name


def test_the_joker_is_named_joker():
    assert card_name(JOKER) == "joker"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("as de cœur", "AH"),
        ("As de coeur", "AH"),
        ("dame de pique", "QS"),
        ("valet de trèfle", "JC"),
        ("valet trefle", "JC"),
        ("roi de carreau", "KD"),
        ("10 de carreau", "10D"),
        ("5 de cœur", "5H"),
        ("2 trèfles", "2C"),
        ("roi♥", "KH"),
        ("as♠", "AS"),
        ("queen of spades", "QS"),
        ("10 of hearts", "10H"),
        ("AS", "AS"),  # still the ace of spades, written the short way
        ("10h", "10H"),
    ],
    ids=lambda value: str(value),
)
def test_cards_may_be_written_in_french_or_english_words(text, code):
    assert str(parse_card(text)) == code


@pytest.mark.parametrize(
    ("text", "suit"),
    [("cœur", "H"), ("coeurs", "H"), ("pique", "S"), ("trèfle", "C"), ("trefle", "C"),
     ("carreau", "D"), ("carreaux", "D")],
)  # fmt: skip
def test_suits_may_be_named_in_french(text, suit):
    assert parse_suit(text).value == suit


def test_typed_cards_keep_a_card_in_words_whole():
    assert split_card_text("dame de pique, 5H as♥ 10 de carreau roi coeur;7C") == [
        "dame de pique",
        "5H",
        "as♥",
        "10 de carreau",
        "roi coeur",
        "7C",
    ]


@pytest.mark.parametrize("text", ["dame de", "roi de lune", "cavalier de pique"])
def test_unfinished_card_words_are_still_refused(text):
    with pytest.raises(CardError):
        parse_card(text)
