"""The dispute page's forms: the house-rule settings every mode carries, and one form per mode."""

from collections.abc import Mapping
from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.dispute.cards import HAND, SEATS, TRICKS, normalize_tokens, split_cards
from scoring.dispute.checks import check_play, check_score, replay_round, rule_trick
from scoring.engine import (
    DEFAULT_RULES,
    CardError,
    EngineError,
    HouseRules,
    parse_suit,
    past_last_round,
    round_help,
)
from tables.models import Evening


def rules_params(rules: HouseRules) -> dict[str, str]:
    """House rules as the page's GET parameters."""
    return {
        "renege": rules.renege.value,
        "lead": rules.nontrump_lead.value,
        "hoh": "yes" if rules.hearts_on_hearts else "no",
        "joker": rules.jokers.value,
        "target": str(rules.target),
    }


def changed_rules_params(rules: HouseRules, defaults: HouseRules) -> dict[str, str]:
    """Only the settings that differ from the page's defaults (short links)."""
    default = rules_params(defaults)
    return {name: value for name, value in rules_params(rules).items() if value != default[name]}


def rules_summary(rules: HouseRules) -> list[str]:
    """The house rules in a few words each, for the top of the page."""
    renege = {
        "cape_breton": _("the 5, the jack and the ace of hearts may be reneged"),
        "five_only": _("only the 5 may be reneged"),
    }[rules.renege.value]
    lead = {
        "follow_or_trump": _("plain suit led: follow suit or trump"),
        "any": _("plain suit led: any card"),
    }[rules.nontrump_lead.value]
    joker = {
        "none": _("no joker"),
        "after_jack": _("a joker after the jack"),
        "after_ace_of_hearts": _("a joker after the ace of hearts"),
    }[rules.jokers.value]
    hearts = _("hearts on hearts") if rules.hearts_on_hearts else _("no hearts on hearts")
    if rules.is_auction:
        target = _("auction, game to %(target)s") % {"target": rules.target}
    elif rules.best_trump_bonus:
        target = _("game to %(target)s") % {"target": rules.target}
    else:
        target = _("game to %(target)s, no best-trump bonus") % {"target": rules.target}
    return [renege, lead, hearts, joker, target]


DEALER_CHOICES = [(str(seat), name) for seat, name in enumerate(("A1", "B1", "A2", "B2"))]

HEARTS_ON_HEARTS_CHOICES = [
    ("no", gettext_lazy("No")),
    (
        "yes",
        gettext_lazy(
            "Yes: on the ace of hearts led, whoever holds a trump must play one (no renege, not "
            "even the 5 or the jack); with no trump, a heart"
        ),
    ),
]


