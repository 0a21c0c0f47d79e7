"""The rules card's auction section (RULES.md B5): the bidding and the scoring
in words, and worked hands scored by the rules engine under the evening's rules.
Only for an evening that plays auction (a game to 120)."""

from django.utils.text import get_text_list
from django.utils.translation import gettext as _

from scoring import engine


def auction_lines(rules: engine.HouseRules) -> tuple[str, ...]:
    """The auction rules in words, empty unless the evening plays auction."""
    if not rules.is_auction:
        return ()
    bids = get_text_list([str(bid) for bid in rules.bids], _("or"))
    return (
        _(
            "Bidding: Player 1 (the dealer's left) calls first, the dealer last. Pass, or bid "
            "%(bids)s, 5 or 10 above the bid standing; a player who passes is out. The dealer "
            "does not outbid but may hold: take the bid at its value. Those who bid may then "
            "raise or pass, clockwise, until the dealer passes or nobody outbids the dealer."
        )
        % {"bids": bids},
        _(
            "The winner of the bid may raise 20 or 25 to 30, then calls trump and must hold a "
            "trump of that suit (the ace of hearts is a trump of every suit)."
        ),
        _(
            "Made (the bidders took at least the bid): up by what they took. Set: down by the "
            "bid, even below zero (“in the hole”). The others score what they took."
        ),
        _("30 for 60: a bid of 30 that takes all 30 points scores 60; otherwise it loses 30."),
        _(
            "At 100 or more a side scores only when it holds the bid, so it goes out on its own "
            "bid. The first to 120 wins."
        ),
        _(
            "Two or three play each for themselves, four as couples. Five play Call Y'r Partner: "
            "the bidder calls for a card, never one higher than every card in their hand; "
            "whoever plays it in the first two tricks is the partner, and partners go up or "
            "down together (if one reaches 120, both win)."
        ),
    )


def auction_examples(rules: engine.HouseRules) -> tuple[str, ...]:
    """Worked hands, scored by the engine (seed 000's own: a team at 65 bids 30 for 60)."""
    if not rules.is_auction:
        return ()
    all_30 = engine.score_hand(4, 30, 0, (30, 0), (65, 0), rules=rules)
    short = engine.score_hand(4, 30, 0, (25, 5), (65, 0), rules=rules)
    locked = engine.score_hand(4, 20, 0, (20, 10), (40, 105), rules=rules)
    return (
        _(
            "A side at 65 bids 30 for 60: all 30 points take it to %(won)s and the game; 25 "
            "points leave it at %(set)s."
        )
        % {"won": all_30.after[0], "set": short.after[0]},
        _("A side at 105 that does not hold the bid takes 10 points: it stays at %(locked)s.")
        % {"locked": locked.after[1]},
    )
