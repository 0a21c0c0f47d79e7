"""The rules card: every card's rank for each trump suit and the hall's renege
rules, all from the rules engine under the evening's house rules."""

import itertools

import pytest

from scoring import engine
from scoring.house_rules import evening_rules
from scoring.printing import documents, rows
from tables.models import Evening

from .pdf import all_text, dark_pixels, page_texts, reader, text_sizes

pytestmark = pytest.mark.django_db


def rules_of(evening, **settings):
    Evening.objects.filter(pk=evening.pk).update(**settings)
    evening.refresh_from_db()
    return rows.rules_card_rows(evening)


def test_the_ranks_are_the_engines_for_every_trump_suit(six):
    card = rows.rules_card_rows(six)
    suits = [engine.Suit.HEARTS, engine.Suit.DIAMONDS, engine.Suit.CLUBS, engine.Suit.SPADES]
    assert [column.name for column in card.trumps] == ["hearts", "diamonds", "clubs", "spades"]
    for column, suit in zip(card.trumps, suits, strict=True):
        assert column.cards == tuple(rows.card_label(c) for c in engine.trump_order(suit))
    for column, suit in zip(card.plain, suits, strict=True):
        assert column.cards == tuple(rows.card_label(c) for c in engine.plain_order(suit))
    hearts, diamonds, clubs, _spades = card.trumps
    assert hearts.cards[:5] == ("5♥", "J♥", "A♥", "K♥", "Q♥")
    assert diamonds.cards[:4] == ("5♦", "J♦", "A♥", "A♦")
    assert clubs.cards == (
        "5♣", "J♣", "A♥", "A♣", "K♣", "Q♣", "2♣", "3♣", "4♣", "6♣", "7♣", "8♣", "9♣", "10♣",
    )  # fmt: skip
    assert card.plain[0].cards[-1] == "2♥"  # the ace of hearts is never a plain heart


def test_a_joker_appears_where_the_house_ranks_it(six):
    after_jack = rules_of(six, jokers=Evening.Jokers.AFTER_JACK)
    assert after_jack.trumps[2].cards[:4] == ("5♣", "J♣", "JK", "A♥")
    after_ace = rules_of(six, jokers=Evening.Jokers.AFTER_ACE_OF_HEARTS)
    assert after_ace.trumps[2].cards[:4] == ("5♣", "J♣", "A♥", "JK")
    assert any(
        "joker (JK)" in line and "after the ace of hearts" in line for line in after_ace.rules
    )


def test_cape_breton_reneging_lets_the_5_the_jack_and_the_ace_of_hearts_be_kept_back(six):
    card = rows.rules_card_rows(six)
    assert any(
        "the 5 of trumps, the jack of trumps or the ace of hearts" in line for line in card.rules
    )
    six_led_jack_only = card.examples[1]
    assert six_led_jack_only.situation == "Spades trump. 6♠ led; you hold J♠ 9♦ K♣."
    assert six_led_jack_only.may_play == "J♠ 9♦ K♣"  # the jack may be reneged


def test_five_only_reneging_makes_the_jack_a_card_that_must_be_played(six):
    card = rules_of(six, renege=Evening.Renege.FIVE_ONLY)
    assert any("Only the 5 of trumps may be reneged" in line for line in card.rules)
    assert card.examples[1].may_play == "J♠"


def test_the_examples_are_the_engines_rulings(six):
    rules = evening_rules(six)
    for example, (led, hand) in zip(
        rows.rules_card_rows(six).examples,
        [("6S", ["JS", "3S", "9D"]), ("6S", ["JS", "9D", "KC"]), ("JS", ["5S", "9D"]),
         ("JS", ["AH", "9D"]), ("KD", ["2D", "7S", "QC"])],
        strict=True,
    ):  # fmt: skip
        ruling = engine.explain_legal_plays(hand, led, engine.Suit.SPADES, rules)
        assert example.reason == ruling.reason
        assert example.may_play == " ".join(rows.card_label(c) for c in ruling.cards)


