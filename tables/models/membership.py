"""Who may do what in which hall (issue 15): a membership is one user's role
in one hall. The rule that reads it lives in tables/access.py."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .evening import Hall
from .loaded import loaded


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("Organizer")
        VOLUNTEER = "volunteer", _("Volunteer")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    hall = models.ForeignKey(Hall, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hall__name", "role", "user__username"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["user", "hall"], name="one_role_per_hall"),
        ]

    def __str__(self) -> str:
        """The user, the hall and the role, naming the user and the hall only
        when they were read with it: never a query (the admin lists many)."""
        user, hall = loaded(self, "user"), loaded(self, "hall")
        who = str(user) if user is not None else f"user {self.user_id}"
        where = str(hall) if hall is not None else f"hall {self.hall_id}"
        return f"{who} · {where} · {self.get_role_display()}"


class OneTimePassword(models.Model):
    """An account whose password was made by CardNight and shown once (a new
    volunteer's, the first organizer's): its owner chooses their own at the
    first sign-in (issue 47). The row goes when they do."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="one_time_password"
    )
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("one-time password")
        verbose_name_plural = _("one-time passwords")

    def __str__(self) -> str:
        return f"user {self.user_id}"
