"""The evening: halls, evenings and their settings, couples, tables, games,
seatings, table-side reports, the audit log of results, and punches.

RULES.md part A is the reference. Domain rules live in model methods here and
in plain functions in tables/rotation/ (pure) and tables/services/ (the
bridge that loads rows, calls the rules and writes the result in one
transaction).
"""

import secrets
from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cardnight.money import validate_amount

from .links import MAX_ADDRESS, validate_address

MAX_GAMES = 60
MAX_NAME = 80
# The highest couple (and table) number: one limit for the door, the game
# screen, the table-side page, leaving and import (issue 12, point 5).
MAX_COUPLE_NUMBER = 9999


def new_generation() -> str:
    """A fresh database generation stamp (48 random bits, 12 hex digits)."""
    return secrets.token_hex(6)


def new_token() -> str:
    """An unguessable token for a table's result-entry link (192 bits)."""
    return secrets.token_urlsafe(24)


class Hall(models.Model):
    """A named series of evenings: the cookie jar and season totals carry over
    within a hall."""

    class PaperSize(models.TextChoices):
        LETTER = "letter", _("Letter (8½ × 11 in)")
        A4 = "a4", _("A4 (210 × 297 mm)")

    class Privacy(models.TextChoices):
        FULL = "full", _("Full names")
        FIRST = "first", _("First names only")
        NUMBERS = "numbers", _("Couple numbers only")

    name = models.CharField(_("name"), max_length=100, unique=True)
    paper_size = models.CharField(
        _("paper size"), max_length=10, choices=PaperSize, default=PaperSize.LETTER
    )
    privacy = models.CharField(
        _("names on the public scoreboard"),
        max_length=10,
        choices=Privacy,
        default=Privacy.FULL,
    )
    # Blank: the site's address (tables.links.site_address).
    phone_address = models.CharField(
        _("address phones use"),
        max_length=MAX_ADDRESS,
        blank=True,
        validators=[validate_address],
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("hall")
        verbose_name_plural = _("halls")

    def __str__(self) -> str:
        return self.name

    def touch_evenings(self) -> None:
        """The hall's name and privacy show on every evening's scoreboard:
        mark them all changed."""
        self.evenings.bump_version()


class EveningQuerySet(models.QuerySet):
    def published(self):
        return self.filter(published=True)

    def for_hall(self, hall):
        return self.filter(hall=hall)

    def bump_version(self, **fields) -> int:
        """THE version bump (issue 11): mark these evenings changed (the
        scoreboard's freshness check, its ETag and cache keys) and save
        `fields` in the same UPDATE. Every write path goes through it, through
        `Evening.bump_version()` for one evening: the services, the organizer
        pages, scoring's writes and the admin (`tables.admin.EveningOwnedAdmin`).
        Call inside the transaction that makes the change."""
        return self.update(version=F("version") + 1, **fields)


class Evening(models.Model):
    """One evening of card games, with every setting RULES.md names."""

    class Status(models.TextChoices):
        SETUP = "setup", _("Registering couples")
        RUNNING = "running", _("Playing")
        FINISHED = "finished", _("Finished")

    class Ranking(models.TextChoices):
        DISTINCT = "distinct", _("By distinct game counts (Cape Breton)")
        STANDARD = "standard", _("Standard ranking (1-1-3)")

    class JarDraw(models.TextChoices):
        ANNOUNCED = "announced", _("Drawn and announced before game 1")
        SEALED = "sealed", _("Drawn before game 1, sealed until the end")
        HAT = "hat", _("Drawn from a hat and typed in")

    class Renege(models.TextChoices):
        CAPE_BRETON = "cape_breton", _("5, jack and ace of hearts may be reneged")
        FIVE_ONLY = "five_only", _("Only the 5 may be reneged")

    class NonTrumpLead(models.TextChoices):
        FOLLOW_OR_TRUMP = "follow_or_trump", _("Follow suit or trump")
        ANY = "any", _("Any card")

    class Jokers(models.TextChoices):
        NONE = "none", _("No joker")
        AFTER_JACK = "after_jack", _("Joker ranks after the jack of trumps")
        AFTER_ACE_OF_HEARTS = "after_ace_of_hearts", _("Joker ranks after the ace of hearts")

    class GameTarget(models.IntegerChoices):
        FORTY_FIVE = 45, _("45 (with the best-trump bonus)")
        TWENTY_FIVE = 25, _("25 (no bonus)")
        AUCTION = 120, _("120 (auction)")

    class MinBid(models.IntegerChoices):
        TWENTY = 20, _("20")
        FIFTEEN = 15, _("15 (old circles)")

    hall = models.ForeignKey(Hall, on_delete=models.PROTECT, related_name="evenings")
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name for links"), max_length=60, unique=True)
    date = models.DateField(_("date"))
    games = models.PositiveSmallIntegerField(
        _("games in the evening"),
        default=25,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_GAMES)],
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.SETUP)
    current_game = models.PositiveSmallIntegerField(default=0)  # 0: not started
    published = models.BooleanField(_("shown on the public scoreboard"), default=False)
    # Bumped by every change to the evening: the scoreboard's ETag.
    version = models.PositiveIntegerField(default=1)
    # The database generation: `restore` gives every evening a new one, so a
    # version number reached again after a restore never matches an ETag or a
    # cache key from before it (kept on the row: the poll's one query reads it).
    generation = models.CharField(max_length=16, default=new_generation, editable=False)
    # Couple numbers are never reused in an evening, even after a removal.
    last_couple_number = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    # Places and prizes (A4, A6)
    prize_places = models.PositiveSmallIntegerField(
        _("prize places"), default=3, validators=[MinValueValidator(1), MaxValueValidator(10)]
    )
    ranking = models.CharField(
        _("how places are ranked"), max_length=10, choices=Ranking, default=Ranking.DISTINCT
    )
    bye_counts_as_win = models.BooleanField(_("a bye counts as a win"), default=True)
    entry_fee = models.DecimalField(
        _("entry fee per couple"),
        max_digits=8,
        decimal_places=2,
        default=Decimal("0"),
        validators=[validate_amount],
    )
    booby_prize = models.BooleanField(_("booby prize"), default=False)
    booby_early_leavers = models.BooleanField(
        _("a couple that left early may take the booby prize"), default=False
    )

    # Cookie jar (A7)
    cookie_jar = models.BooleanField(_("cookie jar"), default=False)
    jar_buy_in = models.DecimalField(
        _("cookie jar buy-in"),
        max_digits=8,
        decimal_places=2,
        default=Decimal("0"),
        validators=[validate_amount],
    )
    jar_draw_size = models.PositiveSmallIntegerField(
        _("cookie jar games drawn"),
        default=8,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_GAMES)],
    )
    jar_draw_mode = models.CharField(
        _("cookie jar draw"), max_length=10, choices=JarDraw, default=JarDraw.ANNOUNCED
    )
    jar_numbers = models.JSONField(default=list, blank=True)
    jar_salt = models.CharField(max_length=64, blank=True)
    jar_fingerprint = models.CharField(max_length=64, blank=True)
    jar_revealed = models.BooleanField(default=False)

    # Other things halls run the same night (A8)
    fifty_fifty = models.BooleanField(_("50/50 draw"), default=False)
    fifty_fifty_takings = models.DecimalField(
        _("50/50 takings"),
        max_digits=8,
        decimal_places=2,
        default=Decimal("0"),
        validators=[validate_amount],
    )
    fifty_fifty_ticket = models.CharField(_("50/50 winning ticket"), max_length=20, blank=True)
    fifty_fifty_winner = models.CharField(_("50/50 winner"), max_length=MAX_NAME, blank=True)
    travelling_prize = models.BooleanField(_("travelling prize"), default=False)
    travelling_start = models.PositiveSmallIntegerField(null=True, blank=True)
    half_time_leader = models.BooleanField(_("half-time leader prize"), default=False)
    half_time_game = models.PositiveSmallIntegerField(
        _("half time is after game"),
        default=12,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_GAMES)],
    )

    # When each printout was last made (the evening's checklist reads them)
    cue_cards_printed_at = models.DateTimeField(null=True, blank=True)
    table_cards_printed_at = models.DateTimeField(null=True, blank=True)
    results_printed_at = models.DateTimeField(null=True, blank=True)

    # House rules for the dispute engine (B3, B4)
    renege = models.CharField(
        _("renege rule"), max_length=20, choices=Renege, default=Renege.CAPE_BRETON
    )
    nontrump_lead = models.CharField(
        _("when a plain suit is led"),
        max_length=20,
        choices=NonTrumpLead,
        default=NonTrumpLead.FOLLOW_OR_TRUMP,
    )
    hearts_on_hearts = models.BooleanField(_("hearts on hearts"), default=False)
    jokers = models.CharField(_("joker"), max_length=20, choices=Jokers, default=Jokers.NONE)
    game_target = models.PositiveSmallIntegerField(
        _("a game is played to"), choices=GameTarget, default=GameTarget.FORTY_FIVE
    )
    auction_min_bid = models.PositiveSmallIntegerField(
        _("lowest auction bid"), choices=MinBid, default=MinBid.TWENTY
    )

    objects = EveningQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("evening")
        verbose_name_plural = _("evenings")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def get_absolute_url(self) -> str:
        return reverse("evening-detail", args=[self.slug])

    @property
    def is_setup(self) -> bool:
        return self.status == self.Status.SETUP

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def finishing_reveals_jar(self) -> str:
        """What finishing does to the cookie jar: "reveal" (a sealed draw),
        "settle" (numbers already shown) or "" (no jar, or hat numbers not
        typed yet). README, Decisions: finishing settles the jar."""
        if not self.cookie_jar or not self.jar_numbers:
            return ""
        sealed = self.jar_draw_mode == self.JarDraw.SEALED and not self.jar_revealed
        return "reveal" if sealed else "settle"

    def locked(self) -> "Evening":
        """This evening reloaded under a row lock: every write of an evening
        that must not race queues here (a no-op on SQLite, whose IMMEDIATE
        transactions already serialize writers). Call inside a transaction."""
        return Evening.objects.select_for_update().get(pk=self.pk)

    def bump_version(self, **fields) -> None:
        """Mark the evening as changed and save `fields` with it, in one
        UPDATE (see `EveningQuerySet.bump_version`, the one version bump);
        `fields` are also set on this object. The in-memory `version` is not
        refreshed: reload the evening to read it."""
        Evening.objects.filter(pk=self.pk).bump_version(**fields)
        for name, value in fields.items():
            setattr(self, name, value)


