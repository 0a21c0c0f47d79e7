"""The tie rules (RULES.md A5) as tables of cases. Pure: no database."""

import itertools
import random
from decimal import Decimal

import pytest

from scoring.engine import parse_card
from scoring.rules.ties import (
    CHOICES,
    CUT,
    PLAYOFF,
    REFUSE,
    SPLIT,
    PlayoffGameRecord,
    TieRuleError,
    cut_state,
    cut_value,
    decide,
    pair_round,
    playoff_state,
    read_cut_card,
    split_cents,
    tie_outcome,
)


def cards(**by_couple):
    return {int(key[1:]): parse_card(card) for key, card in by_couple.items()}


# --- The choice -----------------------------------------------------------------

HAND_CASES = [
    # choices, can split, method, forfeited
    ((SPLIT, SPLIT), True, SPLIT, ()),
    ((SPLIT, SPLIT), False, CUT, ()),
    ((SPLIT, CUT), True, CUT, ()),
    ((CUT, CUT), True, CUT, ()),
    ((PLAYOFF, CUT), True, PLAYOFF, ()),
    ((PLAYOFF, REFUSE), True, PLAYOFF, (2,)),
    ((REFUSE, REFUSE), True, CUT, ()),
    ((SPLIT, SPLIT, SPLIT), True, SPLIT, ()),
    ((SPLIT, SPLIT, CUT), True, CUT, ()),
    ((SPLIT, SPLIT, PLAYOFF), True, PLAYOFF, ()),
    ((REFUSE, PLAYOFF, REFUSE), True, PLAYOFF, (1, 3)),
    ((SPLIT, REFUSE, SPLIT), True, CUT, ()),
]


@pytest.mark.parametrize(("wanted", "can_split", "method", "forfeited"), HAND_CASES)
def test_the_rule_on_hand_written_cases(wanted, can_split, method, forfeited):
    couples = list(range(1, len(wanted) + 1))
    decision = decide(couples, dict(zip(couples, wanted, strict=True)), can_split)
    assert decision.method == method
    assert decision.forfeited == forfeited
    assert decision.players == tuple(c for c in couples if c not in forfeited)


def oracle(wanted, can_split):
    """RULES.md A5 in other words."""
    if any(choice == PLAYOFF for choice in wanted):
        return PLAYOFF, {i + 1 for i, choice in enumerate(wanted) if choice == REFUSE}
    if can_split and set(wanted) == {SPLIT}:
        return SPLIT, set()
    return CUT, set()


@pytest.mark.parametrize("size", [2, 3])
@pytest.mark.parametrize("can_split", [True, False])
def test_every_combination_of_choices_for_two_and_three_couples(size, can_split):
    couples = list(range(1, size + 1))
    seen = 0
    for wanted in itertools.product(CHOICES, repeat=size):
        decision = decide(couples, dict(zip(couples, wanted, strict=True)), can_split)
        method, forfeited = oracle(wanted, can_split)
        assert decision.method == method, wanted
        assert set(decision.forfeited) == forfeited, wanted
        assert set(decision.players) | set(decision.forfeited) == set(couples)
        if method == PLAYOFF:
            assert decision.players, "a play-off always has the couple that wanted it"
        seen += 1
    assert seen == 4**size


def test_a_missing_choice_is_refused():
    with pytest.raises(TieRuleError, match="must choose first"):
        decide([1, 2], {1: SPLIT}, True)


def test_an_unknown_choice_is_refused():
    with pytest.raises(TieRuleError, match='"arm-wrestle" is not a way'):
        decide([1, 2], {1: SPLIT, 2: "arm-wrestle"}, True)


# --- The cut ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("AH", 1), ("2S", 2), ("10D", 10), ("TC", 10), ("JH", 11), ("QS", 12), ("K♠", 13)],
)
def test_ace_is_low_and_king_high(card, value):
    assert cut_value(parse_card(card)) == value


def test_the_lowest_card_wins_and_suits_do_not_matter():
    state = cut_state([1, 2, 3], 1, [cards(c1="10H", c2="3S", c3="KD")])
    assert state.done
    assert state.ranking == (2,)


