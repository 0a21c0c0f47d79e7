"""Mode 3: is a claimed score possible after round r? (RULES.md B4)"""

import pytest

from tests.dispute.conftest import ask, rules_url, text

pytestmark = pytest.mark.django_db


def claim(client, round_number, a, b, **rules):
    return ask(client, {"round": round_number, "a": a, "b": b, **rules}, "dispute-claim")


@pytest.mark.parametrize(("a", "b"), [(30, 0), (25, 5), (20, 10), (15, 15), (0, 30)])
def test_the_scores_possible_after_round_one(client, a, b):
    response = claim(client, 1, a, b)
    assert response.status_code == 200
    assert f"{a}-{b} after round 1 is possible." in text(response)


def test_an_impossible_claim_says_why(client):
    response = claim(client, 1, 35, 0)
    assert response.status_code == 200
    page = text(response)
    assert "35-0 after round 1 is impossible." in page
    assert "After round 1 the two scores add up to 30 (30 a round)" in page


def test_a_score_not_in_fives_is_impossible(client):
    page = text(claim(client, 2, 33, 27))
    assert "33-27 after round 2 is impossible." in page
    assert "points come in fives" in page


def test_a_side_cannot_pass_the_target_before_the_round_claimed(client):
    page = text(claim(client, 3, 80, 10))
    assert "is impossible" in page
    assert "the game ends in the round where a side reaches 45" in page


def test_a_rare_claim_gets_a_note(client):
    page = text(claim(client, 1, 25, 0))
    assert "25-0 after round 1 is possible." in page
    assert "a round in which no trump was played at all, which is very rare" in page


def test_twenty_five_rounds_are_worth_25(client):
    assert "25-0 after round 1 is possible." in text(claim(client, 1, 25, 0, target="25"))
    assert "is impossible" in text(claim(client, 1, 30, 0, target="25"))


def test_an_empty_form_is_a_prompt(client):
    response = ask(client, {}, "dispute-claim")
    assert response.status_code == 200
    assert "Give the round and the two scores claimed." in text(response)


def test_the_score_check_agrees_with_the_round_replay(client):
    """Issue 13 point 15: the replay of a round from 35-25 says "reached 45 at trick 1
    (45-25)", so 45-25 after round 3 is a possible claim."""
    replay = text(
        ask(
            client,
            {"trump": "C", "t1": "5C 2D 3D 4D", "a": 35, "b": 25, "rule": "1"},
            "dispute-round",
        )
    )
    assert "reached 45 at trick 1 (45-25)" in replay
    page = text(claim(client, 3, 45, 25))
    assert "45-25 after round 3 is possible." in page
    assert "It matches a round that stopped at the trick where Side A reached 45" in page


# Issue "Nothing lost, nothing broken", point 6: a round no game reaches is a 400, not a 500.
@pytest.mark.parametrize("on_evening", [False, True], ids=["hall", "evening"])
def test_a_round_no_game_reaches_is_a_form_error_saying_why(client, published, on_evening):
    response = ask(
        client,
        {"round": "1000", "a": "10", "b": "20"},
        "dispute-claim",
        evening=published if on_evening else None,
    )
    assert response.status_code == 400
    page = text(response)
    assert (
        "A game to 45 never reaches round 1000: it ends by round 4. Each round gives out at "
        "least 25 points, so after 4 rounds at least 100 have been scored, and two sides both "
        "still below 45 have at most 80 together."
    ) in page
    assert "is possible." not in page
    assert "is impossible." not in page


def test_the_round_bound_follows_the_game_played(client):
    assert claim(client, 4, 45, 35).status_code == 200
    twenty_five = claim(client, 3, 25, 25, target="25")
    assert twenty_five.status_code == 400
    assert "A game to 25 never reaches round 3: it ends by round 2." in text(twenty_five)


def test_the_round_bound_is_explained_in_french(client):
    response = client.get(
        rules_url("dispute-claim"),
        {"round": "1000", "a": "10", "b": "20"},
        headers={"Accept-Language": "fr"},
    )
    assert response.status_code == 400
    assert (
        "Une partie en 45 points n'atteint jamais la donne 1000 : elle se termine au plus tard "
        "à la donne 4."
    ) in text(response)
