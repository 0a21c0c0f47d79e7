"""What a player may play (RULES.md B3), and the house-rule settings behind it."""

import dataclasses

import pytest

from scoring.engine import DEFAULT_RULES, EngineError, HouseRules, explain_legal_plays, parse_card
from scoring.engine.errors import HouseRulesError
from scoring.engine.legal import Obligation, legal_plays
from scoring.engine.rules import FIVE_ONLY_RULES

HEARTS_ON_HEARTS = HouseRules(hearts_on_hearts=True)
ANY_CARD = HouseRules(nontrump_lead="any")
JOKER_AFTER_JACK = HouseRules(jokers="after_jack")


def played(hand: str, led: str | None, trump: str = "C", rules: HouseRules = DEFAULT_RULES):
    return {str(card) for card in legal_plays(hand.split(), led, trump, rules)}


# What may be played: (id, hand, card led, allowed); clubs are trump unless said.
def case(name, hand, led, allowed, rules=DEFAULT_RULES, trump="C"):
    return pytest.param(hand, led, trump, rules, allowed, id=name)


CASES = [
    # RULES.md B3 examples.
    case("b3-six-led-jack-and-low-trump-must-trump-either", "JC 4C KH", "6C", "JC 4C"),
    case("b3-six-led-only-jack-may-renege", "JC KH 2D", "6C", "JC KH 2D"),
    case("b3-jack-led-five-may-renege", "5C KH", "JC", "5C KH"),
    case("b3-jack-led-ace-of-hearts-may-not-renege", "AH KD", "JC", "AH"),
    case("b3-five-led-only-jack-must-play-it", "JC KH", "5C", "JC"),
    # Seed 003 "Reneging Exception".
    case("seed003-six-led-five-alone-may-renege", "5C KD", "6C", "5C KD"),
    case("seed003-six-led-ace-of-hearts-alone-may-renege", "AH KD", "6C", "AH KD"),
    case("seed003-six-led-all-top-three-may-renege", "5C JC AH KD", "6C", "5C JC AH KD"),
    case("seed003-top-trump-with-lower-trump-must-trump", "JC 9C KD", "6C", "JC 9C"),
    case("seed003-jack-led-five-and-ace-of-hearts-must-trump", "5C AH KD", "JC", "5C AH"),
    # Seed 000 "Common Rule" (Nova Scotia).
    case("seed000-five-may-be-reneged-on-ace-of-hearts", "5C KD", "AH", "5C KD"),
    case("seed000-jack-may-be-reneged-on-ace-of-hearts", "JC KD", "AH", "JC KD"),
    case("seed000-ace-of-hearts-must-follow-five", "AH KD", "5C", "AH"),
    # Five-only variant (Colchester County, Ireland).
    case("five-only-jack-may-not-renege", "JC KH", "6C", "JC", FIVE_ONLY_RULES),
    case("five-only-ace-of-hearts-may-not-renege", "AH KD", "6C", "AH", FIVE_ONLY_RULES),
    case("five-only-five-may-renege", "5C KH", "6C", "5C KH", FIVE_ONLY_RULES),
    # The ace of hearts led counts as trump led, and is never a plain heart.
    case("ace-of-hearts-led-is-trump-led", "2C KH", "AH", "2C"),
    case("ace-of-hearts-led-no-trump-any-card", "2H 3D", "AH", "2H 3D"),
    case("hearts-on-hearts-must-play-a-heart", "2H 3D", "AH", "2H", HEARTS_ON_HEARTS),
    case("hearts-on-hearts-no-heart-any-card", "3D 4S", "AH", "3D 4S", HEARTS_ON_HEARTS),
    case("hearts-on-hearts-only-on-ace-of-hearts-lead", "2H 3D", "6C", "2H 3D", HEARTS_ON_HEARTS),
    # Seed 000 "Exceptional Rule": on the ace of hearts led, no trump may be reneged.
    case("hearts-on-hearts-five-may-not-be-reneged", "5C KD", "AH", "5C", HEARTS_ON_HEARTS),
    case("hearts-on-hearts-jack-may-not-be-reneged", "JC KD 2H", "AH", "JC", HEARTS_ON_HEARTS),
    case("hearts-on-hearts-any-trump-beats-a-heart", "5C 9C 2H", "AH", "5C 9C", HEARTS_ON_HEARTS),
    case(
        "hearts-on-hearts-joker-must-be-played",
        "JK 3D",
        "AH",
        "JK",
        HouseRules(hearts_on_hearts=True, jokers="after_jack"),
    ),
    case(
        "hearts-trump-ace-of-hearts-led-is-plain-trump-lead",
        "KH 3D",
        "AH",
        "KH",
        HEARTS_ON_HEARTS,
        trump="H",
    ),
    case("heart-led-ace-of-hearts-is-not-a-heart", "AH 4D", "KH", "AH 4D"),
    case("heart-led-follow-or-trump-with-ace-of-hearts", "AH 2H 4D", "KH", "AH 2H"),
    case("diamonds-trump-heart-led-ace-of-diamonds-is-trump", "AD 2H 4S", "KH", "AD 2H", trump="D"),
    # A plain suit led (Nova Scotia default, and the "any card" variant).
    case("plain-lead-follow-suit-or-trump", "2H 3C 4D", "KH", "2H 3C"),
    case("plain-lead-void-any-card", "4D 5S", "KH", "4D 5S"),
    case("any-card-variant", "2H 3C 4D", "KH", "2H 3C 4D", ANY_CARD),
    case("plain-lead-trump-always-allowed", "5C KH 2D", "QH", "5C KH"),
    # The joker is always a trump and is never renegable.
    case("joker-must-follow-trump", "JK KH", "6C", "JK", JOKER_AFTER_JACK),
    case("joker-led-is-trump-led", "2C KH", "JK", "2C", JOKER_AFTER_JACK),
    case("joker-led-five-may-renege", "5C KH", "JK", "5C KH", JOKER_AFTER_JACK),
    case("joker-is-not-a-heart", "JK 3D", "KH", "JK 3D", JOKER_AFTER_JACK),
]


