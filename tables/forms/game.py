"""Forms of the game screen and the table-side page. They only parse input;
the rules are checked by tables/services/."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from cardnight.numbers import read_id

from ..models import MAX_COUPLE_NUMBER as MAX_NUMBER


def _number(label, required=True):
    return forms.IntegerField(label=label, required=required, min_value=1, max_value=MAX_NUMBER)


def _request_id():
    """The id a phone's outbox gives a report, so one sent twice counts once.
    Its rule (letters, digits, - and _, 8 to 64 of them) is
    `receipts.check_key`'s alone: a length limit here said "Tap the winning
    couple" to a 65-character id."""
    return forms.CharField(required=False)


def report_problem(form: forms.Form, missing_winner: str) -> str:
    """What is wrong with a sent result form, in one sentence: the field's
    own message (a game number that is not one), or `missing_winner` when
    only the winner is missing or wrong."""
    for name, errors in form.errors.items():
        if name != "winner":
            return errors[0]
    return missing_winner


class ResultForm(forms.Form):
    """One tap: the winning couple. `was` is sent with a change: the winner
    the screen showed (empty: no result yet)."""

    winner = _number(_("Winning couple"))
    change = forms.BooleanField(required=False)
    was = _number(_("Winner shown"), required=False)
    request_id = _request_id()


class AdvanceForm(forms.Form):
    """Start the game after `game` (or finish the evening after it)."""

    game = forms.IntegerField(min_value=1, max_value=MAX_NUMBER)


class LeavingForm(forms.Form):
    couple = _number(_("Couple number"))
    leaving = forms.TypedChoiceField(
        choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1", initial="1", required=False
    )

    def clean_leaving(self):
        value = self.cleaned_data.get("leaving")
        return True if value in (None, "") else value


class StartForm(forms.Form):
    """Game 1: a random draw, or tables placed by hand (one line per table)."""

    by_hand = forms.BooleanField(required=False)
    tables = forms.CharField(
        label=_("Tables, by hand"),
        required=False,
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"}),
        help_text=_(
            "One line per table, starting with table 1: the two couple numbers, e.g. “3 8”. "
            "With an odd number of couples, the couple you leave out takes the bye."
        ),
    )

    def clean(self):
        data = super().clean()
        if not data.get("by_hand"):
            data["pairs"] = None
            return data
        pairs = []
        lines = [line.strip() for line in (data.get("tables") or "").splitlines()]
        for number, line in enumerate((line for line in lines if line), start=1):
            found = [read_id(digits, MAX_NUMBER) for digits in re.findall(r"\d+", line)]
            rest = re.sub(r"[\d\s,;&+/\-–—]|vs\.?|and|et", "", line, flags=re.IGNORECASE)
            if len(found) != 2 or None in found or rest:
                self.add_error(
                    "tables",
                    _(
                        "Line %(n)s (table %(n)s): write two couple numbers, like “3 8”, "
                        "not “%(line)s”."
                    )
                    % {"n": number, "line": line[:40]},
                )
                return data
            pairs.append((found[0], found[1]))
        if not pairs:
            self.add_error("tables", _("Write one line per table, or choose a random draw."))
        data["pairs"] = pairs
        return data


class CorrectionForm(forms.Form):
    winner = forms.TypedChoiceField(label=_("The real winner"), coerce=int, choices=[])
    reason = forms.CharField(
        label=_("Why"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Kept in the log with your name and the time."),
    )

    def __init__(self, *args, seating, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [
            (c.number, _("Couple %(n)s: %(names)s") % {"n": c.number, "names": c.names})
            for c in (seating.couple_a, seating.couple_b)
        ]
        self.fields["winner"].widget = forms.RadioSelect(choices=self.fields["winner"].choices)

    def clean_reason(self):
        reason = " ".join(self.cleaned_data["reason"].split())
        if not reason:
            raise forms.ValidationError(_("Say why the result is corrected."))
        return reason


def _all(message) -> dict:
    return dict.fromkeys(("required", "invalid", "min_value", "max_value"), message)


class ReportForm(forms.Form):
    """A table-side report: couple `reporter` says couple `winner` won `game`."""

    game = forms.IntegerField(
        min_value=1,
        max_value=MAX_NUMBER,
        error_messages=_all(_("This page is out of date: reload it and report again.")),
    )
    reporter = forms.IntegerField(
        label=_("Your couple"),
        min_value=1,
        max_value=MAX_NUMBER,
        error_messages=_all(_("Say which couple you are first.")),
    )
    winner = _number(_("Winning couple"))
    request_id = _request_id()
