"""Registering couples at the door (RULES.md A1)."""

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError

from .models import Couple, Evening


@transaction.atomic
def register_couple(
    evening: Evening,
    player1: str,
    player2: str,
    *,
    number: int | None = None,
    paid: bool = False,
    jar_buy_in: bool = False,
) -> Couple:
    """Register a couple. Before play it plays from game 1; once play has
    started it arrives late and joins at the next game (A2)."""
    evening = evening.locked()
    if evening.is_finished:
        raise Conflict(_("The evening is over: no more couples can join."))
    if evening.is_running and evening.current_game >= evening.games:
        raise Conflict(_("The last game is under way: a late couple would play no game."))
    if number is None:
        number = evening.last_couple_number + 1
    elif evening.couples.filter(number=number).exists():
        raise Conflict(_("Couple %(n)s is already registered tonight.") % {"n": number})
    if number < 1:
        raise UserError(_("A couple number starts at 1."))
    couple = Couple.objects.create(
        evening=evening,
        number=number,
        player1=player1,
        player2=player2,
        paid=paid,
        jar_buy_in=jar_buy_in and evening.cookie_jar,
        joined_game=evening.current_game + 1 if evening.is_running else 1,
    )
    Evening.objects.filter(pk=evening.pk).update(
        last_couple_number=max(number, evening.last_couple_number), version=F("version") + 1
    )
    return couple


@transaction.atomic
def remove_couple(couple: Couple) -> None:
    """Remove a couple registered by mistake; only before play starts."""
    evening = couple.evening.locked()
    if not evening.is_setup:
        raise Conflict(
            _("Play has started: a couple that goes home is marked as leaving, not removed.")
        )
    couple.delete()
    evening.bump_version()


@transaction.atomic
def set_paid(couple: Couple, paid: bool) -> Couple:
    Couple.objects.filter(pk=couple.pk).update(paid=paid)
    couple.evening.bump_version()
    couple.paid = paid
    return couple
