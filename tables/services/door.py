"""At the door: registering couples (RULES.md A1), marking them paid, and a
couple leaving early (A2).

    register_couple(evening, player1, player2, *, number=None, paid=False, jar_buy_in=False)
    remove_couple(couple)          only before play starts
    set_paid(couple, paid)
    mark_leaving(evening, couple, *, leaving=True, user=None) -> Couple
        Couple `couple` leaves after the current game (`leaving=False` undoes
        it until the next game starts).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, UserError

from ..models import Couple, Evening


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
    evening.bump_version(last_couple_number=max(number, evening.last_couple_number))
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


@transaction.atomic
def mark_leaving(evening: Evening, couple: int, *, leaving: bool = True, user=None) -> Couple:
    """Couple number `couple` plays no game after the current one (RULES.md A2).

    `leaving=False` takes it back, until the next game starts. A late couple
    that has not played yet and will not come is marked the same way."""
    evening = evening.locked()
    if evening.is_setup:
        raise Conflict(
            _("Play has not started: a couple that is not staying is removed at the door.")
        )
    if evening.is_finished:
        raise Conflict(_("The evening is over."))
    row = evening.couples.filter(number=couple).first()
    if row is None:
        raise UserError(_("There is no couple %(n)s tonight.") % {"n": couple})
    current = evening.current_game
    if not leaving:
        if row.left_after_game != current:
            if row.left_after_game is None:
                raise Conflict(_("Couple %(n)s is not leaving.") % {"n": couple})
            raise Conflict(
                _("Couple %(n)s left after game %(game)s: that cannot be undone now.")
                % {"n": couple, "game": row.left_after_game}
            )
        row.left_after_game = None
    else:
        if row.left_after_game is not None:
            if row.left_after_game == current:
                raise Conflict(
                    _("Couple %(n)s is already leaving after this game.") % {"n": couple}
                )
            raise Conflict(
                _("Couple %(n)s already left after game %(game)s.")
                % {"n": couple, "game": row.left_after_game}
            )
        if current >= evening.games:
            raise Conflict(_("This is the last game: no game follows it."))
        row.left_after_game = current
    row.save(update_fields=["left_after_game"])
    evening.bump_version()
    return row


@transaction.atomic
def save_couple(form) -> Couple:
    """Save a couple's edit form (`tables.forms.CoupleForm`) and mark its
    evening changed, in one transaction."""
    evening = form.instance.evening.locked()
    couple = form.save()
    evening.bump_version()
    return couple
