"""The money summary of an evening: takings, prizes paid, cash out, what the hall keeps."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.results.tree import CENT, ZERO, MoneyLine, MoneySummary
from scoring.results.wording import money_text


def money_summary(
    evening, paid, takings, places, booby, half_time, travelling, jar, fifty
) -> MoneySummary:
    prizes_paid = ZERO
    items: list[str] = []
    awarded = list(places)
    if booby:
        awarded.append(booby)
    if half_time.enabled and half_time.leader:
        awarded.append(half_time.leader)
    for place in awarded:
        if place.prize is None:
            continue
        if place.prize.value is None:
            items.append(place.prize.item)
        else:
            prizes_paid += place.prize.value
    if travelling.enabled and travelling.holder and travelling.prize:
        if travelling.prize.value is None:
            items.append(travelling.prize.item)
        else:
            prizes_paid += travelling.prize.value
    jar_paid_out = jar.pot if jar.winners else ZERO
    cash_in = takings + jar.buy_ins + fifty.takings
    cash_out = prizes_paid + jar_paid_out + fifty.prize
    hall_keeps = takings - prizes_paid + fifty.hall_share
    lines = [
        MoneyLine(
            "entries",
            _("Entries"),
            takings,
            1,
            ngettext("%(n)s couple paid %(fee)s", "%(n)s couples paid %(fee)s each", paid)
            % {"n": paid, "fee": money_text(evening.entry_fee)},
        )
    ]
    if jar.enabled:
        lines.append(
            MoneyLine(
                "jar_buy_ins",
                _("Cookie jar buy-ins"),
                jar.buy_ins,
                1,
                ngettext("%(n)s couple at %(fee)s", "%(n)s couples at %(fee)s", len(jar.bought_in))
                % {"n": len(jar.bought_in), "fee": money_text(jar.buy_in)},
            )
        )
    if fifty.enabled:
        lines.append(MoneyLine("fifty_fifty_takings", _("50/50 tickets"), fifty.takings, 1))
    lines.append(MoneyLine("cash_in", _("Taken in tonight"), cash_in, 0))
    lines.append(
        MoneyLine(
            "prizes_paid",
            _("Prizes paid"),
            prizes_paid,
            -1,
            # The cash above, then what was given that is not money (not counted).
            _("In cash; also given: %(items)s") % {"items": "; ".join(items)} if items else "",
        )
    )
    if jar.enabled:
        lines += [
            MoneyLine(
                "jar_carried_in",
                _("Cookie jar carried in"),
                jar.carried_in,
                0,
                jar.carried_from or "",
            ),
            MoneyLine("jar_paid_out", _("Cookie jar paid out"), jar_paid_out, -1),
            MoneyLine("jar_carried_over", _("Cookie jar carried over"), jar.carried_over, 0),
        ]
    if fifty.enabled:
        lines.append(MoneyLine("fifty_fifty_paid", _("50/50 prize"), fifty.prize, -1))
    lines.append(MoneyLine("hall_keeps", _("The hall keeps"), hall_keeps, 0))
    return MoneySummary(
        entry_fee=Decimal(evening.entry_fee).quantize(CENT),
        paid_couples=paid,
        entries=takings,
        takings=takings,
        jar_buy_ins=jar.buy_ins,
        jar_carried_in=jar.carried_in,
        jar_paid_out=jar_paid_out,
        jar_carried_over=jar.carried_over,
        fifty_fifty_takings=fifty.takings,
        fifty_fifty_paid=fifty.prize,
        fifty_fifty_hall=fifty.hall_share,
        prizes_paid=prizes_paid,
        items=tuple(items),
        cash_in=cash_in,
        cash_out=cash_out,
        hall_keeps=hall_keeps,
        lines=tuple(lines),
    )
