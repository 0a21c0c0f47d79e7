"""Who wins a trick (RULES.md B2), checked against the seed's "what beats what" tables."""

import itertools

import pytest

from scoring.engine import (
    JOKER,
    CardError,
    HouseRules,
    PlayError,
    Suit,
    parse_card,
    plain_order,
    trick_winner,
    trump_order,
)

# Seed 003 "What Beats What", highest first, copied as written there.
SEED_TRUMP_ORDERS = {
    Suit.SPADES: "5S JS AH AS KS QS 2S 3S 4S 6S 7S 8S 9S 10S",
    Suit.CLUBS: "5C JC AH AC KC QC 2C 3C 4C 6C 7C 8C 9C 10C",
    Suit.HEARTS: "5H JH AH KH QH 10H 9H 8H 7H 6H 4H 3H 2H",
    Suit.DIAMONDS: "5D JD AH AD KD QD 10D 9D 8D 7D 6D 4D 3D 2D",
}
SEED_OFF_SUIT_ORDERS = {
    Suit.SPADES: "KS QS JS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S",
    Suit.CLUBS: "KC QC JC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    Suit.HEARTS: "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    Suit.DIAMONDS: "KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD",
}


def cards(written: str):
    return [parse_card(text) for text in written.split()]


def adjacent_trump_pairs():
    for trump, written in SEED_TRUMP_ORDERS.items():
        for higher, lower in itertools.pairwise(written.split()):
            yield pytest.param(
                trump, higher, lower, id=f"{trump.name.lower()}-trump-{higher}-over-{lower}"
            )


def adjacent_off_suit_pairs():
    for suit, written in SEED_OFF_SUIT_ORDERS.items():
        for trump in Suit:
            if trump is suit:
                continue
            for higher, lower in itertools.pairwise(written.split()):
                yield pytest.param(
                    trump, higher, lower, id=f"{trump.name.lower()}-trump-{higher}-over-{lower}"
                )


@pytest.mark.parametrize("trump", list(Suit), ids=lambda suit: suit.name.lower())
def test_trump_order_is_the_seed_table_for_each_suit(trump):
    assert list(trump_order(trump)) == cards(SEED_TRUMP_ORDERS[trump])


@pytest.mark.parametrize("suit", list(Suit), ids=lambda suit: suit.name.lower())
def test_off_suit_order_is_the_seed_table_for_each_suit(suit):
    assert list(plain_order(suit)) == cards(SEED_OFF_SUIT_ORDERS[suit])


@pytest.mark.parametrize(("trump", "higher", "lower"), list(adjacent_trump_pairs()))
def test_each_trump_beats_the_next_one_down_whichever_is_led(trump, higher, lower):
    assert trick_winner(trump, [lower, higher]).index == 1
    assert trick_winner(trump, [higher, lower]).index == 0


@pytest.mark.parametrize(("trump", "higher", "lower"), list(adjacent_off_suit_pairs()))
def test_each_off_suit_card_beats_the_next_one_down_whichever_is_led(trump, higher, lower):
    assert trick_winner(trump, [lower, higher]).index == 1
    assert trick_winner(trump, [higher, lower]).index == 0


@pytest.mark.parametrize("trump", list(Suit), ids=lambda suit: suit.name.lower())
def test_every_trump_beats_every_lower_trump_in_a_four_card_trick(trump):
    order = cards(SEED_TRUMP_ORDERS[trump])
    for high, low1, low2, low3 in itertools.combinations(order, 4):
        assert trick_winner(trump, [low3, low1, high, low2]).card == high


@pytest.mark.parametrize(
    ("trump", "plays", "winner"),
    [
        pytest.param("C", "6C JC AH 2C", 1, id="clubs-jack-beats-ace-of-hearts"),
        pytest.param("C", "AH AC KC 2C", 0, id="clubs-ace-of-hearts-is-third-trump"),
        pytest.param("C", "2C AH 5D 6D", 1, id="clubs-ace-of-hearts-beats-low-trump-played-on-it"),
        pytest.param("C", "JC AH 2C 5C", 3, id="clubs-five-beats-ace-of-hearts"),
        pytest.param("S", "AH KS 3D 2C", 0, id="spades-ace-of-hearts-led-beats-king-of-trump"),
        pytest.param("H", "KH AH QH 2H", 1, id="hearts-ace-of-hearts-beats-king-of-hearts"),
        pytest.param("H", "AH JH 2S 3S", 1, id="hearts-jack-beats-ace-of-hearts"),
        pytest.param("D", "AD AH KD 2D", 1, id="diamonds-ace-of-hearts-beats-ace-of-diamonds"),
        pytest.param("D", "AD KD QD 2D", 0, id="diamonds-ace-of-diamonds-is-fourth-trump"),
        pytest.param("C", "KH AH QH 2S", 1, id="clubs-ace-of-hearts-on-a-heart-lead-wins-as-trump"),
        pytest.param("S", "2H KH QH AH", 3, id="spades-ace-of-hearts-is-never-a-plain-heart"),
        pytest.param("S", "KD 2D AH 3D", 2, id="spades-ace-of-hearts-trumps-a-diamond-lead"),
        pytest.param("C", "2H 3H 5S KD", 1, id="clubs-no-trump-highest-heart-wins"),
        pytest.param("S", "2H AD KD KC", 0, id="spades-other-suits-never-win"),
        pytest.param("H", "AD 2D 3C 4S", 1, id="hearts-ace-of-diamonds-lowest-off-suit"),
        pytest.param("H", "10C 2C KD QS", 1, id="hearts-black-off-suit-two-beats-ten"),
        pytest.param("S", "KD 2S KH KC", 1, id="spades-lowest-trump-beats-kings"),
    ],
)
def test_trick_winner_table(trump, plays, winner):
    assert trick_winner(trump, plays.split()).index == winner