@pytest.mark.parametrize(("hand", "led", "trump", "rules", "allowed"), CASES)
def test_legal_plays_table(hand, led, trump, rules, allowed):
    assert played(hand, led, trump, rules) == set(allowed.split())


def test_the_card_led_decides_not_a_higher_trump_played_after_it():
    # Seed 003: 6 of clubs led, the jack shown, the ace of hearts may still be kept.
    assert played("AH KD", "6C") == {"AH", "KD"}


@pytest.mark.parametrize("hand", ["5H 2C", "AH", "JK 3S 4S 5D 6D"])
def test_a_player_who_leads_may_play_anything(hand):
    rules = JOKER_AFTER_JACK
    assert played(hand, None, "S", rules) == set(hand.split())


def test_legal_plays_keep_hand_order():
    assert [str(c) for c in legal_plays(["4C", "KH", "JC"], "6C", "C")] == ["4C", "JC"]


@pytest.mark.parametrize(
    ("hand", "led", "obligation", "obliging"),
    [
        ("JC 4C KH", "6C", Obligation.MUST_TRUMP, "4C"),
        ("JC KH", "6C", Obligation.MAY_RENEGE, ""),
        ("KH", "6C", Obligation.NO_TRUMP_HELD, ""),
        ("2H 3C 4D", "KH", Obligation.FOLLOW_OR_TRUMP, "2H"),
        ("4D", "KH", Obligation.VOID, ""),
        ("KH", None, Obligation.LEADING, ""),
    ],
)
def test_explain_legal_plays_names_the_rule_and_the_cards_that_oblige(
    hand, led, obligation, obliging
):
    result = explain_legal_plays(hand.split(), led, "C")
    assert result.obligation is obligation
    assert [str(card) for card in result.obliging] == obliging.split()


def test_explanation_in_words_for_a_renege():
    reason = explain_legal_plays(["JC", "KH"], "6C", "C").reason
    assert reason == (
        "Trump was led (the 6 of clubs), but every trump you hold (the jack of clubs) may be "
        "reneged because it outranks the card led, so any card may be played."
    )


def test_explanation_in_words_when_a_trump_must_be_played():
    reason = explain_legal_plays(["AH", "KD"], "JC", "C").reason
    assert reason == (
        "Trump was led (the jack of clubs), so you must play a trump: you hold the ace of hearts, "
        "which may not be reneged on this lead."
    )


def test_explanation_in_words_for_following_suit():
    reason = explain_legal_plays(["2H", "4D"], "KH", "C").reason
    assert reason == "The king of hearts was led, so you must follow suit (hearts) or play a trump."


@pytest.mark.parametrize(
    ("hand", "led", "message"),
    [
        ([], "6C", "A player with no cards left cannot play."),
        (["6C", "KH"], "6C", "The 6 of clubs was led, so it cannot also be in this hand."),
        (["KH", "KH"], "6C", "The king of hearts appears twice"),
    ],
    ids=["empty-hand", "led-card-in-hand", "card-twice"],
)
def test_legal_plays_rejects_impossible_hands(hand, led, message):
    with pytest.raises(EngineError, match=message):
        legal_plays(hand, led, "C")


def test_house_rules_from_settings_builds_the_value_the_django_side_stores():
    rules = HouseRules.from_settings(
        renege="five_only",
        nontrump_lead="any",
        hearts_on_hearts=True,
        jokers="after_jack",
        target=25,
    )
    assert rules == HouseRules(
        renege="five_only",
        nontrump_lead="any",
        hearts_on_hearts=True,
        jokers="after_jack",
        target=25,
    )
    assert rules.uses_joker
    assert not rules.best_trump_bonus


def test_house_rules_default_is_cape_breton_to_45():
    assert HouseRules.from_settings() == DEFAULT_RULES
    assert DEFAULT_RULES.target == 45
    assert DEFAULT_RULES.best_trump_bonus
    assert not DEFAULT_RULES.hearts_on_hearts
    assert DEFAULT_RULES.bids == (20, 25, 30)


def test_house_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_RULES.target = 25  # type: ignore[misc]


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (
            {"renege": "everything"},
            'Unknown renege setting "everything"; choose one of: cape_breton, five_only.',
        ),
        ({"nontrump_lead": "follow"}, 'Unknown non-trump lead setting "follow"'),
        ({"jokers": "two"}, 'Unknown jokers setting "two"'),
        ({"target": 30}, "A game is played to 45, 25 or 120 points, not 30."),
        ({"min_bid": 10}, "The lowest bid is 20, or 15 in old circles, not 10."),
    ],
    ids=["renege", "nontrump-lead", "jokers", "target", "min-bid"],
)
def test_house_rules_refuse_unknown_settings(settings, message):
    with pytest.raises(HouseRulesError) as caught:
        HouseRules.from_settings(**settings)
    assert message in str(caught.value)


def test_old_circles_allow_a_bid_of_15():
    assert HouseRules(min_bid=15).bids == (15, 20, 25, 30)


def test_a_card_object_may_be_led():
    assert played("JC KH", parse_card("5C")) == {"JC"}
