"""The dispute page's bridge to the rules engine (`scoring.engine`).

Three layers, as everywhere in CardNight: the engine knows the game and has
no Django in it; this module turns an evening's settings and the page's GET
parameters into engine calls, and the engine's answers into plain dicts for
the templates; the views in `scoring/views/dispute.py` only glue them.

Every engine error (a card that does not exist, a card twice, five cards in a
trick, ...) becomes a `cardnight.errors.UserError` carrying the engine's own
message, so the page answers 400 with the problem in words.

The page has four modes, each a form here:

- `TrickForm`: who won this trick, from the trump and the cards in play order;
- `LegalForm`: could this player have played that card (`explain_legal_plays`);
- `RoundForm`: replay a whole round (`play_round`);
- `ClaimForm`: is a claimed score possible after round r (`check_claim`).

Each mode form also carries the five house-rule settings (`HouseRulesForm`);
a setting missing from the query takes the page's default (the evening's
house rules, or the hall defaults = Cape Breton), so short links work.

Tapping a card on the card grid is `?tap=5H`: the card is removed if it is
already in a card field, otherwise added to the first card field with room
(`apply_action`); `static/js/dispute.js` does exactly the same in the browser.
"""

from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardnight.errors import UserError
from scoring.engine import (
    DEFAULT_RULES,
    JOKER,
    Card,
    CardError,
    EngineError,
    HouseRules,
    PlayError,
    Rank,
    Suit,
    card_name,
    check_claim,
    explain_legal_plays,
    is_trump,
    parse_card,
    parse_cards,
    parse_suit,
    play_round,
    split_card_text,
    trick_winner,
)
from tables.models import Evening

SEATS = 4
TRICKS = 5
HAND = 5

# Suits in the order the page shows them: red and black alternate.
SUIT_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
GRID_RANKS = (
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)


# --- House rules ----------------------------------------------------------------


def evening_rules(evening: Evening | None) -> HouseRules:
    """The house rules an evening plays by; the hall defaults (Cape Breton) without one."""
    if evening is None:
        return DEFAULT_RULES
    return HouseRules.from_settings(
        renege=evening.renege,
        nontrump_lead=evening.nontrump_lead,
        hearts_on_hearts=evening.hearts_on_hearts,
        jokers=evening.jokers,
        target=evening.game_target,
        min_bid=evening.auction_min_bid,
    )


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


