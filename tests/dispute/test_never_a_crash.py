"""Whatever is typed or put in a link, the page answers 200 or 400, never 500."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardnight.errors import UserError
from scoring import dispute
from scoring.engine import DEFAULT_RULES, HouseRules, deck
from tests.dispute.conftest import ask

CARDS = [str(card) for card in deck(with_joker=True)]
# Mostly real cards, with junk mixed in: cards twice, jokers, symbols, nonsense.
token = st.one_of(
    st.sampled_from(CARDS),
    st.sampled_from(["10♥", "t♠", "ah", "JOKER", "1H", "AX", "♥", "", " ", "10", "5H5H"]),
    st.text(max_size=4),
)
cards_text = st.lists(token, max_size=7).map(" ".join)
trump = st.one_of(st.sampled_from(["C", "D", "H", "S", "♥", "clubs", "", "X"]), st.text(max_size=3))
rules = st.sampled_from(
    [
        DEFAULT_RULES,
        HouseRules(renege="five_only", hearts_on_hearts=True),
        HouseRules(jokers="after_jack", nontrump_lead="any"),
        HouseRules(target=25),
        HouseRules(target=120, nontrump_lead="any"),
    ]
)


@given(trump=trump, cards=cards_text, rules=rules, asked=st.booleans())
def test_a_trick_is_ruled_or_refused_in_words(trump, cards, rules, asked):
    try:
        result = dispute.rule_trick(trump, cards, rules, asked=asked)
    except UserError as error:
        assert error.message
    else:
        if result["winner"]:
            assert result["reason"]
            assert sum(play["wins"] for play in result["plays"]) == 1


@given(
    trump=trump,
    led=cards_text,
    played=cards_text,
    held=cards_text,
    rules=rules,
    asked=st.booleans(),
)
def test_a_play_is_checked_or_refused_in_words(trump, led, played, held, rules, asked):
    try:
        result = dispute.check_play(trump, led, played, held, rules, asked=asked)
    except UserError as error:
        assert error.message
    else:
        if result["legal"] is not None:
            assert result["legal"]  # never empty
            assert result["reason"]


@given(
    trump=trump,
    dealer=st.integers(0, 3),
    tricks=st.lists(cards_text, max_size=5),
    scores=st.tuples(st.integers(-20, 130), st.integers(-20, 130)),
    rules=rules,
    asked=st.booleans(),
)
def test_a_round_is_replayed_or_refused_in_words(trump, dealer, tricks, scores, rules, asked):
    try:
        result = dispute.replay_round(trump, dealer, tricks, scores, rules, asked=asked)
    except UserError as error:
        assert error.message
    else:
        for trick in result["tricks"]:
            assert sum(play["wins"] for play in trick["plays"]) == 1


@given(
    round_number=st.one_of(st.none(), st.integers(-2, 12)),
    a=st.one_of(st.none(), st.integers(-50, 200)),
    b=st.one_of(st.none(), st.integers(-50, 200)),
    rules=rules,
)
def test_a_claim_is_checked_or_refused_in_words(round_number, a, b, rules):
    try:
        result = dispute.check_score(round_number, a, b, rules)
    except UserError as error:
        assert error.message
    else:
        assert result["ok"] or result["reasons"]


query_value = st.one_of(cards_text, st.text(max_size=12), st.sampled_from(["1", "0", "-5", "45"]))
PARAMS = [
    "trump",
    "cards",
    "led",
    "played",
    "held",
    "dealer",
    "t1",
    "t2",
    "a",
    "b",
    "round",
    "renege",
    "lead",
    "hoh",
    "joker",
    "target",
    "tap",
    "action",
    "rule",
]


@pytest.mark.django_db
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=st.sampled_from(["dispute", "dispute-legal", "dispute-round", "dispute-claim"]),
    params=st.dictionaries(st.sampled_from(PARAMS), query_value, max_size=8),
    htmx=st.booleans(),
)
def test_any_link_gets_a_page_or_a_message(client, name, params, htmx):
    params = {key: value.replace("\x00", "") for key, value in params.items()}
    response = ask(client, params, name, htmx=htmx)
    assert response.status_code in (200, 302, 400)
