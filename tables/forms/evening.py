"""Forms for halls, evenings and couples. Every message is plain words."""

from django import forms
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from cardnight.text import PlainTextFormField

from .. import links
from ..models import (
    FIRST_YEAR,
    LAST_YEAR,
    MAX_COUPLE_NUMBER,
    MAX_HALL_NOTE,
    MAX_NAME,
    Couple,
    Evening,
    Hall,
    Membership,
)
from .names import TwoNames

PHONE_ADDRESS_HELP = _(
    "The address phones open to reach this laptop, e.g. http://192.168.1.23:8000/: every "
    "QR code and printed link uses it. Leave it empty to use the address found when "
    "CardNight started."
)


class PhoneAddressMixin:
    def clean_phone_address(self) -> str:
        value = self.cleaned_data.get("phone_address", "")
        try:
            return links.check_address(value) if value else ""
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


class PhoneAddressForm(PhoneAddressMixin, forms.ModelForm):
    """The hall's "address phones use", changed from the print page."""

    class Meta:
        model = Hall
        fields = ["phone_address"]
        help_texts = {"phone_address": PHONE_ADDRESS_HELP}


class HallForm(PhoneAddressMixin, forms.ModelForm):
    class Meta:
        model = Hall
        fields = [
            "name",
            "address",
            "note",
            "paper_size",
            "privacy",
            "phone_address",
            "self_checkin",
            "books_year_start",
            "lottery_licence",
        ]
        widgets = {"note": forms.TextInput(attrs={"maxlength": MAX_HALL_NOTE})}
        help_texts = {
            "address": _(
                "Where the games are played, e.g. “85 Main Street, Glace Bay”: shown on "
                "the hall's public page and in its calendar."
            ),
            "note": _(
                "A short note for players on the hall's public page, e.g. “Parking "
                "behind the church. Bring a plate.”"
            ),
            "phone_address": PHONE_ADDRESS_HELP,
            "name": _(
                "The hall or series, e.g. “St. Joseph's Parish Hall”. The cookie jar "
                "and the season table carry over between its evenings."
            ),
            "paper_size": _("What the hall's printer takes."),
            "privacy": _("What players see of other couples on the public scoreboard."),
            "self_checkin": _(
                "Couples waiting in line register themselves on their phone (a QR code at "
                "the door, printed from the print page); a volunteer confirms each at the door."
            ),
            "books_year_start": _(
                "The hall's books show a financial year from the first day of this month."
            ),
            "lottery_licence": _(
                "The licence the 50/50 draw runs under, if the province gave one: printed "
                "on the 50/50 line of the results sheet and on the books' statement."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A form sent without it (a script, an older page) keeps the hall's month.
        self.fields["books_year_start"].required = False

    def clean_books_year_start(self) -> int:
        return self.cleaned_data.get("books_year_start") or self.instance.books_year_start or 1


class HallCreateForm(HallForm):
    """A site administrator's new hall, with its first organizer."""

    first_organizer = forms.CharField(
        label=_("First organizer's user name"),
        max_length=150,
        required=False,
        help_text=_(
            "Who runs this hall's evenings. A new name gets an account and a one-time "
            "password, shown once on the next page. Leave empty to be the only organizer."
        ),
    )


class MemberForm(forms.Form):
    """An organizer adds a volunteer or a co-organizer to their hall."""

    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        help_text=_(
            "A new name gets an account and a one-time password, shown once. "
            "Someone who already has an account keeps their password."
        ),
    )
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices,
                             initial=Membership.Role.VOLUNTEER)  # fmt: skip

    def clean_username(self) -> str:
        name = self.cleaned_data["username"].strip()
        UnicodeUsernameValidator()(name)
        return name