class HouseRulesForm(forms.Form):
    """The five house-rule settings; the base of every mode's form.

    ``query`` is the request's GET; a setting it does not name takes its value
    from ``defaults``. ``cleaned_data["rules"]`` is the engine's `HouseRules`.
    """

    renege = forms.ChoiceField(label=gettext_lazy("Renege"), choices=Evening.Renege.choices)
    lead = forms.ChoiceField(
        label=gettext_lazy("When a plain suit is led"), choices=Evening.NonTrumpLead.choices
    )
    hoh = forms.ChoiceField(
        label=gettext_lazy("Hearts on hearts"), choices=HEARTS_ON_HEARTS_CHOICES
    )
    joker = forms.ChoiceField(label=gettext_lazy("Joker"), choices=Evening.Jokers.choices)
    target = forms.TypedChoiceField(
        label=gettext_lazy("A game is played to"),
        choices=Evening.GameTarget.choices,
        coerce=int,
    )

    RULE_FIELDS = ("renege", "lead", "hoh", "joker", "target")
    #: The mode's own fields, in the order they appear in a link.
    mode_fields: tuple[str, ...] = ()
    #: Card fields and how many cards each holds: taps fill them in this order.
    card_fields: tuple[tuple[str, int], ...] = ()
    #: Values of mode fields that a query may leave out.
    mode_defaults: dict[str, str] = {}

    def __init__(self, query: Mapping[str, str], *, defaults: HouseRules = DEFAULT_RULES):
        self.defaults = defaults
        self.query = query
        data = rules_params(defaults) | self.mode_defaults
        for name in self.base_fields:
            if name in query:
                data[name] = query.get(name)
        super().__init__(data)

    @classmethod
    def page_rules(cls, defaults: HouseRules) -> HouseRules:
        """The rules this mode starts from on a page with ``defaults`` (a mode may fix some)."""
        return defaults

    @property
    def submitted(self) -> bool:
        """The mode's form was sent (a link with only house rules is not a question)."""
        return any(name in self.query for name in self.mode_fields)

    @property
    def asked(self) -> bool:
        """The ruling button was pressed: an unfinished question is then an error."""
        return "rule" in self.query

    def clean(self):
        cleaned = super().clean()
        if all(name in cleaned for name in self.RULE_FIELDS):
            try:
                cleaned["rules"] = HouseRules.from_settings(
                    renege=cleaned["renege"],
                    nontrump_lead=cleaned["lead"],
                    hearts_on_hearts=cleaned["hoh"] == "yes",
                    jokers=cleaned["joker"],
                    target=cleaned["target"],
                )
            except EngineError as error:
                raise forms.ValidationError(str(error)) from error
        return cleaned

    @property
    def rules(self) -> HouseRules:
        """The rules in force: the form's when it could read them, else the page's defaults.

        A question the rules refuse (a round past the last, an auction score on
        the Score tab) still shows the rules it was asked under, not the page's.
        """
        self.is_valid()  # cleans the form once
        return self.cleaned_data.get("rules", self.defaults)

    @property
    def rules_changed(self) -> bool:
        return self.rules != self.defaults

    def rules_query(self) -> dict[str, str]:
        return changed_rules_params(self.rules, self.defaults)

    def canonical_query(self) -> str:
        """The shortest link to this question: changed rules, then the filled mode fields."""
        params = list(self.rules_query().items())
        jokers = self.rules.uses_joker
        for name in self.mode_fields:
            value = self.data.get(name, "")
            if name in dict(self.card_fields):
                value = " ".join(normalize_tokens(split_cards(value), jokers=jokers))
            elif name == "trump":
                value = self.trump_letter() or value
            value = str(value).strip()
            if value:
                params.append((name, value))
        return urlencode(params)

    def raw_query(self) -> str:
        """The query as sent, empty fields left out (for input the page could not read)."""
        names = (*self.RULE_FIELDS, *self.mode_fields)
        params = [(name, str(self.query.get(name, "")).strip()) for name in names]
        return urlencode([(name, value) for name, value in params if value])

    def card_values(self) -> list[list[str]]:
        """The tokens typed or tapped into each card field, normalized where possible."""
        return [
            normalize_tokens(split_cards(self.data.get(name, "")), jokers=True)
            for name, _capacity in self.card_fields
        ]

    def trump_letter(self) -> str:
        """The trump picked, as a letter ("" if none or not a suit): for the page's buttons."""
        try:
            return parse_suit(self.data.get("trump", "")).value
        except CardError:
            return ""

    def ruling(self) -> dict:
        raise NotImplementedError


