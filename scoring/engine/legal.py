"""Which cards a player may play (RULES.md B3)."""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import (
    ACE_OF_HEARTS,
    Card,
    Rank,
    Suit,
    card_name,
    parse_card,
    parse_cards,
    parse_suit,
    suit_name,
    the_cards,
)
from .errors import PlayError
from .i18n import _
from .ranks import is_trump, suit_of, trump_strength
from .rules import DEFAULT_RULES, HouseRules, NonTrumpLead, Renege


class Obligation(StrEnum):
    """The rule of RULES.md B3 that decided what may be played."""

    LEADING = "leading"  # any card
    NO_TRUMP_HELD = "no_trump_held"  # trump led, none held: any card
    MAY_RENEGE = "may_renege"  # trump led, every trump held may be reneged: any card
    MUST_TRUMP = "must_trump"  # trump led: a trump
    HEARTS_ON_HEARTS = "hearts_on_hearts"  # A-hearts led, no trump held: a heart
    FOLLOW_OR_TRUMP = "follow_or_trump"  # plain suit led and held: that suit or a trump
    VOID = "void"  # plain suit led, none held: any card
    ANY_CARD = "any_card"  # plain suit led, house plays "any card"


@dataclass(frozen=True, slots=True)
class LegalPlays:
    """The cards that may be played, the rule that decided, and why in words.

    ``obliging`` are the held cards that create the obligation (the trumps
    that may not be reneged, the cards of the suit led, the hearts), empty when
    any card may be played.
    """

    cards: tuple[Card, ...]
    obligation: Obligation
    obliging: tuple[Card, ...]
    reason: str


def is_renegable(card: Card, trump: Suit, rules: HouseRules) -> bool:
    """Whether the house lets this trump be reneged at all (RULES.md B3)."""
    five = Card(Rank.FIVE, trump)
    if rules.renege is Renege.FIVE_ONLY:
        return card == five
    return card in (five, Card(Rank.JACK, trump), ACE_OF_HEARTS)


def explain_legal_plays(
    hand: Sequence[Card | str],
    led: Card | str | None,
    trump: Suit | str,
    rules: HouseRules = DEFAULT_RULES,
) -> LegalPlays:
    """What the holder of ``hand`` may play on a trick whose first card was ``led``.

    ``led=None`` means they are leading. RULES.md B3: on a trump lead (the
    A-hearts led counts) a trump must be played unless every trump held is a
    renegable card that outranks the card led; on a plain lead, follow suit
    or trump (or anything, if the house plays "any card").
    """
    trump = parse_suit(trump)
    cards = parse_cards(hand, jokers=rules.uses_joker)
    if not cards:
        raise PlayError(_("A player with no cards left cannot play."))
    if led is None:
        return LegalPlays(
            cards, Obligation.LEADING, (), _("You are leading, so any card may be played.")
        )
    led_card = parse_card(led, jokers=rules.uses_joker)
    if led_card in cards:
        raise PlayError(
            _("The %(card)s was led, so it cannot also be in this hand.")
            % {"card": card_name(led_card)}
        )
    if is_trump(led_card, trump):
        return _after_trump_lead(cards, led_card, trump, rules)
    return _after_plain_lead(cards, led_card, trump, rules)


def legal_plays(
    hand: Sequence[Card | str],
    led: Card | str | None,
    trump: Suit | str,
    rules: HouseRules = DEFAULT_RULES,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played, in hand order; never empty."""
    return explain_legal_plays(hand, led, trump, rules).cards


def _after_trump_lead(
    cards: tuple[Card, ...], led: Card, trump: Suit, rules: HouseRules
) -> LegalPlays:
    names = {"led": card_name(led), "trump": suit_name(trump)}
    trumps = tuple(card for card in cards if is_trump(card, trump))
    if not trumps:
        hearts = tuple(card for card in cards if card.suit is Suit.HEARTS)
        if rules.hearts_on_hearts and led == ACE_OF_HEARTS and hearts:
            reason = _(
                "The ace of hearts was led and you hold no trump, so you must play a heart (hearts "
                "on hearts)."
            )
            return LegalPlays(hearts, Obligation.HEARTS_ON_HEARTS, hearts, reason)
        reason = (
            _("Trump was led (the %(led)s) and you hold no trump, so any card may be played.")
            % names
        )
        return LegalPlays(cards, Obligation.NO_TRUMP_HELD, (), reason)
    if rules.hearts_on_hearts and led == ACE_OF_HEARTS:
        names["held"] = the_cards(trumps)
        reason = (
            _(
                "The ace of hearts was led under hearts on hearts, so every player holding a "
                "trump must play one, and no trump may be reneged: you hold %(held)s."
            )
            % names
        )
        return LegalPlays(trumps, Obligation.MUST_TRUMP, trumps, reason)
    led_strength = trump_strength(led, trump, rules)
    binding = tuple(
        card
        for card in trumps
        if not (
            is_renegable(card, trump, rules) and trump_strength(card, trump, rules) > led_strength
        )
    )
    names["held"] = the_cards(binding or trumps)
    if binding:
        # A trump no lead lets be reneged is "never"; a renegable one that does not
        # outrank the card led is "not on this lead".
        never = tuple(card for card in binding if not is_renegable(card, trump, rules))
        here = tuple(card for card in binding if card not in never)
        names |= {"never": the_cards(never), "here": the_cards(here)}
        if not here:
            text = _(
                "Trump was led (the %(led)s), so you must play a trump: you hold %(held)s, which "
                "may never be reneged."
            )
        elif not never:
            text = _(
                "Trump was led (the %(led)s), so you must play a trump: you hold %(held)s, which "
                "may not be reneged on this lead."
            )
        else:
            text = _(
                "Trump was led (the %(led)s), so you must play a trump: you hold %(never)s, "
                "which may never be reneged, and %(here)s, which may not be reneged on this lead."
            )
        return LegalPlays(trumps, Obligation.MUST_TRUMP, binding, text % names)
    reason = (
        _(
            "Trump was led (the %(led)s), but every trump you hold (%(held)s) may be reneged "
            "because it outranks the card led, so any card may be played."
        )
        % names
    )
    return LegalPlays(cards, Obligation.MAY_RENEGE, (), reason)


def _after_plain_lead(
    cards: tuple[Card, ...], led: Card, trump: Suit, rules: HouseRules
) -> LegalPlays:
    led_suit = suit_of(led, trump)
    names = {"led": card_name(led), "suit": suit_name(led_suit)}
    if rules.nontrump_lead is NonTrumpLead.ANY:
        reason = _(
            'The %(led)s was led and this house plays "any card" on a plain suit, so any card may '
            "be played."
        )
        return LegalPlays(cards, Obligation.ANY_CARD, (), reason % names)
    followers = tuple(card for card in cards if suit_of(card, trump) is led_suit)
    if not followers:
        reason = (
            _("The %(led)s was led and you hold no %(suit)s, so any card may be played.") % names
        )
        return LegalPlays(cards, Obligation.VOID, (), reason)
    allowed = tuple(card for card in cards if card in followers or is_trump(card, trump))
    reason = _("The %(led)s was led, so you must follow suit (%(suit)s) or play a trump.") % names
    return LegalPlays(allowed, Obligation.FOLLOW_OR_TRUMP, followers, reason)