class EveningForm(forms.ModelForm):
    """Create or edit an evening; each setting explained in plain words."""

    new_hall = PlainTextFormField(
        label=_("…or a new hall"),
        max_length=100,
        required=False,
        help_text=_("Type a name here to add a hall that is not in the list."),
    )

    SECTIONS = [
        (
            _("The evening"),
            ["name", "date", "start_time", "hall", "new_hall", "games", "entry_fee", "cancelled"],
        ),
        (
            _("Places and prizes"),
            ["prize_places", "ranking", "bye_counts_as_win", "booby_prize", "booby_early_leavers"],
        ),
        (_("Cookie jar"), ["cookie_jar", "jar_buy_in", "jar_draw_size", "jar_draw_mode"]),
        (
            _("Also tonight"),
            ["fifty_fifty", "travelling_prize", "half_time_leader", "half_time_game"],
        ),
        (
            _("House rules (for settling disputes)"),
            [
                "renege",
                "nontrump_lead",
                "hearts_on_hearts",
                "jokers",
                "game_target",
                "auction_min_bid",
            ],  # fmt: skip
        ),
        (_("Scoreboard"), ["published"]),
    ]

    class Meta:
        model = Evening
        fields = [
            "name", "date", "start_time", "hall", "games", "entry_fee", "cancelled",
            "prize_places", "ranking", "bye_counts_as_win", "booby_prize", "booby_early_leavers",
            "cookie_jar", "jar_buy_in", "jar_draw_size", "jar_draw_mode",
            "fifty_fifty", "travelling_prize", "half_time_leader", "half_time_game",
            "renege", "nontrump_lead", "hearts_on_hearts", "jokers", "game_target",
            "auction_min_bid", "published",
        ]  # fmt: skip
        widgets = {
            "date": forms.DateInput(
                attrs={"type": "date", "min": f"{FIRST_YEAR}-01-01", "max": f"{LAST_YEAR}-12-31"},
                format="%Y-%m-%d",
            ),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }
        labels = {"hall": _("Hall")}  # the model field has no verbose name to translate
        help_texts = {
            "name": _("As the hall calls it, e.g. “Friday 45s”."),
            "games": _("How many games are played tonight (usually 25). Each couple's "
                       "punch card has this many numbers."),
            "entry_fee": _("What each couple pays at the door, for the money summary."),
            "start_time": _("When the first game starts, for the hall's page and calendar."),
            "cancelled": _("A cancelled evening stays on the hall's calendar as cancelled, so "
                           "players who saved it see that it is off."),
            "prize_places": _("How many places win a prize (usually 3)."),
            "ranking": _("Cape Breton way: first place is every couple with the most games, "
                         "second every couple with the next count, and so on. Standard way: "
                         "two couples tied for first take first and second between them."),
            "bye_counts_as_win": _("With an odd number of couples one sits out each game. "
                                   "Tick this to punch that game on their card."),
            "booby_prize": _("A consolation prize for the couple with the fewest games."),
            "booby_early_leavers": _("Usually not: a couple that went home before the last "
                                     "game cannot take the booby prize. Tick this to let it."),
            "cookie_jar": _("A side pot: couples buy in, and a couple that wins every one of "
                            "the drawn games wins the jar."),
            "jar_buy_in": _("What a couple pays to be in the cookie jar."),
            "jar_draw_size": _("How many game numbers are drawn for the jar (usually 8 or 10)."),
            "jar_draw_mode": _("Announced: everyone knows which games count. Sealed: drawn "
                               "before game 1 and shown only at the end, with a fingerprint "
                               "anyone can check. Hat: you draw the numbers and type them in."),
            "fifty_fifty": _("Tickets sold through the evening; half the takings go to one "
                             "drawn ticket, half to the hall."),
            "travelling_prize": _("A couple is drawn at the start; the prize travels with the "
                                  "couple that beats its holder. Whoever holds it after the "
                                  "last game wins a small gift."),
            "half_time_leader": _("A small prize for the most games at half time."),
            "half_time_game": _("Half time is after this game (usually 12 or 13)."),
            "renege": _("Which top trumps a player may hold back when trump is led."),
            "nontrump_lead": _("What a player must play when a plain suit is led."),
            "hearts_on_hearts": _("When the ace of hearts is led, every player holding a trump "
                                  "must play one (no renege); with no trump, a heart if they "
                                  "have one."),
            "jokers": _("Most halls play without a joker."),
            "game_target": _("The score that wins a game."),
            "auction_min_bid": _("At auction (a game to 120): the lowest bid, 20, or 15 as "
                                 "in some old circles."),
            "published": _("Show this evening on the public scoreboard at /e/…/. Leave it off "
                           "to keep the evening private until you are ready."),
        }  # fmt: skip

    def __init__(self, *args, halls=None, may_add_hall: bool = False, **kwargs):
        """`halls`: the halls the person organizes (the only ones offered);
        `may_add_hall`: a site administrator may type a new hall's name."""
        super().__init__(*args, **kwargs)
        self.fields["hall"].required = False
        self.fields["hall"].empty_label = _("Choose a hall")
        if halls is not None:
            self.fields["hall"].queryset = halls
            if not may_add_hall and len(halls) == 1:
                # An organizer of one hall is not asked to choose it.
                self.fields["hall"].empty_label = None
                self.fields["hall"].initial = halls[0].pk
        if not may_add_hall:
            del self.fields["new_hall"]
        # Added after the others: a form sent without it keeps the evening's value.
        self.fields["auction_min_bid"].required = False
        evening = self.instance
        if evening.pk and not evening.is_setup:
            # The cookie jar is drawn when play starts; its draw cannot change after.
            for name in ("cookie_jar", "jar_draw_size", "jar_draw_mode", "jar_buy_in"):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Fixed once play has started.")

    def sections(self):
        for title, names in self.SECTIONS:
            yield title, [self[name] for name in names if name in self.fields]

    def clean_auction_min_bid(self) -> int:
        return self.cleaned_data.get("auction_min_bid") or self.instance.auction_min_bid

    def clean(self):
        data = super().clean()
        hall, new_hall = data.get("hall"), (data.get("new_hall") or "").strip()
        if hall and new_hall:
            self.add_error("new_hall", _("Choose a hall or type a new one, not both."))
        elif not hall and not new_hall:
            if "new_hall" in self.fields:
                self.add_error("hall", _("Choose the hall, or type the name of a new one."))
            else:
                self.add_error("hall", _("Choose the hall."))
        elif new_hall and Hall.objects.filter(name__iexact=new_hall).exists():
            self.add_error("new_hall", _("That hall already exists: choose it in the list."))
        games = data.get("games")
        evening = self.instance
        if games and evening.pk and games < evening.current_game:
            self.add_error(
                "games",
                _("Game %(n)s is already being played: the evening cannot be shorter.")
                % {"n": evening.current_game},
            )
        elif games and evening.pk and data.get("cookie_jar") and evening.jar_numbers:
            self._check_jar_draw(evening, games)
        # A rule for a prize the evening does not have must not block it: the
        # jar's draw and half time are checked only when they are on.
        draw_size, half_time = data.get("jar_draw_size"), data.get("half_time_game")
        if games and data.get("cookie_jar") and draw_size and draw_size > games:
            self.add_error("jar_draw_size", _("Cannot draw more games than the evening has."))
        if games and data.get("half_time_leader") and half_time and half_time >= games:
            self.add_error("half_time_game", _("Half time must come before the last game."))
        return data

    def _check_jar_draw(self, evening: Evening, games: int) -> None:
        """The cookie jar's games are drawn: an evening shorter than its last
        drawn game leaves a jar nobody can win, so it is refused
        (docs/decisions.md "Decisions"). A sealed draw's numbers are not named."""
        last = max(evening.jar_numbers)
        if games >= last:
            return
        if evening.jar_draw_mode == Evening.JarDraw.SEALED and not evening.jar_revealed:
            message = _(
                "The cookie jar's sealed draw has a game after game %(n)s: with %(n)s games "
                "nobody could win the jar. Keep more games."
            ) % {"n": games}
        else:
            message = _(
                "The cookie jar's drawn games go up to game %(last)s: with fewer games nobody "
                "could win the jar. Keep at least %(last)s games."
            ) % {"last": last}
        self.add_error("games", message)

    def save(self, commit: bool = True) -> Evening:
        evening = super().save(commit=False)
        new_hall = (self.cleaned_data.get("new_hall") or "").strip()
        if new_hall:
            evening.hall = Hall.objects.create(name=new_hall)
        if not evening.slug:
            evening.slug = unique_slug(evening.name, evening.date)
        if commit:
            evening.save()
        return evening


