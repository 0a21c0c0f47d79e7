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
