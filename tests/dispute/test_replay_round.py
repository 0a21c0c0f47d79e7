"""Mode 2: replay a round from its plays (RULES.md B2-B4)."""

import re

import pytest

from tests.dispute.conftest import ask, text

pytestmark = pytest.mark.django_db

# Clubs trump, B2 (seat 3) deals, so A1 leads; every play is legal.
ROUND_A = ["6C QC JC 7C", "5C 3H 3D 4S", "AH 9S 9H KH", "8D QD KD 7D", "2S 10S 2H JD"]


def replay(client, tricks, trump="C", dealer="3", a="", b="", htmx=False, **extra):
    params = {"trump": trump, "dealer": dealer, "a": a, "b": b, **extra}
    params |= {f"t{number}": trick for number, trick in enumerate(tricks, 1)}
    return ask(client, params, "dispute-round", htmx=htmx)


def test_each_trick_has_its_leader_winner_reason_points_and_score(client):
    response = replay(client, ROUND_A, a="20", b="35")
    assert response.status_code == 200
    page = text(response)
    assert "Trick 1: A1 leads" in page
    assert "A2 wins (Side A). The jack of clubs is the highest trump in the trick" in page
    assert "Trick 2: A2 leads" in page
    assert "Trick 5: A1 leads" in page
    scores = re.findall(r"Score: side A (\d+), side B (\d+)", page)
    assert scores == [("25", "35"), ("35", "35"), ("40", "35"), ("45", "35"), ("50", "35")]


def test_the_best_trump_bonus_counts_at_the_trick_where_it_fell(client):
    page = text(replay(client, ROUND_A))
    assert page.count("+5 for the trick, +5 best-trump bonus") == 1
    trick_two = page[page.index("Trick 2:") : page.index("Trick 3:")]
    assert "+5 best-trump bonus" in trick_two
    assert (
        "The 5 of clubs is the best trump played in the round; it fell in trick 2, so A1 and A2 "
        "score the 5-point bonus at that trick."
    ) in page
    assert "This round: side A 30, side B 0." in page


def test_who_reached_45_first_and_at_which_trick(client):
    page = text(replay(client, ROUND_A, a="20", b="35"))
    assert (
        "A1 and A2 reached 45 at trick 4 (45-35) and win the game: points count in trick order, "
        "even if they did not know they held the best trump."
    ) in page
    assert "Score after these tricks: side A 50, side B 35." in page


def test_an_illegal_renege_is_named_and_explained(client):
    tricks = ["6C KH JC 7C", "5C 3H 3D QC", "AH 9S 9H 4S", "8D QD KD 7D", "2S 10S 2H JD"]
    response = replay(client, tricks)
    assert response.status_code == 200
    assert (
        "Illegal renege: B1 reneged illegally in trick 1: trump was led (the 6 of clubs) and they "
        "played the king of hearts, but they still held the queen of clubs (they played it in "
        "trick 2), so they had to play a trump."
    ) in text(response)
    assert response.content.decode().count('class="play side-1 renege"') == 1


def test_a_clean_round_says_no_renege_is_proven(client):
    assert "No illegal renege: nothing in these plays proves one." in text(replay(client, ROUND_A))


def test_hearts_on_hearts_reneges_follow_the_house_rule(client):
    tricks = ["AH 3D 4C 5D", "KS 2S 5S 9S", "QS 3S 6S 10S", "JS 4S 7S 6D", "AS 2H 8S 7D"]
    assert "Illegal renege" not in text(replay(client, tricks))
    page = text(replay(client, tricks, hoh="yes"))
    assert "Illegal renege: B1 reneged illegally in trick 1" in page
    assert "hearts on hearts obliged them to play a heart" in page


def test_an_unfinished_round_is_replayed_as_far_as_it_goes(client):
    response = replay(client, ROUND_A[:3])
    assert response.status_code == 200
    page = text(response)
    assert "Trick 3: A2 leads" in page
    assert "Trick 4:" not in page
    assert "The round is not finished." in page


def test_a_trick_being_tapped_in_is_left_out_until_it_has_four_cards(client):
    response = replay(client, [ROUND_A[0], "5C 3H"])
    assert response.status_code == 200
    page = text(response)
    assert "Trick 1: A1 leads" in page
    assert "Trick 2 is not finished: 2 of its 4 cards so far." in page


def test_the_dealer_decides_who_leads(client):
    page = text(replay(client, ROUND_A, dealer="0"))
    assert "Trick 1: B1 leads" in page


def test_twenty_five_has_no_bonus(client):
    page = text(replay(client, ROUND_A, target="25"))
    assert "Twenty-Five is played without the best-trump bonus." in page
    assert "This round: side A 25, side B 0." in page


def test_nothing_typed_yet_is_a_prompt(client):
    response = replay(client, [])
    assert response.status_code == 200
    assert "Type or tap the four cards of each trick" in text(response)


def test_htmx_gets_the_result_and_the_short_link(client):
    response = replay(client, ROUND_A, htmx=True)
    assert response.status_code == 200
    assert "<html" not in response.content.decode()
    assert response["HX-Replace-Url"] == (
        "/rules/round/?trump=C&dealer=3&t1=6C+QC+JC+7C&t2=5C+3H+3D+4S&t3=AH+9S+9H+KH"
        "&t4=8D+QD+KD+7D&t5=2S+10S+2H+JD"
    )