class CoupleQuerySet(models.QuerySet):
    def present_at(self, game_number: int):
        """Couples that play (or sit out) game `game_number`."""
        return self.filter(joined_game__lte=game_number).exclude(left_after_game__lt=game_number)


class Couple(models.Model):
    """A pair of players who play together all night (A1)."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="couples")
    number = models.PositiveSmallIntegerField(
        _("couple number"),
        validators=[MinValueValidator(1), MaxValueValidator(MAX_COUPLE_NUMBER)],
    )
    player1 = models.CharField(_("first player"), max_length=MAX_NAME)
    player2 = models.CharField(_("second player"), max_length=MAX_NAME)
    paid = models.BooleanField(_("paid"), default=False)
    jar_buy_in = models.BooleanField(_("in the cookie jar"), default=False)
    joined_game = models.PositiveSmallIntegerField(default=1)
    left_after_game = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = CoupleQuerySet.as_manager()

    class Meta:
        ordering = ["evening", "number"]
        verbose_name = _("couple")
        verbose_name_plural = _("couples")
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "number"], name="unique_couple_number_per_evening"
            )
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.player1} & {self.player2}"

    @property
    def names(self) -> str:
        return f"{self.player1} & {self.player2}"

    def is_present_at(self, game_number: int) -> bool:
        return self.joined_game <= game_number and (
            self.left_after_game is None or self.left_after_game >= game_number
        )


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
        return f"{self.game} {self.table}"

    def opponent_of(self, couple_id: int) -> int:
        return self.couple_b_id if couple_id == self.couple_a_id else self.couple_a_id


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
    static/js/live.js): kept so that the same request sent again has no second
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
