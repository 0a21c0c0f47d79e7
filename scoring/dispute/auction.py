"""The rules page's "Auction" tabs: the bridge between their forms and the
auction engine (`scoring.engine.auction_*`), like `scoring.dispute` for the
45 tabs, whose machinery (house rules, links, QR codes, htmx) they share.

- `BiddingForm`: is this sequence of calls legal, and who won the bid? The
  calls are tapped one by one (``?call=20`` adds a call, without JavaScript
  too) or typed ("20 pass 25 hold").
- `HandForm`: score one hand for two to five players.
- `SheetForm`: check a score sheet typed one hand per line.

Every auction ruling is for a game to 120 whatever the page's house rules
say (`AuctionForm.page_rules`); the lowest bid (20, or 15 in old circles) is
the form's ``low``.
"""

import re
from collections.abc import Mapping
from dataclasses import replace

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardnight.errors import UserError
from cardnight.numbers import read_id
from scoring import dispute
from scoring.dispute.cards import ACTIONS
from scoring.engine import (
    EngineError,
    HouseRules,
    NonTrumpLead,
    check_bidding,
    check_sheet,
    column_name,
    columns,
    parse_line,
    score_hand,
    seat_name,
)
from scoring.engine.claims import no_trump_note, rounds_without_trump
from scoring.engine.rules import TARGET_AUCTION

PLAYER_CHOICES = [
    ("2", gettext_lazy("2 players")),
    ("3", gettext_lazy("3 players (cut-throat)")),
    ("4", gettext_lazy("4 players (couples)")),
    ("5", gettext_lazy("5 players (Call Y'r Partner)")),
]
LOW_CHOICES = [("20", gettext_lazy("20")), ("15", gettext_lazy("15 (old circles)"))]
MAX_CALLS = 40
MAX_LINES = 60
_NUMBERS = re.compile(r"[\s,;]+")


def _engine(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except EngineError as error:
        raise UserError(str(error)) from error


class AuctionForm(dispute.HouseRulesForm):
    """The base of the auction tabs: the number of players and the lowest bid."""

    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"), choices=PLAYER_CHOICES, coerce=int, required=False,
        empty_value=4,
    )  # fmt: skip
    low = forms.TypedChoiceField(
        label=gettext_lazy("Lowest bid"), choices=LOW_CHOICES, coerce=int, required=False,
        empty_value=20,
    )  # fmt: skip

    def __init__(self, query: Mapping[str, str], *, defaults: HouseRules):
        self.mode_defaults = {"players": "4", "low": str(defaults.min_bid)}
        super().__init__(query, defaults=defaults)

    @classmethod
    def page_rules(cls, defaults: HouseRules) -> HouseRules:
        """Auction is played to 120, any card on a plain lead (the hall's other rules stay)."""
        return replace(defaults, target=TARGET_AUCTION, nontrump_lead=NonTrumpLead.ANY)

    def clean(self):
        cleaned = super().clean()
        if "rules" in cleaned:
            cleaned["rules"] = replace(
                cleaned["rules"],
                target=TARGET_AUCTION,
                nontrump_lead=NonTrumpLead.ANY,
                min_bid=cleaned.get("low") or 20,
            )
        return cleaned

    def canonical_query(self) -> str:
        """The page's link, without the settings left at the page's own values."""
        query = super().canonical_query()
        drop = {f"players={self.mode_defaults['players']}", f"low={self.mode_defaults['low']}"}
        return "&".join(part for part in query.split("&") if part and part not in drop)

    def trump_letter(self) -> str:
        return ""


# --- The bidding -----------------------------------------------------------------------


class BiddingForm(AuctionForm):
    calls = forms.CharField(
        label=gettext_lazy("Calls, in order"),
        required=False,
        max_length=200,
        help_text=gettext_lazy(
            'Tap them below, or type them like "20 pass 25 hold": Player 1 (the dealer\'s left) '
            "first, the dealer last."
        ),
    )
    mode_fields = ("players", "calls", "low")

    @classmethod
    def apply_tap(cls, query: Mapping[str, str]) -> dict[str, str] | None:
        """The query after a tapped call (``call``), ``action=undo`` or ``action=clear``."""
        call = str(query.get("call", "")).strip()
        action = str(query.get("action", "")).strip()
        if not call and action not in ACTIONS:
            return None
        calls = str(query.get("calls", "")).split()
        if call:
            calls.append(call)
        elif action == "undo":
            calls = calls[:-1]
        else:
            calls = []
        params = {
            name: str(query.get(name, ""))
            for name in (*cls.RULE_FIELDS, *cls.mode_fields)
            if name in query
        }
        return params | {"calls": " ".join(calls)}

    @property
    def first_buttons(self) -> list[dict]:
        """Player 1's calls, for the page before any call is made."""
        return [_call_button(call) for call in ("pass", *map(str, self.rules.bids))]

    def ruling(self) -> dict:
        data = self.cleaned_data
        players, rules = data["players"], data["rules"]
        said = data["calls"].split()
        if len(said) > MAX_CALLS:
            raise UserError(_("That is too many calls for one hand."))
        ruling = _engine(check_bidding, said, players, rules)
        names = {seat: seat_name(seat, players) for seat in range(1, players + 1)}
        return {
            "calls": [
                {"seat": names[call.seat], "words": call.words, "automatic": call.automatic}
                for call in ruling.calls
            ],
            "legal": ruling.legal,
            "finished": ruling.finished,
            "headline": ruling.reason,
            "next": names.get(ruling.next_seat, ""),
            "buttons": [_call_button(call) for call in ruling.next_calls],
            "illegal": said[ruling.illegal_at] if ruling.illegal_at is not None else "",
            "prompt": "" if said else _("Player 1 calls first: tap their call."),
        }