class TrickForm(HouseRulesForm):
    trump = forms.CharField(label=gettext_lazy("Trump"), required=False, max_length=20)
    cards = forms.CharField(
        label=gettext_lazy("Cards played, in order"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Type them like 5H JH AH 2C, or tap them below."),
    )
    mode_fields = ("trump", "cards")
    card_fields = (("cards", SEATS),)

    def ruling(self) -> dict:
        data = self.cleaned_data
        result = rule_trick(data["trump"], data["cards"], data["rules"], asked=self.asked)
        rules_query = self.rules_query()
        for play in result["plays"]:
            if "check" in play:
                play["check_query"] = urlencode(rules_query | play.pop("check"))
        return result


class LegalForm(HouseRulesForm):
    trump = forms.CharField(label=gettext_lazy("Trump"), required=False, max_length=20)
    led = forms.CharField(
        label=gettext_lazy("Card led"),
        required=False,
        max_length=20,
        help_text=gettext_lazy("Leave it empty if the player was leading."),
    )
    played = forms.CharField(
        label=gettext_lazy("Card the player played"), required=False, max_length=20
    )
    held = forms.CharField(
        label=gettext_lazy("Other cards they held"),
        required=False,
        max_length=100,
        help_text=gettext_lazy("Their hand at that moment, like 3C JH 9D."),
    )
    mode_fields = ("trump", "led", "played", "held")
    card_fields = (("led", 1), ("played", 1), ("held", HAND - 1))

    def ruling(self) -> dict:
        data = self.cleaned_data
        return check_play(
            data["trump"],
            data["led"],
            data["played"],
            data["held"],
            data["rules"],
            asked=self.asked,
        )


class RoundForm(HouseRulesForm):
    trump = forms.CharField(label=gettext_lazy("Trump"), required=False, max_length=20)
    dealer = forms.TypedChoiceField(
        label=gettext_lazy("Dealer"),
        choices=DEALER_CHOICES,
        coerce=int,
        required=False,
        empty_value=SEATS - 1,  # B2 deals, so A1 leads the first trick
        help_text=gettext_lazy("The player on the dealer's left leads the first trick."),
    )
    t1 = forms.CharField(label=gettext_lazy("Trick 1"), required=False, max_length=60)
    t2 = forms.CharField(label=gettext_lazy("Trick 2"), required=False, max_length=60)
    t3 = forms.CharField(label=gettext_lazy("Trick 3"), required=False, max_length=60)
    t4 = forms.CharField(label=gettext_lazy("Trick 4"), required=False, max_length=60)
    t5 = forms.CharField(label=gettext_lazy("Trick 5"), required=False, max_length=60)
    a = forms.IntegerField(label=gettext_lazy("Side A"), required=False)
    b = forms.IntegerField(label=gettext_lazy("Side B"), required=False)
    bidder = forms.TypedChoiceField(
        label=gettext_lazy("Who held the bid"),
        choices=[("", "-"), *DEALER_CHOICES],
        coerce=int,
        required=False,
        empty_value=None,
        help_text=gettext_lazy("At auction the player on the bidder's left leads the first trick."),
    )
    bid = forms.TypedChoiceField(
        label=gettext_lazy("Bid"),
        choices=[("", "-"), *((str(level), str(level)) for level in (15, 20, 25, 30))],
        coerce=int,
        required=False,
        empty_value=None,
    )
    mode_fields = ("trump", "dealer", "bidder", "bid", "t1", "t2", "t3", "t4", "t5", "a", "b")
    mode_defaults = {"dealer": str(SEATS - 1)}
    card_fields = tuple((f"t{number}", SEATS) for number in range(1, TRICKS + 1))

    def ruling(self) -> dict:
        data = self.cleaned_data
        return replay_round(
            data["trump"],
            data["dealer"],
            [data[name] for name, _capacity in self.card_fields],
            (data["a"] or 0, data["b"] or 0),
            data["rules"],
            asked=self.asked,
            bidder=data["bidder"],
            bid=data["bid"],
        )


class ClaimForm(HouseRulesForm):
    round = forms.IntegerField(label=gettext_lazy("After round"), required=False, min_value=1)
    a = forms.IntegerField(label=gettext_lazy("Side A"), required=False)
    b = forms.IntegerField(label=gettext_lazy("Side B"), required=False)
    mode_fields = ("round", "a", "b")

    def clean(self):
        cleaned = super().clean()
        rules, round_number = cleaned.get("rules"), cleaned.get("round")
        if rules is not None and round_number is not None and not rules.is_auction:
            # A game ends by round 4 (2 in Twenty-Five): a round past that is
            # refused here, with why, and never reaches the game tree. The
            # reason is long: it goes with the ruling, not under the narrow field.
            beyond = past_last_round(round_number, rules)
            if beyond:
                raise forms.ValidationError(beyond)
        return cleaned

    @property
    def round_help(self) -> str:
        """What a round is worth under the rules in force, and the scores after round 1."""
        return round_help(self.rules)

    def ruling(self) -> dict:
        data = self.cleaned_data
        return check_score(data["round"], data["a"], data["b"], data["rules"])
