"""Prize places and the prizes for them (RULES.md A4, A6, A8): the writes.

The places themselves are computed from the punches by
``evening_results(evening).places`` (scoring.rules.ranking is the pure rule);
here the organizer sets what each place (and the booby, half-time and
travelling prizes) is worth: a cash amount, a share of the evening's takings
(the entry fees collected, see scoring.results.money) or a named item.
"""

from decimal import Decimal

from django.db.models import Sum
from django.utils.translation import gettext as _

from cardnight.errors import UserError
from cardnight.money import to_amount, to_percent
from scoring.models import Prize, Target
from tables.models import Evening

PRIZE_TARGETS = (Target.PLACE, Target.BOOBY, Target.HALF_TIME, Target.TRAVELLING)


def _target_enabled(evening: Evening, target: str) -> bool:
    return {
        Target.PLACE: True,
        Target.BOOBY: evening.booby_prize,
        Target.HALF_TIME: evening.half_time_leader,
        Target.TRAVELLING: evening.travelling_prize,
    }[target]


def set_prize(
    evening: Evening,
    target: str,
    place: int = 0,
    *,
    kind: str,
    amount=None,
    share_percent=None,
    item: str = "",
) -> Prize:
    """Set (or replace) the prize for a place (``target`` "place", ``place``
    1..prize places) or for the booby / half-time / travelling prize
    (``place`` 0). Amounts: Decimal, at most two decimals, not negative;
    shares: 0 to 100 %, and all the share prizes of the evening together
    at most 100 % of the takings."""
    with Evening.changing(evening) as evening:
        if target not in PRIZE_TARGETS:
            raise UserError(_("There is no such prize."))
        if not _target_enabled(evening, target):
            raise UserError(_("That prize is not used this evening: turn it on in the settings."))
        if target == Target.PLACE:
            if not 1 <= int(place) <= evening.prize_places:
                raise UserError(_("The prize places are 1 to %(n)s.") % {"n": evening.prize_places})
        else:
            place = 0
        values = {"kind": kind, "amount": None, "share_percent": None, "item": ""}
        if kind == Prize.Kind.CASH:
            values["amount"] = to_amount(amount, _("The amount"))
        elif kind == Prize.Kind.SHARE:
            percent = to_percent(share_percent, _("The share of the takings"))
            others = Prize.objects.filter(evening=evening, kind=Prize.Kind.SHARE).exclude(
                target=target, place=place
            ).aggregate(total=Sum("share_percent"))["total"] or Decimal("0")
            if others + percent > 100:
                raise UserError(
                    _(
                        "The prizes would give away %(total)s%% of the takings: "
                        "together they can be at most 100%%."
                    )
                    % {"total": f"{others + percent:f}".rstrip("0").rstrip(".")}
                )
            values["share_percent"] = percent
        elif kind == Prize.Kind.ITEM:
            item = " ".join((item or "").split())
            if not item:
                raise UserError(_("Name the prize (a turkey, a quilt …)."))
            if len(item) > 100:
                raise UserError(_("A prize's name has at most 100 characters."))
            values["item"] = item
        else:
            raise UserError(_("A prize is cash, a share of the takings, or an item."))
        prize, _created = Prize.objects.update_or_create(
            evening=evening, target=target, place=place, defaults=values
        )
        return prize
