"""The rules page's sentences, in English and French, say the house rules in force (issue 48,
points 14-16); the engine's own sentences are checked in tests/engine/test_rules_words.py."""

import pytest

from tests.dispute.conftest import ask, rules_url, text

pytestmark = pytest.mark.django_db


def ask_in(client, language, name, params):
    return client.get(rules_url(name), params, headers={"Accept-Language": language})


@pytest.mark.parametrize(
    ("target", "language", "help_line"),
    [
        ("45", "en", "Each round of 45 is worth 30 points (5 a trick and 5 for the best trump), "
         "so after round 1 a score is 30-0, 25-5, 20-10 or 15-15."),
        ("25", "en", "Each round of Twenty-Five is worth 25 points (5 a trick, no best-trump "
         "bonus), so after round 1 a score is 25-0, 20-5 or 15-10."),
        ("45", "fr", "Chaque donne au 45 vaut 30 points (5 par levée et 5 pour le meilleur "
         "atout)\xa0: après la donne 1, un score est donc 30-0, 25-5, 20-10 ou 15-15."),
        ("25", "fr", "Chaque donne au 25 vaut 25 points (5 par levée, sans prime du meilleur "
         "atout)\xa0: après la donne 1, un score est donc 25-0, 20-5 ou 15-10."),
    ],
)  # fmt: skip
def test_the_score_tabs_help_is_the_games_own(client, target, language, help_line):
    page = text(ask_in(client, language, "dispute-claim", {"target": target}))
    assert help_line.replace("\xa0", " ") in page  # the page's text squeezes every space


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_twenty_five_ruling_of_the_issue_has_no_45_in_it(client, language):
    response = ask_in(
        client, language, "dispute-claim", {"round": 2, "a": 55, "b": 0, "target": 25, "rule": 1}
    )
    page = text(response)
    assert response.status_code == 200
    if language == "en":
        assert "a side takes at most 25 points in a round" in page
        assert "at least 30 after round 1" in page
        assert "(a trick is worth 5)." in page
        assert "best trump" not in page
    else:
        assert "prend au plus 25 points par donne" in page
        assert "(une levée vaut 5)." in page
        assert "meilleur atout)" not in page.split("Vérifier le score")[-1]


def test_a_score_after_round_1_never_speaks_of_round_0(client):
    page = text(ask(client, {"round": 1, "a": 75, "b": 0, "rule": 1}, "dispute-claim"))
    assert "75-0 after round 1 is impossible." in page
    assert "round 0" not in page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_auction_question_on_the_score_tab_keeps_the_auction_rules_line(client, language):
    response = ask_in(
        client, language, "dispute-claim", {"round": 1, "a": 30, "b": 0, "target": 120, "rule": 1}
    )
    assert response.status_code == 400
    html = response.content.decode()
    start = html.index('id="house-rules-summary"')
    rules_line = html[start : html.index("</p>", start)]
    assert ("auction, game to 120" if language == "en" else "aux enchères, partie en 120") in (
        rules_line
    )
    assert "45" not in rules_line


# Clubs trump; side A (A1, A2) takes every trick. The tricks are in play order, so the
# first card of trick 1 is the leader's.
AUCTION_ROUND = ["6C QC JC 7C", "5C 3H 3D 4S", "AH 9S 9H KH", "8D QD KD 7D", "2S 10S 2H JD"]


def auction_replay(client, language="en", **extra):
    params = {"target": 120, "trump": "C", "a": 100, "b": 30, **extra}
    params |= {f"t{number}": trick for number, trick in enumerate(AUCTION_ROUND, 1)}
    return ask_in(client, language, "dispute-round", params)


def test_at_auction_the_round_tab_asks_who_held_the_bid_not_the_dealer(client):
    page = text(auction_replay(client))
    assert "Who held the bid" in page
    assert "At auction the player on the bidder's left leads the first trick." in page
    assert "Dealer A1 B1 A2 B2" not in page
    assert "At auction, pick who held the bid: the player on their left leads" in page


@pytest.mark.parametrize(("bidder", "leader"), [("3", "A1"), ("1", "A2")])
def test_at_auction_the_bidders_left_leads_the_first_trick(client, bidder, leader):
    page = text(auction_replay(client, bidder=bidder))
    assert f"Trick 1: {leader} leads" in page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_at_auction_the_tricks_show_points_taken_and_the_hand_an_auction_score(client, language):
    page = text(auction_replay(client, language, bidder="3", bid="25", rule="1"))
    if language == "en":
        assert "Taken in this hand: side A 30, side B 0" in page
        assert "Score: side A 130" not in page
        assert "Score after these tricks" not in page
        # B2 held the bid at 25 and took nothing: set, 30 - 25; side A at 100 is locked.
        assert "Score after the hand: side A 100, side B 5." in page
        assert "they are set and lose 25" in page
    else:
        assert "Pris dans cette donne : équipe A 30, équipe B 0" in page
        assert "Score après la donne : équipe A 100, équipe B 5." in page


def test_at_auction_without_the_bid_the_page_says_how_to_get_the_score(client):
    page = text(auction_replay(client, bidder="3", rule="1"))
    assert "Pick the bid to see the score after the hand." in page
    assert "130" not in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Yes: on the ace of hearts led, whoever holds a trump must play one (no renege, "
         "not even the 5 or the jack); with no trump, a heart"),
        ("fr", "Oui : sur l'as de cœur mené, qui a un atout doit en jouer un (aucune renonce, "
         "pas même le 5 ou le valet) ; sans atout, un cœur"),
    ],
)  # fmt: skip
def test_the_hearts_on_hearts_choice_says_the_whole_rule(client, language, words):
    assert words in text(ask_in(client, language, "dispute-legal", {}))


@pytest.mark.parametrize(
    ("language", "flag"),
    [
        ("en", "very rare This needs a round in which no trump was played at all, which is very "
         "rare."),
        ("fr", "Il faudrait une donne où aucun atout n'a été joué, ce qui est très rare."),
    ],
)  # fmt: skip
def test_the_auction_hand_tab_flags_a_hand_with_no_trump_as_the_sheet_does(client, language, flag):
    params = {"bid": "20", "bidder": "A", "points": "20 5"}
    page = text(ask_in(client, language, "dispute-auction-hand", params))
    assert flag in page
    assert "round(s)" not in page
    played = text(ask_in(client, language, "dispute-auction-hand", params | {"points": "20 10"}))
    assert "no trump was played at all" not in played


@pytest.mark.parametrize(
    ("language", "reason"),
    [
        ("en", "you hold the 2 of clubs, which may never be reneged."),
        ("fr", "Vous avez le 2 de trèfle, qu'on ne peut jamais renoncer."),
    ],
)
def test_a_trump_no_lead_lets_be_reneged_is_never_said_to_be_for_this_lead(
    client, language, reason
):
    params = {"trump": "C", "led": "4C", "played": "9H", "held": "2C 5C", "rule": "1"}
    page = text(ask_in(client, language, "dispute-legal", params))
    assert reason in page
    assert "on this lead" not in page


def test_the_french_sheet_names_a_side_with_its_article_not_this_column(client):
    page = text(ask_in(client, "fr", "dispute-auction-sheet", {"lines": "A 25 30 5"}))
    assert (
        "L'équipe B n'avait pas l'enchère et ne marque que les points pris : avec les preneurs "
        "à 30, l'équipe B peut avoir 0, pas 5."
    ) in page
    assert "cette colonne" not in page
    assert "Équipe B n'avait" not in page.replace("L'équipe B n'avait", "")
