"""Two players' names as every form that takes a couple takes them (the
door, a couple's page, a phone's self check-in): spaces tidied, both
required, each at most MAX_NAME letters, with the same messages."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import MAX_NAME

NAME_FIELDS = ("player1", "player2")


class TwoNames:
    """Mixed into a form with fields `player1` and `player2`."""

    def set_up_names(self, **attrs: object) -> None:
        """The fields' messages and attributes (`attrs` added to both)."""
        for name in NAME_FIELDS:
            field = self.fields[name]
            field.error_messages["max_length"] = _(
                "A name is at most %(limit_value)d letters (this one has %(show_value)d): "
                "shorten it."
            )
            field.widget.attrs.update({"autocapitalize": "words", "maxlength": MAX_NAME, **attrs})

    def _clean_name(self, name: str) -> str:
        value = " ".join((self.cleaned_data.get(name) or "").split())
        if not value:
            raise forms.ValidationError(_("Type the player's name."))
        return value

    def clean_player1(self) -> str:
        return self._clean_name("player1")

    def clean_player2(self) -> str:
        return self._clean_name("player2")
