"""The prizes on "New evening" (tables.evening_parts): the hall's next
evening proposes the last one's prizes (cash, a share of the takings or an
item, for each place and the booby, half-time and travelling prizes), each
one editable, and they are written with the evening in one transaction.

A prize left empty is not set (it can be set later on the prizes page); a
prize for a place beyond the evening's prize places, or for an extra prize
that is off, is not written: a rule for a prize that is not there must not
block the evening. The form has a row for every extra prize (booby,
half-time, travelling), shown while its setting is ticked, so a prize the
form turns on is asked for there and then; a row whose prize is off is
neither checked nor written. The prize rule itself (amounts, shares up to 100 % of the
takings, an item's name) is `scoring.services.prizes.set_prize`.
"""

from django import forms
from django.forms.utils import ErrorDict
from django.utils.translation import gettext_lazy as _

from scoring.forms import PrizeForm
from scoring.models import EXTRA_PRIZES, Prize, Target, prizes_on
from scoring.services.prizes import set_prize
from tables.models import Evening

EXTRAS = dict(EXTRA_PRIZES)  # target -> the setting that turns it on


def label(target: str, place: int) -> str:
    if target == Target.PLACE:
        return str(_("Place %(n)s") % {"n": place})
    return str(Target(target).label)


class NewPrizeForm(PrizeForm):
    """One prize of the new evening: like the prizes page's, but empty
    means "not set yet"."""

    kind = forms.ChoiceField(label=_("The prize is"), choices=Prize.Kind.choices)

    def clean(self):
        return self.drop_other_kinds(forms.Form.clean(self))

    @property
    def setting(self) -> str | None:
        """The evening setting that turns this prize on (None for a place)."""
        return EXTRAS.get(self["target"].value())

    def full_clean(self):
        super().full_clean()
        if self.is_bound and self.setting and not self.data.get(self.setting):
            self._errors = ErrorDict()  # its prize is off: nothing is used

    def value(self) -> dict | None:
        data = self.cleaned_data
        kind = data.get("kind")
        name = self.KIND_FIELDS.get(kind)
        value = data.get(name) if name else None
        if isinstance(value, str):
            value = value.strip()
        if value in (None, ""):
            return None
        return {"kind": kind, name: value}

    @property
    def label(self) -> str:
        return label(self["target"].value(), int(self["place"].value() or 0))


PrizeFormSet = forms.formset_factory(NewPrizeForm, extra=0, max_num=20, absolute_max=20)


def _slots(settings: dict | None) -> list[tuple[str, int]]:
    """The form's rows: the places a blank evening (the defaults) or a
    proposal has, then every extra prize (shown while it is ticked)."""
    places = (settings or {}).get("prize_places") or Evening._meta.get_field("prize_places").default
    slots = [(Target.PLACE, n) for n in range(1, int(places) + 1)]
    return slots + [(target, 0) for target in EXTRAS]


class PrizesPart:
    key = "prizes"
    template = "scoring/_new_evening_prizes.html"

    def snapshot(self, evening: Evening) -> list[dict]:
        wanted = _slots_of(evening)
        return [
            {
                "target": prize.target,
                "place": prize.place,
                "kind": prize.kind,
                "amount": None if prize.amount is None else str(prize.amount),
                "share_percent": None if prize.share_percent is None else str(prize.share_percent),
                "item": prize.item,
            }
            for prize in Prize.objects.filter(evening=evening).order_by("target", "place")
            if (prize.target, prize.place) in wanted
        ]

    def form(self, data, initial, settings=None):
        stored = {(p["target"], int(p["place"])): p for p in (initial or [])}
        rows = []
        for target, place in _slots(settings):
            row = {"target": target, "place": place, "kind": Prize.Kind.CASH}
            prize = stored.get((target, place))
            if prize:
                row.update({k: prize.get(k) for k in ("kind", "amount", "share_percent", "item")})
            rows.append(row)
        if data is not None and f"{self.key}-TOTAL_FORMS" not in data:
            # A form sent without the prizes (an older page, a script): none.
            data = {f"{self.key}-TOTAL_FORMS": "0", f"{self.key}-INITIAL_FORMS": "0"}
        return PrizeFormSet(data, initial=rows, prefix=self.key)

    def save(self, evening: Evening, formset) -> None:
        enabled = _slots_of(evening)
        for form in formset:
            target, place = form.cleaned_data.get("target"), form.cleaned_data.get("place") or 0
            if (target, place) not in enabled:
                continue
            value = form.value()
            if value is None:
                continue
            set_prize(evening, target, place, **value)


def _slots_of(evening: Evening) -> set[tuple[str, int]]:
    return set(prizes_on(evening))
