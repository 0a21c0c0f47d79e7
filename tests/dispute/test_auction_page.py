"""The rules page's Auction tabs: the bidding tapped call by call, a hand, a score
sheet; each ruling at its own link with a QR code, without JavaScript too."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from tables.models import Evening
from tests.dispute.conftest import ask, rules_url, text

pytestmark = pytest.mark.django_db


def bid(client, calls, **params):
    return ask(client, {"calls": calls, **params}, "dispute-auction")


def test_the_bidding_tab_offers_player_1_every_call(client):
    response = client.get(reverse("dispute-auction"))
    assert response.status_code == 200
    page = text(response)
    assert "Player 1 calls" in page
    html = response.content.decode()
    for value in ("pass", "20", "25", "30"):
        assert f'name="call" value="{value}"' in html
    assert 'name="call" value="15"' not in html


def test_tapping_a_call_without_javascript_adds_it_at_its_own_link(client):
    response = client.get(reverse("dispute-auction"), {"calls": "20 pass 25 hold", "call": "30"})
    assert response.status_code == 302
    location = urlsplit(response["Location"])
    assert location.path == reverse("dispute-auction")
    assert parse_qs(location.query) == {"calls": ["20 pass 25 hold 30"]}
    page = text(client.get(response["Location"]))
    assert "Player 3 cannot bid above 30, so passes." in page
    assert "The dealer to call." in page


def test_undo_takes_back_the_last_call(client):
    response = client.get(reverse("dispute-auction"), {"calls": "20 pass 25", "action": "undo"})
    assert parse_qs(urlsplit(response["Location"]).query) == {"calls": ["20 pass"]}


@pytest.mark.parametrize(
    ("calls", "words"),
    [
        ("20 pass 25 hold 30 hold", "The dealer wins the bid at 30 and calls trump."),
        ("20 pass 25 hold pass pass", "The dealer wins the bid at 25 and calls trump."),
        ("20 pass 25 hold pass 30 pass", "Player 3 wins the bid at 30 and calls trump."),
        ("20 pass 25 pass 30", "Player 1 wins the bid at 30 and calls trump."),
    ],
)
def test_the_seeds_example_on_the_page(client, calls, words):
    response = bid(client, calls)
    assert response.status_code == 200
    page = text(response)
    assert words in page
    assert "Show this ruling on another phone" in page


def test_an_illegal_call_is_named(client):
    page = text(bid(client, "20 pass 25 30"))
    assert "Not allowed. The dealer does not outbid" in page


def test_a_call_that_is_not_a_call_is_a_400(client):
    response = bid(client, "20 banana")
    assert response.status_code == 400
    assert '"banana" is not a call' in text(response)


def test_old_circles_bid_15(client):
    response = client.get(reverse("dispute-auction"), {"low": "15"})
    assert 'name="call" value="15"' in response.content.decode()
    assert "The dealer wins the bid at 15" in text(bid(client, "pass pass pass 15", low="15"))


def test_scoring_a_hand_30_for_60_at_65(client):
    params = {"bid": "30", "bidder": "A", "points": "30 0", "before": "65 0"}
    page = text(ask(client, params, "dispute-auction-hand"))
    assert "The bidders bid 30 and took all 30 points: 30 for 60." in page
    assert "Side A reaches 120 and wins the game." in page
    params["points"] = "25 5"
    page = text(ask(client, params, "dispute-auction-hand"))
    assert "they are set and lose 30" in page
    assert "35 (-30)" in page


def test_scoring_a_five_player_hand_with_a_partner(client):
    params = {"players": "5", "bid": "25", "bidder": "1", "partner": "3", "points": "15 0 10 5 0"}
    page = text(ask(client, params, "dispute-auction-hand"))
    assert "Partners go up or down together: Player 1 and Player 3 took 25." in page


@pytest.mark.parametrize(
    "params",
    [
        {"bid": "20", "bidder": "C", "points": "20 10"},
        {"bid": "20", "bidder": "A", "points": "20 x"},
        {"bid": "20", "bidder": "A", "points": "20 20"},
        {"bid": "20", "bidder": "A"},
        {"players": "3", "bid": "20", "bidder": "²", "points": "20 10 0"},
        {"players": "3", "bid": "20", "bidder": "٢", "points": "20 10 0"},
    ],
    ids=["no-side-c", "not-a-number", "forty-points", "no-points", "superscript", "arabic"],
)
def test_a_hand_that_cannot_be_is_a_400(client, params):
    assert ask(client, params, "dispute-auction-hand").status_code == 400


@pytest.mark.parametrize("call", ["²", "٣٠", "9" * 5000])
def test_a_call_in_other_digits_is_a_400(client, call):
    assert bid(client, f"20 {call}").status_code == 400


def test_checking_a_score_sheet(client):
    lines = "A 20 20 10\nB 25 20 40\nA 20 15 45"
    response = ask(client, {"lines": lines}, "dispute-auction-sheet")
    assert response.status_code == 200
    page = text(response)
    assert "Line 3 cannot be right." in page
    assert "Side A held the bid of 20" in page


def test_a_sheet_line_only_a_hand_with_no_trump_gives_is_flagged(client):
    lines = "A 25 30 0\nB 20 35 25\nA 30 95 25\nB 25 95 50"
    response = ask(client, {"lines": lines}, "dispute-auction-sheet")
    assert response.status_code == 200
    page = text(response)
    assert page.count("very rare") == 2  # the pill and the note, on line 4 only
    assert (
        "B 25 95 50 very rare The bidders bid 25 and took 25, so they score 25. This needs a "
        "round in which no trump was played at all, which is very rare."
    ) in page


def test_an_unreadable_sheet_line_is_a_400_naming_the_line(client):
    response = ask(client, {"lines": "A 20 20 10\nZ 20 0 0"}, "dispute-auction-sheet")
    assert response.status_code == 400
    assert 'Line 2: "z" is not who bid' in text(response)


def test_the_qr_code_draws_an_auction_ruling(client):
    link = rules_url("dispute-auction") + "?calls=20+pass"
    response = client.get(reverse("dispute-qr"), {"link": link})
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"


def test_the_auction_tabs_are_on_an_evenings_page_only_when_it_plays_auction(client, published):
    assert client.get(rules_url("dispute-auction", published)).status_code == 404
    assert "Auction 45" not in text(client.get(rules_url("dispute", published)))
    Evening.objects.filter(pk=published.pk).update(game_target=120)
    assert client.get(rules_url("dispute-auction", published)).status_code == 200
    assert "Auction 45" in text(client.get(rules_url("dispute", published)))


def test_the_hall_page_always_has_the_auction_tabs(client):
    assert "Auction 45" in text(client.get(rules_url("dispute")))


def test_the_auction_page_speaks_french(client):
    response = client.get(
        reverse("dispute-auction"), {"calls": "20 pass 25 hold"}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    page = text(response)
    assert "Le donneur" in page


def test_an_evening_that_bids_15_offers_15(client, published):
    Evening.objects.filter(pk=published.pk).update(game_target=120, auction_min_bid=15)
    html = client.get(rules_url("dispute-auction", published)).content.decode()
    assert 'name="call" value="15"' in html


def test_a_replayed_auction_round_links_to_scoring_the_hand(client):
    tricks = ["6C QC JC 7C", "5C 3H 3D 4S", "AH 9S 9H KH", "8D QD KD 7D", "2S 10S 2H JD"]
    # B2 held the bid, so A1 leads (docs/decisions.md, "Who leads at auction").
    params = {"trump": "C", "target": "120", "lead": "any", "rule": "1", "bidder": "3"}
    params |= {f"t{n}": trick for n, trick in enumerate(tricks, 1)}
    html = ask(client, params, "dispute-round").content.decode()
    link = re.search(r'href="([^"]*/rules/auction/hand/[^"]*)">Score this hand with its bid', html)
    assert link, "no link to score the hand"
    hand = client.get(link.group(1).replace("&amp;", "&")).content.decode()
    assert 'value="30 0"' in hand  # the points each side took, from the replay
    assert 'value="0 0"' in hand
    assert 'value="B"' in hand  # side B held the bid


def test_the_auction_tabs_query_the_database_a_fixed_number_of_times(
    client, published, django_assert_max_num_queries
):
    Evening.objects.filter(pk=published.pk).update(game_target=120)
    lines = "\n".join(["A 20 20 10", "B 20 15 30"] * 20)
    for name, params in [
        ("dispute-auction", {"calls": "20 pass 25 hold 30 hold"}),
        ("dispute-auction-hand", {"bid": "25", "bidder": "B", "points": "5 25"}),
        ("dispute-auction-sheet", {"lines": lines}),
    ]:
        with django_assert_max_num_queries(1):
            assert ask(client, params, name, evening=published).status_code == 200