class TemplateForm(forms.Form):
    """Save an evening's settings and prizes as one of the hall's templates."""

    name = forms.CharField(
        label=_("Template name"),
        max_length=100,
        help_text=_(
            "E.g. “Friday 45s” or “Christmas 45s”. A template of the same name is replaced."
        ),
    )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Name the template."))
        return name


def unique_slug(name: str, date) -> str:
    base = slugify(f"{name} {date:%Y-%m-%d}")[:50] or "evening"
    slug, n = base, 2
    while Evening.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


class CoupleForm(TwoNames, forms.ModelForm):
    """The door form: two names (and, rarely, a number from a pre-printed card).

    Registering, it also takes "paid" and "in the jar"; editing a couple it
    takes only the names (paid and the jar have their own explicit buttons)."""

    number = forms.IntegerField(
        label=_("Number"),
        required=False,
        min_value=1,
        max_value=MAX_COUPLE_NUMBER,
        help_text=_("Leave empty for the next number."),
    )
    # "Register anyway" sends the number of the couple it warned about.
    anyway = forms.IntegerField(required=False, widget=forms.HiddenInput)
    # One registration, however often it is sent (receipts.register_couple_once).
    request_id = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    class Meta:
        model = Couple
        fields = ["player1", "player2", "number", "paid", "jar_buy_in"]

    def __init__(self, *args, evening: Evening, **kwargs):
        self.evening = evening
        super().__init__(*args, **kwargs)
        too_long = _("A name is at most %(n)s letters: anything longer is cut off.") % {
            "n": MAX_NAME
        }
        # No autocomplete="off": without static/js/door.js the phone may offer
        # names it has seen; the script turns it off for its own list.
        self.set_up_names(**{"data-too-long": too_long})
        self.fields["player1"].widget.attrs["autofocus"] = True
        if not evening.cookie_jar or self.instance.pk:
            del self.fields["jar_buy_in"]
        if self.instance.pk:
            for name in ("number", "paid", "anyway", "request_id"):
                del self.fields[name]

    def full_clean(self) -> None:
        super().full_clean()
        # Refused: the cursor goes to the first name that is wrong or missing,
        # so that what is typed next lands there, not after the first name.
        wrong = [name for name in ("player1", "player2") if name in self.errors]
        if wrong:
            self.fields["player1"].widget.attrs.pop("autofocus", None)
            self.fields[wrong[0]].widget.attrs["autofocus"] = True

    def clean_number(self):
        number = self.cleaned_data.get("number")
        if number is not None:
            taken = self.evening.couples.filter(number=number).exists()
            if taken:
                raise forms.ValidationError(
                    _("Couple %(n)s is already registered tonight.") % {"n": number}
                )
        return number
