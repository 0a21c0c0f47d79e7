"""The four checks of the dispute page, as engine calls (see scoring.dispute)."""

from collections.abc import Iterable, Sequence

from django.contrib.humanize.templatetags.humanize import ordinal
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from cardnight.errors import UserError
from scoring.dispute.cards import HAND, SEATS, card_info, split_cards, suit_info
from scoring.engine import (
    Card,
    EngineError,
    HouseRules,
    Suit,
    card_name,
    check_claim,
    explain_legal_plays,
    parse_cards,
    parse_suit,
    play_round,
    score_hand,
    trick_winner,
)


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(_("the %(card)s") % {"card": card_name(card)} for card in cards)


def _engine(call, *args, **kwargs):
    """Call the engine; its errors become a `UserError` with the engine's own words."""
    try:
        return call(*args, **kwargs)
    except EngineError as error:
        raise UserError(str(error)) from error


def _suit(value: str, *, asked: bool) -> Suit | None:
    """The trump suit, or None when not picked yet (an error once the ruling is asked for)."""
    if not str(value or "").strip():
        if asked:
            raise UserError(_("Pick the trump suit: the ruling depends on it."))
        return None
    return _engine(parse_suit, value)


def rule_trick(trump: str, cards: str, rules: HouseRules, *, asked: bool = False) -> dict:
    """Who wins a trick of up to four cards in play order, and why.

    With two or three cards the ruling says who is winning so far. With fewer
    than two it prompts for more, unless the ruling was ``asked`` for (then
    the engine's "A trick needs at least two cards" is the answer, a 400).
    """
    played = _engine(parse_cards, split_cards(cards), jokers=rules.uses_joker)
    if len(played) > SEATS:
        raise UserError(
            _("This trick has %(count)s cards; a trick has one card from each of the four players.")
            % {"count": len(played)}
        )
    suit = _suit(trump, asked=asked)
    plays = [
        {"position": n, "ordinal": ordinal(n), "card": card_info(card), "wins": False}
        for n, card in enumerate(played, 1)
    ]
    result = {
        "trump": suit_info(suit) if suit else None,
        "plays": plays,
        "empty_slots": [ordinal(n) for n in range(len(plays) + 1, SEATS + 1)],
        "complete": len(plays) == SEATS,
        "winner": None,
        "headline": "",
        "reason": "",
        "prompt": "",
    }
    if suit is None:
        result["prompt"] = _("Which suit is trump? Pick it above.")
        return result
    if len(played) < 2 and not asked:
        result["prompt"] = (
            _("Tap the cards in the order they were played, starting with the card led.")
            if not played
            else _("Now tap the 2nd card played.")
        )
        return result
    ruling = _engine(trick_winner, suit, played, rules)
    winner = plays[ruling.index]
    winner["wins"] = True
    # humanize's ordinal is markup in French ("2<sup>e</sup>"): a sentence gets plain "2e".
    words = {
        "ordinal": strip_tags(winner["ordinal"]),
        "card": winner["card"]["name"],
        "count": len(plays),
    }
    if not result["complete"]:
        headline = (
            _(
                "So far the %(ordinal)s player is winning with the %(card)s (%(count)s of 4 "
                "cards played)."
            )
            % words
        )
    elif ruling.index == 0:
        headline = _("The player who led wins the trick with the %(card)s.") % words
    else:
        headline = _("The %(ordinal)s player wins the trick with the %(card)s.") % words
    led = played[0]
    for play, card in zip(plays[1:], played[1:], strict=True):
        play["check"] = {"trump": suit.value, "led": str(led), "played": str(card)}
    result |= {"winner": winner, "headline": headline, "reason": ruling.reason}
    return result


