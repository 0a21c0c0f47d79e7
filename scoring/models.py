"""Prizes and tie-breaks (RULES.md A4 to A7).

Places, standings, the cookie jar and the money summary are computed from the
punches (tables.Punch) by plain functions in scoring/; the rows here keep what
the organizer decided and every step of a tie-break, so that the results sheet
can say how each tie was settled.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from cardnight.money import validate_amount, validate_percent
from cardnight.text import PlainCharField
from tables.models import Couple, Evening


class Target(models.TextChoices):
    """What a prize or a tie-break is for."""

    PLACE = "place", _("Prize place")
    BOOBY = "booby", _("Booby prize")
    JAR = "jar", _("Cookie jar")
    HALF_TIME = "halftime", _("Half-time leader")
    TRAVELLING = "travelling", _("Travelling prize")


class Prize(models.Model):
    """The prize for one place (or the booby / half-time / travelling prize)."""

    class Kind(models.TextChoices):
        CASH = "cash", _("Cash amount")
        SHARE = "share", _("Share of the evening's takings")
        ITEM = "item", _("Named item")

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="prizes")
    target = models.CharField(max_length=12, choices=Target, default=Target.PLACE)
    # The place number for Target.PLACE; 0 for the other targets.
    place = models.PositiveSmallIntegerField(default=0)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind, default=Kind.CASH)
    amount = models.DecimalField(
        _("amount"),
        max_digits=8,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[validate_amount],
    )
    share_percent = models.DecimalField(
        _("share of takings (%)"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[validate_percent],
    )
    item = PlainCharField(_("item"), max_length=100, blank=True)

    class Meta:
        ordering = ["evening", "target", "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "target", "place"],
                name="one_prize_per_place",
            )
        ]

    def __str__(self) -> str:
        if self.kind == self.Kind.ITEM:
            return self.item
        if self.kind == self.Kind.SHARE:
            return f"{self.share_percent}%"
        return f"${self.amount}"

    @property
    def can_split(self) -> bool:
        """Cash can be split; an item cannot (A4)."""
        return self.kind != self.Kind.ITEM


# The extra prizes and the evening setting that turns each on.
EXTRA_PRIZES = (
    (Target.BOOBY, "booby_prize"),
    (Target.HALF_TIME, "half_time_leader"),
    (Target.TRAVELLING, "travelling_prize"),
)


def prizes_on(evening: Evening) -> list[tuple[str, int]]:
    """THE prizes an evening uses, as (target, place): places 1 to its prize
    places, then the booby, half-time and travelling prizes that are on."""
    slots = [(Target.PLACE, n) for n in range(1, evening.prize_places + 1)]
    slots += [(target, 0) for target, setting in EXTRA_PRIZES if getattr(evening, setting)]
    return slots


def prize_label(target: str, place: int) -> str:
    """A prize as people name it: "Place 2", "Booby prize"."""
    if target == Target.PLACE:
        return str(_("Place %(n)s") % {"n": place})
    return str(Target(target).label)


class TieBreak(models.Model):
    """A tied place (or booby prize, or jar) and how it was settled (A5)."""

    class Method(models.TextChoices):
        SPLIT = "split", _("Split the prize")
        CUT = "cut", _("Cut the deck, low card wins")
        PLAYOFF = "playoff", _("Play-off")

    class Status(models.TextChoices):
        CHOOSING = "choosing", _("Couples are choosing")
        CUTTING = "cutting", _("Cutting the deck")
        PLAYING = "playing", _("Playing off")
        SETTLED = "settled", _("Settled")

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="tiebreaks")
    target = models.CharField(max_length=12, choices=Target, default=Target.PLACE)
    place = models.PositiveSmallIntegerField(default=0)  # 0 unless Target.PLACE
    wins = models.PositiveSmallIntegerField()  # the tied game count
    method = models.CharField(max_length=10, choices=Method, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.CHOOSING)
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["evening", "target", "place"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "target", "place"],
                name="one_tiebreak_per_place",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_target_display()} {self.place or ''} ({self.wins} games)".strip()


class TieBreakEntry(models.Model):
    """One couple in a tie: its choice and its outcome."""

    class Choice(models.TextChoices):
        SPLIT = "split", _("Split")
        CUT = "cut", _("Cut")
        PLAYOFF = "playoff", _("Play off")
        REFUSE = "refuse", _("Will not play off")

    tiebreak = models.ForeignKey(TieBreak, on_delete=models.CASCADE, related_name="entries")
    couple = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="+")
    choice = models.CharField(max_length=10, choices=Choice, blank=True)
    forfeited = models.BooleanField(default=False)
    # 1 for the winner; with standard ranking, 2, 3 … for the places below.
    outcome_rank = models.PositiveSmallIntegerField(null=True, blank=True)
    share = models.DecimalField(
        max_digits=8, decimal_places=2, null=True, blank=True, validators=[validate_amount]
    )

    class Meta:
        ordering = ["tiebreak", "couple__number"]
        constraints = [
            models.UniqueConstraint(fields=["tiebreak", "couple"], name="one_entry_per_couple")
        ]

    def __str__(self) -> str:
        return f"entry {self.couple_id} in tie-break {self.tiebreak_id}"


class CutCard(models.Model):
    """One card cut by one couple in one round of a cut (ties cut again)."""

    tiebreak = models.ForeignKey(TieBreak, on_delete=models.CASCADE, related_name="cuts")
    round = models.PositiveSmallIntegerField()
    couple = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="+")
    card = models.CharField(max_length=3)
    dealt_by_app = models.BooleanField(default=False)

    class Meta:
        ordering = ["tiebreak", "round", "couple__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tiebreak", "round", "couple"], name="one_cut_per_couple_per_round"
            )
        ]

    def __str__(self) -> str:
        return f"round {self.round}: {self.card}"


class PlayoffGame(models.Model):
    """One game of a play-off; couple_b is None when couple_a advances alone."""

    tiebreak = models.ForeignKey(TieBreak, on_delete=models.CASCADE, related_name="playoff_games")
    round = models.PositiveSmallIntegerField()
    couple_a = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="+")
    couple_b = models.ForeignKey(
        Couple, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    winner = models.ForeignKey(
        Couple, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    recorded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tiebreak", "round", "id"]

    def __str__(self) -> str:
        return f"play-off round {self.round}"


class JarOutcome(models.Model):
    """The cookie jar of one evening once settled (RULES.md A7): what was in
    it, who won it, and what carries over to the hall's next evening.

    Written by scoring.services.jar.reveal() at the end of the evening (again if
    results are corrected afterwards); the next cookie-jar evening of the same
    hall starts from `carried_over`."""

    evening = models.OneToOneField(Evening, on_delete=models.CASCADE, related_name="jar_outcome")
    buy_ins = models.DecimalField(max_digits=9, decimal_places=2)
    carried_in = models.DecimalField(max_digits=9, decimal_places=2)
    pot = models.DecimalField(max_digits=9, decimal_places=2)
    # Couple numbers of the winners, ascending; empty when nobody won.
    winners = models.JSONField(default=list, blank=True)
    carried_over = models.DecimalField(max_digits=9, decimal_places=2)
    settled_at = models.DateTimeField(auto_now=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("cookie jar outcome")

    def __str__(self) -> str:
        return f"jar of evening #{self.evening_id}: {self.pot}"


class EveningCheck(models.Model):
    """An evening found consistent (scoring/exchange/integrity.py: its rows
    and an export read back by the importer) at this `version`. Every change
    to an evening moves its version on (the write gate), so while the
    version is the same the evening is the one checked: `check_evenings`,
    which a restore runs on the copy it would put in place, passes over it
    instead of checking it again (issue 47: a restore's check cost 18 times
    the backup's CPU at a year of evenings). Kept in the database, so a
    backup holds the checks of its own evenings.

    The evening's id is a plain number, not a foreign key: a check is not
    the evening's data (no page shows it, writing it moves no version on),
    and one left by a deleted evening is dropped by the next check (ids are
    never given again)."""

    evening_id = models.PositiveIntegerField(primary_key=True)
    version = models.PositiveIntegerField()
    checked_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("evening check")

    def __str__(self) -> str:
        return f"evening #{self.evening_id} checked at version {self.version}"
