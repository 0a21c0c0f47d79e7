"""The words of the results: money, percentages, cards, lists of couples, how a tie was settled."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from django.utils import formats
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardnight.formats import money
from scoring.engine import card_label as engine_card_label
from scoring.engine import parse_card
from scoring.models import Target
from scoring.results.tree import CoupleRef
from scoring.rules import ties as tie_rules


def percent_text(percent: Decimal) -> str:
    text = f"{Decimal(percent):f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return formats.number_format(Decimal(text), use_l10n=True)  # "12.5", French "12,5"


def money_text(amount: Decimal | None) -> str:
    """ "$12.50" (the hall's dollars, always two decimals; "12,50 $" in French)."""
    return money(amount)


def card_label(card: str) -> str:
    """A cut card for people: "3♠", "10♥"."""
    try:
        return engine_card_label(parse_card(card))
    except ValueError:
        return card


def target_words(target: str, place: int) -> str:
    if target == Target.PLACE:
        return _("place %(p)s") % {"p": place}
    if target == Target.BOOBY:
        return _("the booby prize")
    if target == Target.HALF_TIME:
        return _("the half-time leader")
    return str(target)


def couple_list(couples: Iterable[CoupleRef]) -> str:
    """ "3, 5 and 8" (couple numbers)."""
    return str(get_text_list([str(couple.number) for couple in couples], _("and")))


def how_settled(data, tiebreak, outcome, by_id) -> str:
    """The story of a settled tie, for the results sheet."""
    parts: list[str] = []
    if outcome.forfeited:
        parts.append(
            ngettext(
                "Couple %(c)s would not play off and forfeited.",
                "Couples %(c)s would not play off and forfeited.",
                len(outcome.forfeited),
            )
            % {"c": couple_list(by_id[key] for key in outcome.forfeited)}
        )
    if outcome.method == tie_rules.SPLIT:
        parts.append(
            _("Split by agreement between couples %(c)s.")
            % {"c": couple_list(by_id[key] for key in outcome.split_among)}
        )
    if outcome.method == tie_rules.PLAYOFF and outcome.playoff is not None:
        games = []
        for row in data.playoffs.get(tiebreak.pk, []):
            if row["couple_b_id"] is None:
                continue
            winner = by_id[row["winner_id"]]
            loser = by_id[
                row["couple_b_id"] if row["winner_id"] == row["couple_a_id"] else row["couple_a_id"]
            ]
            games.append(
                _("couple %(w)s beat couple %(l)s") % {"w": winner.number, "l": loser.number}
            )
        if games:
            parts.append(_("Play-off: %(games)s.") % {"games": "; ".join(games)})
    cuts = data.cuts.get(tiebreak.pk, [])
    if cuts:
        rounds: dict[int, list[str]] = {}
        dealt: set[int] = set()
        for row in cuts:
            rounds.setdefault(row["round"], []).append(
                _("couple %(c)s %(card)s")
                % {"c": by_id[row["couple_id"]].number, "card": card_label(row["card"])}
            )
            if row["dealt_by_app"]:
                dealt.add(row["round"])
        text = "; ".join(
            (
                _("round %(r)s (dealt by the app): %(cards)s")
                if number in dealt
                else _("round %(r)s: %(cards)s")
            )
            % {"r": number, "cards": ", ".join(cards)}
            for number, cards in sorted(rounds.items())
        )
        parts.append(_("Cut: %(rounds)s.") % {"rounds": text})
    if outcome.method != tie_rules.SPLIT and outcome.ranking:
        ranked = [by_id[key] for key in outcome.ranking]
        if len(ranked) == 1:
            parts.append(_("Couple %(c)s wins.") % {"c": ranked[0].number})
        else:
            parts.append(
                _("Order: %(order)s.")
                % {"order": ", ".join(str(couple.number) for couple in ranked)}
            )
    return " ".join(parts)


def date_text(value: date) -> str:
    return value.isoformat() if value else ""
