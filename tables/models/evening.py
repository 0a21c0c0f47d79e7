"""The evening: halls, evenings and their settings, and couples.

RULES.md part A is the reference. Domain rules live in model methods here and
in plain functions in tables/rotation/ (pure) and tables/services/ (the
bridge that loads rows, calls the rules and writes the result in one
transaction).
"""

import datetime
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.dates import MONTHS
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from cardnight.money import validate_amount
from cardnight.text import PlainCharField

from ..links import MAX_ADDRESS, validate_address
from ..names import couple_names
from ..rotation import present_at
from . import gate

MAX_GAMES = 60
MAX_NAME = 80
# The highest couple (and table) number: one limit for the door, the game
# screen, the table-side page, leaving and import (issue 12, point 5).
MAX_COUPLE_NUMBER = 9999
MAX_HALL_SLUG = 60
MAX_HALL_NOTE = 200
MAX_LICENCE = 60
# When an evening usually starts (a new evening's start time).
DEFAULT_START_TIME = datetime.time(19, 30)
# An evening's date is in these years, however it comes in (the forms, the
# admin, an imported file): a year 9999 typed by mistake left nothing to
# count a week on from (docs/decisions.md "Decisions").
FIRST_YEAR, LAST_YEAR = 2000, 2100


def date_in_range(value: datetime.date) -> bool:
    """Whether `value` (a date or a date and time) is in FIRST_YEAR..LAST_YEAR."""
    return FIRST_YEAR <= value.year <= LAST_YEAR


def validate_evening_date(value: datetime.date) -> None:
    """The model field's validator: the forms and the admin refuse a date
    out of range with a message."""
    if not date_in_range(value):
        raise ValidationError(
            _("Choose a date in the years %(first)s to %(last)s."),
            code="date_out_of_range",
            params={"first": FIRST_YEAR, "last": LAST_YEAR},
        )


def new_generation() -> str:
    """A fresh database generation stamp (48 random bits, 12 hex digits)."""
    return secrets.token_hex(6)


def new_token() -> str:
    """An unguessable token for a table's result-entry link or an evening's
    self check-in link (192 bits)."""
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

    name = PlainCharField(_("name"), max_length=100, unique=True)
    # The hall's public page /h/<slug>/ and its calendar feed. Made from the
    # name when the hall is first saved; kept when the hall is renamed, so
    # links people saved keep working.
    slug = models.SlugField(
        _("short name for links"), max_length=MAX_HALL_SLUG, unique=True, blank=True
    )
    address = PlainCharField(_("street address"), max_length=200, blank=True)
    note = PlainCharField(_("note for players"), max_length=MAX_HALL_NOTE, blank=True)
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
    # Couples register themselves on their phone while they wait in line
    # (tables/services/checkin.py); a volunteer confirms each at the door.
    self_checkin = models.BooleanField(_("self check-in at the door"), default=False)
    # The hall's books (scoring/books): its financial year starts on the
    # first day of this month; the licence is printed on the 50/50 line of
    # the results sheet and on the books' statement.
    books_year_start = models.PositiveSmallIntegerField(
        _("first month of the financial year"),
        choices=list(MONTHS.items()),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(12)],
    )
    lottery_licence = PlainCharField(
        _("lottery licence number"), max_length=MAX_LICENCE, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("hall")
        verbose_name_plural = _("halls")

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs) -> None:
        if not self.slug:
            self.slug = unique_hall_slug(self.name, exclude=self.pk)
        super().save(*args, **kwargs)

    def touch_evenings(self, calendar: bool = False) -> None:
        """The hall's name and privacy show on every evening's scoreboard:
        mark them all changed (`calendar`: its name or address changed, which
        the calendar feed shows too)."""
        with self.evenings.all().changing() as evenings:
            for evening in evenings:
                evening.change(calendar=calendar)


def unique_hall_slug(name: str, exclude: int | None = None) -> str:
    """A hall's short name for links, from its name, not used by another hall:
    "St. Joseph's Parish Hall" -> "st-josephs-parish-hall" (then "-2", "-3"...)."""
    base = slugify(name)[: MAX_HALL_SLUG - 4].strip("-") or "hall"
    taken = set(
        Hall.objects.filter(slug__startswith=base)
        .exclude(pk=exclude)
        .values_list("slug", flat=True)
    )
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


