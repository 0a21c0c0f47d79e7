"""Mode 1b: could this player have played that card? (RULES.md B3)"""

import pytest

from tests.dispute.conftest import ask, text

pytestmark = pytest.mark.django_db


def check(client, trump, led, played, held="", **rules):
    params = {"trump": trump, "led": led, "played": played, "held": held, **rules}
    return ask(client, params, "dispute-legal")


@pytest.mark.parametrize(
    ("trump", "led", "played", "held", "rules", "headline", "reason"),
    [
        pytest.param(
            "C",
            "6C",
            "KH",
            "JC 4C",
            {},
            "No: the king of hearts may not be played; that is an illegal renege. They had to "
            "play one of these: the jack of clubs, the 4 of clubs.",
            "Trump was led (the 6 of clubs), so you must play a trump: you hold the 4 of clubs, "
            "which may never be reneged.",
            id="b3-six-led-jack-and-low-trump-must-trump",
        ),
        pytest.param(
            "C",
            "6C",
            "KH",
            "JC 2D",
            {},
            "Yes: the king of hearts may be played.",
            "every trump you hold (the jack of clubs) may be reneged because it outranks the card "
            "led",
            id="b3-six-led-only-the-jack-may-renege",
        ),
        pytest.param(
            "C",
            "JC",
            "KD",
            "AH",
            {},
            "No: the king of diamonds may not be played",
            "you hold the ace of hearts, which may not be reneged on this lead",
            id="b3-jack-led-ace-of-hearts-may-not-renege",
        ),
        pytest.param(
            "C",
            "6C",
            "KH",
            "JC",
            {"renege": "five_only"},
            "No: the king of hearts may not be played",
            "you hold the jack of clubs, which may never be reneged",
            id="five-only-the-jack-may-not-renege",
        ),
        pytest.param(
            "H",
            "KD",
            "2S",
            "3D",
            {},
            "No: the 2 of spades may not be played",
            "The king of diamonds was led, so you must follow suit (diamonds) or play a trump.",
            id="plain-suit-led-follow-or-trump",
        ),
        pytest.param(
            "H",
            "KD",
            "2S",
            "3D",
            {"lead": "any"},
            "Yes: the 2 of spades may be played.",
            'this house plays "any card" on a plain suit',
            id="plain-suit-led-any-card-house",
        ),
        pytest.param(
            "C",
            "AH",
            "3D",
            "2H",
            {"hoh": "yes"},
            "No: the 3 of diamonds may not be played",
            "you must play a heart (hearts on hearts)",
            id="hearts-on-hearts",
        ),
        pytest.param(
            "C",
            "AH",
            "3D",
            "2H",
            {},
            "Yes: the 3 of diamonds may be played.",
            "Trump was led (the ace of hearts) and you hold no trump",
            id="ace-of-hearts-led-without-hearts-on-hearts",
        ),
        pytest.param(
            "C",
            "",
            "3D",
            "2H",
            {},
            "Yes: the 3 of diamonds may be played.",
            "You are leading, so any card may be played.",
            id="leading",
        ),
    ],
)
def test_the_verdict_says_yes_or_no_and_why(
    client, trump, led, played, held, rules, headline, reason
):
    response = check(client, trump, led, played, held, **rules)
    assert response.status_code == 200
    page = text(response)
    assert headline in page
    assert reason in page


def test_without_a_card_played_it_lists_what_may_be_played(client):
    response = check(client, "C", "6C", "", "JC 4C KH")
    assert response.status_code == 200
    assert "They may play: the jack of clubs, the 4 of clubs." in text(response)


def test_the_hand_marks_each_card_may_play_or_not(client):
    html = check(client, "C", "6C", "KH", "JC 4C").content.decode()
    assert html.count('<li class="legal">') == 2
    assert html.count('<li class="not-legal">') == 1


def test_nothing_given_yet_is_a_prompt_not_an_error(client):
    response = check(client, "C", "", "", "")
    assert response.status_code == 200
    assert "Tap the card led, then the card the player played" in text(response)


def test_the_link_from_a_trick_ruling_prefills_the_check(client):
    response = client.get("/rules/play/?trump=C&led=6C&played=KH")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'name="led" id="id_led" value="6C"' in html
    assert 'name="played" id="id_played" value="KH"' in html
    # The hand is what is missing: the next tap goes there.
    assert 'class="field card-field is-filling">\n      <label for="id_held">' in html
    assert "Yes: the king of hearts may be played." in text(response)