def check_play(
    trump: str, led: str, played: str, held: str, rules: HouseRules, *, asked: bool = False
) -> dict:
    """What the holder of ``played`` + ``held`` may play on ``led``; is ``played`` one of them.

    An empty ``led`` means the player was leading. With no card at all, the
    engine's "A player with no cards left cannot play." is the answer once the
    ruling is asked for.
    """
    jokers = rules.uses_joker
    led_cards = _engine(parse_cards, split_cards(led), jokers=jokers)
    played_cards = _engine(parse_cards, split_cards(played), jokers=jokers)
    if len(led_cards) > 1:
        raise UserError(
            _("Only one card is led to a trick; %(count)s given.") % {"count": len(led_cards)}
        )
    if len(played_cards) > 1:
        raise UserError(
            _("Give the one card the player played; %(count)s given.")
            % {"count": len(played_cards)}
        )
    hand = _engine(parse_cards, [*map(str, played_cards), *split_cards(held)], jokers=jokers)
    if len(hand) > HAND:
        raise UserError(
            _("A player holds at most five cards; this hand has %(count)s.") % {"count": len(hand)}
        )
    suit = _suit(trump, asked=asked)
    lead = led_cards[0] if led_cards else None
    result = {
        "trump": suit_info(suit) if suit else None,
        "led": card_info(lead) if lead else None,
        "played": card_info(played_cards[0]) if played_cards else None,
        "hand": [],
        "legal": None,
        "verdict": None,
        "headline": "",
        "reason": "",
        "prompt": "",
    }
    if suit is None:
        result["prompt"] = _("Which suit is trump? Pick it above.")
        return result
    if not hand and not asked:
        result["prompt"] = _(
            "Tap the card led, then the card the player played, then the other cards they held."
        )
        return result
    answer = _engine(explain_legal_plays, hand, lead, suit, rules)
    result["hand"] = [card_info(card) | {"legal": card in answer.cards} for card in hand]
    result["legal"] = [card_info(card) for card in answer.cards]
    result["reason"] = answer.reason
    if played_cards:
        card = played_cards[0]
        words = {"card": card_name(card), "cards": _names(answer.cards)}
        if card in answer.cards:
            result["verdict"] = "legal"
            result["headline"] = _("Yes: the %(card)s may be played.") % words
        else:
            result["verdict"] = "illegal"
            result["headline"] = (
                _(
                    "No: the %(card)s may not be played; that is an illegal renege. They had to "
                    "play one of these: %(cards)s."
                )
                % words
            )
    else:
        result["headline"] = _("They may play: %(cards)s.") % {"cards": _names(answer.cards)}
    return result


def seat_names() -> list[str]:
    """Seats 0-3 in play order: partners A1 and A2 (side A), B1 and B2 (side B)."""
    return [_("A1"), _("B1"), _("A2"), _("B2")]


def side_names() -> list[str]:
    return [_("Side A"), _("Side B")]


