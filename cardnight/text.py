"""The ONE rule for short text people type: players' names, hall names,
addresses and notes, evening names, the 50/50 winner, a prize's item.

- Spaces are tidied: every run of white space (spaces, tabs, line breaks,
  no-break spaces) becomes one space, and none is left at either end.
- Any other control character (Unicode category Cc: NUL, which PostgreSQL
  cannot store, a bell, an escape, DEL...) is refused with a message that
  says so. Left in, such a character breaks what the text is written into:
  a line break in a hall's name broke its calendar feed.

The same two functions serve every way in: the forms and the admin (through
`PlainCharField`, the model field, whose form field tidies and whose
validator refuses), and the evening importer (`scoring.exchange.problems`).
"""

import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


def tidy(value: str) -> str:
    """`value` with each run of white space made one space, ends trimmed."""
    return " ".join(value.split())


def control_character(value: str) -> str | None:
    """The first control character in `value` (a tab or line break counts),
    or None when it has none."""
    return next((c for c in value if unicodedata.category(c) == "Cc"), None)


CONTROL_MESSAGE = _(
    "This contains a control character (such as NUL or a line break), which cannot be "
    "saved: type it again without it."
)


def validate_plain_text(value) -> None:
    """The model field's validator: no control character. Text that came
    through `tidy` has no tab or line break left; anything that did not
    (a raw save through the admin) is refused rather than stored."""
    if isinstance(value, str) and control_character(value) is not None:
        raise ValidationError(CONTROL_MESSAGE, code="control_character")


class PlainTextFormField(forms.CharField):
    """A form's text field under the rule: tidied, then checked."""

    default_validators = [validate_plain_text]

    def to_python(self, value):
        value = super().to_python(value)
        return tidy(value) if isinstance(value, str) else value


class PlainCharField(models.CharField):
    """A CharField of typed text under the rule (see the module).

    For the database and the migrations it is a plain CharField (the rule
    is Python's, like EmailField's): `deconstruct` says so, so no migration
    is needed and none names this class."""

    default_validators = [validate_plain_text]

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": PlainTextFormField, **kwargs})

    def deconstruct(self):
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs
