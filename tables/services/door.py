"""At the door: registering couples (RULES.md A1), their money flags (paid
and, with scoring.services.jar.set_buy_in, in the cookie jar), and a couple
leaving early (A2).

Each money flag is set to an explicit value, never toggled: a double tap
sends the same value twice and changes nothing the second time (issue 12).

    register_couple(evening, player1, player2, *, number=None, paid=False,
                    jar_buy_in=False, anyway=False, warned_about=None) -> Couple
        Duplicate (a Conflict) when the two names match a couple already
        registered, unless `anyway`, or unless the match is couple
        `warned_about` (the volunteer saw that warning and tapped "Register
        anyway"). Sent again with the same id it has one effect:
        receipts.register_couple_once (with `register_locked`, the same on
        an evening that it has locked already).
    rename_couple(couple, player1, player2)   the names only
    remove_couple(couple)          only before play starts
        (a record of the register that no couple uses any more leaves it:
        register.drop_unused)
    set_paid(couple, paid, *, user=None)
    check_money_change(evening, couple, user, change)
        after the evening: an organizer's correction, logged
    mark_leaving(evening, couple, *, leaving=True, user=None) -> Couple
        Couple `couple` leaves after the current game (`leaving=False` undoes
        it until the next game starts).
"""

from __future__ import annotations

from django.contrib.admin.models import CHANGE, LogEntry
from django.db.models import Max
from django.utils.translation import gettext as _

from cardnight.errors import Conflict, NotAllowed, UserError
from tables.access import is_organizer
from tables.names import couple_key, fold_name  # noqa: F401 (fold_name: re-exported)

from ..models import MAX_COUPLE_NUMBER, Couple, Evening
from .register import drop_unused, record_couple


class Duplicate(Conflict):
    """The two names match a couple already registered tonight."""

    def __init__(self, message: str, couple: Couple):
        super().__init__(message)
        self.couple = couple


def find_duplicate(evening: Evening, player1: str, player2: str) -> Couple | None:
    """A couple of this evening with the same two names, if any."""
    key = couple_key(player1, player2)
    for couple in evening.couples.order_by("-number"):
        if couple_key(couple.player1, couple.player2) == key:
            return couple
    return None


def _number_for(evening: Evening, number: int | None) -> int:
    if number is None:
        highest = evening.couples.aggregate(n=Max("number"))["n"] or 0
        number = max(evening.last_couple_number, highest) + 1
        if number > MAX_COUPLE_NUMBER:
            raise Conflict(
                _(
                    "Couple numbers go up to %(max)s and the next one would be %(n)s: "
                    "type a free number under “More” for this couple."
                )
                % {"max": MAX_COUPLE_NUMBER, "n": number}
            )
        return number
    if number < 1 or number > MAX_COUPLE_NUMBER:
        raise UserError(_("A couple number is between 1 and %(max)s.") % {"max": MAX_COUPLE_NUMBER})
    if evening.couples.filter(number=number).exists():
        raise Conflict(_("Couple %(n)s is already registered tonight.") % {"n": number})
    return number


def register_couple(evening: Evening, player1: str, player2: str, **options) -> Couple:
    """Register a couple, in the evening's write gate; `options` are
    `register_locked`'s (number, paid, jar_buy_in, anyway, warned_about)."""
    with Evening.changing(evening) as evening:
        return register_locked(evening, player1, player2, **options)


def register_locked(
    evening: Evening,
    player1: str,
    player2: str,
    *,
    number: int | None = None,
    paid: bool = False,
    jar_buy_in: bool = False,
    anyway: bool = False,
    warned_about: int | None = None,
) -> Couple:
    """`register_couple` on `evening` as the caller's write gate
    (`Evening.changing`) gave it (receipts.py calls it so: the row is read and
    locked once). Before play the couple plays from game 1; once play has
    started it arrives late and joins at the next game (A2).

    Two names that match a couple already registered (case, accents,
    punctuation and order aside) raise Duplicate unless `anyway`, or unless
    the match is couple number `warned_about`: "Register anyway" answers
    the one warning it was shown with, and other names that match another
    couple are warned about again."""
    if evening.is_finished:
        raise Conflict(_("The evening is over: no more couples can join."))
    if evening.is_running and evening.is_last_game:
        raise Conflict(_("The last game is under way: a late couple would play no game."))
    if not anyway:
        twin = find_duplicate(evening, player1, player2)
        if twin is not None and twin.number != warned_about:
            raise Duplicate(
                _(
                    "%(names)s are already registered as couple %(n)s. If this is another "
                    "couple with the same names, press “Register anyway”."
                )
                % {"names": twin.names, "n": twin.number},
                twin,
            )
    number = _number_for(evening, number)
    couple = Couple.objects.create(
        evening=evening,
        number=number,
        player1=player1,
        player2=player2,
        paid=paid,
        jar_buy_in=jar_buy_in and evening.cookie_jar,
        joined_game=evening.current_game + 1 if evening.is_running else 1,
    )
    record_couple(couple, evening.hall_id)  # the hall's player register
    evening.change(last_couple_number=max(number, evening.last_couple_number))
    return couple


def rename_couple(couple: Couple, player1: str, player2: str) -> Couple:
    """Change a couple's names, and nothing else (paid and the jar stay)."""
    with Evening.changing(couple.evening) as evening:
        Couple.objects.filter(pk=couple.pk).update(player1=player1, player2=player2)
        couple.player1, couple.player2 = player1, player2
        record_couple(couple, evening.hall_id)  # the hall's player register
        return couple


def remove_couple(couple: Couple) -> None:
    """Remove a couple registered by mistake; only before play starts."""
    with Evening.changing(couple.evening) as evening:
        if not evening.is_setup:
            raise Conflict(
                _("Play has started: a couple that goes home is marked as leaving, not removed.")
            )
        records = {couple.person1_id, couple.person2_id}
        couple.delete()
        drop_unused(records)  # a name typed only on this couple


def check_money_change(evening: Evening, couple: Couple, user, change: str) -> None:
    """Once the evening is finished, who paid and who is in the jar is in
    the settled record: only an organizer may correct it, and the correction
    is logged (the admin's history of the couple). Call under the evening's
    lock, before writing; `change` says what changes, in words."""
    if not evening.is_finished:
        return
    if not is_organizer(user, evening.hall_id):
        raise NotAllowed(
            _("The evening is over: only an organizer can correct who paid or is in the jar.")
        )
    LogEntry.objects.log_actions(
        user_id=user.pk,
        queryset=[couple],
        action_flag=CHANGE,
        change_message=_("Corrected after the evening: %(change)s") % {"change": change},
        single_object=True,
    )


def set_paid(couple: Couple, paid: bool, *, user=None) -> Couple:
    """Mark a couple paid (or, as a separate undo, not paid). Setting the
    value it already has changes nothing."""
    with Evening.changing(couple.evening) as evening:
        current = Couple.objects.filter(pk=couple.pk).values_list("paid", flat=True).get()
        couple.paid = current
        if current == paid:
            return couple
        check_money_change(evening, couple, user, _("paid") if paid else _("not paid"))
        Couple.objects.filter(pk=couple.pk).update(paid=paid)
        couple.paid = paid
        return couple


def mark_leaving(evening: Evening, couple: int, *, leaving: bool = True, user=None) -> Couple:
    """Couple number `couple` plays no game after the current one (RULES.md A2).

    `leaving=False` takes it back, until the next game starts. A late couple
    that has not played yet and will not come is marked the same way."""
    with Evening.changing(evening) as evening:
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
        return row
