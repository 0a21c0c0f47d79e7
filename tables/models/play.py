"""What happens at the tables: tables, games, seatings, table-side reports,
the audit log of results, punches and the receipts of resent requests."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .evening import Couple, Evening, new_token
from .loaded import loaded


class Table(models.Model):
    """A numbered table of the hall. Numbers never change during an evening."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=43, unique=True, default=new_token)
    # Set when a departure closes the table; rotation skips it from then on.
    closed_after_game = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["evening", "number"]
        constraints = [
            models.UniqueConstraint(fields=["evening", "number"], name="unique_table_per_evening")
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class Game(models.Model):
    """One game of the evening, played at every table at once."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="game_set")
    number = models.PositiveSmallIntegerField()
    bye = models.ForeignKey(
        Couple, null=True, blank=True, on_delete=models.PROTECT, related_name="byes"
    )
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["evening", "number"]
        constraints = [
            models.UniqueConstraint(fields=["evening", "number"], name="unique_game_per_evening")
        ]

    def __str__(self) -> str:
        return f"Game {self.number}"


class Seating(models.Model):
    """Two couples at one table for one game, and the table's result.

    The seating is a fact once the game starts; only `winner` may change."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seatings")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="seatings")
    # couple_a stayed at the table (or was drawn first); couple_b arrived.
    couple_a = models.ForeignKey(Couple, on_delete=models.PROTECT, related_name="+")
    couple_b = models.ForeignKey(Couple, on_delete=models.PROTECT, related_name="+")
    # None: the two couples cut for deal (game 1, or two couples new to the table).
    deals_first = models.ForeignKey(
        Couple, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    winner = models.ForeignKey(
        Couple, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    recorded_at = models.DateTimeField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The result stands as the two couples' phones reported and confirmed it,
    # no volunteer involved: the game screen marks it for a spot-check
    # (docs/decisions.md, "A table link is a bearer link").
    by_phones = models.BooleanField(default=False)

    class Meta:
        ordering = ["game", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "table"], name="unique_table_per_game"),
            models.CheckConstraint(
                condition=~models.Q(couple_a=models.F("couple_b")),
                name="seating_two_different_couples",
            ),
        ]

    def __str__(self) -> str:
        """ "Game 3 Table 2" when the game and table were read with it, else
        "Seating 412": never a query (the admin lists many)."""
        game, table = loaded(self, "game"), loaded(self, "table")
        if game is None or table is None:
            return f"Seating {self.pk}"
        return f"{game} {table}"

    def opponent_of(self, couple_id: int) -> int:
        return self.couple_b_id if couple_id == self.couple_a_id else self.couple_a_id

    def share_couples(self, reports: Iterable[TableReport] = ()) -> Seating:
        """Its first dealer and winner, and the reporter and claimed winner of
        each of `reports`, taken from the two couples read with it (its
        `couple_a` and `couple_b`, loaded): a read of a table joins the
        couples' rows twice, not four or eight times. Each is one of the
        table's two couples (the services see to it); one that somehow were
        not is left to be read when asked for."""
        couples = {c.pk: c for c in (self.couple_a, self.couple_b)}
        rows: list[tuple[models.Model, tuple[str, str]]] = [(self, ("deals_first", "winner"))]
        rows += [(report, ("reporter", "claimed_winner")) for report in reports]
        for row, names in rows:
            for name in names:
                couple = couples.get(getattr(row, f"{name}_id"))
                if couple is not None:
                    row._meta.get_field(name).set_cached_value(row, couple)  # type: ignore[union-attr]
        return self