def test_hearts_on_hearts_and_any_card_leads_are_spelled_out(six):
    card = rules_of(six, hearts_on_hearts=True, nontrump_lead=Evening.NonTrumpLead.ANY)
    assert any(line.startswith("Hearts on hearts") for line in card.rules)
    assert any("any card may be played; you need not follow suit" in line for line in card.rules)
    assert card.examples[-1].situation == "Spades trump. A♥ led; you hold K♥ 9♦."
    assert card.examples[-1].may_play == "K♥"


def test_hearts_on_hearts_forbids_reneging_on_the_rules_card(six):
    card = rules_of(six, hearts_on_hearts=True)
    assert any("not even the 5 or the jack" in line for line in card.rules)
    five_kept = card.examples[-2]
    assert five_kept.situation == "Spades trump. A♥ led; you hold 5♠ 9♦."
    assert five_kept.may_play == "5♠"


@pytest.mark.parametrize(
    ("target", "words"),
    [(45, "the first side to reach 45 wins"), (25, "5 points a trick, no bonus"),
     (120, "Game is 120")],
)  # fmt: skip
def test_the_scoring_rule_follows_the_game_target(six, target, words):
    assert any(words in line for line in rules_of(six, game_target=target).rules)


def test_the_rules_card_needs_no_couples(empty):
    pdf = documents.render("rules", empty)
    assert "Trumps, best first" in all_text(pdf.content)


@pytest.mark.parametrize(
    ("renege", "jokers", "hearts", "target", "lead"),
    list(
        itertools.product(
            Evening.Renege.values, Evening.Jokers.values, [False, True], [45, 120],
            Evening.NonTrumpLead.values,
        )
    )[::3],
)  # fmt: skip
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_set_of_house_rules_fits_on_one_page_the_auction_on_the_back(
    six, renege, jokers, hearts, target, lead, paper
):
    """One page at 9 points or more (issue 48, point 13: it was shrunk to fit,
    under 8 pt); an auction evening's bidding and scoring go on a second page
    (the back of the sheet) rather than shrinking the type."""
    six.hall.paper_size = paper
    six.hall.save()
    rules_of(
        six, renege=renege, jokers=jokers, hearts_on_hearts=hearts, game_target=target,
        nontrump_lead=lead,
    )  # fmt: skip
    pdf = documents.render("rules", six)
    pages = page_texts(pdf.content)
    if target == 45:
        assert len(pages) == 1
    else:
        assert len(pages) == 2
        assert "Auction 45: bidding and scoring" in pages[1]
        assert "Auction 45" not in pages[0]
    assert min(size for _page, _text, size in text_sizes(pdf.content)) >= 9


def test_the_pdf_holds_the_cards_with_their_suit_symbols(six):
    pdf = documents.render("rules", six)
    text = all_text(pdf.content)
    for expected in ("House rules · Friday 45s", "5♥", "10♣", "A♥", "This hall's rules"):
        assert expected in text
    assert pdf.filename == "rules-card-friday-45s.pdf"
    dark, total = dark_pixels(pdf.content)
    assert 0.01 < dark / total < 0.5


def test_an_auction_evening_gets_the_bidding_and_scoring_with_worked_hands(six):
    card = rules_of(six, game_target=120, auction_min_bid=15)
    assert card.auction[0].startswith("Bidding: Player 1 (the dealer's left) calls first")
    assert "15, 20, 25 or 30" in card.auction[0]
    assert any(line.startswith("30 for 60") for line in card.auction)
    assert card.auction_examples[0] == (
        "A side at 65 bids 30 for 60: all 30 points take it to 125 and the game; 25 points "
        "leave it at 35."
    )
    assert "it stays at 105" in card.auction_examples[1]
    pdf = documents.render("rules", six)
    text = all_text(pdf.content)
    assert "Auction 45: bidding and scoring" in text
    assert len(reader(pdf.content).pages) == 2  # the bidding on the back


def test_a_45_evening_has_no_auction_section(six):
    card = rules_of(six, game_target=45)
    assert card.auction == () and card.auction_examples == ()