class EveningQuerySet(models.QuerySet):
    def published(self):
        return self.filter(published=True)

    def for_hall(self, hall):
        return self.filter(hall=hall)

    def upcoming(self, today=None):
        """Evenings from `today` on (the site's date), and one still being
        played past midnight, that are not finished."""
        today = today or timezone.localdate()
        return self.filter(
            models.Q(date__gte=today) | models.Q(status=Evening.Status.RUNNING)
        ).exclude(status=Evening.Status.FINISHED)

    def changing(self):
        """The write gate over these evenings (tables/models/gate.py): locked,
        reloaded and yielded as a list; each one's version bumped once on a
        clean exit."""
        return gate.changing(self)


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
    name = PlainCharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name for links"), max_length=60, unique=True)
    date = models.DateField(_("date"), validators=[validate_evening_date])
    start_time = models.TimeField(
        _("start time"), null=True, blank=True, default=DEFAULT_START_TIME
    )
    cancelled = models.BooleanField(_("cancelled"), default=False)
    games = models.PositiveSmallIntegerField(
        _("games in the evening"),
        default=25,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_GAMES)],
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.SETUP)
    current_game = models.PositiveSmallIntegerField(default=0)  # 0: not started
    published = models.BooleanField(_("shown on the public scoreboard"), default=False)
    # Bumped by every change to the evening: the ETag of the volunteers' live
    # pages and the table side (tables/models/gate.py).
    version = models.PositiveIntegerField(default=1)
    # Bumped with `version` by every change the public pages show (the
    # scoreboard, the TV, a couple's card): not by a phone's report waiting
    # for the other couple, a receipt or a self check-in entry, which no
    # public page shows (gate.PRIVATE_MODELS). The public board's ETag and
    # cache keys: a result is one new board, not two.
    board_version = models.PositiveIntegerField(default=1, editable=False)
    # The database generation: `restore` gives every evening a new one, so a
    # version number reached again after a restore never matches an ETag or a
    # cache key from before it (kept on the row: the poll's one query reads it).
    generation = models.CharField(max_length=16, default=new_generation, editable=False)
    # The calendar feed (/h/<hall>/evenings.ics): iCalendar's SEQUENCE and
    # LAST-MODIFIED, moved on by the write gate (`change(calendar=True)`) when what a
    # calendar shows changes (CALENDAR_FIELDS).
    calendar_sequence = models.PositiveIntegerField(default=0, editable=False)
    calendar_updated_at = models.DateTimeField(default=timezone.now, editable=False)
    # The self check-in page's link (/c/<token>/, the QR code at the door):
    # unguessable, so the page is reached only from the door.
    checkin_token = models.CharField(max_length=43, unique=True, default=new_token, editable=False)
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
    fifty_fifty_winner = PlainCharField(_("50/50 winner"), max_length=MAX_NAME, blank=True)
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

    # What the hall's calendar feed shows of an evening: a change to any of
    # them bumps its calendar SEQUENCE (`change(calendar=True)` in the write gate).
    CALENDAR_FIELDS = frozenset(
        {"name", "date", "start_time", "hall", "cancelled", "entry_fee", "cookie_jar", "jar_buy_in"}
    )

    # What the hall's next evening takes from this one (its settings, not its
    # date, hall, state or what happened tonight): the New evening proposal
    # and the hall's named templates (tables.services.proposal).
    PROPOSED_SETTINGS = (
        "name", "start_time", "games", "entry_fee",
        "prize_places", "ranking", "bye_counts_as_win", "booby_prize", "booby_early_leavers",
        "cookie_jar", "jar_buy_in", "jar_draw_size", "jar_draw_mode",
        "fifty_fifty", "travelling_prize", "half_time_leader", "half_time_game",
        "renege", "nontrump_lead", "hearts_on_hearts", "jokers", "game_target",
        "auction_min_bid", "published",
    )  # fmt: skip

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
    def is_last_game(self) -> bool:
        """The game under way (or just played) is the evening's last: no
        game follows it."""
        return self.current_game >= self.games

    @property
    def finishing_reveals_jar(self) -> str:
        """What finishing does to the cookie jar: "reveal" (a sealed draw),
        "settle" (numbers already shown) or "" (no jar, or hat numbers not
        typed yet). docs/decisions.md "Decisions": finishing settles the jar."""
        if not self.cookie_jar or not self.jar_numbers:
            return ""
        sealed = self.jar_draw_mode == self.JarDraw.SEALED and not self.jar_revealed
        return "reveal" if sealed else "settle"

    @classmethod
    @contextmanager
    def changing(cls, evening: "Evening | int") -> Iterator["Evening"]:
        """THE write gate of one evening (tables/models/gate.py): yields it
        locked and reloaded; on a clean exit its version is bumped once, with
        the fields given to `change`. Raises Evening.DoesNotExist when it is gone."""
        pk = evening if isinstance(evening, int) else evening.pk
        outer = gate.open_gates().get(pk)
        if outer is not None:  # a service called inside another's gate
            yield outer
            return
        with gate.changing(cls.objects.filter(pk=pk)) as evenings:
            if not evenings:
                raise cls.DoesNotExist(f"Evening {pk} is gone")
            yield evenings[0]

    def change(self, calendar: bool = False, **fields) -> None:
        """Inside this evening's gate: set `fields`, saved with the version
        bump (`calendar`: the calendar feed shows this change too)."""
        gate.change(self, calendar=calendar, **fields)


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
    player1 = PlainCharField(_("first player"), max_length=MAX_NAME)
    player2 = PlainCharField(_("second player"), max_length=MAX_NAME)
    paid = models.BooleanField(_("paid"), default=False)
    jar_buy_in = models.BooleanField(_("in the cookie jar"), default=False)
    joined_game = models.PositiveSmallIntegerField(default=1)
    left_after_game = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The hall's register records the two names matched (tables/models/players.py);
    # the names as typed above stay the night's record.
    person1 = models.ForeignKey(
        "tables.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    person2 = models.ForeignKey(
        "tables.Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

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
        return f"{self.number}. {couple_names(self.player1, self.player2)}"

    @property
    def names(self) -> str:
        return couple_names(self.player1, self.player2)

    def is_present_at(self, game_number: int) -> bool:
        return present_at(self.joined_game, self.left_after_game, game_number)
