"""The frozen results tree: plain values, no database access (see scoring.results)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.utils.translation import gettext as _

from scoring.models import Prize
from tables.names import couple_names

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
        return couple_names(self.player1, self.player2)

    @property
    def attendance(self) -> str:
        """ "from game 4", "left after game 5", both, or "" (played all night)."""
        return attendance_note(self.joined_game, self.left_after_game)

    def __str__(self) -> str:
        return f"{self.number}. {self.names}"


def attendance_note(joined_game: int, left_after_game: int | None) -> str:
    """How the standings, the board and the results sheet mark a couple that
    arrived late or left early (RULES.md A6)."""
    notes = []
    if joined_game > 1:
        notes.append(_("arrived late, from game %(g)s") % {"g": joined_game})
    if left_after_game is not None:
        notes.append(_("left after game %(g)s") % {"g": left_after_game})
    return ", ".join(notes)


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
    commitment (see scoring.rules.jar), "" for the hat; ``salt`` only
    once revealed (or for an announced draw). ``pot`` = ``buy_ins`` +
    ``carried_in`` (from the hall's previous cookie-jar evening,
    ``carried_from`` and ``carried_from_date`` name it). ``alive``: bought-in couples that won every
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
    carried_from_date: date | None = None
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