class TableReport(models.Model):
    """A result reported from the table's own link by one of its couples."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the other couple")
        CONFIRMED = "confirmed", _("Confirmed")
        CONFLICT = "conflict", _("The couples disagree")
        SETTLED = "settled", _("Settled by a volunteer")

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="+")
    claimed_winner = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    # The browser that sent it (a hash of a random id kept in its session):
    # one phone cannot report for one couple and confirm for the other.
    device = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seating", "created_at"]
        constraints = [
            # One report per couple per table and game: a double submit is a no-op.
            models.UniqueConstraint(fields=["seating", "reporter"], name="one_report_per_couple")
        ]

    def __str__(self) -> str:
        return f"report by couple #{self.reporter_id} ({self.status})"


class LateReport(models.Model):
    """A report from the table's link for a game that was over when it came
    (a phone that was offline while a volunteer recorded the table and the
    next game started), claiming the other couple than the one recorded.

    Kept for the volunteers (the game screen, the evening's warnings) while
    OPEN; an organizer corrects the result to it in one tap (CORRECTED) or
    keeps the recorded one (DISMISSED). The phone that sent it keeps saying
    so until the person there taps "Got it" (`read_at_table`). A late report
    that agrees with the recorded result is not kept: nothing to check."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for an organizer")
        CORRECTED = "corrected", _("The result was corrected")
        DISMISSED = "dismissed", _("The recorded result stands")

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="late_reports")
    reporter = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="+")
    claimed_winner = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    device = models.CharField(max_length=64, blank=True, default="")  # as TableReport.device
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    read_at_table = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            # One per couple per table and game: sent again, it is the same report.
            models.UniqueConstraint(
                fields=["seating", "reporter"], name="one_late_report_per_couple"
            )
        ]
        indexes = [
            # The game screen asks for the evening's open ones on every visit:
            # with this index they are read from the few open reports, not
            # by walking every table of every game the evening has played.
            models.Index(
                fields=["status"], condition=models.Q(status="open"), name="open_late_reports"
            )
        ]

    def __str__(self) -> str:
        return f"late report by couple #{self.reporter_id} ({self.status})"

    def summary(self) -> str:
        """The volunteers' warning, in words (the game screen, the evening's
        warnings): with seating (table, game, winner) and claimed_winner loaded."""
        seating = self.seating
        return gettext(
            "Table %(table)s reported couple %(c)s for game %(game)s after it closed; "
            "it was recorded as couple %(w)s."
        ) % {
            "table": seating.table.number,
            "c": self.claimed_winner.number,
            "game": seating.game.number,
            "w": seating.winner.number,
        }

    @property
    def agrees(self) -> bool:
        """It names the winner the table has now (nothing to check)."""
        return self.claimed_winner_id == self.seating.winner_id

    @property
    def recorded_winner(self) -> Couple:
        """The couple recorded when it came: the other couple of the table."""
        seating = self.seating
        return (
            seating.couple_b if self.claimed_winner_id == seating.couple_a_id else seating.couple_a
        )


class ResultChange(models.Model):
    """The audit log: every result recorded or changed, by whom and why."""

    class Kind(models.TextChoices):
        RECORDED = "recorded", _("Recorded")
        CHANGED = "changed", _("Changed before the next game")
        CORRECTED = "corrected", _("Corrected after the game")
        TABLE = "table", _("Reported and confirmed at the table")
        SETTLED = "settled", _("Disagreement settled by a volunteer")

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=10, choices=Kind)
    old_winner = models.ForeignKey(
        Couple, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    new_winner = models.ForeignKey(Couple, on_delete=models.PROTECT, related_name="+")
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-changed_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.changed_at:%H:%M}"


class Punch(models.Model):
    """Game `game_number` punched out on a couple's card (A3).

    The tally is the source of truth for standings: results, byes (when they
    count) and paper punch cards imported after the evening all write here."""

    class Source(models.TextChoices):
        TABLE = "table", _("Won at a table")
        BYE = "bye", _("Bye")
        PAPER = "paper", _("From the paper card")

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="punches")
    couple = models.ForeignKey(Couple, on_delete=models.CASCADE, related_name="punches")
    game_number = models.PositiveSmallIntegerField()
    source = models.CharField(max_length=10, choices=Source, default=Source.TABLE)

    class Meta:
        ordering = ["couple", "game_number"]
        constraints = [
            models.UniqueConstraint(fields=["couple", "game_number"], name="one_punch_per_game")
        ]
        indexes = [
            # Standings count punches per evening on every scoreboard poll.
            models.Index(fields=["evening", "couple"], name="punch_evening_couple"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_number} ({self.source})"


class Receipt(models.Model):
    """A request sent with an id made on the phone (the offline outbox,
    static/js/live/outbox.js): kept so that the same request sent again has no second
    effect and gets the same answer. See tables/services/receipts.py."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="receipts")
    key = models.CharField(max_length=64)
    request = models.CharField(max_length=100)  # what was asked, e.g. "report t3 g2 c5 w5"
    answer = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["evening", "key"], name="one_receipt_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.request} ({self.key})"
