"""A related object only when it is already loaded: for `__str__` methods
that must never cost a query."""

from django.db import models


def loaded(instance: models.Model, name: str):
    """`instance.<name>` (a foreign key) when it was read with the instance
    (select_related, or set), else None: never a query."""
    field = instance._meta.get_field(name)
    return field.get_cached_value(instance) if field.is_cached(instance) else None
