"""The dispute page's bridge to the rules engine (`scoring.engine`).

Three layers, as everywhere in CardNight: the engine knows the game and has
no Django in it; this module turns an evening's settings and the page's GET
parameters into engine calls, and the engine's answers into plain dicts for
the templates; the views in `scoring/dispute/views.py` only glue them.

The package: ``cards`` (typed cards, the tap grid, tapping without
JavaScript), ``checks`` (the four checks as engine calls), ``forms`` (the
house-rule settings and one form per mode), ``views`` and ``urls``;
``auction`` and ``auction_views`` are the three Auction 45 tabs (the bidding,
a hand, a score sheet) on the same machinery. The house
rules of an evening are ``scoring.house_rules.evening_rules``.

Every engine error (a card that does not exist, a card twice, five cards in a
trick, ...) becomes a `cardnight.errors.UserError` carrying the engine's own
message, so the page answers 400 with the problem in words.

The page has four modes, each a form here:

- `TrickForm`: who won this trick, from the trump and the cards in play order;
- `LegalForm`: could this player have played that card (`explain_legal_plays`);
- `RoundForm`: replay a whole round (`play_round`);
- `ClaimForm`: is a claimed score possible after round r (`check_claim`).

Each mode form also carries the five house-rule settings (`HouseRulesForm`);
a setting missing from the query takes the page's default (the evening's
house rules, or the hall defaults = Cape Breton), so short links work.

Tapping a card on the card grid is `?tap=5H`: the card is removed if it is
already in a card field, otherwise added to the first card field with room
(`apply_action`); `static/js/dispute.js` does exactly the same in the browser.
"""

from django.contrib.humanize.templatetags.humanize import ordinal

from scoring.dispute.cards import (
    SEATS,
    apply_action,
    card_grid,
    card_info,
    filling_field,
    suits,
    tap_card,
    undo_card,
)
from scoring.dispute.checks import check_play, check_score, replay_round, rule_trick
from scoring.dispute.forms import (
    ClaimForm,
    HouseRulesForm,
    LegalForm,
    RoundForm,
    TrickForm,
    changed_rules_params,
    rules_params,
    rules_summary,
)
from scoring.engine import PlayError
from scoring.house_rules import evening_rules

__all__ = [
    "SEATS",
    "ClaimForm",
    "HouseRulesForm",
    "LegalForm",
    "PlayError",
    "RoundForm",
    "TrickForm",
    "apply_action",
    "card_grid",
    "card_info",
    "changed_rules_params",
    "check_play",
    "check_score",
    "evening_rules",
    "filling_field",
    "ordinal",
    "replay_round",
    "rule_trick",
    "rules_params",
    "rules_summary",
    "suits",
    "tap_card",
    "undo_card",
]
