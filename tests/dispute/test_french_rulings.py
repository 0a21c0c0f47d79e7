"""The rules page in French reads as French: no raw markup, the article before a side,
"les preneurs" for the side holding the bid on every line (issue "What people see and
read", point 18)."""

import pytest

from tests.dispute.conftest import rules_url, text

pytestmark = pytest.mark.django_db


def ask_in_french(client, name, params):
    return client.get(rules_url(name), params, headers={"Accept-Language": "fr"})


@pytest.mark.parametrize(
    ("cards", "ruling"),
    [
        ("10H AH KH 2C", "Le 2e joueur gagne la levée avec"),
        ("10H AH", "Pour l'instant, le 2e joueur gagne avec"),
    ],
    ids=["trick", "so-far"],
)
def test_the_trick_ruling_in_french_shows_no_raw_tag(client, cards, ruling):
    response = ask_in_french(client, "dispute", {"trump": "C", "cards": cards})
    assert response.status_code == 200
    html = response.content.decode()
    assert "&lt;sup&gt;" not in html
    page = text(response)
    assert "<sup>" not in page
    assert ruling in page


def test_a_side_keeps_its_article_in_the_middle_of_a_sentence(client):
    page = text(ask_in_french(client, "dispute-claim", {"round": 3, "a": 45, "b": 25}))
    assert "arrêtée à la levée où l'équipe A a atteint 45" in page
    assert "où Équipe" not in page


def test_a_score_not_in_fives_names_the_side_with_its_article(client):
    page = text(ask_in_french(client, "dispute-claim", {"round": 1, "a": 17, "b": 13}))
    assert "Un score de 17 pour l'équipe A est impossible" in page
    assert "pour Équipe" not in page


def test_the_sheet_calls_the_couple_holding_the_bid_les_preneurs_on_every_line(client):
    page = text(ask_in_french(client, "dispute-auction-sheet", {"lines": "A 20 20 10\nA 20 45 25"}))
    assert "Les preneurs ont fait une enchère de 20" in page
    assert "avec les preneurs à 45, l'équipe B peut avoir 10, 15, pas 25." in page
    assert "le preneur" not in page.lower().replace("les preneurs", "")
