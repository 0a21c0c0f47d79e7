"""THE RESULTS OF AN EVENING, as one frozen tree of plain values.

``evening_results(evening)`` is what every page that shows results builds on:
the organizer's standings and prizes pages, the public scoreboard and
board.json, the printed results sheet. It reads the punches (tables.Punch,
the tally), the prizes, the tie-break records and the cookie jar, and
returns :class:`EveningResults`, with a CONSTANT number of SQL queries
whatever the number of couples (at most 10; ``tests/scoring`` asserts it).

Everything is computed "as it stands": during play the places are the
current ones; ``finished`` says whether the evening is over. Nothing here
writes to the database.

Conventions for consumers
- Couples are :class:`CoupleRef` (plain values: id, number, names …); lists
  of couples are in couple-number order.
- Money is ``Decimal`` with 2 places; ``to_json()`` writes it as a string
  ("12.50").
- ``status`` of a place: ``"awarded"`` (one couple, outright), ``"tied"``
  (several couples, not settled yet), ``"settled"`` (a tie settled by a
  split, a cut or a play-off: see ``how_settled``).
- Names are full names; a public page applies the hall's privacy setting
  itself (``to_json(label=...)`` takes a function for that).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cardnight.formats import money
from scoring import cookiejar_rules as jar_rules
from scoring import ranking as ranking_rules
from scoring import tiebreak_rules as tie_rules
from scoring.engine import Card, Suit, parse_card
from scoring.models import CutCard, PlayoffGame, Prize, Target, TieBreak, TieBreakEntry
from tables.models import Couple, Evening, Punch, Seating

ZERO = Decimal("0.00")
CENT = Decimal("0.01")

AWARDED = "awarded"
TIED = "tied"
SETTLED = "settled"


# --- The tree -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoupleRef:
    """A couple as plain values (no database access from here on)."""

    id: int
    number: int
    player1: str
    player2: str
    joined_game: int = 1
    left_after_game: int | None = None
    paid: bool = False
    jar_buy_in: bool = False

    @property
    def names(self) -> str:
        return f"{self.player1} & {self.player2}"

    def __str__(self) -> str:
        return f"{self.number}. {self.names}"


@dataclass(frozen=True, slots=True)
class Standing:
    """One couple's punch card and standing.

    ``punched``: the game numbers punched on its card, ascending; ``wins`` is
    how many. ``place``: its place by the evening's ranking (distinct counts
    1, 1, 2, 3, 3 or standard 1, 1, 3, 4, 4), None while it has no game.
    ``tied``: another couple has the same count. ``prize_place``: the prize
    place it holds or contests, if any."""

    couple: CoupleRef
    wins: int
    punched: tuple[int, ...]
    place: int | None
    tied: bool
    prize_place: int | None = None


@dataclass(frozen=True, slots=True)
class PrizeInfo:
    """A prize as the hall set it, and its value tonight.

    ``kind``: "cash" | "share" | "item". ``value``: the cash it is worth
    (the amount; for a share, that percentage of the takings, rounded down
    to the cent; None for an item). ``text``: in words, e.g. "$50.00",
    "25% of the takings ($62.50)", "A turkey"."""

    target: str
    place: int
    kind: str
    amount: Decimal | None
    share_percent: Decimal | None
    item: str
    value: Decimal | None
    text: str

    @property
    def can_split(self) -> bool:
        return self.kind != Prize.Kind.ITEM


@dataclass(frozen=True, slots=True)
class PlaceResult:
    """One prize place (or the booby prize, or the half-time leader).

    ``target``: "place" | "booby" | "halftime"; ``place`` is 0 for the last two.
    ``couples``: every couple on that count that holds or contests it.
    ``winners``: who takes this prize: the one couple when awarded; while
    tied, (); once settled, the winner (cut, play-off) or every couple that
    shares it (split).
    ``shares``: couple id -> cash, for a cash or share prize once it has
    winners (the whole value for one winner; each share of a split, to the
    cent, the cents left over one each in couple-number order).
    With standard ranking a tie covers several places (``covers``, e.g.
    (1, 2)); a split then pools their prizes: the pooled shares are on the
    first covered place and the later ones have ``shares == {}``.
    ``how_settled``: in words, for the results sheet ("" when awarded).
    ``tiebreak_id`` / ``tiebreak_status`` ("choosing" | "cutting" | "playing"
    | "settled" | "") describe the tie-break, if one is open."""

    target: str
    place: int
    wins: int
    couples: tuple[CoupleRef, ...]
    status: str
    winners: tuple[CoupleRef, ...]
    prize: PrizeInfo | None
    prize_text: str
    shares: dict[int, Decimal]
    how_settled: str
    covers: tuple[int, ...] = ()
    tiebreak_id: int | None = None
    tiebreak_status: str = ""

    @property
    def tied(self) -> bool:
        return len(self.couples) > 1

    @property
    def share_rows(self) -> tuple[tuple[CoupleRef, Decimal], ...]:
        """``shares`` as (couple, amount) pairs in couple-number order."""
        return tuple(
            (couple, self.shares[couple.id]) for couple in self.couples if couple.id in self.shares
        )


@dataclass(frozen=True, slots=True)
class JarResult:
    """The cookie jar (RULES.md A7).

    ``mode``: "announced" | "sealed" | "hat". ``numbers``: the drawn game
    numbers when they may be shown now (announced, typed from the hat, or a
    sealed draw once revealed), else None. ``drawn``: numbers exist (a sealed
    draw before the reveal is drawn but not shown). ``fingerprint``: SHA-256
    commitment (see scoring.cookiejar_rules), "" for the hat; ``salt`` only
    once revealed (or for an announced draw). ``pot`` = ``buy_ins`` +
    ``carried_in`` (from the hall's previous cookie-jar evening,
    ``carried_from`` names it). ``alive``: bought-in couples that won every
    drawn game played so far, while the numbers are shown (None otherwise).
    ``winners``/``shares``: at the end, the bought-in couples holding every
    number and their share. ``carried_over``: the pot when the evening is
    over and nobody won, else 0. ``settled``: the outcome is stored for the
    next evening (``previous_unsettled`` names an earlier evening whose jar
    was never settled, so its carry-over is missing here)."""

    enabled: bool
    mode: str = ""
    draw_size: int = 0
    drawn: bool = False
    numbers: tuple[int, ...] | None = None
    fingerprint: str = ""
    salt: str | None = None
    revealed: bool = False
    buy_in: Decimal = ZERO
    bought_in: tuple[CoupleRef, ...] = ()
    buy_ins: Decimal = ZERO
    carried_in: Decimal = ZERO
    carried_from: str | None = None
    previous_unsettled: str | None = None
    pot: Decimal = ZERO
    alive: tuple[CoupleRef, ...] | None = None
    winners: tuple[CoupleRef, ...] = ()
    shares: dict[int, Decimal] = field(default_factory=dict)
    carried_over: Decimal = ZERO
    settled: bool = False
    settled_differs: bool = False

    @property
    def share_rows(self) -> tuple[tuple[CoupleRef, Decimal], ...]:
        """``shares`` as (couple, amount) pairs in couple-number order."""
        return tuple((couple, self.shares[couple.id]) for couple in self.winners)


@dataclass(frozen=True, slots=True)
class FiftyFiftyResult:
    """The 50/50 draw: half the takings (rounded down to the cent) to the
    winning ticket, the rest to the hall."""

    enabled: bool
    takings: Decimal = ZERO
    prize: Decimal = ZERO
    hall_share: Decimal = ZERO
    ticket: str = ""
    winner: str = ""


@dataclass(frozen=True, slots=True)
class TravellingPass:
    """After game ``game`` the travelling prize went from one couple to the
    couple that beat it."""

    game: int
    from_couple: CoupleRef
    to_couple: CoupleRef


@dataclass(frozen=True, slots=True)
class TravellingResult:
    """The travelling prize: drawn at the start (``start``), it passes to the
    couple that beats its holder; ``holder`` after game ``after_game`` (the
    last game with every result in). ``final``: the evening is over, so the
    holder wins it. ``available`` is False for an evening without recorded
    games (played on paper)."""

    enabled: bool
    start: CoupleRef | None = None
    holder: CoupleRef | None = None
    after_game: int = 0
    passes: tuple[TravellingPass, ...] = ()
    final: bool = False
    available: bool = True
    prize: PrizeInfo | None = None
    prize_text: str = ""


@dataclass(frozen=True, slots=True)
class HalfTimeResult:
    """The half-time leader: the most games after game ``after_game``.
    ``decided`` once that game is over; ``leader`` has the shape of a place
    (target "halftime"), with its own tie-break when several couples lead."""

    enabled: bool
    after_game: int = 0
    decided: bool = False
    leader: PlaceResult | None = None


@dataclass(frozen=True, slots=True)
class MoneyLine:
    """One line of the money summary; ``amount`` is positive, ``sign`` says
    whether it came in (+1), went out (-1) or is a total (0)."""

    key: str
    label: str
    amount: Decimal
    sign: int
    detail: str = ""


@dataclass(frozen=True, slots=True)
class MoneySummary:
    """The evening's money (RULES.md A8), every figure a Decimal to the cent.

    - ``takings`` = ``entries`` = entry fee × couples marked paid: the base a
      "share of the evening's takings" prize is a percentage of;
    - ``jar_buy_ins`` (buy-in × bought-in couples) go into the jar with
      ``jar_carried_in``; the jar pays ``jar_paid_out`` to its winners or
      carries ``jar_carried_over`` to the next evening;
    - ``fifty_fifty_takings``: half (``fifty_fifty_paid``) to the ticket;
    - ``prizes_paid``: the cash value of every prize that has a couple to
      take it (places, booby, half-time, travelling), split or not;
      ``items`` lists the prizes that are things, not money;
    - ``hall_keeps`` = entries − prizes paid + the hall's half of the 50/50
      (the jar is the players' money and never the hall's);
    - ``cash_in`` = entries + jar buy-ins + 50/50 takings (what the cash box
      took tonight); ``cash_out`` = prizes + jar paid out + 50/50 prize; and
      ``cash_in − cash_out = hall_keeps + jar_carried_over − jar_carried_in``.
    """

    entry_fee: Decimal = ZERO
    paid_couples: int = 0
    entries: Decimal = ZERO
    takings: Decimal = ZERO
    jar_buy_ins: Decimal = ZERO
    jar_carried_in: Decimal = ZERO
    jar_paid_out: Decimal = ZERO
    jar_carried_over: Decimal = ZERO
    fifty_fifty_takings: Decimal = ZERO
    fifty_fifty_paid: Decimal = ZERO
    fifty_fifty_hall: Decimal = ZERO
    prizes_paid: Decimal = ZERO
    items: tuple[str, ...] = ()
    cash_in: Decimal = ZERO
    cash_out: Decimal = ZERO
    hall_keeps: Decimal = ZERO
    lines: tuple[MoneyLine, ...] = ()


@dataclass(frozen=True, slots=True)
class EveningResults:
    """Everything about the evening's results (see the module docstring).

    ``standings``: every couple, by wins (most first) then couple number.
    ``places``: the prize places, one per place number, best first (places
    no couple reaches are absent). ``booby``: None when the setting is off or
    every couple holds a place. ``warnings``: things an organizer must fix
    (a tie-break opened before a result was corrected, an unsettled jar)."""

    evening_id: int
    slug: str
    version: int
    games: int
    current_game: int
    status: str
    finished: bool
    ranking: str
    prize_places: int
    standings: tuple[Standing, ...]
    places: tuple[PlaceResult, ...]
    booby: PlaceResult | None
    jar: JarResult
    fifty_fifty: FiftyFiftyResult
    travelling: TravellingResult
    half_time: HalfTimeResult
    money: MoneySummary
    warnings: tuple[str, ...] = ()

    def standing(self, number: int) -> Standing | None:
        """The standing of couple ``number``, or None."""
        for standing in self.standings:
            if standing.couple.number == number:
                return standing
        return None

    @property
    def ties(self) -> tuple[PlaceResult, ...]:
        """Every tie still to settle: tied places, booby, half-time leader."""
        found = [place for place in self.places if place.status == TIED]
        if self.booby and self.booby.status == TIED:
            found.append(self.booby)
        leader = self.half_time.leader
        if self.half_time.decided and leader and leader.status == TIED:
            found.append(leader)
        return tuple(found)

    def to_json(self, label: Callable[[CoupleRef], str | None] | None = None) -> dict:
        """Plain JSON-ready values (Decimals as strings, couples as numbers).

        ``label(couple)`` gives the name to show for a couple (default: both
        full names); return None to show numbers only."""
        return _to_json(self, label or (lambda couple: couple.names))


# --- Loading (constant number of queries) -------------------------------------


@dataclass
class _Loaded:
    """The rows of one evening, as plain values."""

    evening: Evening
    couples: list[CoupleRef] = field(default_factory=list)
    punched: dict[int, list[int]] = field(default_factory=dict)
    prizes: dict[tuple[str, int], Prize] = field(default_factory=dict)
    tiebreaks: list[TieBreak] = field(default_factory=list)
    entries: dict[int, list[dict]] = field(default_factory=dict)
    cuts: dict[int, list[dict]] = field(default_factory=dict)
    playoffs: dict[int, list[dict]] = field(default_factory=dict)
    seatings: list[tuple] | None = None
    jar_outcome: dict | None = None
    previous_jar: dict | None = None
    # A running jar evening: couples at tables with no result yet in the current game.
    still_playing: set[int] | None = None


COUPLE_FIELDS = (
    "id",
    "evening_id",
    "number",
    "player1",
    "player2",
    "joined_game",
    "left_after_game",
    "paid",
    "jar_buy_in",
)


def load(evenings: Iterable[Evening]) -> dict[int, _Loaded]:
    """Load what the results of several evenings need, in at most 10 queries
    whatever their number of couples or evenings."""
    evenings = list(evenings)
    loaded = {evening.pk: _Loaded(evening) for evening in evenings}
    ids = list(loaded)
    if not ids:
        return loaded
    for row in Couple.objects.filter(evening_id__in=ids).order_by("number").values(*COUPLE_FIELDS):
        evening_id = row.pop("evening_id")
        loaded[evening_id].couples.append(CoupleRef(**row))
    for evening_id, couple_id, game in (
        Punch.objects.filter(evening_id__in=ids)
        .order_by("game_number")
        .values_list("evening_id", "couple_id", "game_number")
    ):
        loaded[evening_id].punched.setdefault(couple_id, []).append(game)
    for prize in Prize.objects.filter(evening_id__in=ids):
        loaded[prize.evening_id].prizes[(prize.target, prize.place)] = prize
    tiebreaks = list(TieBreak.objects.filter(evening_id__in=ids))
    by_tiebreak = {tiebreak.pk: loaded[tiebreak.evening_id] for tiebreak in tiebreaks}
    for tiebreak in tiebreaks:
        loaded[tiebreak.evening_id].tiebreaks.append(tiebreak)
    if tiebreaks:
        tb_ids = list(by_tiebreak)
        for row in TieBreakEntry.objects.filter(tiebreak_id__in=tb_ids).values(
            "tiebreak_id", "couple_id", "choice", "forfeited", "outcome_rank", "share"
        ):
            by_tiebreak[row["tiebreak_id"]].entries.setdefault(row["tiebreak_id"], []).append(row)
        for row in (
            CutCard.objects.filter(tiebreak_id__in=tb_ids)
            .order_by("round", "id")
            .values("tiebreak_id", "round", "couple_id", "card", "dealt_by_app")
        ):
            by_tiebreak[row["tiebreak_id"]].cuts.setdefault(row["tiebreak_id"], []).append(row)
        for row in (
            PlayoffGame.objects.filter(tiebreak_id__in=tb_ids)
            .order_by("round", "id")
            .values("id", "tiebreak_id", "round", "couple_a_id", "couple_b_id", "winner_id")
        ):
            by_tiebreak[row["tiebreak_id"]].playoffs.setdefault(row["tiebreak_id"], []).append(row)
    travelling = [evening.pk for evening in evenings if evening.travelling_prize]
    if travelling:
        for evening_id in travelling:
            loaded[evening_id].seatings = []
        for row in (
            Seating.objects.filter(game__evening_id__in=travelling)
            .order_by("game__number", "table__number")
            .values_list(
                "game__evening_id", "game__number", "couple_a_id", "couple_b_id", "winner_id"
            )
        ):
            loaded[row[0]].seatings.append(row[1:])
    jar_evenings = [evening for evening in evenings if evening.cookie_jar]
    if jar_evenings:
        halls = {evening.hall_id for evening in jar_evenings}
        latest = max(evening.date for evening in jar_evenings)
        chain = list(
            Evening.objects.filter(hall_id__in=halls, cookie_jar=True, date__lte=latest)
            .order_by("date", "id")
            .values(
                "id",
                "hall_id",
                "date",
                "name",
                "jar_outcome__carried_over",
                "jar_outcome__pot",
                "jar_outcome__winners",
                "jar_outcome__id",
            )
        )
        _load_still_playing(loaded, jar_evenings)
        for evening in jar_evenings:
            before = [
                row
                for row in chain
                if row["hall_id"] == evening.hall_id
                and (row["date"], row["id"]) < (evening.date, evening.pk)
            ]
            loaded[evening.pk].previous_jar = before[-1] if before else None
            mine = [row for row in chain if row["id"] == evening.pk]
            if mine and mine[0]["jar_outcome__id"]:
                loaded[evening.pk].jar_outcome = mine[0]
    return loaded


def _load_still_playing(loaded: dict[int, _Loaded], jar_evenings: list[Evening]) -> None:
    """Who is still playing the current game of a running jar evening (1 query)."""
    running = {
        evening.pk: evening.current_game
        for evening in jar_evenings
        if evening.status == Evening.Status.RUNNING and evening.current_game
    }
    if not running:
        return
    for evening_id in running:
        loaded[evening_id].still_playing = set()
    for evening_id, game, couple_a, couple_b in Seating.objects.filter(
        game__evening_id__in=running, winner__isnull=True
    ).values_list("game__evening_id", "game__number", "couple_a_id", "couple_b_id"):
        if game == running[evening_id]:
            loaded[evening_id].still_playing.update((couple_a, couple_b))


# --- Computing ----------------------------------------------------------------


def evening_results(evening: Evening) -> EveningResults:
    """The results of ``evening`` as they stand (see the module docstring).

    The evening's settings and status are read from the instance given (no
    query for it): pass a freshly loaded one."""
    return compute(load([evening])[evening.pk])


def compute(data: _Loaded) -> EveningResults:
    """The results from loaded rows (no database access)."""
    evening = data.evening
    finished = evening.status == Evening.Status.FINISHED
    couples = data.couples
    by_id = {couple.id: couple for couple in couples}
    pairs = [(couple.id, len(data.punched.get(couple.id, ()))) for couple in couples]
    method = evening.ranking
    groups = ranking_rules.place_groups(pairs, evening.prize_places, method)
    warnings: list[str] = []

    paid = sum(1 for couple in couples if couple.paid)
    takings = (Decimal(evening.entry_fee) * paid).quantize(CENT)

    def prize_info(target: str, place: int) -> PrizeInfo | None:
        prize = data.prizes.get((target, place))
        return _prize_info(prize, takings) if prize else None

    tiebreaks = {(tb.target, tb.place): tb for tb in data.tiebreaks}

    # Prize places
    places: list[PlaceResult] = []
    prize_place_of: dict[int, int] = {}
    for group in groups:
        for key in group.couples:
            prize_place_of[key] = group.place
        places.extend(
            _group_results(
                data, Target.PLACE, group.place, group.wins, group.couples, group.covers,
                [prize_info(Target.PLACE, place) for place in group.covers],
                tiebreaks.get((Target.PLACE, group.place)), by_id, warnings,
            )
        )  # fmt: skip
    for tiebreak in data.tiebreaks:
        if tiebreak.target == Target.PLACE and not any(
            tiebreak.place == group.place for group in groups
        ):
            warnings.append(
                _("The tie-break for place %(p)s no longer matches the standings: discard it.")
                % {"p": tiebreak.place}
            )

    # Booby prize
    booby = None
    if evening.booby_prize:
        found = ranking_rules.booby_group(pairs, prize_place_of)
        if found:
            wins, keys = found
            booby = _group_results(
                data, Target.BOOBY, 0, wins, keys, (0,), [prize_info(Target.BOOBY, 0)],
                tiebreaks.get((Target.BOOBY, 0)), by_id, warnings,
            )[0]  # fmt: skip

    # Half-time leader
    half_time = HalfTimeResult(False)
    if evening.half_time_leader:
        game = evening.half_time_game
        decided = finished or evening.current_game > game
        half_pairs = [
            (couple.id, sum(1 for g in data.punched.get(couple.id, ()) if g <= game))
            for couple in couples
        ]
        leader = None
        found = ranking_rules.leaders(half_pairs)
        if found:
            wins, keys = found
            leader = _group_results(
                data, Target.HALF_TIME, 0, wins, keys, (0,), [prize_info(Target.HALF_TIME, 0)],
                tiebreaks.get((Target.HALF_TIME, 0)), by_id, warnings,
            )[0]  # fmt: skip
        half_time = HalfTimeResult(True, game, decided, leader)

    travelling = _travelling(data, by_id, finished, prize_info(Target.TRAVELLING, 0))
    jar = _jar(data, by_id, finished, warnings)
    fifty = _fifty_fifty(evening)

    standings = _standings(data, couples, pairs, method, prize_place_of)
    money = _money(evening, paid, takings, places, booby, half_time, travelling, jar, fifty)
    return EveningResults(
        evening_id=evening.pk,
        slug=evening.slug,
        version=evening.version,
        games=evening.games,
        current_game=evening.current_game,
        status=evening.status,
        finished=finished,
        ranking=method,
        prize_places=evening.prize_places,
        standings=standings,
        places=tuple(places),
        booby=booby,
        jar=jar,
        fifty_fifty=fifty,
        travelling=travelling,
        half_time=half_time,
        money=money,
        warnings=tuple(warnings),
    )


def _standings(data, couples, pairs, method, prize_place_of) -> tuple[Standing, ...]:
    ranks = ranking_rules.rank_of_each(pairs, method)
    counts: dict[int, int] = defaultdict(int)
    for _key, wins in pairs:
        counts[wins] += 1
    rows = [
        Standing(
            couple=couple,
            wins=wins,
            punched=tuple(data.punched.get(couple.id, ())),
            place=ranks[couple.id],
            tied=counts[wins] > 1,
            prize_place=prize_place_of.get(couple.id),
        )
        for couple, (_key, wins) in zip(couples, pairs, strict=True)
    ]
    rows.sort(key=lambda row: (-row.wins, row.couple.number))
    return tuple(rows)


def _prize_info(prize: Prize, takings: Decimal) -> PrizeInfo:
    if prize.kind == Prize.Kind.ITEM:
        value, text = None, prize.item
    elif prize.kind == Prize.Kind.SHARE:
        percent = prize.share_percent or Decimal("0")
        value = tie_rules.percent_of(takings, percent)
        text = _("%(p)s%% of the takings (%(v)s)") % {
            "p": _percent_text(percent),
            "v": money_text(value),
        }
    else:
        value = (prize.amount or ZERO).quantize(CENT)
        text = money_text(value)
    return PrizeInfo(
        target=prize.target,
        place=prize.place,
        kind=prize.kind,
        amount=prize.amount,
        share_percent=prize.share_percent,
        item=prize.item,
        value=value,
        text=text,
    )


def _percent_text(percent: Decimal) -> str:
    text = f"{Decimal(percent):f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return formats.number_format(Decimal(text), use_l10n=True)  # "12.5", French "12,5"


def money_text(amount: Decimal | None) -> str:
    """ "$12.50" (the hall's dollars, always two decimals; "12,50 $" in French)."""
    return money(amount)


def card_label(card: str) -> str:
    """A cut card for people: "3♠", "10♥"."""
    try:
        parsed: Card = parse_card(card)
    except ValueError:
        return card
    symbols = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
    return parsed.rank.label + (symbols[parsed.suit] if parsed.suit else "")


def tie_records(data: _Loaded, tiebreak: TieBreak):
    """The choices, cut rounds and play-off games of a tie-break, as the pure
    rules take them: (choices, rounds, games)."""
    entries = data.entries.get(tiebreak.pk, [])
    choices = {row["couple_id"]: row["choice"] for row in entries}
    rounds: dict[int, dict[int, Card]] = {}
    for row in data.cuts.get(tiebreak.pk, []):
        rounds.setdefault(row["round"], {})[row["couple_id"]] = parse_card(row["card"])
    cut_rounds = [rounds[number] for number in sorted(rounds)]
    games = [
        tie_rules.PlayoffGameRecord(
            row["round"], row["couple_a_id"], row["couple_b_id"], row["winner_id"]
        )
        for row in data.playoffs.get(tiebreak.pk, [])
    ]
    return choices, cut_rounds, games


def tiebreak_matches(data: _Loaded, tiebreak: TieBreak, wins: int, keys: Iterable[int]) -> bool:
    """Whether a tie-break still describes the tie as it stands (a result
    corrected after it was opened can change who is tied)."""
    entered = {row["couple_id"] for row in data.entries.get(tiebreak.pk, [])}
    return tiebreak.wins == wins and entered == set(keys)


def _group_results(
    data, target, place, wins, keys, covers, prizes, tiebreak, by_id, warnings
) -> list[PlaceResult]:
    """One PlaceResult per place a group holds or contests."""
    couples = tuple(by_id[key] for key in keys)
    covered = covers if target == Target.PLACE else (0,)
    if len(keys) == 1:
        prize = prizes[0]
        return [
            PlaceResult(
                target=target,
                place=place,
                wins=wins,
                couples=couples,
                status=AWARDED,
                winners=couples,
                prize=prize,
                prize_text=prize.text if prize else "",
                shares=_whole(prize, couples[0]),
                how_settled="",
                covers=tuple(covers) if target == Target.PLACE else (),
            )
        ]
    outcome = None
    tb_status = ""
    tb_id = None
    if tiebreak is not None:
        if tiebreak_matches(data, tiebreak, wins, keys):
            tb_id, tb_status = tiebreak.pk, tiebreak.status
            can_split = all(prize is not None and prize.can_split for prize in prizes)
            choices, rounds, games = tie_records(data, tiebreak)
            try:
                outcome = tie_rules.tie_outcome(
                    keys, len(covered), choices, can_split, rounds, games
                )
            except tie_rules.TieRuleError as error:
                warnings.append(error.message)
        else:
            warnings.append(
                _(
                    "The tie-break for %(what)s was opened before the results changed: "
                    "discard it and settle the tie again."
                )
                % {"what": _target_words(target, place)}
            )
    results = []
    settled = outcome is not None and outcome.status == tie_rules.SETTLED
    how = _how_settled(data, tiebreak, outcome, by_id) if settled else ""
    pooled = None
    if settled and outcome.method == tie_rules.SPLIT:
        total = sum((prize.value or ZERO) for prize in prizes)
        pooled = tie_rules.split_cents(total, outcome.split_among)
    for index, number in enumerate(covered):
        prize = prizes[index]
        winners: tuple[CoupleRef, ...] = ()
        shares: dict[int, Decimal] = {}
        if settled and outcome.method == tie_rules.SPLIT:
            winners = tuple(by_id[key] for key in outcome.split_among)
            shares = dict(pooled) if index == 0 else {}
        elif settled and index < len(outcome.ranking):
            winners = (by_id[outcome.ranking[index]],)
            shares = _whole(prize, winners[0])
        results.append(
            PlaceResult(
                target=target,
                place=number,
                wins=wins,
                couples=couples,
                status=SETTLED if settled else TIED,
                winners=winners,
                prize=prize,
                prize_text=prize.text if prize else "",
                shares=shares,
                how_settled=how,
                covers=tuple(covers) if target == Target.PLACE else (),
                tiebreak_id=tb_id,
                tiebreak_status=tb_status,
            )
        )
    return results


def _whole(prize: PrizeInfo | None, couple: CoupleRef) -> dict[int, Decimal]:
    if prize is None or prize.value is None:
        return {}
    return {couple.id: prize.value}


def _target_words(target: str, place: int) -> str:
    if target == Target.PLACE:
        return _("place %(p)s") % {"p": place}
    if target == Target.BOOBY:
        return _("the booby prize")
    if target == Target.HALF_TIME:
        return _("the half-time leader")
    return str(target)


def _couple_list(couples: Iterable[CoupleRef]) -> str:
    numbers = [str(couple.number) for couple in couples]
    if len(numbers) <= 1:
        return "".join(numbers)
    return _("%(first)s and %(last)s") % {"first": ", ".join(numbers[:-1]), "last": numbers[-1]}


def _how_settled(data, tiebreak, outcome, by_id) -> str:
    """The story of a settled tie, for the results sheet."""
    parts: list[str] = []
    if outcome.forfeited:
        parts.append(
            ngettext(
                "Couple %(c)s would not play off and forfeited.",
                "Couples %(c)s would not play off and forfeited.",
                len(outcome.forfeited),
            )
            % {"c": _couple_list(by_id[key] for key in outcome.forfeited)}
        )
    if outcome.method == tie_rules.SPLIT:
        parts.append(
            _("Split by agreement between couples %(c)s.")
            % {"c": _couple_list(by_id[key] for key in outcome.split_among)}
        )
    if outcome.method == tie_rules.PLAYOFF and outcome.playoff is not None:
        games = []
        for row in data.playoffs.get(tiebreak.pk, []):
            if row["couple_b_id"] is None:
                continue
            winner = by_id[row["winner_id"]]
            loser = by_id[
                row["couple_b_id"] if row["winner_id"] == row["couple_a_id"] else row["couple_a_id"]
            ]
            games.append(
                _("couple %(w)s beat couple %(l)s") % {"w": winner.number, "l": loser.number}
            )
        if games:
            parts.append(_("Play-off: %(games)s.") % {"games": "; ".join(games)})
    cuts = data.cuts.get(tiebreak.pk, [])
    if cuts:
        rounds: dict[int, list[str]] = {}
        dealt: set[int] = set()
        for row in cuts:
            rounds.setdefault(row["round"], []).append(
                _("couple %(c)s %(card)s")
                % {"c": by_id[row["couple_id"]].number, "card": card_label(row["card"])}
            )
            if row["dealt_by_app"]:
                dealt.add(row["round"])
        text = "; ".join(
            (
                _("round %(r)s (dealt by the app): %(cards)s")
                if number in dealt
                else _("round %(r)s: %(cards)s")
            )
            % {"r": number, "cards": ", ".join(cards)}
            for number, cards in sorted(rounds.items())
        )
        parts.append(_("Cut: %(rounds)s.") % {"rounds": text})
    if outcome.method != tie_rules.SPLIT and outcome.ranking:
        ranked = [by_id[key] for key in outcome.ranking]
        if len(ranked) == 1:
            parts.append(_("Couple %(c)s wins.") % {"c": ranked[0].number})
        else:
            parts.append(
                _("Order: %(order)s.")
                % {"order": ", ".join(str(couple.number) for couple in ranked)}
            )
    return " ".join(parts)


def _travelling(data, by_id, finished, prize) -> TravellingResult:
    evening = data.evening
    if not evening.travelling_prize:
        return TravellingResult(False)
    by_number = {couple.number: couple for couple in data.couples}
    start = by_number.get(evening.travelling_start) if evening.travelling_start else None
    seatings = data.seatings or []
    if start is None:
        return TravellingResult(
            True, available=bool(seatings) or not finished, prize=prize,
            prize_text=prize.text if prize else "",
        )  # fmt: skip
    from scoring.extras import travel  # pure helper, kept next to the other extras

    holder_id, after_game, passes = travel(start.id, seatings)
    return TravellingResult(
        enabled=True,
        start=start,
        holder=by_id.get(holder_id),
        after_game=after_game,
        passes=tuple(
            TravellingPass(game, by_id[from_id], by_id[to_id]) for game, from_id, to_id in passes
        ),
        final=finished and after_game >= evening.games,
        available=bool(seatings) or not finished,
        prize=prize,
        prize_text=prize.text if prize else "",
    )


def _fifty_fifty(evening: Evening) -> FiftyFiftyResult:
    if not evening.fifty_fifty:
        return FiftyFiftyResult(False)
    takings = Decimal(evening.fifty_fifty_takings).quantize(CENT)
    prize = tie_rules.percent_of(takings, Decimal(50))
    return FiftyFiftyResult(
        True,
        takings=takings,
        prize=prize,
        hall_share=takings - prize,
        ticket=evening.fifty_fifty_ticket,
        winner=evening.fifty_fifty_winner,
    )


def _jar(data: _Loaded, by_id, finished: bool, warnings: list[str]) -> JarResult:
    evening = data.evening
    if not evening.cookie_jar:
        return JarResult(False)
    bought = tuple(couple for couple in data.couples if couple.jar_buy_in)
    buy_in = Decimal(evening.jar_buy_in).quantize(CENT)
    buy_ins = (buy_in * len(bought)).quantize(CENT)
    carried_in, carried_from, previous_unsettled = ZERO, None, None
    previous = data.previous_jar
    if previous is not None:
        if previous["jar_outcome__id"]:
            carried_in = Decimal(previous["jar_outcome__carried_over"]).quantize(CENT)
            carried_from = previous["name"] if carried_in else None
        else:
            previous_unsettled = previous["name"]
            warnings.append(
                _(
                    "The cookie jar of %(name)s (%(date)s) was never settled, so what it "
                    "carried over is not counted here. Settle it on that evening's jar page."
                )
                % {"name": previous["name"], "date": _date(previous["date"])}
            )
    pot = jar_rules.pot(buy_in, len(bought), carried_in).quantize(CENT)
    numbers = tuple(evening.jar_numbers or ())
    mode = evening.jar_draw_mode
    revealed = bool(evening.jar_revealed)
    visible = bool(numbers) and (mode != Evening.JarDraw.SEALED or revealed)
    punched = {key: set(games) for key, games in data.punched.items()}
    bought_ids = [couple.id for couple in bought]
    alive = None
    winners: tuple[CoupleRef, ...] = ()
    shares: dict[int, Decimal] = {}
    carried_over = ZERO
    if visible and not finished:
        over = evening.current_game - 1 if evening.current_game else 0
        alive = tuple(
            by_id[key]
            for key in jar_rules.alive(punched, bought_ids, numbers, over, data.still_playing)
        )
    if visible and finished:
        winner_ids = jar_rules.winners(punched, bought_ids, numbers)
        winners = tuple(by_id[key] for key in winner_ids)
        shares = tie_rules.split_cents(pot, winner_ids)
        alive = winners
        if not winners:
            carried_over = pot
    outcome = data.jar_outcome
    differs = False
    if outcome is not None and finished and visible:
        differs = (
            Decimal(outcome["jar_outcome__carried_over"]) != carried_over
            or Decimal(outcome["jar_outcome__pot"]) != pot
        ) or list(outcome["jar_outcome__winners"] or []) != [couple.number for couple in winners]
        if differs:
            warnings.append(_("Results changed after the cookie jar was settled: settle it again."))
    return JarResult(
        enabled=True,
        mode=mode,
        draw_size=evening.jar_draw_size,
        drawn=bool(numbers),
        numbers=numbers if visible else None,
        fingerprint=evening.jar_fingerprint,
        salt=evening.jar_salt if (visible and evening.jar_salt) else None,
        revealed=revealed,
        buy_in=buy_in,
        bought_in=bought,
        buy_ins=buy_ins,
        carried_in=carried_in,
        carried_from=carried_from,
        previous_unsettled=previous_unsettled,
        pot=pot,
        alive=alive,
        winners=winners,
        shares=shares,
        carried_over=carried_over,
        settled=outcome is not None,
        settled_differs=differs,
    )


def _date(value: date) -> str:
    return value.isoformat() if value else ""


def _money(
    evening, paid, takings, places, booby, half_time, travelling, jar, fifty
) -> MoneySummary:
    prizes_paid = ZERO
    items: list[str] = []
    awarded = list(places)
    if booby:
        awarded.append(booby)
    if half_time.enabled and half_time.leader:
        awarded.append(half_time.leader)
    for place in awarded:
        if place.prize is None:
            continue
        if place.prize.value is None:
            items.append(place.prize.item)
        else:
            prizes_paid += place.prize.value
    if travelling.enabled and travelling.holder and travelling.prize:
        if travelling.prize.value is None:
            items.append(travelling.prize.item)
        else:
            prizes_paid += travelling.prize.value
    jar_paid_out = jar.pot if jar.winners else ZERO
    cash_in = takings + jar.buy_ins + fifty.takings
    cash_out = prizes_paid + jar_paid_out + fifty.prize
    hall_keeps = takings - prizes_paid + fifty.hall_share
    lines = [
        MoneyLine(
            "entries",
            _("Entries"),
            takings,
            1,
            ngettext("%(n)s couple paid %(fee)s", "%(n)s couples paid %(fee)s each", paid)
            % {"n": paid, "fee": money_text(evening.entry_fee)},
        )
    ]
    if jar.enabled:
        lines.append(
            MoneyLine(
                "jar_buy_ins",
                _("Cookie jar buy-ins"),
                jar.buy_ins,
                1,
                ngettext("%(n)s couple at %(fee)s", "%(n)s couples at %(fee)s", len(jar.bought_in))
                % {"n": len(jar.bought_in), "fee": money_text(jar.buy_in)},
            )
        )
    if fifty.enabled:
        lines.append(MoneyLine("fifty_fifty_takings", _("50/50 tickets"), fifty.takings, 1))
    lines.append(MoneyLine("cash_in", _("Taken in tonight"), cash_in, 0))
    lines.append(
        MoneyLine(
            "prizes_paid",
            _("Prizes paid"),
            prizes_paid,
            -1,
            _("and %(items)s") % {"items": "; ".join(items)} if items else "",
        )
    )
    if jar.enabled:
        lines += [
            MoneyLine(
                "jar_carried_in",
                _("Cookie jar carried in"),
                jar.carried_in,
                0,
                jar.carried_from or "",
            ),
            MoneyLine("jar_paid_out", _("Cookie jar paid out"), jar_paid_out, -1),
            MoneyLine("jar_carried_over", _("Cookie jar carried over"), jar.carried_over, 0),
        ]
    if fifty.enabled:
        lines.append(MoneyLine("fifty_fifty_paid", _("50/50 prize"), fifty.prize, -1))
    lines.append(MoneyLine("hall_keeps", _("The hall keeps"), hall_keeps, 0))
    return MoneySummary(
        entry_fee=Decimal(evening.entry_fee).quantize(CENT),
        paid_couples=paid,
        entries=takings,
        takings=takings,
        jar_buy_ins=jar.buy_ins,
        jar_carried_in=jar.carried_in,
        jar_paid_out=jar_paid_out,
        jar_carried_over=jar.carried_over,
        fifty_fifty_takings=fifty.takings,
        fifty_fifty_paid=fifty.prize,
        fifty_fifty_hall=fifty.hall_share,
        prizes_paid=prizes_paid,
        items=tuple(items),
        cash_in=cash_in,
        cash_out=cash_out,
        hall_keeps=hall_keeps,
        lines=tuple(lines),
    )


# --- JSON ---------------------------------------------------------------------


def _d(value: Decimal | None) -> str | None:
    return None if value is None else str(Decimal(value).quantize(CENT))


def _couple_json(couple: CoupleRef, label) -> dict:
    return {"number": couple.number, "name": label(couple)}


def _place_json(place: PlaceResult | None, label) -> dict | None:
    if place is None:
        return None
    return {
        "target": place.target,
        "place": place.place,
        "wins": place.wins,
        "couples": [couple.number for couple in place.couples],
        "status": place.status,
        "winners": [couple.number for couple in place.winners],
        "prize": place.prize_text,
        "shares": {
            str(couple.number): _d(place.shares[couple.id])
            for couple in place.couples
            if couple.id in place.shares
        },
        "how_settled": place.how_settled,
        "covers": list(place.covers),
    }


def _to_json(results: EveningResults, label) -> dict:
    jar = results.jar
    money = results.money
    travelling = results.travelling
    half = results.half_time
    fifty = results.fifty_fifty
    return {
        "slug": results.slug,
        "version": results.version,
        "games": results.games,
        "current_game": results.current_game,
        "status": results.status,
        "finished": results.finished,
        "ranking": results.ranking,
        "standings": [
            {
                "couple": standing.couple.number,
                "name": label(standing.couple),
                "wins": standing.wins,
                "punched": list(standing.punched),
                "place": standing.place,
                "tied": standing.tied,
            }
            for standing in results.standings
        ],
        "places": [_place_json(place, label) for place in results.places],
        "booby": _place_json(results.booby, label),
        "cookie_jar": None
        if not jar.enabled
        else {
            "mode": jar.mode,
            "numbers": list(jar.numbers) if jar.numbers is not None else None,
            "fingerprint": jar.fingerprint,
            "salt": jar.salt,
            "pot": _d(jar.pot),
            "carried_in": _d(jar.carried_in),
            "alive": None if jar.alive is None else [c.number for c in jar.alive],
            "winners": [couple.number for couple in jar.winners],
            "carried_over": _d(jar.carried_over),
        },
        "fifty_fifty": None
        if not fifty.enabled
        else {"takings": _d(fifty.takings), "prize": _d(fifty.prize), "ticket": fifty.ticket},
        "travelling": None
        if not travelling.enabled
        else {
            "start": travelling.start.number if travelling.start else None,
            "holder": travelling.holder.number if travelling.holder else None,
            "after_game": travelling.after_game,
            "final": travelling.final,
        },
        "half_time": None
        if not half.enabled
        else {
            "after_game": half.after_game,
            "decided": half.decided,
            "leader": _place_json(half.leader, label),
        },
        "money": {line.key: _d(line.amount) for line in money.lines},
    }


__all__ = [
    "AWARDED",
    "SETTLED",
    "TIED",
    "CoupleRef",
    "EveningResults",
    "FiftyFiftyResult",
    "HalfTimeResult",
    "JarResult",
    "MoneyLine",
    "MoneySummary",
    "PlaceResult",
    "PrizeInfo",
    "Standing",
    "TravellingPass",
    "TravellingResult",
    "card_label",
    "compute",
    "evening_results",
    "load",
    "money_text",
]
