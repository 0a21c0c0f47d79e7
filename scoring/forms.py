"""Forms of the scoring pages. They only parse input; the rules (and the
checks that need the evening) are in the domain functions the views call."""

from django import forms
from django.utils.translation import gettext_lazy as _

from cardnight.money import validate_amount
from cardnight.text import PlainTextFormField
from scoring.models import Prize, Target
from scoring.rules.ties import CHOICES
from scoring.standings import SORTS

MONEY = {
    "max_digits": 8,
    "decimal_places": 2,
    "min_value": 0,
    "validators": [validate_amount],  # the one money rule (cardnight.money)
    "error_messages": {
        "max_decimal_places": _("Money is counted to the cent: at most two decimals."),
        "min_value": _("An amount cannot be negative."),
        "invalid": _("Type an amount like 25 or 12.50."),
        "max_digits": _("That amount is too large."),
        "max_whole_digits": _("That amount is too large."),
    },
}


class StandingsQueryForm(forms.Form):
    q = forms.CharField(label=_("Couple number or name"), required=False, max_length=80)
    sort = forms.ChoiceField(choices=[(key, key) for key in SORTS], required=False)

    def clean_sort(self) -> str:
        return self.cleaned_data.get("sort") or "place"


class PrizeForm(forms.Form):
    """What one place (or the booby / half-time / travelling prize) is worth."""

    target = forms.ChoiceField(
        choices=[
            (Target.PLACE, Target.PLACE.label),
            (Target.BOOBY, Target.BOOBY.label),
            (Target.HALF_TIME, Target.HALF_TIME.label),
            (Target.TRAVELLING, Target.TRAVELLING.label),
        ],
        widget=forms.HiddenInput,
    )
    place = forms.IntegerField(min_value=0, max_value=10, initial=0, widget=forms.HiddenInput)
    kind = forms.ChoiceField(
        label=_("The prize is"), choices=Prize.Kind.choices, widget=forms.RadioSelect
    )
    amount = forms.DecimalField(label=_("Amount ($)"), required=False, **MONEY)
    share_percent = forms.DecimalField(
        label=_("Share of the takings (%)"),
        required=False,
        max_digits=5,
        decimal_places=2,
        min_value=0,
        max_value=100,
        help_text=_("The takings are the entry fees collected tonight."),
        error_messages={
            "max_decimal_places": _("At most two decimals."),
            "min_value": _("A share cannot be negative."),
            "max_value": _("A share is at most 100%%."),
        },
    )
    item = PlainTextFormField(label=_("Item"), required=False, max_length=100)

    # The one field each kind of prize needs. The page shows only the chosen
    # kind's (static/css/site.css, `.by-kind`; every field without it), and
    # what another kind's field holds is neither checked nor kept.
    KIND_FIELDS = {
        Prize.Kind.CASH: "amount",
        Prize.Kind.SHARE: "share_percent",
        Prize.Kind.ITEM: "item",
    }

    @property
    def kind_fields(self) -> list[tuple[str, forms.BoundField]]:
        """Each kind with its field, for the page to mark (`data-kind`)."""
        return [(kind, self[name]) for kind, name in self.KIND_FIELDS.items()]

    def drop_other_kinds(self, data: dict) -> dict:
        """Forget the fields of the kinds not chosen: their values and errors."""
        kind = data.get("kind")
        if kind in self.KIND_FIELDS:
            for name in set(self.KIND_FIELDS.values()) - {self.KIND_FIELDS[kind]}:
                self._errors.pop(name, None)
                data[name] = "" if name == "item" else None
        return data

    def clean(self):
        data = self.drop_other_kinds(super().clean())
        kind = data.get("kind")
        if kind == Prize.Kind.CASH and data.get("amount") is None:
            self.add_error("amount", _("Type the amount."))
        if kind == Prize.Kind.SHARE and data.get("share_percent") is None:
            self.add_error("share_percent", _("Type the percentage."))
        if kind == Prize.Kind.ITEM and not (data.get("item") or "").strip():
            self.add_error("item", _("Name the prize (a turkey, a quilt …)."))
        return data


class FiftyFiftyForm(forms.Form):
    takings = forms.DecimalField(label=_("Tickets sold for ($)"), **MONEY)
    ticket = PlainTextFormField(label=_("Winning ticket"), required=False, max_length=20)
    winner = PlainTextFormField(label=_("Winner's name"), required=False, max_length=80)


class HatNumbersForm(forms.Form):
    numbers = forms.CharField(
        label=_("Numbers drawn from the hat"),
        max_length=200,
        help_text=_("Type them with spaces or commas, e.g. 3 7 12 18."),
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class TieOpenForm(forms.Form):
    target = forms.ChoiceField(
        choices=[(Target.PLACE, ""), (Target.BOOBY, ""), (Target.HALF_TIME, "")]
    )
    place = forms.IntegerField(min_value=0, max_value=10, required=False)


class TieChoicesForm(forms.Form):
    """One choice per couple of the tie (``c<number>``), or ``everyone``."""

    everyone = forms.ChoiceField(choices=[(c, c) for c in CHOICES], required=False)

    def __init__(self, *args, couples=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.couples = list(couples)
        for couple in self.couples:
            self.fields[f"c{couple.number}"] = forms.ChoiceField(
                choices=[(c, c) for c in CHOICES], required=False
            )

    def choices(self) -> dict[int, str]:
        data = self.cleaned_data
        if data.get("everyone"):
            return {couple.number: data["everyone"] for couple in self.couples}
        return {
            couple.number: data[f"c{couple.number}"]
            for couple in self.couples
            if data.get(f"c{couple.number}")
        }


class CutForm(forms.Form):
    """The card each couple cut in this round (``card<number>``)."""

    def __init__(self, *args, couples=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.couples = list(couples)
        for couple in self.couples:
            self.fields[f"card{couple.number}"] = forms.CharField(
                label=_("Couple %(n)s") % {"n": couple.number},
                max_length=6,
                required=False,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "autocapitalize": "characters",
                        "placeholder": "AH, 10S, T♠",
                        "class": "cut-input",
                    }
                ),
            )

    def cards(self) -> dict[int, str]:
        return {
            couple.number: self.cleaned_data.get(f"card{couple.number}", "")
            for couple in self.couples
        }


class PlayoffResultForm(forms.Form):
    game = forms.IntegerField(min_value=1)
    winner = forms.IntegerField(min_value=1)


class BuyInForm(forms.Form):
    bought_in = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1")