def test_ace_of_hearts_is_third_trump_when_clubs_are_trump():
    assert trump_order(Suit.CLUBS)[2] == parse_card("AH")


@pytest.mark.parametrize("trump", ["H", "hearts", "Hearts", "♥", Suit.HEARTS])
def test_trump_can_be_named_by_letter_word_or_symbol(trump):
    assert trick_winner(trump, ["6H", "5H", "KS", "2C"]).index == 1


def test_trick_winner_takes_card_objects_as_well_as_text():
    assert trick_winner(Suit.CLUBS, [parse_card("KD"), parse_card("2C")]).card == parse_card("2C")


def test_reason_for_the_five_of_trump():
    result = trick_winner("H", ["6H", "5H", "KS", "2C"])
    assert result.reason == "The 5 of hearts is the highest trump when hearts are trump."


def test_reason_lists_the_trumps_the_winner_beat():
    result = trick_winner("C", ["6C", "JC", "AH", "2D"])
    assert result.reason == (
        "The jack of clubs is the highest trump in the trick: when clubs are trump it beats "
        "the 6 of clubs and the ace of hearts."
    )


def test_reason_explains_a_lone_trump():
    result = trick_winner("S", ["KD", "QD", "2S", "JD"])
    assert result.reason.startswith("The 2 of spades wins: it is the only trump in the trick")


def test_reason_explains_the_ace_of_hearts_is_always_trump():
    result = trick_winner("C", ["KH", "AH", "QH", "2S"])
    assert "The ace of hearts is always a trump" in result.reason


def test_reason_when_no_trump_falls():
    result = trick_winner("S", ["QH", "KH", "2D", "3C"])
    assert result.reason == (
        "No trump was played, so the highest of the hearts led wins: the king of hearts beats "
        "the queen of hearts."
    )


def test_reason_when_nobody_follows_the_card_led():
    result = trick_winner("S", ["2H", "KD", "KC", "QD"])
    assert result.index == 0
    assert "nobody followed the hearts led" in result.reason


@pytest.mark.parametrize(
    ("jokers", "plays", "winner"),
    [
        pytest.param("after_jack", "AH JK 2C 3C", 1, id="after-jack-joker-beats-ace-of-hearts"),
        pytest.param("after_jack", "JK JC 2C 3C", 1, id="after-jack-jack-beats-joker"),
        pytest.param(
            "after_ace_of_hearts", "JK AH 2C 3C", 1, id="after-ace-ace-of-hearts-beats-joker"
        ),
        pytest.param(
            "after_ace_of_hearts", "AC JK 2C 3C", 1, id="after-ace-joker-beats-ace-of-trump"
        ),
        pytest.param("after_jack", "KD JK QD 2D", 1, id="joker-is-a-trump-on-a-plain-lead"),
    ],
)
def test_the_joker_ranks_where_the_house_puts_it(jokers, plays, winner):
    rules = HouseRules.from_settings(jokers=jokers)
    assert trick_winner("C", plays.split(), rules).index == winner


def test_the_joker_sits_right_after_the_jack_or_the_ace_of_hearts():
    after_jack = trump_order(Suit.SPADES, HouseRules(jokers="after_jack").jokers)
    after_ace = trump_order(Suit.SPADES, HouseRules(jokers="after_ace_of_hearts").jokers)
    assert after_jack.index(JOKER) == 2
    assert after_ace.index(JOKER) == 3


@pytest.mark.parametrize(
    ("plays", "error", "message"),
    [
        (["5H"], PlayError, "A trick needs at least two cards; 1 given."),
        (["5H", "2C", "5H"], CardError, "The 5 of hearts appears twice"),
        (["5H", "7X"], CardError, '"7X" is not a card: unknown suit "X".'),
        (["5H", "JK"], CardError, "jokers are not used"),
    ],
    ids=["one-card", "same-card-twice", "bad-card", "joker-not-in-use"],
)
def test_trick_winner_rejects_impossible_tricks(plays, error, message):
    with pytest.raises(error) as caught:
        trick_winner("H", plays)
    assert message in str(caught.value)


def test_trick_winner_rejects_an_unknown_trump():
    with pytest.raises(CardError, match='"X" is not a suit'):
        trick_winner("X", ["5H", "2C"])