HEARTS_ON_HEARTS_CHOICES = [
    ("no", gettext_lazy("No")),
    ("yes", gettext_lazy("Yes: with no trump, a heart must be played on the ace of hearts")),
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
        """The rules in force: the form's when valid, else the page's defaults."""
        if self.is_valid():
            return self.cleaned_data["rules"]
        return self.defaults

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


# --- Cards in and out ---------------------------------------------------------------


def split_cards(text: str) -> list[str]:
    """Cards as typed: separated by spaces, commas or semicolons ("dame de pique" is one)."""
    return split_card_text(text)


def normalize_tokens(tokens: Iterable[str], *, jokers: bool) -> list[str]:
    """Each token as the engine writes the card ("th" -> "10H"), or unchanged if not a card."""
    result = []
    for token in tokens:
        try:
            result.append(str(parse_card(token, jokers=jokers)))
        except CardError:
            result.append(token)
    return result


def card_info(card: Card) -> dict:
    """A card for the templates: its code, rank, suit symbol, colour and name in words."""
    if card.is_joker:
        return {
            "code": str(card),
            "rank": "JK",
            "symbol": "★",
            "red": False,
            "name": card_name(card),
            "joker": True,
        }
    assert card.suit is not None
    return {
        "code": str(card),
        "rank": card.rank.label,
        "symbol": SYMBOLS[card.suit],
        "red": card.suit.is_red,
        "name": card_name(card),
        "joker": False,
    }


def suit_info(suit: Suit) -> dict:
    names = {
        Suit.CLUBS: _("clubs"),
        Suit.DIAMONDS: _("diamonds"),
        Suit.HEARTS: _("hearts"),
        Suit.SPADES: _("spades"),
    }
    return {"letter": suit.value, "symbol": SYMBOLS[suit], "red": suit.is_red, "name": names[suit]}


def suits() -> list[dict]:
    return [suit_info(suit) for suit in SUIT_ORDER]


def card_grid(used: Iterable[str], trump: str, rules: HouseRules) -> dict:
    """The 52 cards (and the joker when the house uses one) as tap buttons, by suit.

    ``used`` are the card codes already in the form (shown pressed); cards that
    are trump under ``trump`` are marked.
    """
    used = set(used)
    trump_suit = Suit(trump) if trump else None

    def button(card: Card) -> dict:
        return card_info(card) | {
            "pressed": str(card) in used,
            "trump": bool(trump_suit) and is_trump(card, trump_suit),
        }

    rows = [
        suit_info(suit) | {"cards": [button(Card(rank, suit)) for rank in GRID_RANKS]}
        for suit in SUIT_ORDER
    ]
    return {"suits": rows, "joker": button(JOKER) if rules.uses_joker else None}


def ordinal(position: int) -> str:
    """1 -> "1st": the order in which a card was played in its trick."""
    words = {1: _("1st"), 2: _("2nd"), 3: _("3rd"), 4: _("4th")}
    return words.get(position, str(position))


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(_("the %(card)s") % {"card": card_name(card)} for card in cards)


def _engine(call, *args, **kwargs):
    """Call the engine; its errors become a `UserError` with the engine's own words."""
    try:
        return call(*args, **kwargs)
    except EngineError as error:
        raise UserError(str(error)) from error


def _suit(value: str, *, asked: bool) -> Suit | None:
    """The trump suit, or None when not picked yet (an error once the ruling is asked for)."""
    if not str(value or "").strip():
        if asked:
            raise UserError(_("Pick the trump suit: the ruling depends on it."))
        return None
    return _engine(parse_suit, value)


# --- Mode 1: who won this trick? -----------------------------------------------------


def rule_trick(trump: str, cards: str, rules: HouseRules, *, asked: bool = False) -> dict:
    """Who wins a trick of up to four cards in play order, and why.

    With two or three cards the ruling says who is winning so far. With fewer
    than two it prompts for more, unless the ruling was ``asked`` for (then
    the engine's "A trick needs at least two cards" is the answer, a 400).
    """
    played = _engine(parse_cards, split_cards(cards), jokers=rules.uses_joker)
    if len(played) > SEATS:
        raise UserError(
            _("This trick has %(count)s cards; a trick has one card from each of the four players.")
            % {"count": len(played)}
        )
    suit = _suit(trump, asked=asked)
    plays = [
        {"position": n, "ordinal": ordinal(n), "card": card_info(card), "wins": False}
        for n, card in enumerate(played, 1)
    ]
    result = {
        "trump": suit_info(suit) if suit else None,
        "plays": plays,
        "empty_slots": [ordinal(n) for n in range(len(plays) + 1, SEATS + 1)],
        "complete": len(plays) == SEATS,
        "winner": None,
        "headline": "",
        "reason": "",
        "prompt": "",
    }
    if suit is None:
        result["prompt"] = _("Which suit is trump? Pick it above.")
        return result
    if len(played) < 2 and not asked:
        result["prompt"] = (
            _("Tap the cards in the order they were played, starting with the card led.")
            if not played
            else _("Now tap the 2nd card played.")
        )
        return result
    ruling = _engine(trick_winner, suit, played, rules)
    winner = plays[ruling.index]
    winner["wins"] = True
    words = {"ordinal": winner["ordinal"], "card": winner["card"]["name"], "count": len(plays)}
    if not result["complete"]:
        headline = (
            _(
                "So far the %(ordinal)s player is winning with the %(card)s (%(count)s of 4 "
                "cards played)."
            )
            % words
        )
    elif ruling.index == 0:
        headline = _("The player who led wins the trick with the %(card)s.") % words
    else:
        headline = _("The %(ordinal)s player wins the trick with the %(card)s.") % words
    led = played[0]
    for play, card in zip(plays[1:], played[1:], strict=True):
        play["check"] = {"trump": suit.value, "led": str(led), "played": str(card)}
    result |= {"winner": winner, "headline": headline, "reason": ruling.reason}
    return result


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


# --- Mode 1b: could this player have played that? ----------------------------------


def check_play(
    trump: str, led: str, played: str, held: str, rules: HouseRules, *, asked: bool = False
) -> dict:
    """What the holder of ``played`` + ``held`` may play on ``led``; is ``played`` one of them.

    An empty ``led`` means the player was leading. With no card at all, the
    engine's "A player with no cards left cannot play." is the answer once the
    ruling is asked for.
    """
    jokers = rules.uses_joker
    led_cards = _engine(parse_cards, split_cards(led), jokers=jokers)
    played_cards = _engine(parse_cards, split_cards(played), jokers=jokers)
    if len(led_cards) > 1:
        raise UserError(
            _("Only one card is led to a trick; %(count)s given.") % {"count": len(led_cards)}
        )
    if len(played_cards) > 1:
        raise UserError(
            _("Give the one card the player played; %(count)s given.")
            % {"count": len(played_cards)}
        )
    hand = _engine(parse_cards, [*map(str, played_cards), *split_cards(held)], jokers=jokers)
    if len(hand) > HAND:
        raise UserError(
            _("A player holds at most five cards; this hand has %(count)s.") % {"count": len(hand)}
        )
    suit = _suit(trump, asked=asked)
    lead = led_cards[0] if led_cards else None
    result = {
        "trump": suit_info(suit) if suit else None,
        "led": card_info(lead) if lead else None,
        "played": card_info(played_cards[0]) if played_cards else None,
        "hand": [],
        "legal": None,
        "verdict": None,
        "headline": "",
        "reason": "",
        "prompt": "",
    }
    if suit is None:
        result["prompt"] = _("Which suit is trump? Pick it above.")
        return result
    if not hand and not asked:
        result["prompt"] = _(
            "Tap the card led, then the card the player played, then the other cards they held."
        )
        return result
    answer = _engine(explain_legal_plays, hand, lead, suit, rules)
    result["hand"] = [card_info(card) | {"legal": card in answer.cards} for card in hand]
    result["legal"] = [card_info(card) for card in answer.cards]
    result["reason"] = answer.reason
    if played_cards:
        card = played_cards[0]
        words = {"card": card_name(card), "cards": _names(answer.cards)}
        if card in answer.cards:
            result["verdict"] = "legal"
            result["headline"] = _("Yes: the %(card)s may be played.") % words
        else:
            result["verdict"] = "illegal"
            result["headline"] = (
                _(
                    "No: the %(card)s may not be played; that is an illegal renege. They had to "
                    "play one of these: %(cards)s."
                )
                % words
            )
    else:
        result["headline"] = _("They may play: %(cards)s.") % {"cards": _names(answer.cards)}
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


# --- Mode 2: replay a round ---------------------------------------------------------


def seat_names() -> list[str]:
    """Seats 0-3 in play order: partners A1 and A2 (side A), B1 and B2 (side B)."""
    return [_("A1"), _("B1"), _("A2"), _("B2")]


def side_names() -> list[str]:
    return [_("Side A"), _("Side B")]


def replay_round(
    trump: str,
    dealer: int,
    tricks: Sequence[str],
    scores_before: tuple[int, int],
    rules: HouseRules,
    *,
    asked: bool = False,
) -> dict:
    """Replay a round from its tricks (each "5H JH AH 2C" in play order).

    Empty tricks at the end are not played yet. Unless the ruling was
    ``asked`` for, a last trick with fewer than four cards is still being
    tapped in: the tricks before it are replayed and it is only checked for
    bad cards.
    """
    written = [split_cards(trick) for trick in tricks]
    while written and not written[-1]:
        written.pop()
    in_progress: list[str] = []
    if written and len(written[-1]) < SEATS and not asked:
        in_progress = written.pop()
    suit = _suit(trump, asked=asked)
    names, sides = seat_names(), side_names()
    result: dict = {
        "trump": suit_info(suit) if suit else None,
        "dealer": names[dealer],
        "leader": names[(dealer + 1) % SEATS],
        "sides": sides,
        "scores_before": scores_before,
        "tricks": [],
        "prompt": "",
        "in_progress": "",
    }
    if in_progress:
        result["in_progress"] = _(
            "Trick %(trick)s is not finished: %(count)s of its 4 cards so far."
        ) % {"trick": len(written) + 1, "count": len(in_progress)}
    if suit is None or (not written and not asked):
        _check_cards([*written, in_progress], rules)  # a bad card is named at once
        if suit is None:
            result["prompt"] = _("Which suit is trump? Pick it above.")
        else:
            result["prompt"] = result["in_progress"] or _(
                "Type or tap the four cards of each trick in the order they were played."
            )
        return result
    # With nothing written and the ruling asked for, the engine says what is missing.
    replay = _engine(play_round, suit, dealer, written, rules, scores_before, seat_names=names)
    if in_progress:
        _check_cards([*written, in_progress], rules)
    reneges = {(finding.trick, finding.seat) for finding in replay.reneges}
    for trick in replay.tricks:
        bonus = replay.bonus is not None and replay.bonus.trick == trick.number
        won = replay.game_won is not None and replay.game_won.trick == trick.number
        result["tricks"].append(
            {
                "number": trick.number,
                "leader": names[trick.leader],
                "plays": [
                    {
                        "seat": names[play.seat],
                        "side": play.seat % 2,
                        "card": card_info(play.card),
                        "wins": play.seat == trick.winner,
                        "renege": (trick.number, play.seat) in reneges,
                        "best_trump": bonus and play.card == replay.bonus.card,
                    }
                    for play in trick.plays
                ],
                "winner": names[trick.winner],
                "side": sides[trick.side],
                "reason": trick.reason,
                "points": trick.points,
                "bonus": bonus,
                "scores": trick.scores,
                "game_won": won,
            }
        )
    result |= {
        "complete": replay.complete,
        "points": replay.points,
        "bonus_reason": replay.bonus_reason,
        "scores_after": replay.scores_after,
        "game_won": replay.game_won.reason if replay.game_won else "",
        "reneges": [finding.reason for finding in replay.reneges],
        "auction": rules.is_auction,
    }
    return result


def _check_cards(tricks: Sequence[Sequence[str]], rules: HouseRules) -> None:
    """Cards that are not cards, or that appear twice, whether or not a trick is complete."""
    _engine(parse_cards, [card for trick in tricks for card in trick], jokers=rules.uses_joker)


DEALER_CHOICES = [(str(seat), name) for seat, name in enumerate(("A1", "B1", "A2", "B2"))]


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
    mode_fields = ("trump", "dealer", "t1", "t2", "t3", "t4", "t5", "a", "b")
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
        )

    def trick_fields(self):
        return [self[name] for name, _capacity in self.card_fields]


