"""Who wins a trick, and why (RULES.md B2)."""

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import (
    ACE_OF_HEARTS,
    Card,
    Rank,
    Suit,
    card_name,
    parse_cards,
    parse_suit,
    suit_name,
    the_cards,
)
from .errors import PlayError
from .i18n import _
from .ranks import is_trump, plain_strength, suit_of, trump_strength
from .rules import DEFAULT_RULES, HouseRules


@dataclass(frozen=True, slots=True)
class TrickResult:
    """The winning play: its position in the trick (0 = the card led) and why."""

    index: int
    card: Card
    reason: str


def trick_winner(
    trump: Suit | str,
    plays: Sequence[Card | str],
    rules: HouseRules = DEFAULT_RULES,
) -> TrickResult:
    """The winner of one trick; ``plays`` are in play order, the first was led.

    RULES.md B2: the highest trump wins; with no trump, the highest card of
    the suit led. A non-trump card of another suit never wins.
    """
    trump = parse_suit(trump)
    cards = parse_cards(plays, jokers=rules.uses_joker)
    if len(cards) < 2:
        raise PlayError(
            _("A trick needs at least two cards; %(count)s given.") % {"count": len(cards)}
        )
    trumps = [card for card in cards if is_trump(card, trump)]
    if trumps:
        winner = max(trumps, key=lambda card: trump_strength(card, trump, rules))
        reason = _trump_reason(winner, trump, [card for card in trumps if card != winner])
    else:
        led_suit = suit_of(cards[0], trump)
        followers = [card for card in cards if card.suit is led_suit]
        winner = max(followers, key=plain_strength)
        reason = _plain_reason(winner, led_suit, [card for card in followers if card != winner])
    return TrickResult(cards.index(winner), winner, reason)


def _trump_reason(winner: Card, trump: Suit, beaten: list[Card]) -> str:
    names = {"card": card_name(winner), "trump": suit_name(trump), "beaten": the_cards(beaten)}
    if winner == Card(Rank.FIVE, trump):
        reason = _("The %(card)s is the highest trump when %(trump)s are trump.") % names
    elif beaten:
        reason = (
            _(
                "The %(card)s is the highest trump in the trick: when %(trump)s are trump it beats "
                "%(beaten)s."
            )
            % names
        )
    else:
        reason = (
            _(
                "The %(card)s wins: it is the only trump in the trick, and a trump beats any card "
                "of another suit."
            )
            % names
        )
    if winner == ACE_OF_HEARTS and trump is not Suit.HEARTS:
        reason += " " + _("The ace of hearts is always a trump, whatever suit is trump.")
    return reason


def _plain_reason(winner: Card, led_suit: Suit, beaten: list[Card]) -> str:
    names = {"card": card_name(winner), "suit": suit_name(led_suit), "beaten": the_cards(beaten)}
    if beaten:
        return (
            _(
                "No trump was played, so the highest of the %(suit)s led wins: the %(card)s beats "
                "%(beaten)s."
            )
            % names
        )
    return (
        _(
            "No trump was played and nobody followed the %(suit)s led, so the %(card)s, the card "
            "led, wins."
        )
        % names
    )