def _call_button(call: str) -> dict:
    labels = {"pass": _("Pass"), "hold": _("Hold")}
    return {"value": call, "label": labels.get(call, call)}


# --- Scoring a hand ----------------------------------------------------------------------


def _numbers(text: str, what: str) -> list[int]:
    try:
        return [int(token) for token in _NUMBERS.split(str(text or "").strip()) if token]
    except ValueError:
        raise UserError(
            _("%(what)s are whole numbers separated by spaces, like 20 10.") % {"what": what}
        ) from None


class HandForm(AuctionForm):
    bid = forms.TypedChoiceField(
        label=gettext_lazy("Bid"), choices=[(str(b), str(b)) for b in (15, 20, 25, 30)],
        coerce=int, required=False, empty_value=None,
    )  # fmt: skip
    bidder = forms.CharField(label=gettext_lazy("Who held the bid"), required=False, max_length=2)
    partner = forms.CharField(
        label=gettext_lazy("Partner (five players)"),
        required=False,
        max_length=2,
        help_text=gettext_lazy("The player who played the called card in trick 1 or 2."),
    )
    points = forms.CharField(
        label=gettext_lazy("Points each took"),
        required=False,
        max_length=40,
        help_text=gettext_lazy("In score-sheet order, like 25 5 (30 in all, 25 with no trump)."),
    )
    before = forms.CharField(
        label=gettext_lazy("Scores before the hand"),
        required=False,
        max_length=60,
        help_text=gettext_lazy("In the same order; empty for 0 each."),
    )
    mode_fields = ("players", "bid", "bidder", "partner", "points", "before", "low")

    def ruling(self) -> dict:
        data = self.cleaned_data
        players = data["players"]
        count = columns(players)
        if data["bid"] is None or not data["bidder"] or not data["points"].strip():
            raise UserError(_("Give the bid, who held it and the points each took."))
        bidder = _column(data["bidder"], players)
        partner = _column(data["partner"], players) if data["partner"] else None
        before = _numbers(data["before"], _("Scores")) or [0] * count
        points = _numbers(data["points"], _("Points"))
        hand = _engine(
            score_hand, players, data["bid"], bidder, points, before, partner=partner,
            rules=data["rules"],
        )  # fmt: skip
        rows = [
            {
                "name": column_name(players, column),
                "before": hand.before[column],
                "points": points[column],
                "after": hand.after[column],
                "change": hand.changes[column],
                "holds": column in hand.holders,
                "wins": column in hand.winners,
            }
            for column in range(count)
        ]
        # The same flag as the score sheet's: 25 in all means no trump was played.
        without_trump = rounds_without_trump(sum(points))
        return {
            "rows": rows,
            "headline": hand.reasons[0],
            "made": hand.made,
            "reasons": hand.reasons[1:],
            "notes": [no_trump_note(without_trump)] if without_trump else [],
        }


def _column(token: str, players: int) -> int:
    """A score column as written on the page: A/B for couples, 1..n otherwise."""
    text = str(token).strip().lower()
    if players == 4 and text in ("a", "b"):
        return "ab".index(text)
    column = read_id(text, columns(players))
    if column is not None:
        return column - 1
    raise UserError(
        _('"%(token)s" is not a player here: write %(choices)s.')
        % {
            "token": token,
            "choices": _("A or B") if players == 4 else f"1-{columns(players)}",
        }
    )


# --- The score sheet ---------------------------------------------------------------------


class SheetForm(AuctionForm):
    lines = forms.CharField(
        label=gettext_lazy("The score sheet, one hand per line"),
        required=False,
        max_length=3000,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocapitalize": "off"}),
        help_text=gettext_lazy(
            'Who held the bid, the bid, then the scores written after the hand: "A 25 30 5" '
            '(couples), "2 20 10 20 0" (3 players), "1+3 25 ..." (a partner at five).'
        ),
    )
    mode_fields = ("players", "lines", "low")

    def ruling(self) -> dict:
        data = self.cleaned_data
        players = data["players"]
        texts = [line for line in data["lines"].splitlines() if line.strip()]
        if not texts:
            raise UserError(_("Type the hands, one per line."))
        if len(texts) > MAX_LINES:
            raise UserError(_("That is too many lines for one game."))
        parsed = []
        for number, text in enumerate(texts, start=1):
            try:
                parsed.append(parse_line(text, players))
            except EngineError as error:
                raise UserError(
                    _("Line %(line)s: %(error)s") % {"line": number, "error": error}
                ) from error
        check = _engine(check_sheet, players, parsed, data["rules"])
        return {
            "headline": check.summary,
            "ok": check.wrong_line is None,
            "names": [column_name(players, column) for column in range(columns(players))],
            "rows": [
                {
                    "number": row.number,
                    "text": texts[row.number - 1].strip(),
                    "scores": row.line.scores,
                    "ok": row.ok,
                    "reason": row.reason,
                    "notes": row.notes,
                    "won": row.number == check.won_on,
                }  # fmt: skip
                for row in check.rows
            ],
        }


MODES = {"auction": BiddingForm, "auction-hand": HandForm, "auction-sheet": SheetForm}