# --- Mode 3: check a claimed score ------------------------------------------------------


def check_score(round_number: int | None, a: int | None, b: int | None, rules: HouseRules) -> dict:
    """Whether side A can have ``a`` and side B ``b`` after round ``round_number``."""
    if round_number is None or a is None or b is None:
        raise UserError(_("Give the round number and both sides' scores."))
    check = _engine(check_claim, round_number, a, b, rules)
    words = {"round": round_number, "a": a, "b": b}
    if check.ok:
        headline = _("%(a)s-%(b)s after round %(round)s is possible.") % words
    else:
        headline = _("%(a)s-%(b)s after round %(round)s is impossible.") % words
    return {"ok": check.ok, "headline": headline, "reasons": check.reasons, "notes": check.notes}


class ClaimForm(HouseRulesForm):
    round = forms.IntegerField(label=gettext_lazy("After round"), required=False, min_value=1)
    a = forms.IntegerField(label=gettext_lazy("Side A"), required=False)
    b = forms.IntegerField(label=gettext_lazy("Side B"), required=False)
    mode_fields = ("round", "a", "b")

    def ruling(self) -> dict:
        data = self.cleaned_data
        return check_score(data["round"], data["a"], data["b"], data["rules"])


# --- Tapping without JavaScript ---------------------------------------------------------