def test_couples_tied_for_lowest_cut_again_and_only_they():
    state = cut_state([1, 2, 3], 1, [cards(c1="3H", c2="3S", c3="KD")])
    assert not state.done
    assert state.to_cut == (1, 2)
    assert state.next_round == 2
    state = cut_state([1, 2, 3], 1, [cards(c1="3H", c2="3S", c3="KD"), cards(c1="9C", c2="AD")])
    assert state.done and state.ranking == (2,)


def test_repeated_cut_ties_go_on_until_someone_is_lowest():
    rounds = [
        cards(c1="5H", c2="5S", c3="5D"),
        cards(c1="QH", c2="QS", c3="2D"),  # couple 3 lowest at last
    ]
    state = cut_state([1, 2, 3], 1, rounds)
    assert state.done and state.ranking == (3,)
    rounds = [cards(c1="7H", c2="7S"), cards(c1="JH", c2="JS"), cards(c1="AH", c2="AS")]
    state = cut_state([1, 2], 1, rounds)
    assert not state.done and state.next_round == 4 and state.to_cut == (1, 2)


def test_a_tie_for_a_place_that_does_not_matter_is_not_recut():
    # Couples 2 and 3 tie on a high card, but couple 1 already won the one place.
    state = cut_state([1, 2, 3], 1, [cards(c1="2H", c2="9S", c3="9D")])
    assert state.done and state.ranking == (1,)


def test_with_several_places_every_rank_that_matters_is_decided():
    # Standard ranking: three couples contest places 1, 2 and 3.
    state = cut_state([1, 2, 3], 3, [cards(c1="9H", c2="4S", c3="9D")])
    assert not state.done and state.to_cut == (1, 3)
    state = cut_state([1, 2, 3], 3, [cards(c1="9H", c2="4S", c3="9D"), cards(c1="KH", c3="QC")])
    assert state.done and state.ranking == (2, 3, 1)


def test_the_same_card_twice_in_a_round_is_refused():
    with pytest.raises(TieRuleError, match="cut twice in one round"):
        cut_state([1, 2], 1, [{1: parse_card("5H"), 2: parse_card("5♥")}])


def test_the_same_card_may_come_up_again_in_a_recut():
    rounds = [cards(c1="5H", c2="5S"), cards(c1="5S", c2="8H")]
    assert cut_state([1, 2], 1, rounds).ranking == (1,)


def test_a_round_must_have_a_card_from_each_couple_still_tied():
    with pytest.raises(TieRuleError, match="one card from each couple"):
        cut_state([1, 2, 3], 1, [cards(c1="5H", c2="6S")])


@pytest.mark.parametrize("text", ["", "5", "1H", "11S", "ZZ", "5X", "JK", "banana"])
def test_a_cut_card_that_is_not_a_card_is_refused(text):
    with pytest.raises(TieRuleError, match="not a card"):
        read_cut_card(text)


@pytest.mark.parametrize(("text", "card"), [("AH", "AH"), ("10s", "10S"), ("T♠", "10S")])
def test_cut_cards_are_read_as_halls_type_them(text, card):
    assert str(read_cut_card(text)) == card


# --- The play-off -----------------------------------------------------------------


def game(rnd, a, b, winner):
    return PlayoffGameRecord(rnd, a, b, winner)


def test_two_couples_play_one_game():
    state = playoff_state([1, 2], 1, [])
    assert state.needs_pairing and set(state.alive) == {1, 2}
    state = playoff_state([1, 2], 1, [game(1, 2, 1, None)])
    assert not state.done and state.pending == (game(1, 2, 1, None),)
    state = playoff_state([1, 2], 1, [game(1, 2, 1, 1)])
    assert state.done and state.ranking == (1,)


def test_three_couples_play_a_knock_out_and_the_odd_couple_advances():
    games = [game(1, 3, 1, 1), game(1, 2, None, 2)]
    state = playoff_state([1, 2, 3], 1, games)
    assert state.needs_pairing and set(state.alive) == {1, 2} and state.next_round == 2
    state = playoff_state([1, 2, 3], 1, [*games, game(2, 1, 2, 2)])
    assert state.done and state.ranking == (2,)


