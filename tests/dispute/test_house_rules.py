"""The house rules: the evening's by default, switchable on the page, shown at the top;
an evening's page is public only once the evening is published."""

import re

import pytest

from tables.models import Evening
from tests.dispute.conftest import ask, rules_url, text

pytestmark = pytest.mark.django_db

MODES = ["dispute", "dispute-legal", "dispute-round", "dispute-claim"]
# Six of clubs led; the player shows the king of hearts while holding only the jack of trump.
JACK_KEPT_BACK = {"trump": "C", "led": "6C", "played": "KH", "held": "JC"}


@pytest.fixture
def colchester(published) -> Evening:
    """An evening with every house rule away from the Cape Breton defaults."""
    published.renege = Evening.Renege.FIVE_ONLY
    published.nontrump_lead = Evening.NonTrumpLead.ANY
    published.hearts_on_hearts = True
    published.jokers = Evening.Jokers.AFTER_JACK
    published.game_target = Evening.GameTarget.TWENTY_FIVE
    published.save()
    return published


def test_the_hall_page_uses_the_cape_breton_defaults(client):
    response = ask(client, JACK_KEPT_BACK, "dispute-legal")
    assert response.status_code == 200
    page = text(response)
    assert "House rules (Cape Breton unless changed):" in page
    assert "the 5, the jack and the ace of hearts may be reneged" in page
    assert "Yes: the king of hearts may be played." in page


def test_an_evening_page_uses_the_evenings_house_rules(client, colchester):
    response = ask(client, JACK_KEPT_BACK, "dispute-legal", evening=colchester)
    assert response.status_code == 200
    page = text(response)
    assert "House rules of Friday 45s:" in page
    summary = (
        "only the 5 may be reneged · plain suit led: any card · hearts on hearts · a joker after "
        "the jack · game to 25, no best-trump bonus."
    )
    assert summary in page
    assert "No: the king of hearts may not be played" in page
    assert "changed on this page" not in page


def test_the_evenings_rules_are_the_selected_values_of_the_rules_form(client, colchester):
    html = ask(client, {}, evening=colchester).content.decode()
    for name, value in [
        ("renege", "five_only"),
        ("lead", "any"),
        ("hoh", "yes"),
        ("joker", "after_jack"),
        ("target", "25"),
    ]:
        select = re.search(rf'<select name="{name}".*?</select>', html, re.S).group(0)
        assert f'<option value="{value}" selected>' in select


def test_a_house_rule_switched_on_the_page_changes_the_ruling(client, colchester):
    response = ask(client, JACK_KEPT_BACK | {"renege": "cape_breton"}, "dispute-legal", colchester)
    assert response.status_code == 200
    page = text(response)
    assert "Yes: the king of hearts may be played." in page
    assert "the 5, the jack and the ace of hearts may be reneged" in page
    assert "changed on this page" in page
    assert "Back to the evening's rules" in page


def test_the_link_to_a_ruling_keeps_only_the_rules_that_differ_from_the_evenings(
    client, colchester
):
    params = {
        "renege": "cape_breton",
        "lead": "any",
        "hoh": "yes",
        "joker": "after_jack",
        "target": "25",
        "trump": "C",
        "cards": "6C KH JC JK",
    }
    response = ask(client, params, evening=colchester, htmx=True)
    assert response.status_code == 200
    assert response["HX-Replace-Url"] == (
        "/e/friday-45s/rules/?renege=cape_breton&trump=C&cards=6C+KH+JC+JK"
    )


def test_the_mode_tabs_carry_the_switched_rules(client):
    html = ask(client, {"renege": "five_only"}).content.decode()
    assert 'href="/rules/round/?renege=five_only"' in html
    assert 'href="/rules/score/?renege=five_only"' in html


def test_the_joker_is_on_the_grid_only_when_the_rules_have_one(client, colchester):
    assert 'value="JK"' not in ask(client, {}).content.decode()
    assert 'value="JK"' in ask(client, {}, evening=colchester).content.decode()
    assert 'value="JK"' in ask(client, {"joker": "after_ace_of_hearts"}).content.decode()
    assert 'value="JK"' not in ask(client, {"joker": "none"}, evening=colchester).content.decode()


def test_the_joker_ranks_where_the_rules_put_it(client):
    after_jack = {"trump": "C", "cards": "AH JK 2H 3H", "joker": "after_jack"}
    assert "The 2nd player wins the trick with the joker." in text(ask(client, after_jack))
    after_ace = after_jack | {"joker": "after_ace_of_hearts"}
    page = text(ask(client, after_ace))
    assert "The player who led wins the trick with the ace of hearts." in page


def test_a_rules_change_over_htmx_updates_the_rules_at_the_top_and_the_joker(client):
    response = ask(client, {"joker": "after_jack", "trump": "", "cards": ""}, htmx=True)
    assert response.status_code == 200
    html = response.content.decode()
    summary = re.search(r'<p class="house-rules".*?</p>', html, re.S).group(0)
    assert 'hx-swap-oob="true"' in summary
    assert "a joker after the jack" in summary
    tabs = re.search(r'<nav id="dispute-modes".*?</nav>', html, re.S).group(0)
    assert 'hx-swap-oob="true"' in tabs
    assert 'href="/rules/round/?joker=after_jack"' in tabs
    joker = re.search(r'<div id="joker-slot".*?</div>', html, re.S).group(0)
    assert 'hx-swap-oob="true"' in joker
    assert 'value="JK"' in joker


@pytest.mark.parametrize("name", MODES)
def test_an_unpublished_evening_is_not_found(client, evening, name):
    assert client.get(rules_url(name, evening)).status_code == 404


@pytest.mark.parametrize("name", MODES)
def test_an_unpublished_evening_is_not_found_even_for_its_organizer(
    organizer_client, evening, name
):
    # The same rule as the public scoreboard: unpublished looks like missing.
    assert organizer_client.get(rules_url(name, evening)).status_code == 404


@pytest.mark.parametrize("name", MODES)
def test_an_unknown_evening_is_not_found(client, name):
    assert client.get(f"/e/no-such-evening{rules_url(name)}").status_code == 404


@pytest.mark.parametrize("name", MODES)
def test_a_published_evenings_page_is_public(client, published, name):
    response = client.get(rules_url(name, published))
    assert response.status_code == 200
    assert "House rules of Friday 45s:" in text(response)


def test_an_evenings_page_reads_the_evening_once(client, colchester, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = ask(client, {"trump": "C", "cards": "6C KH JC JK"}, evening=colchester)
    assert response.status_code == 200
