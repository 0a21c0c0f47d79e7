"""Mode 1: pick trump, give the cards in play order, read who won and why."""

import re

import pytest

from tests.dispute.conftest import ask, rules_url, text

pytestmark = pytest.mark.django_db


def trick(client, trump, cards, **extra):
    return ask(client, {"trump": trump, "cards": cards, **extra})


def test_the_page_is_public_and_shows_52_cards_and_the_cape_breton_rules(client):
    response = client.get(rules_url())
    assert response.status_code == 200
    page = text(response)
    assert "Who won this trick?" in page
    assert "the 5, the jack and the ace of hearts may be reneged" in page
    assert "no joker" in page
    html = response.content.decode()
    assert len(re.findall(r'name="tap" value="[0-9JQKA]+[CDHS]"', html)) == 52
    assert 'value="JK"' not in html
    assert "Pick trump, then tap the cards in the order they were played." in page


@pytest.mark.parametrize(
    ("trump", "cards", "headline", "reason"),
    [
        pytest.param(
            "H",
            "5H JH AH 2C",
            "The player who led wins the trick with the 5 of hearts.",
            "The 5 of hearts is the highest trump when hearts are trump.",
            id="five-of-trump-led",
        ),
        pytest.param(
            "D",
            "KH AH QD 2C",
            "The 2nd player wins the trick with the ace of hearts.",
            "The ace of hearts is always a trump, whatever suit is trump.",
            id="ace-of-hearts-with-diamonds-trump",
        ),
        pytest.param(
            "D",
            "AD 6D AH 5S",
            "The 3rd player wins the trick with the ace of hearts.",
            "when diamonds are trump it beats the ace of diamonds and the 6 of diamonds",
            id="ace-of-hearts-beats-ace-of-trump",
        ),
        pytest.param(
            "C",
            "10C 2C 7D 8D",
            "The 2nd player wins the trick with the 2 of clubs.",
            "when clubs are trump it beats the 10 of clubs",
            id="black-trump-low-beats-high",
        ),
        pytest.param(
            "S",
            "KH QH 2H 3H",
            "The player who led wins the trick with the king of hearts.",
            "No trump was played, so the highest of the hearts led wins",
            id="no-trump-highest-of-the-suit-led",
        ),
        pytest.param(
            "H",
            "KD 2D AD 3S",
            "The player who led wins the trick with the king of diamonds.",
            "the king of diamonds beats the 2 of diamonds and the ace of diamonds",
            id="ace-of-diamonds-is-lowest-when-not-trump",
        ),
        pytest.param(
            "C",
            "2H 3S 4D KC",
            "The 4th player wins the trick with the king of clubs.",
            "it is the only trump in the trick",
            id="last-player-trumps",
        ),
    ],
)
def test_the_ruling_names_the_winning_card_the_player_and_the_reason(
    client, trump, cards, headline, reason
):
    response = trick(client, trump, cards)
    assert response.status_code == 200
    page = text(response)
    assert headline in page
    assert reason in page


def test_cards_may_be_typed_with_symbols_lower_case_and_t_for_ten(client):
    response = trick(client, "♥", "a♥ th 5h JH")
    assert response.status_code == 200
    assert "The 3rd player wins the trick with the 5 of hearts." in text(response)


def test_the_winning_card_is_marked_in_the_trick(client):
    html = trick(client, "D", "KH AH QD 2C").content.decode()
    slots = re.findall(r'<li class="slot( wins)?">', html)
    assert slots == ["", " wins", "", ""]


def test_two_or_three_cards_say_who_is_winning_so_far(client):
    response = trick(client, "H", "2H KH 3S")
    assert response.status_code == 200
    assert (
        "So far the 2nd player is winning with the king of hearts (3 of 4 cards played)."
        in text(response)
    )


def test_one_card_asks_for_the_next_one(client):
    response = trick(client, "H", "2H")
    assert response.status_code == 200
    assert "Now tap the 2nd card played." in text(response)


def test_cards_without_trump_ask_for_trump(client):
    response = trick(client, "", "2H 3H")
    assert response.status_code == 200
    assert "Which suit is trump? Pick it above." in text(response)


def test_the_ruling_links_to_checking_each_later_play(client):
    html = trick(client, "C", "6C KH JC 4C").content.decode()
    assert (
        '<a href="/rules/play/?trump=C&amp;led=6C&amp;played=KH">'
        "Could the 2nd player play the king of hearts? Check their hand</a>"
    ) in html


def test_htmx_gets_the_ruling_panel_the_rules_out_of_band_and_the_short_link(client):
    response = ask(
        client,
        {
            "renege": "cape_breton",
            "lead": "follow_or_trump",
            "hoh": "no",
            "joker": "none",
            "target": "45",
            "trump": "h",
            "cards": "5h jh ah 2c",
        },
        htmx=True,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<div class="trick-strip">')
    assert '<nav id="dispute-modes" class="mode-tabs"' in html
    assert '<p class="house-rules" id="house-rules-summary" hx-swap-oob="true">' in html
    assert 'id="joker-slot" class="joker-slot" hx-swap-oob="true"' in html
    assert "The player who led wins the trick with the 5 of hearts." in text(response)
    # The address bar gets the shortest link to this ruling (rules left at their defaults).
    assert response["HX-Replace-Url"] == "/rules/?trump=H&cards=5H+JH+AH+2C"
    assert "HX-Request" in response["Vary"]
    # A screen reader hears the new ruling (the live region stays on the page).
    assert (
        '<p id="ruling-announce" hx-swap-oob="innerHTML">'
        "The player who led wins the trick with the 5 of hearts.</p>"
    ) in html


def test_the_full_page_has_the_form_working_without_javascript(client):
    html = trick(client, "H", "5H JH").content.decode()
    assert '<form id="dispute-form"' in html
    assert 'method="get" action="/rules/"' in html
    assert 'hx-get="/rules/" hx-target="#ruling"' in html
    assert 'hx-replace-url="true"' in html
    assert '<input type="radio" name="trump" value="H" checked>' in html
    assert 'value="5H JH"' in html
    # Tapped cards show pressed on the grid.
    assert (
        'value="5H" class="tap-card red is-trump" aria-label="5, 5 of hearts" aria-pressed="true"'
        in html
    )
    assert 'value="2C" class="tap-card" aria-label="2, 2 of clubs" aria-pressed="false"' in html
    assert (
        'value="AH" class="tap-card red is-trump" aria-label="A, ace of hearts" '
        'aria-pressed="false"' in html
    )


def test_no_inline_script_or_style_on_the_page(client):
    html = trick(client, "H", "5H JH AH 2C").content.decode()
    assert "<script>" not in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert " style=" not in html
    assert "hx-on" not in html
    assert "onclick" not in html


def test_the_page_takes_no_database_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert trick(client, "H", "5H JH AH 2C").status_code == 200


@pytest.mark.parametrize("name", ["dispute", "dispute-legal", "dispute-round", "dispute-claim"])
def test_every_mode_is_get_only(client, name):
    assert client.post(rules_url(name)).status_code == 405
    assert client.get(rules_url(name)).status_code == 200


def test_cards_typed_in_french_words_are_read(client):
    """Issue 13 point 17: "cœur", "pique", "carreau", "as", "roi" are cards too."""
    cards = "as de cœur, 5 de pique, roi de carreau, 2C"
    response = ask(client, {"trump": "pique", "cards": cards})
    assert response.status_code == 200
    assert "The 2nd player wins the trick with the 5 of spades." in text(response)
