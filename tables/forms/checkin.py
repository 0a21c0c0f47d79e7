"""The self check-in forms: the phone's two names, and the door's
confirmation of one entry (paid, the jar, "Register anyway", its id)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import MAX_COUPLE_NUMBER, CheckinEntry
from .names import TwoNames


class CheckinForm(TwoNames, forms.ModelForm):
    """Two names typed on a phone (tidied and checked as the door's are)."""

    class Meta:
        model = CheckinEntry
        fields = ["player1", "player2"]
        labels = {"player1": _("Your name"), "player2": _("Your partner's name")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.set_up_names(autocomplete="name")
        for name in ("player1", "player2"):
            self.fields[name].error_messages["required"] = _("Type the player's name.")


class ConfirmEntryForm(forms.Form):
    """The door's one tap on a waiting entry."""

    paid = forms.BooleanField(required=False)
    jar_buy_in = forms.BooleanField(required=False)
    # "Register anyway" sends the number of the couple it warned about.
    anyway = forms.IntegerField(required=False, min_value=1, max_value=MAX_COUPLE_NUMBER)
    request_id = forms.CharField(required=False, max_length=64)
