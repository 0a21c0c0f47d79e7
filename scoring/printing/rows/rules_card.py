"""The rules card as rows: ranks, the house rules in words, worked rulings,
all from the rules engine under the evening's house rules."""

from dataclasses import dataclass

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from scoring import engine
from scoring.engine.cards import card_label, suit_name
from scoring.house_rules import evening_rules
from tables.models import Evening

from . import auction
from .common import Heading, heading


@dataclass(frozen=True, slots=True)
class RankColumn:
    """One suit's cards, highest first (as trump, or as a plain suit)."""

    symbol: str  # ♥
    name: str  # hearts
    cards: tuple[str, ...]  # "5♥", "J♥", "A♥", … ("JK" for the joker)


@dataclass(frozen=True, slots=True)
class Example:
    """A ruling computed by the rules engine under this evening's house rules."""

    situation: str
    may_play: str
    reason: str


@dataclass(frozen=True, slots=True)
class RulesCard:
    heading: Heading
    trumps: tuple[RankColumn, ...]  # one per trump suit: ♥ ♦ ♣ ♠
    plain: tuple[RankColumn, ...]  # each suit when it is not trump
    rules: tuple[str, ...]  # the house rules in words
    examples: tuple[Example, ...]
    auction: tuple[str, ...] = ()  # auction evenings: the bidding and scoring in words
    auction_examples: tuple[str, ...] = ()  # worked hands scored by the engine


def _labels(cards) -> tuple[str, ...]:
    return tuple(card_label(card) for card in cards)


_SUITS = (engine.Suit.HEARTS, engine.Suit.DIAMONDS, engine.Suit.CLUBS, engine.Suit.SPADES)


def _renegable_words(rules: engine.HouseRules) -> str:
    """The cards that may be reneged, in words that hold for any trump suit."""
    trump = engine.Suit.SPADES
    words = []
    for card in engine.trump_order(trump, rules.jokers):
        if not engine.is_renegable(card, trump, rules):
            continue
        if card == engine.ACE_OF_HEARTS:
            words.append(_("the ace of hearts"))
        elif card.rank is engine.Rank.FIVE:
            words.append(_("the 5 of trumps"))
        elif card.rank is engine.Rank.JACK:
            words.append(_("the jack of trumps"))
    return get_text_list(words, _("or"))


def _rules_in_words(rules: engine.HouseRules) -> tuple[str, ...]:
    lines = [
        _(
            "The 5 of trumps, the jack of trumps and the ace of hearts are always the three "
            "best trumps. The ace of hearts is a trump whatever suit is trump."
        )
    ]
    if rules.jokers is engine.Jokers.AFTER_JACK:
        lines.append(
            _("One joker (JK) is played: it is a trump, ranked right after the jack of trumps.")
        )
    elif rules.jokers is engine.Jokers.AFTER_ACE_OF_HEARTS:
        lines.append(
            _("One joker (JK) is played: it is a trump, ranked right after the ace of hearts.")
        )
    lines.append(
        _(
            "Trump led (the ace of hearts led counts as trump led): you must play a trump, "
            "unless every trump you hold is %(cards)s and ranks above the card led; then you "
            "may keep it back (renege) and play any card. The card led decides, not the cards "
            "played after it."
        )
        % {"cards": _renegable_words(rules)}
    )
    if rules.renege is engine.Renege.FIVE_ONLY:
        lines.append(
            _("Only the 5 of trumps may be reneged: the jack and the ace of hearts may not.")
        )
    if rules.nontrump_lead is engine.NonTrumpLead.FOLLOW_OR_TRUMP:
        lines.append(
            _(
                "A plain suit led: follow suit or play a trump. You may play another suit only "
                "when you hold none of the suit led."
            )
        )
    else:
        lines.append(_("A plain suit led: any card may be played; you need not follow suit."))
    if rules.hearts_on_hearts:
        lines.append(
            _(
                "Hearts on hearts: when the ace of hearts is led, you must play a trump if you "
                "hold one, and no trump may be reneged, not even the 5 or the jack; with no "
                "trump, you must play a heart if you have one."
            )
        )
    lines.append(
        _(
            "A player who breaks these rules has reneged illegally; it shows when they later "
            "play a card they were obliged to play."
        )
    )
    if rules.is_auction:
        bids = get_text_list([str(bid) for bid in rules.bids], _("or"))
        lines.append(
            _(
                "Auction: bids %(bids)s; the dealer may hold. The bidder scores what it takes "
                "if it makes the bid, else loses the bid; a bid of 30 that takes all 30 points "
                "scores 60. A side at 100 or more scores only when it holds the bid. Game is "
                "120."
            )
            % {"bids": bids}
        )
    elif rules.best_trump_bonus:
        lines.append(
            _(
                "Scoring: 5 points a trick and 5 more for the trick holding the best trump "
                "played (30 a round; 25 when no trump is played). Points count in trick order: "
                "the first side to reach %(target)s wins, even if it did not know it held the "
                "best trump."
            )
            % {"target": rules.target}
        )
    else:
        lines.append(
            _("Scoring: 5 points a trick, no bonus. The first side to reach %(target)s wins.")
            % {"target": rules.target}
        )
    return tuple(lines)


def _example(rules: engine.HouseRules, trump: engine.Suit, led: str, hand: list[str]) -> Example:
    ruling = engine.explain_legal_plays(hand, led, trump, rules)
    situation = _("%(suit)s trump. %(led)s led; you hold %(hand)s.") % {
        "suit": suit_name(trump).capitalize(),
        "led": card_label(engine.parse_card(led, jokers=rules.uses_joker)),
        "hand": " ".join(_labels(engine.parse_cards(hand, jokers=rules.uses_joker))),
    }
    return Example(situation, " ".join(_labels(ruling.cards)), ruling.reason)


def _examples(rules: engine.HouseRules) -> tuple[Example, ...]:
    """The renege rule at work, as the engine rules it under these house rules
    (RULES.md B3's own examples, with spades as trump)."""
    spades = engine.Suit.SPADES
    examples = [
        _example(rules, spades, "6S", ["JS", "3S", "9D"]),
        _example(rules, spades, "6S", ["JS", "9D", "KC"]),
        _example(rules, spades, "JS", ["5S", "9D"]),
        _example(rules, spades, "JS", ["AH", "9D"]),
        _example(rules, spades, "KD", ["2D", "7S", "QC"]),
    ]
    if rules.hearts_on_hearts:
        examples.append(_example(rules, spades, "AH", ["5S", "9D"]))
        examples.append(_example(rules, spades, "AH", ["KH", "9D"]))
    return tuple(examples)


def rules_card_rows(evening: Evening) -> RulesCard:
    """Every card's rank for each trump suit and the hall's renege rules, all
    from the rules engine under the evening's house rules."""
    rules = evening_rules(evening)
    trumps = tuple(
        RankColumn(
            suit.symbol,
            suit_name(suit),
            _labels(engine.trump_order(suit, rules.jokers)),
        )
        for suit in _SUITS
    )
    plain = tuple(
        RankColumn(suit.symbol, suit_name(suit), _labels(engine.plain_order(suit)))
        for suit in _SUITS
    )
    return RulesCard(
        heading(evening),
        trumps,
        plain,
        _rules_in_words(rules),
        _examples(rules),
        auction.auction_lines(rules),
        auction.auction_examples(rules),
    )
