"""Tapping the card grid without JavaScript: every card is a submit button
(?tap=5H); the page adds it to the first card field with room, or takes it out
if it is there already, and shows the new state at its own link."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import dispute
from scoring.engine import deck
from tests.dispute.conftest import ask, text

pytestmark = pytest.mark.django_db


def location(response) -> str:
    assert response.status_code == 302
    return response["Location"]


def test_a_tapped_card_is_added_to_the_trick(client):
    response = ask(client, {"trump": "H", "cards": "5H", "tap": "JH"})
    assert location(response) == "/rules/?trump=H&cards=5H+JH#card-grid"


def test_a_card_tapped_again_is_taken_out(client):
    response = ask(client, {"trump": "H", "cards": "5H JH AH", "tap": "JH"})
    assert location(response) == "/rules/?trump=H&cards=5H+AH#card-grid"


def test_undo_takes_back_the_last_card_and_clear_takes_all(client):
    undo = ask(client, {"trump": "H", "cards": "5H JH AH", "action": "undo"})
    assert location(undo) == "/rules/?trump=H&cards=5H+JH#card-grid"
    clear = ask(client, {"trump": "H", "cards": "5H JH AH", "action": "clear"})
    assert location(clear) == "/rules/?trump=H#card-grid"


def test_the_fourth_tap_gives_the_ruling(client):
    url = location(ask(client, {"trump": "D", "cards": "KH", "tap": "AH"}))
    for card in ["QD", "2C"]:
        url = location(client.get(url.replace("#card-grid", f"&tap={card}")))
    response = client.get(url)
    assert response.status_code == 200
    assert "The 2nd player wins the trick with the ace of hearts." in text(response)


def test_a_fifth_tap_is_kept_so_the_page_can_say_what_is_wrong(client):
    url = location(ask(client, {"trump": "H", "cards": "5H JH AH 2C", "tap": "3C"}))
    assert url == "/rules/?trump=H&cards=5H+JH+AH+2C+3C#card-grid"
    response = client.get(url)
    assert response.status_code == 400
    assert "This trick has 5 cards" in text(response)


def test_the_house_rules_stay_in_the_link_only_when_changed(client):
    params = {
        "renege": "five_only",
        "lead": "follow_or_trump",
        "trump": "H",
        "cards": "",
        "tap": "5H",
    }
    assert location(ask(client, params)) == "/rules/?renege=five_only&trump=H&cards=5H#card-grid"


def test_taps_fill_the_rounds_tricks_in_order(client):
    params = {"trump": "C", "dealer": "3", "t1": "6C QC JC 7C", "t2": "5C", "tap": "3H"}
    assert location(ask(client, params, "dispute-round")) == (
        "/rules/round/?trump=C&dealer=3&t1=6C+QC+JC+7C&t2=5C+3H#card-grid"
    )


def test_taps_fill_the_card_led_then_the_card_played_then_the_hand(client):
    first = ask(client, {"trump": "C", "tap": "6C"}, "dispute-legal")
    assert location(first) == "/rules/play/?trump=C&led=6C#card-grid"
    second = ask(client, {"trump": "C", "led": "6C", "tap": "KH"}, "dispute-legal")
    assert location(second) == "/rules/play/?trump=C&led=6C&played=KH#card-grid"
    third = ask(client, {"trump": "C", "led": "6C", "played": "KH", "tap": "JC"}, "dispute-legal")
    assert location(third) == "/rules/play/?trump=C&led=6C&played=KH&held=JC#card-grid"


def test_a_bad_card_tapped_in_by_hand_still_gets_its_message(client):
    url = location(ask(client, {"trump": "H", "cards": "5H", "tap": "9Z"}))
    response = client.get(url)
    assert response.status_code == 400
    assert '"9Z" is not a card: unknown suit "Z".' in text(response)


CARDS = [str(card) for card in deck()]


@given(
    fields=st.lists(st.lists(st.sampled_from(CARDS), max_size=4), min_size=1, max_size=5),
    card=st.sampled_from(CARDS),
)
def test_tapping_a_card_twice_leaves_the_fields_as_they_were_if_it_was_not_there(fields, card):
    values = [list(dict.fromkeys(cards)) for cards in fields]
    seen = set()
    values = [[c for c in cards if not (c in seen or seen.add(c))] for cards in values]
    capacities = [4] * len(values)
    before = [list(cards) for cards in values]
    dispute.tap_card(values, capacities, card)
    if any(card in cards for cards in before):
        assert sum(map(len, values)) == sum(map(len, before)) - 1
        assert all(card not in cards for cards in values)
    else:
        assert sum(map(len, values)) == sum(map(len, before)) + 1
        dispute.tap_card(values, capacities, card)
        assert values == before
