"""The cookie jar's pot of evenings coming up, for the pages that list them
(the home page, the hall's page, its calendar feed): what the jar holds so
far and where it came from, in two queries whatever the number of evenings.

The pot is the one rule of `scoring.rules.jar.pot` (tonight's buy-ins plus
what the hall's previous cookie-jar evening carried over, `extras.
carried_in_from`), as `evening_results(evening).jar.pot` computes it.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Count, Q

from scoring.results.extras import carried_in_from
from scoring.results.load import jar_chain
from scoring.results.tree import CENT
from scoring.rules import jar as jar_rules
from tables.models import Evening


@dataclass(frozen=True)
class JarPot:
    pot: Decimal
    buy_in: Decimal
    bought_in: int
    carried_in: Decimal
    carried_from: str | None
    carried_from_date: datetime.date | None


def jar_pots(evenings: Iterable[Evening]) -> dict[int, JarPot]:
    """{evening id: its jar's pot} for the evenings with a cookie jar."""
    jar_evenings = [evening for evening in evenings if evening.cookie_jar]
    if not jar_evenings:
        return {}
    _chain, previous = jar_chain(jar_evenings)
    bought = dict(
        Evening.objects.filter(pk__in=[evening.pk for evening in jar_evenings])
        .annotate(n=Count("couples", filter=Q(couples__jar_buy_in=True)))
        .values_list("pk", "n")
    )
    pots = {}
    for evening in jar_evenings:
        carried_in, name, date = carried_in_from(previous[evening.pk])
        buy_in = Decimal(evening.jar_buy_in).quantize(CENT)
        count = bought.get(evening.pk, 0)
        pots[evening.pk] = JarPot(
            pot=jar_rules.pot(buy_in, count, carried_in).quantize(CENT),
            buy_in=buy_in,
            bought_in=count,
            carried_in=carried_in,
            carried_from=name,
            carried_from_date=date,
        )
    return pots