ACTIONS = ("undo", "clear")


def apply_action(
    form_class: type[HouseRulesForm], query: Mapping[str, str]
) -> dict[str, str] | None:
    """The query after a tapped card (``tap``), ``action=undo`` or ``action=clear``.

    None when the query holds no such action. A tapped card already in a card
    field is taken out; otherwise it goes to the first card field with room
    (the last one when all are full, so the engine can say what is wrong).
    The result drops ``tap``, ``action`` and ``rule``.
    """
    tap = str(query.get("tap", "")).strip()
    action = str(query.get("action", "")).strip()
    if not tap and action not in ACTIONS:
        return None
    names = [name for name, _capacity in form_class.card_fields]
    if not names:
        return None
    capacities = [capacity for _name, capacity in form_class.card_fields]
    values = [normalize_tokens(split_cards(query.get(name, "")), jokers=True) for name in names]
    if tap:
        tap_card(values, capacities, normalize_tokens([tap], jokers=True)[0])
    elif action == "undo":
        undo_card(values)
    else:
        values = [[] for _name in names]
    params = {
        name: str(query.get(name, ""))
        for name in (*form_class.RULE_FIELDS, *form_class.mode_fields)
        if name in query
    }
    params |= {name: " ".join(cards) for name, cards in zip(names, values, strict=True)}
    return params


def tap_card(values: list[list[str]], capacities: Sequence[int], code: str) -> None:
    """Toggle ``code`` in the card fields ``values`` (in place); see `apply_action`."""
    for cards in values:
        if code in cards:
            cards.remove(code)
            return
    for cards, capacity in zip(values, capacities, strict=True):
        if len(cards) < capacity:
            cards.append(code)
            return
    values[-1].append(code)


def undo_card(values: list[list[str]]) -> None:
    """Take back the last card of the last card field that has one (in place)."""
    for cards in reversed(values):
        if cards:
            cards.pop()
            return


def filling_field(form: HouseRulesForm) -> str:
    """The card field the next tap goes to (the page highlights it)."""
    values = form.card_values()
    for (name, capacity), cards in zip(form.card_fields, values, strict=True):
        if len(cards) < capacity:
            return name
    return form.card_fields[-1][0] if form.card_fields else ""


__all__ = [
    "ClaimForm",
    "HouseRulesForm",
    "LegalForm",
    "PlayError",
    "RoundForm",
    "TrickForm",
    "apply_action",
    "card_grid",
    "card_info",
    "changed_rules_params",
    "check_play",
    "check_score",
    "evening_rules",
    "filling_field",
    "replay_round",
    "rule_trick",
    "rules_params",
    "rules_summary",
    "suits",
    "tap_card",
    "undo_card",
]