def test_a_knock_out_for_several_places_plays_off_again_for_each_place():
    # Standard ranking: three 18s contest places 1, 2 and 3.
    games = [game(1, 1, 2, 2), game(1, 3, None, 3), game(2, 2, 3, 3)]
    state = playoff_state([1, 2, 3], 3, games)
    assert state.ranking == (3,) and state.needs_pairing and set(state.alive) == {1, 2}
    state = playoff_state([1, 2, 3], 3, [*games, game(3, 1, 2, 1)])
    assert state.done and state.ranking == (3, 1, 2)


def test_a_round_that_leaves_out_a_couple_is_refused():
    with pytest.raises(TieRuleError, match="does not seat every couple"):
        playoff_state([1, 2, 3], 1, [game(1, 1, 2, 1)])


def test_a_winner_who_did_not_play_is_refused():
    with pytest.raises(TieRuleError, match="one of its couples"):
        playoff_state([1, 2], 1, [game(1, 1, 2, 3)])


def test_pairs_are_drawn_with_the_generator_given():
    first = pair_round([1, 2, 3, 4, 5], random.Random(45))
    again = pair_round([1, 2, 3, 4, 5], random.Random(45))
    assert first == again
    assert sum(1 for _, b in first if b is None) == 1
    seated = [c for pair in first for c in pair if c is not None]
    assert sorted(seated) == [1, 2, 3, 4, 5]


# --- Forfeits -----------------------------------------------------------------------


def test_a_couple_that_will_not_play_off_forfeits_and_the_other_wins_without_playing():
    outcome = tie_outcome([1, 2], 1, {1: PLAYOFF, 2: REFUSE}, True)
    assert outcome.status == "settled"
    assert outcome.forfeited == (2,) and outcome.ranking == (1,)


def test_refusers_finish_behind_the_players_and_cut_for_places_left():
    # Standard ranking: three couples cover places 1-3; two refuse to play off.
    outcome = tie_outcome([1, 2, 3], 3, {1: REFUSE, 2: PLAYOFF, 3: REFUSE}, True)
    assert outcome.status == "cutting" and outcome.cut.to_cut == (1, 3)
    outcome = tie_outcome(
        [1, 2, 3], 3, {1: REFUSE, 2: PLAYOFF, 3: REFUSE}, True, [cards(c1="QH", c3="2C")]
    )
    assert outcome.status == "settled" and outcome.ranking == (2, 3, 1)


def test_with_one_place_the_refusers_get_nothing():
    outcome = tie_outcome([1, 2, 3], 1, {1: REFUSE, 2: PLAYOFF, 3: CUT}, True)
    assert outcome.status == "playing"
    games = [PlayoffGameRecord(1, 2, 3, 3)]
    outcome = tie_outcome([1, 2, 3], 1, {1: REFUSE, 2: PLAYOFF, 3: CUT}, True, (), games)
    assert outcome.status == "settled" and outcome.ranking == (3,) and outcome.forfeited == (1,)


def test_an_unfinished_choice_leaves_the_tie_choosing():
    assert tie_outcome([1, 2], 1, {1: CUT}, True).status == "choosing"


# --- The split ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "couples", "shares"),
    [
        ("100.00", [4, 9], ["50.00", "50.00"]),
        ("100.00", [4, 9, 12], ["33.34", "33.33", "33.33"]),
        ("50.00", [1, 2, 3], ["16.67", "16.67", "16.66"]),
        ("0.02", [1, 2, 3], ["0.01", "0.01", "0.00"]),
        ("75.01", [3, 8], ["37.51", "37.50"]),
    ],
)
def test_a_split_is_to_the_cent_with_the_cents_left_in_couple_order(amount, couples, shares):
    result = split_cents(Decimal(amount), couples)
    assert [result[c] for c in couples] == [Decimal(s) for s in shares]
    assert sum(result.values()) == Decimal(amount)
