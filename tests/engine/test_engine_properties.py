"""Properties of the engine over random deals (hypothesis)."""

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import (
    DEFAULT_RULES,
    Card,
    HouseRules,
    Suit,
    check_claim,
    deck,
    is_trump,
    play_round,
    trick_winner,
    trump_order,
)
from scoring.engine.legal import legal_plays
from scoring.engine.ranks import suit_of
from scoring.engine.rules import FIVE_ONLY_RULES, TWENTY_FIVE_RULES

ALL_RULES = [
    DEFAULT_RULES,
    FIVE_ONLY_RULES,
    TWENTY_FIVE_RULES,
    HouseRules(hearts_on_hearts=True),
    HouseRules(nontrump_lead="any"),
    HouseRules(jokers="after_jack"),
    HouseRules(jokers="after_ace_of_hearts", renege="five_only"),
]

Chooser = Callable[[int, int, list[Card], tuple[Card, ...]], Card]


@st.composite
def deals(draw):
    """House rules, trump, dealer and four five-card hands from a shuffled deck."""
    rules = draw(st.sampled_from(ALL_RULES))
    cards = draw(st.permutations(deck(with_joker=rules.uses_joker)))
    hands = [list(cards[seat * 5 : seat * 5 + 5]) for seat in range(4)]
    return rules, draw(st.sampled_from(list(Suit))), draw(st.integers(0, 3)), hands


def play_out(rules, trump, dealer, hands, choose: Chooser) -> list[list[Card]]:
    """Play five tricks; ``choose(seat, trick, hand, legal)`` picks each card."""
    hands = [list(hand) for hand in hands]
    leader = (dealer + 1) % 4
    tricks = []
    for number in range(1, 6):
        trick: list[Card] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            legal = legal_plays(hands[seat], trick[0] if trick else None, trump, rules)
            card = choose(seat, number, hands[seat], legal)
            hands[seat].remove(card)
            trick.append(card)
        leader = (leader + trick_winner(trump, trick, rules).index) % 4
        tricks.append(trick)
    return tricks


@settings(deadline=None)
@given(deal=deals(), data=st.data())
def test_every_trick_has_one_winner_a_trump_if_any_fell_else_the_suit_led(deal, data):
    rules, trump, _dealer, hands = deal
    trick = [hand[0] for hand in hands]
    result = trick_winner(trump, trick, rules)
    assert 0 <= result.index < 4
    assert trick[result.index] == result.card
    trumps = [card for card in trick if is_trump(card, trump)]
    if trumps:
        order = trump_order(trump, rules.jokers)
        assert result.card == min(trumps, key=order.index)
    else:
        assert result.card.suit is suit_of(trick[0], trump)
    followers = data.draw(st.permutations(trick[1:]))
    assert trick_winner(trump, [trick[0], *followers], rules).card == result.card


@given(
    trump=st.sampled_from(list(Suit)),
    rules=st.sampled_from(ALL_RULES),
    data=st.data(),
)
def test_any_trump_beats_any_non_trump_whichever_is_led(trump, rules, data):
    cards = deck(with_joker=rules.uses_joker)
    high = data.draw(st.sampled_from([card for card in cards if is_trump(card, trump)]))
    low = data.draw(st.sampled_from([card for card in cards if not is_trump(card, trump)]))
    assert trick_winner(trump, [low, high], rules).card == high
    assert trick_winner(trump, [high, low], rules).card == high


@given(deal=deals(), size=st.integers(1, 5), leading=st.booleans())
def test_legal_plays_are_never_empty_and_always_from_the_hand(deal, size, leading):
    rules, trump, _dealer, hands = deal
    hand = hands[0][:size]
    led = None if leading else hands[1][0]
    legal = legal_plays(hand, led, trump, rules)
    assert legal
    assert set(legal) <= set(hand)


@settings(deadline=None)
@given(deal=deals(), data=st.data())
def test_a_round_of_legal_plays_scores_30_or_25_and_shows_no_renege(deal, data):
    rules, trump, dealer, hands = deal
    tricks = play_out(
        rules, trump, dealer, hands, lambda *args: data.draw(st.sampled_from(args[3]))
    )
    result = play_round(trump, dealer, tricks, rules)
    any_trump = any(is_trump(card, trump) for trick in tricks for card in trick)
    expected = 30 if any_trump and rules.best_trump_bonus else 25
    assert sum(result.points) == expected
    assert result.reneges == ()
    assert [trick.winner for trick in result.tricks][:-1] == [
        trick.leader for trick in result.tricks
    ][1:]
    assert check_claim(1, *result.points, rules).ok


@settings(deadline=None)
@given(
    deal=deals(),
    target_trick=st.integers(1, 4),
    target_offset=st.integers(1, 3),
    data=st.data(),
)
def test_an_illegal_play_is_found_because_the_hand_is_shown_later(
    deal, target_trick, target_offset, data
):
    rules, trump, dealer, hands = deal
    injected = []
    position = {"offset": 0}

    def choose(seat, number, hand, legal):
        offset = position["offset"]
        position["offset"] = (offset + 1) % 4
        illegal = [card for card in hand if card not in legal]
        if (number, offset) == (target_trick, target_offset) and illegal:
            injected.append((seat, number))
            return data.draw(st.sampled_from(illegal))
        return data.draw(st.sampled_from(legal))

    tricks = play_out(rules, trump, dealer, hands, choose)
    result = play_round(trump, dealer, tricks, rules)
    assert [(renege.seat, renege.trick) for renege in result.reneges] == injected
