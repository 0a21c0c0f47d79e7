"""The other things halls run the same night (RULES.md A8): the 50/50 draw,
the travelling prize and the half-time leader.

The results of all three are part of ``scoring.results.evening_results``;
the pure rule of the travelling prize is ``scoring.rules.extras.travel``;
this module holds the writes:
drawing the travelling prize's first holder and recording the 50/50.

Travelling prize: a couple is drawn at random at the start
(``Evening.travelling_start``, a couple number). After each game it passes
to the couple that beat its holder ("it travels with the winners"); a holder
that wins, sits out on the bye or has gone home keeps it. Whoever holds it
after the last game wins it.
"""

import secrets
from decimal import Decimal

from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError
from cardnight.money import to_amount
from tables.models import Evening


def at_game_one(evening: Evening, rng=None) -> None:
    """Draw the travelling prize's first holder as game 1 starts, if the
    evening has one and it is not drawn yet (never raises; runs inside the
    caller's transaction). scoring.services.jar.draw_at_start calls it too."""
    if not evening.travelling_prize:
        return
    with Evening.changing(evening) as locked:
        if locked.travelling_start:
            return
        numbers = sorted(evening.couples.present_at(1).values_list("number", flat=True))
        if numbers:
            locked.change(travelling_start=(rng or secrets.SystemRandom()).choice(numbers))
            evening.travelling_start = locked.travelling_start


def draw_travelling_start(evening: Evening, rng=None) -> int:
    """Draw the travelling prize's first holder among the couples that play
    game 1, fairly (the system's cryptographic generator). Returns its
    number. Drawn once: a second draw is refused."""
    with Evening.changing(evening) as evening:
        if not evening.travelling_prize:
            raise UserError(_("This evening has no travelling prize."))
        if evening.travelling_start:
            raise Conflict(
                _("The travelling prize was already drawn: couple %(n)s.")
                % {"n": evening.travelling_start}
            )
        numbers = list(evening.couples.present_at(1).values_list("number", flat=True))
        if not numbers:
            raise UserError(_("Register the couples first: the prize is drawn among them."))
        number = (rng or secrets.SystemRandom()).choice(sorted(numbers))
        Evening.objects.filter(pk=evening.pk).update(travelling_start=number)
        return number


def set_fifty_fifty(
    evening: Evening, takings: Decimal, ticket: str = "", winner: str = ""
) -> Evening:
    """Record the 50/50: what the tickets took in, the winning ticket and
    the winner's name. Half the takings (rounded down to the cent) go to the
    ticket, the rest to the hall."""
    with Evening.changing(evening) as evening:
        if not evening.fifty_fifty:
            raise UserError(_("This evening has no 50/50 draw."))
        takings = to_amount(takings, _("The 50/50 takings"))
        ticket, winner = (ticket or "").strip(), " ".join((winner or "").split())
        if len(ticket) > 20:
            raise UserError(_("A ticket number has at most 20 characters."))
        if len(winner) > 80:
            raise UserError(_("A name has at most 80 characters."))
        Evening.objects.filter(pk=evening.pk).update(
            fifty_fifty_takings=takings, fifty_fifty_ticket=ticket, fifty_fifty_winner=winner
        )
        evening.refresh_from_db()
        return evening
