"""Self check-in: a couple's entry typed on its own phone while it waits in
line, until a volunteer confirms it at the door (tables/services/checkin.py)."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cardnight.text import PlainCharField

from ..names import couple_names
from .evening import MAX_NAME, Couple, Evening


class CheckinEntry(models.Model):
    """Two names as typed on a phone. `device` is the phone (a hash of a
    random id in its session cookie): a phone sees and withdraws only its
    own entries. A volunteer's confirmation sets `confirmed_at` and
    `couple` (which goes back to None if that couple is removed later)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="checkin_entries")
    player1 = PlainCharField(_("first player"), max_length=MAX_NAME)
    player2 = PlainCharField(_("second player"), max_length=MAX_NAME)
    device = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    couple = models.ForeignKey(
        Couple, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["evening", "device"], name="checkin_by_device")]
        verbose_name = _("self check-in entry")
        verbose_name_plural = _("self check-in entries")

    def __str__(self) -> str:
        return couple_names(self.player1, self.player2)

    @property
    def is_waiting(self) -> bool:
        return self.confirmed_at is None

    @property
    def names(self) -> str:
        return couple_names(self.player1, self.player2)
