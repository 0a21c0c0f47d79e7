"""What a player may play (RULES.md B3), and the house-rule settings behind it."""

import dataclasses

import pytest

from scoring.engine import (
    DEFAULT_RULES,
    FIVE_ONLY_RULES,
    EngineError,
    HouseRules,
    HouseRulesError,
    Obligation,
    explain_legal_plays,
    legal_plays,
    parse_card,
)

HEARTS_ON_HEARTS = HouseRules(hearts_on_hearts=True)
ANY_CARD = HouseRules(nontrump_lead="any")
JOKER_AFTER_JACK = HouseRules(jokers="after_jack")


def played(hand: str, led: str | None, trump: str = "C", rules: HouseRules = DEFAULT_RULES):
    return {str(card) for card in legal_plays(hand.split(), led, trump, rules)}


# (hand, card led, trump, house rules, cards that may be played); clubs are trump unless said.
CASES = [
    # RULES.md B3 examples.
    pytest.param(
        "JC 4C KH",
        "6C",
        "C",
        DEFAULT_RULES,
        "JC 4C",
        id="b3-six-led-jack-and-low-trump-must-trump-either",
    ),
    pytest.param(
        "JC KH 2D", "6C", "C", DEFAULT_RULES, "JC KH 2D", id="b3-six-led-only-jack-may-renege"
    ),
    pytest.param("5C KH", "JC", "C", DEFAULT_RULES, "5C KH", id="b3-jack-led-five-may-renege"),
    pytest.param(
        "AH KD", "JC", "C", DEFAULT_RULES, "AH", id="b3-jack-led-ace-of-hearts-may-not-renege"
    ),
    pytest.param("JC KH", "5C", "C", DEFAULT_RULES, "JC", id="b3-five-led-only-jack-must-play-it"),
    # Seed 003 "Reneging Exception".
    pytest.param(
        "5C KD", "6C", "C", DEFAULT_RULES, "5C KD", id="seed003-six-led-five-alone-may-renege"
    ),
    pytest.param(
        "AH KD",
        "6C",
        "C",
        DEFAULT_RULES,
        "AH KD",
        id="seed003-six-led-ace-of-hearts-alone-may-renege",
    ),
    pytest.param(
        "5C JC AH KD",
        "6C",
        "C",
        DEFAULT_RULES,
        "5C JC AH KD",
        id="seed003-six-led-all-top-three-may-renege",
    ),
    pytest.param(
        "JC 9C KD",
        "6C",
        "C",
        DEFAULT_RULES,
        "JC 9C",
        id="seed003-top-trump-with-lower-trump-must-trump",
    ),
    pytest.param(
        "5C AH KD",
        "JC",
        "C",
        DEFAULT_RULES,
        "5C AH",
        id="seed003-jack-led-five-and-ace-of-hearts-must-trump",
    ),
    # Seed 000 "Common Rule" (Nova Scotia).
    pytest.param(
        "5C KD",
        "AH",
        "C",
        DEFAULT_RULES,
        "5C KD",
        id="seed000-five-may-be-reneged-on-ace-of-hearts",
    ),
    pytest.param(
        "JC KD",
        "AH",
        "C",
        DEFAULT_RULES,
        "JC KD",
        id="seed000-jack-may-be-reneged-on-ace-of-hearts",
    ),
    pytest.param(
        "AH KD", "5C", "C", DEFAULT_RULES, "AH", id="seed000-ace-of-hearts-must-follow-five"
    ),
    # Five-only variant (Colchester County, Ireland).
    pytest.param("JC KH", "6C", "C", FIVE_ONLY_RULES, "JC", id="five-only-jack-may-not-renege"),
    pytest.param(
        "AH KD", "6C", "C", FIVE_ONLY_RULES, "AH", id="five-only-ace-of-hearts-may-not-renege"
    ),
    pytest.param("5C KH", "6C", "C", FIVE_ONLY_RULES, "5C KH", id="five-only-five-may-renege"),
    # The ace of hearts led counts as trump led, and is never a plain heart.
    pytest.param("2C KH", "AH", "C", DEFAULT_RULES, "2C", id="ace-of-hearts-led-is-trump-led"),
    pytest.param(
        "2H 3D", "AH", "C", DEFAULT_RULES, "2H 3D", id="ace-of-hearts-led-no-trump-any-card"
    ),
    pytest.param(
        "2H 3D", "AH", "C", HEARTS_ON_HEARTS, "2H", id="hearts-on-hearts-must-play-a-heart"
    ),
    pytest.param(
        "3D 4S", "AH", "C", HEARTS_ON_HEARTS, "3D 4S", id="hearts-on-hearts-no-heart-any-card"
    ),
    pytest.param(
        "2H 3D",
        "6C",
        "C",
        HEARTS_ON_HEARTS,
        "2H 3D",
        id="hearts-on-hearts-only-on-ace-of-hearts-lead",
    ),
    pytest.param(
        "KH 3D",
        "AH",
        "H",
        HEARTS_ON_HEARTS,
        "KH",
        id="hearts-trump-ace-of-hearts-led-is-plain-trump-lead",
    ),
    pytest.param(
        "AH 4D", "KH", "C", DEFAULT_RULES, "AH 4D", id="heart-led-ace-of-hearts-is-not-a-heart"
    ),
    pytest.param(
        "AH 2H 4D",
        "KH",
        "C",
        DEFAULT_RULES,
        "AH 2H",
        id="heart-led-follow-or-trump-with-ace-of-hearts",
    ),
    pytest.param(
        "AD 2H 4S",
        "KH",
        "D",
        DEFAULT_RULES,
        "AD 2H",
        id="diamonds-trump-heart-led-ace-of-diamonds-is-trump",
    ),
    # A plain suit led (Nova Scotia default, and the "any card" variant).
    pytest.param(
        "2H 3C 4D", "KH", "C", DEFAULT_RULES, "2H 3C", id="plain-lead-follow-suit-or-trump"
    ),
    pytest.param("4D 5S", "KH", "C", DEFAULT_RULES, "4D 5S", id="plain-lead-void-any-card"),
    pytest.param("2H 3C 4D", "KH", "C", ANY_CARD, "2H 3C 4D", id="any-card-variant"),
    pytest.param(
        "5C KH 2D", "QH", "C", DEFAULT_RULES, "5C KH", id="plain-lead-trump-always-allowed"
    ),
    # The joker is always a trump and is never renegable.
    pytest.param("JK KH", "6C", "C", JOKER_AFTER_JACK, "JK", id="joker-must-follow-trump"),
    pytest.param("2C KH", "JK", "C", JOKER_AFTER_JACK, "2C", id="joker-led-is-trump-led"),
    pytest.param("5C KH", "JK", "C", JOKER_AFTER_JACK, "5C KH", id="joker-led-five-may-renege"),
    pytest.param("JK 3D", "KH", "C", JOKER_AFTER_JACK, "JK 3D", id="joker-is-not-a-heart"),
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