def replay_round(
    trump: str,
    dealer: int,
    tricks: Sequence[str],
    scores_before: tuple[int, int],
    rules: HouseRules,
    *,
    asked: bool = False,
    bidder: int | None = None,
    bid: int | None = None,
) -> dict:
    """Replay a round from its tricks (each "5H JH AH 2C" in play order).

    Empty tricks at the end are not played yet. Unless the ruling was
    ``asked`` for, a last trick with fewer than four cards is still being
    tapped in: the tricks before it are replayed and it is only checked for
    bad cards.

    At auction the player on the left of ``bidder`` (the seat that held the
    bid) leads the first trick, not the dealer's left
    (docs/decisions.md "Decisions": who leads at auction); each trick shows
    the points the sides have taken in the hand, and with the ``bid`` a
    finished hand shows the
    auction score (the bid made or lost), never before + taken.
    """
    if rules.is_auction and bidder is not None:
        dealer = bidder  # play_round: the seat after ``dealer`` leads
    written = [split_cards(trick) for trick in tricks]
    while written and not written[-1]:
        written.pop()
    in_progress: list[str] = []
    if written and len(written[-1]) < SEATS and not asked:
        in_progress = written.pop()
    suit = _suit(trump, asked=asked)
    names, sides = seat_names(), side_names()
    result: dict = {
        "trump": suit_info(suit) if suit else None,
        "dealer": names[dealer],
        "leader": names[(dealer + 1) % SEATS],
        "sides": sides,
        "scores_before": scores_before,
        "tricks": [],
        "prompt": "",
        "in_progress": "",
    }
    if in_progress:
        result["in_progress"] = _(
            "Trick %(trick)s is not finished: %(count)s of its 4 cards so far."
        ) % {"trick": len(written) + 1, "count": len(in_progress)}
    if suit is None or (not written and not asked):
        _check_cards([*written, in_progress], rules)  # a bad card is named at once
        if suit is None:
            result["prompt"] = _("Which suit is trump? Pick it above.")
        elif rules.is_auction and bidder is None:
            result["prompt"] = _bidder_prompt()
        else:
            result["prompt"] = result["in_progress"] or _(
                "Type or tap the four cards of each trick in the order they were played."
            )
        return result
    if rules.is_auction and bidder is None:
        _check_cards([*written, in_progress], rules)
        if asked:
            raise UserError(_bidder_prompt())
        result["prompt"] = _bidder_prompt()
        return result
    # With nothing written and the ruling asked for, the engine says what is missing.
    replay = _engine(play_round, suit, dealer, written, rules, scores_before, seat_names=names)
    if in_progress:
        _check_cards([*written, in_progress], rules)
    reneges = {(finding.trick, finding.seat) for finding in replay.reneges}
    for trick in replay.tricks:
        bonus = replay.bonus is not None and replay.bonus.trick == trick.number
        won = replay.game_won is not None and replay.game_won.trick == trick.number
        result["tricks"].append(
            {
                "number": trick.number,
                "leader": names[trick.leader],
                "plays": [
                    {
                        "seat": names[play.seat],
                        "side": play.seat % 2,
                        "card": card_info(play.card),
                        "wins": play.seat == trick.winner,
                        "renege": (trick.number, play.seat) in reneges,
                        "best_trump": bonus and play.card == replay.bonus.card,
                    }
                    for play in trick.plays
                ],
                "winner": names[trick.winner],
                "side": sides[trick.side],
                "reason": trick.reason,
                "points": trick.points,
                "bonus": bonus,
                "scores": _taken(trick.scores, scores_before) if rules.is_auction else trick.scores,
                "game_won": won,
            }
        )
    result |= {
        "complete": replay.complete,
        "points": replay.points,
        "bonus_reason": replay.bonus_reason,
        "scores_after": replay.scores_after,
        "game_won": replay.game_won.reason if replay.game_won else "",
        "reneges": [finding.reason for finding in replay.reneges],
        "auction": rules.is_auction,
        "bidder": names[bidder] if bidder is not None else "",
        "bidder_side": "AB"[bidder % 2] if bidder is not None else "",
        "bid": bid,
        "hand": None,
    }
    if rules.is_auction and bid is not None and bidder is not None and replay.complete:
        # Couples: side A is score column 0, side B column 1.
        hand = _engine(score_hand, 4, bid, bidder % 2, replay.points, scores_before, rules=rules)
        result["hand"] = {"after": hand.after, "reasons": hand.reasons}
    return result


def _bidder_prompt() -> str:
    return _("At auction, pick who held the bid: the player on their left leads the first trick.")


def _taken(scores: tuple[int, int], before: tuple[int, int]) -> tuple[int, int]:
    """The points each side has taken so far in an auction hand (not a running score)."""
    return (scores[0] - before[0], scores[1] - before[1])


def _check_cards(tricks: Sequence[Sequence[str]], rules: HouseRules) -> None:
    """Cards that are not cards, or that appear twice, whether or not a trick is complete."""
    _engine(parse_cards, [card for trick in tricks for card in trick], jokers=rules.uses_joker)


def check_score(round_number: int | None, a: int | None, b: int | None, rules: HouseRules) -> dict:
    """Whether side A can have ``a`` and side B ``b`` after round ``round_number``."""
    if round_number is None or a is None or b is None:
        raise UserError(_("Give the round number and both sides' scores."))
    check = _engine(check_claim, round_number, a, b, rules)
    words = {"round": round_number, "a": a, "b": b}
    if check.ok:
        headline = _("%(a)s-%(b)s after round %(round)s is possible.") % words
    else:
        headline = _("%(a)s-%(b)s after round %(round)s is impossible.") % words
    return {"ok": check.ok, "headline": headline, "reasons": check.reasons, "notes": check.notes}
