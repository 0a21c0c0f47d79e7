"""A hall's evening templates: its named ways of running an evening."""

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext_lazy as _

from .evening import Hall


class EveningTemplate(models.Model):
    """A hall's named way of running an evening ("Friday 45s", "Christmas
    45s"): an evening's settings (`Evening.PROPOSED_SETTINGS`) and what other
    apps keep for it (`parts`, by part key: scoring's prizes, see
    tables.evening_parts), as data. "Start from template" on New evening
    proposes them; saving a template again under its name replaces it."""

    hall = models.ForeignKey(Hall, on_delete=models.CASCADE, related_name="evening_templates")
    name = models.CharField(_("template name"), max_length=100)
    settings = models.JSONField(default=dict, encoder=DjangoJSONEncoder)
    parts = models.JSONField(default=dict, encoder=DjangoJSONEncoder)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["hall", "name"]
        verbose_name = _("evening template")
        verbose_name_plural = _("evening templates")
        constraints = [
            models.UniqueConstraint(fields=["hall", "name"], name="one_template_name_per_hall")
        ]

    def __str__(self) -> str:
        return self.name
