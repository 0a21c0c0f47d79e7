"""Calling trump, and calling a partner at five (RULES.md B5, seed 000).

Calling trump: the bidder must hold at least one trump of the suit called.
The ace of hearts is a trump whatever suit is trump, so it lets its holder
call any suit. House variants, each named as halls name them:

- ``hand``: from the bidder's own five cards (the seed's rule);
- ``hand_and_kitty``: the bidder looks at the kitty before calling (common in
  Richmond County), so a trump in either counts;
- ``kitty``: "go on the kitty" (Cape Breton County): the hand is thrown away
  and the trump is chosen only from the cards of the kitty;
- ``top_card``: "go on the top card": the kitty is thrown away too and the
  bidder is dealt one card, whose suit must be called.

Call Y'r Partner: after the bidding, the bidder calls for any card except one
higher than every card in their own hand (so never the 5 of trump). The card
must be played in the first or second trick; whoever plays it is the partner
for the hand. If nobody has played it by then, or the caller played it, the
caller plays alone.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, Suit, card_name, parse_card, parse_cards, parse_suit, suit_name
from .errors import CardError, PlayError
from .i18n import _
from .ranks import is_trump, plain_strength, suit_of, trump_strength
from .rules import AUCTION_RULES, HouseRules

HAND = 5
PARTNER_TRICKS = 2  # the called card is played in the first or second trick


class TrumpCall(StrEnum):
    """Where the bidder's trump must come from (house variants)."""

    HAND = "hand"
    HAND_AND_KITTY = "hand_and_kitty"
    KITTY = "kitty"  # "go on the kitty"
    TOP_CARD = "top_card"  # "go on the top card"


@dataclass(frozen=True, slots=True)
class CallRuling:
    ok: bool
    reason: str


def variant_name(variant: TrumpCall) -> str:
    return {
        TrumpCall.HAND: _("from the hand"),
        TrumpCall.HAND_AND_KITTY: _("looking at the kitty first"),
        TrumpCall.KITTY: _("go on the kitty"),
        TrumpCall.TOP_CARD: _("go on the top card"),
    }[TrumpCall(variant)]


def check_trump_call(
    cards: Sequence[Card | str],
    trump: Suit | str,
    variant: TrumpCall | str = TrumpCall.HAND,
    rules: HouseRules = AUCTION_RULES,
) -> CallRuling:
    """Whether the bidder may call ``trump`` holding ``cards``.

    ``cards`` are the cards that count under the variant: the hand (up to
    five), the hand and the kitty, the kitty, or the one top card.
    """
    variant = TrumpCall(variant)
    trump = parse_suit(trump)
    held = parse_cards(cards, jokers=rules.uses_joker)
    if not held:
        raise PlayError(_("Give the cards the trump is called from."))
    if variant is TrumpCall.TOP_CARD and len(held) != 1:
        raise PlayError(_('"Go on the top card" is one card: the bidder is dealt a single card.'))
    if variant is TrumpCall.HAND and len(held) > HAND:
        raise PlayError(
            _("A player holds at most five cards; this hand has %(count)s.") % {"count": len(held)}
        )
    words = {"suit": suit_name(trump), "variant": variant_name(variant)}
    if variant is TrumpCall.TOP_CARD:
        (card,) = held
        owned = card.suit if card.suit is not None else trump
        words["card"] = card_name(card)
        if owned is trump:
            return CallRuling(True, _("The top card is the %(card)s: %(suit)s are trump.") % words)
        words["own"] = suit_name(owned)
        return CallRuling(
            False,
            _(
                "Going on the top card, the bidder must call the suit of the card dealt: the "
                "%(card)s makes %(own)s trump, not %(suit)s."
            )
            % words,
        )
    trumps = [card for card in held if is_trump(card, trump)]
    if trumps:
        words["card"] = card_name(max(trumps, key=lambda card: trump_strength(card, trump, rules)))
        return CallRuling(
            True,
            _("%(suit)s may be called (%(variant)s): the bidder holds the %(card)s, a trump.")
            % words,
        )
    return CallRuling(
        False,
        _(
            "%(suit)s may not be called (%(variant)s): the bidder must hold at least one trump, "
            "and none of these cards is a trump when %(suit)s are trump."
        )
        % words,
    )


def check_partner_call(
    called: Card | str | None,
    hand: Sequence[Card | str],
    trump: Suit | str,
    rules: HouseRules = AUCTION_RULES,
) -> CallRuling:
    """Whether the bidder may call for ``called`` (None: "I'm not calling").

    A card may be called unless it is higher than every card in the caller's
    hand: a called trump needs a higher trump in the hand; a called plain card
    needs a trump or a higher card of its suit. A card in the caller's own
    hand may be called (they then play alone).
    """
    trump = parse_suit(trump)
    cards = parse_cards(hand, jokers=rules.uses_joker)
    if not 0 < len(cards) <= HAND:
        raise PlayError(_("Give the caller's hand: one to five cards."))
    if called is None:
        return CallRuling(True, _("The bidder is not calling: they play alone this hand."))
    card = parse_card(called, jokers=rules.uses_joker)
    words = {"card": card_name(card)}
    if card in cards:
        return CallRuling(
            True,
            _(
                "The %(card)s is in the caller's own hand: allowed (but uncommon); the caller "
                "plays alone."
            )
            % words,
        )
    higher = [held for held in cards if _outranks(held, card, trump, rules)]
    if higher:
        words["higher"] = card_name(higher[0])
        return CallRuling(
            True, _("The %(card)s may be called: the caller holds the higher %(higher)s.") % words
        )
    return CallRuling(
        False,
        _(
            "The %(card)s may not be called: it is higher than every card in the caller's hand "
            "(so the 5 of trump can never be called)."
        )
        % words,
    )


def _outranks(held: Card, called: Card, trump: Suit, rules: HouseRules) -> bool:
    if is_trump(called, trump):
        return is_trump(held, trump) and trump_strength(held, trump, rules) > trump_strength(
            called, trump, rules
        )
    if is_trump(held, trump):
        return True
    return suit_of(held, trump) is suit_of(called, trump) and plain_strength(held) > plain_strength(
        called
    )


def partner_from_call(caller: int, holder: int | None, trick: int | None) -> CallRuling:
    """Who partners the caller: ``holder`` played the called card in ``trick``.

    ``holder``/``trick`` None: nobody played it (not dealt, in the kitty or
    discarded). Players are numbered from 1.
    """
    if trick is not None and trick < 1:
        raise CardError(_("Tricks are numbered from 1."))
    if holder is None or trick is None:
        return CallRuling(
            False, _("Nobody played the called card: the caller has no partner this hand.")
        )
    words = {"holder": holder, "trick": trick}
    if trick > PARTNER_TRICKS:
        return CallRuling(
            False,
            _(
                "The called card must be played in the first or second trick; it came out in "
                "trick %(trick)s, so the caller has no partner (and Player %(holder)s broke the "
                "rule)."
            )
            % words,
        )
    if holder == caller:
        return CallRuling(
            False, _("The caller played the called card: they play alone this hand.") % words
        )
    return CallRuling(
        True,
        _("Player %(holder)s played the called card in trick %(trick)s: they are the partner.")
        % words,
    )
