"""A hall's year built in code, for the books' tests and bench: 52 Friday
evenings of 2026 with entries, a cookie jar and a 50/50 every week, prizes
in cash, as a share and in kind, real names (accents, other scripts), one
evening cancelled (snowed out, one couple had paid), the last one still
being played, and the jar carried over three weeks running (weeks 10 to 12)
before it is won (week 13).

The rows are written straight with the ORM (bulk), as tests/support/board.py
does; each finished evening's jar is then settled by the app's own service
(`reveal`), in date order, so each carries over what the one before left.

Punch cards are made so that nothing is tied: couple k wins games k to 21
(22 - k wins), so couple 1 alone holds game 1 and the jar, drawn on games 1
and 2, goes to couple 1 when it bought in, and carries over when it did not.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from scoring.models import Prize
from scoring.services.jar import reveal
from tables.models import Couple, Evening, Hall, Punch

FIRST_FRIDAY = datetime.date(2026, 1, 2)
WEEKS = 52
CANCELLED_WEEK = 6
OPEN_WEEK = 52
CARRIED_WEEKS = (10, 11, 12, 51)  # nobody won the jar: carried over
WON_AFTER_CARRYING = 13
LAST_OF_2025 = datetime.date(2025, 12, 26)  # its jar carried over into 2026

PEOPLE = [
    ("Léo Chiasson", "Thérèse Aucoin"),
    ("Angus MacNeil", "Mary Margaret MacDonald"),
    ("Marie-Josée LeBlanc", "Jean-Baptiste D'Eon"),
    ("Effie Samson", "Flora MacKinnon"),
    ("Hector Campbell", "Rita Boudreau"),
    ("Père Gérard Poirier", "Françoise Gillis"),
    ("Dan Boudreau", "Theresa O'Brien"),
    ("محمد الأحمد", "فاطمة"),
    ("山田 花子", "Joe Samson"),
    ("Ann MacNeil", "Joe D'Entremont"),
    ("Réjeanne Deveau", "Bernard Larade"),
    ("Catherine MacIsaac-MacLellan", "Paul Chiasson"),
    ("Noëlla Cormier", "Hubert Aucoin"),
    ("Sadie Rankin", "Alistair Beaton"),
]
ITEMS = ["A turkey", "Gift card from Sobeys", "A quilt from the CWL", "Une tourtière"]


def week_date(week: int) -> datetime.date:
    return FIRST_FRIDAY + datetime.timedelta(weeks=week - 1)


def _couples(evening: Evening, week: int) -> list[Couple]:
    count = 8 + week % 7  # 8 to 14 couples
    unpaid = week % 5 == 0  # now and then a couple has not paid yet
    rows = []
    for k in range(1, count + 1):
        first, second = PEOPLE[(k + week) % len(PEOPLE)]
        bought_in = k != 1 if week in (0, *CARRIED_WEEKS) else k % 3 != 0
        rows.append(
            Couple(
                evening=evening,
                number=k,
                player1=first,
                player2=second,
                paid=not (unpaid and k == count),
                jar_buy_in=bought_in,
            )
        )
    Couple.objects.bulk_create(rows)
    return list(evening.couples.order_by("number"))


def _prizes(evening: Evening, week: int) -> None:
    Prize.objects.bulk_create(
        [
            Prize(evening=evening, target="place", place=1, kind="cash", amount=Decimal("25.00")),
            Prize(
                evening=evening, target="place", place=2, kind="share", share_percent=Decimal(20)
            ),
            Prize(evening=evening, target="place", place=3, kind="item", item=ITEMS[week % 4]),
            Prize(evening=evening, target="booby", place=0, kind="cash", amount=Decimal("5.00")),
        ]
    )


def _punch(evening: Evening, couples: list[Couple], up_to: int) -> None:
    Punch.objects.bulk_create(
        Punch(evening=evening, couple=couple, game_number=game)
        for k, couple in enumerate(couples, start=1)
        for game in range(k, 22)
        if game <= up_to
    )


def build_year(hall: Hall, settle: bool = True) -> list[Evening]:
    """The hall's last Friday of 2025 and its 52 Fridays of 2026 (see the
    module docstring), oldest first."""
    Hall.objects.filter(pk=hall.pk).update(lottery_licence="NS-LL-2026-0457")
    hall.refresh_from_db()
    evenings = []
    for week in range(0, WEEKS + 1):
        name = "Soirée de 45 de Chéticamp" if week % 4 == 0 else "Friday 45s"
        status = Evening.Status.FINISHED
        current = 25
        if week == OPEN_WEEK:
            status, current = Evening.Status.RUNNING, 6
        evening = Evening.objects.create(
            hall=hall,
            name=name,
            slug=f"{hall.slug}-week-{week}",
            date=week_date(week) if week else LAST_OF_2025,
            games=25,
            status=status,
            current_game=current,
            cancelled=week == CANCELLED_WEEK,
            entry_fee=Decimal("5.00"),
            booby_prize=True,
            cookie_jar=True,
            jar_buy_in=Decimal("2.00"),
            jar_draw_size=2,
            jar_numbers=[1, 2],
            fifty_fifty=True,
            fifty_fifty_takings=Decimal(40 + week) + Decimal("0.50") * (week % 3),
            fifty_fifty_ticket=f"{4400 + week}",
            fifty_fifty_winner=PEOPLE[week % len(PEOPLE)][1],
        )
        evenings.append(evening)
        if week == CANCELLED_WEEK:
            Couple.objects.create(
                evening=evening, number=1, player1="Early", player2="Bird", paid=True
            )
            continue
        couples = _couples(evening, week)
        Evening.objects.filter(pk=evening.pk).update(last_couple_number=len(couples))
        _prizes(evening, week)
        _punch(evening, couples, current if week == OPEN_WEEK else 25)
    if settle:
        for evening in evenings:
            evening.refresh_from_db()
            if evening.is_finished and not evening.cancelled:
                reveal(evening)
    for evening in evenings:
        evening.refresh_from_db()
    return evenings
