"""Bad input gets a 400 and a message naming the problem (the engine's own words),
never a crash and never a ruling."""

import pytest

from tests.dispute.conftest import ask, rules_url, text

pytestmark = pytest.mark.django_db

ROUND = {"trump": "C", "dealer": "3", "a": "", "b": ""}


def case(name, mode, params, message):
    return pytest.param(mode, params, message, id=name)


CASES = [
    # Who won this trick?
    case(
        "card-that-does-not-exist",
        "dispute",
        {"trump": "H", "cards": "5H 7X"},
        '"7X" is not a card: unknown suit "X".',
    ),
    case(
        "rank-that-does-not-exist",
        "dispute",
        {"trump": "H", "cards": "1H 5H"},
        '"1H" is not a card: unknown rank "1".',
    ),
    case(
        "same-card-twice",
        "dispute",
        {"trump": "H", "cards": "5H JH 5H"},
        "The 5 of hearts appears twice; a deck has only one of each card.",
    ),
    case(
        "five-cards-in-a-four-player-trick",
        "dispute",
        {"trump": "H", "cards": "5H JH AH 2C 3C"},
        "This trick has 5 cards; a trick has one card from each of the four players.",
    ),
    case(
        "empty-trick-asked",
        "dispute",
        {"trump": "H", "cards": "", "rule": "1"},
        "A trick needs at least two cards; 0 given.",
    ),
    case(
        "one-card-asked",
        "dispute",
        {"trump": "H", "cards": "5H", "rule": "1"},
        "A trick needs at least two cards; 1 given.",
    ),
    case(
        "no-trump-asked",
        "dispute",
        {"trump": "", "cards": "5H JH", "rule": "1"},
        "Pick the trump suit: the ruling depends on it.",
    ),
    case(
        "trump-that-is-not-a-suit",
        "dispute",
        {"trump": "X", "cards": "5H JH"},
        '"X" is not a suit: use C, D, H or S, a name like "hearts", or ♥.',
    ),
    case(
        "joker-without-jokers",
        "dispute",
        {"trump": "H", "cards": "JK 5H"},
        '"JK" is not a card: jokers are not used under these house rules.',
    ),
    case(
        "unknown-house-rule",
        "dispute",
        {"renege": "anything", "trump": "H", "cards": "5H JH"},
        "Select a valid choice. anything is not one of the available choices.",
    ),
    case(
        "unknown-target",
        "dispute",
        {"target": "50", "trump": "H", "cards": "5H JH"},
        "Select a valid choice. 50 is not one of the available choices.",
    ),
    case(
        "too-long",
        "dispute",
        {"trump": "H", "cards": "5H " * 100},
        "Ensure this value has at most 200 characters",
    ),
    # Could they have played that?
    case(
        "player-out-of-cards",
        "dispute-legal",
        {"trump": "C", "led": "6C", "played": "", "held": "", "rule": "1"},
        "A player with no cards left cannot play.",
    ),
    case(
        "led-card-also-in-the-hand",
        "dispute-legal",
        {"trump": "C", "led": "6C", "played": "6C", "held": "KH"},
        "The 6 of clubs was led, so it cannot also be in this hand.",
    ),
    case(
        "six-cards-in-a-hand",
        "dispute-legal",
        {"trump": "C", "led": "6C", "played": "KH", "held": "2H 3H 4H 5H 6H"},
        "A player holds at most five cards; this hand has 6.",
    ),
    case(
        "two-cards-led",
        "dispute-legal",
        {"trump": "C", "led": "6C 7C", "played": "KH"},
        "Only one card is led to a trick; 2 given.",
    ),
    case(
        "card-twice-in-the-hand",
        "dispute-legal",
        {"trump": "C", "led": "6C", "played": "KH", "held": "KH 2D"},
        "The king of hearts appears twice; a deck has only one of each card.",
    ),
    # Replay a round
    case(
        "a-trick-of-five-cards",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C 8C"},
        "Trick 1 has 5 cards; a trick has one card from each of the four players.",
    ),
    case(
        "an-empty-trick-between-two",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "t2": "", "t3": "5C 3H 3D 4S"},
        "Trick 2 has 0 cards; a trick has one card from each of the four players.",
    ),
    case(
        "an-unfinished-trick-asked",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "t2": "5C 3H 3D", "rule": "1"},
        "Trick 2 has 3 cards; a trick has one card from each of the four players.",
    ),
    case(
        "no-trick-asked",
        "dispute-round",
        ROUND | {"rule": "1"},
        "No tricks were given; a round has five.",
    ),
    case(
        "a-card-played-twice",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "t2": "5C 3H 6C 4S"},
        "The 6 of clubs is played twice (tricks 1 and 2); a deck has only one of each card.",
    ),
    case(
        "a-bad-card-in-a-round",
        "dispute-round",
        ROUND | {"t1": "6C 7X JC 7C"},
        'Trick 1, card 2: "7X" is not a card: unknown suit "X".',
    ),
    case(
        "a-bad-card-in-the-trick-being-tapped",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "t2": "ZZ"},
        '"ZZ" is not a card: unknown suit "Z".',
    ),
    case(
        "a-card-again-in-the-trick-being-tapped",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "t2": "QC"},
        "The queen of clubs appears twice; a deck has only one of each card.",
    ),
    case(
        "score-not-in-fives",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "a": "7"},
        "A score of 7 is impossible: points come in fives.",
    ),
    case(
        "score-already-won",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "b": "45"},
        "A score of 45 means the game was already won before this round (target 45).",
    ),
    case(
        "score-not-a-number",
        "dispute-round",
        ROUND | {"t1": "6C QC JC 7C", "a": "lots"},
        "Enter a whole number.",
    ),
    case(
        "dealer-not-a-seat",
        "dispute-round",
        ROUND | {"dealer": "7", "t1": "6C QC JC 7C"},
        "Select a valid choice. 7 is not one of the available choices.",
    ),
    # Check a score
    case(
        "round-zero",
        "dispute-claim",
        {"round": "0", "a": "30", "b": "0"},
        "Ensure this value is greater than or equal to 1.",
    ),
    case(
        "round-no-game-reaches",
        "dispute-claim",
        {"round": "1000", "a": "10", "b": "20"},
        "A game to 45 never reaches round 1000: it ends by round 4.",
    ),
    case(
        "missing-score",
        "dispute-claim",
        {"round": "1", "a": "30", "b": ""},
        "Give the round number and both sides' scores.",
    ),
    case(
        "auction-scores",
        "dispute-claim",
        {"round": "1", "a": "30", "b": "0", "target": "120"},
        "Auction scores depend on the bids, so they cannot be checked this way.",
    ),
]


@pytest.mark.parametrize(("mode", "params", "message"), CASES)
def test_bad_input_is_a_400_naming_the_problem(client, mode, params, message):
    response = ask(client, params, mode)
    assert response.status_code == 400
    page = text(response)
    assert message in page
    # The form is still there, with what was typed, to fix it.
    assert '<form id="dispute-form"' in response.content.decode()
    # And no ruling is given.
    assert "wins the trick" not in page
    assert "Why:" not in page


@pytest.mark.parametrize(("mode", "params", "message"), CASES)
def test_bad_input_over_htmx_is_a_400_fragment_with_the_message(client, mode, params, message):
    response = ask(client, params, mode, htmx=True)
    assert response.status_code == 400
    html = response.content.decode()
    assert "<html" not in html
    assert 'role="alert"' in html
    assert message in text(response)
    # The address bar holds what was sent, so the message can be shown to someone else.
    assert response["HX-Replace-Url"].startswith(rules_url(mode) + "?")
    # Screen readers hear the message too.
    assert '<p id="ruling-announce" hx-swap-oob="innerHTML">' in html
