"""A hall's season: its evenings side by side, a table of the couples across
them, and the cookie jar's carried-over balance (RULES.md A7: no winner
carries the jar over to the next evening of the same hall).

A couple is the same couple from one evening to the next when its two names
are the same (in either order, ignoring case and extra spaces): couple
numbers are per evening.

Read-only, built on scoring.results with a constant number of queries
whatever the number of evenings or couples.

`public_season(hall)` is what the hall's public page shows: its published
evenings only, every name as the hall's privacy setting allows
(`tables.privacy`, the one rule).
"""

from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.humanize.templatetags.humanize import ordinal
from django.utils.translation import gettext as _

from scoring import results as results_module
from scoring.results import ZERO, CoupleRef, EveningResults, PlaceResult
from tables.models import Evening, Hall
from tables.privacy import names_are_public, public_label, public_names


@dataclass(frozen=True)
class SeasonEvening:
    """One evening of the season and its cookie jar (the stored outcome
    once settled; as it stands otherwise)."""

    id: int
    name: str
    slug: str
    date: object
    status: str
    finished: bool
    couples: int
    jar: bool
    jar_pot: Decimal = ZERO
    jar_carried_in: Decimal = ZERO
    jar_winners: tuple[int, ...] = ()
    # Who won the jar, as the hall's privacy setting allows ("Couple 4: Ann
    # & Joe", or "Couple 4"): numbers alone mean nothing a week later.
    jar_went_to: tuple[str, ...] = ()
    jar_carried_over: Decimal = ZERO
    jar_settled: bool = False
    # Who took first place (finished evenings, once any tie is settled).
    first_place: tuple[CoupleRef, ...] = ()
    cancelled: bool = False


@dataclass
class SeasonRow:
    """One couple (by its two names) across the hall's evenings. ``prizes``
    lists the prizes it took (places with a prize set, booby, half-time,
    travelling, cookie jar); ``cash`` what they were worth in money."""

    key: tuple[str, str]
    names: str
    player1: str = ""
    player2: str = ""
    evenings: int = 0
    games: int = 0
    prizes: list[str] = field(default_factory=list)
    cash: Decimal = ZERO

    @property
    def prize_count(self) -> int:
        return len(self.prizes)


@dataclass(frozen=True)
class Season:
    hall: Hall
    evenings: tuple[SeasonEvening, ...]
    rows: tuple[SeasonRow, ...]
    # What the next cookie-jar evening of the hall starts with.
    jar_balance: Decimal
    jar_balance_from: str | None
    jar_unsettled: tuple[str, ...]
    jar_balance_from_date: object = None


def couple_key(player1: str, player2: str) -> tuple[str, str]:
    """The same two players, in either order, any case or spacing."""
    names = sorted(" ".join(name.split()).casefold() for name in (player1, player2))
    return names[0], names[1]


def _prize_label(place: PlaceResult) -> str:
    if place.target == "place":
        return ordinal(place.place)
    if place.target == "booby":
        return _("booby")
    return _("half-time")


def season(hall: Hall, *, published_only: bool = False) -> Season:
    """The season table of ``hall``: every evening (or only the published
    ones), oldest first."""
    evenings = Evening.objects.for_hall(hall)
    if published_only:
        evenings = evenings.published()
    evenings = list(evenings.select_related("hall").order_by("date", "id"))
    loaded = results_module.load(evenings)
    rows: dict[tuple[str, str], SeasonRow] = {}
    summaries: list[SeasonEvening] = []
    balance, balance_from, balance_date, unsettled = ZERO, None, None, []
    for evening in evenings:
        data = loaded[evening.pk]
        result: EveningResults = results_module.compute(data)
        by_id = {couple.id: couple for couple in data.couples}
        by_number = {couple.number: couple for couple in data.couples}
        row_of: dict[int, SeasonRow] = {}
        for couple in data.couples:
            key = couple_key(couple.player1, couple.player2)
            row = rows.setdefault(key, SeasonRow(key, couple.names))
            row.names = couple.names  # the latest spelling
            row.player1, row.player2 = couple.player1, couple.player2
            row.evenings += 1
            row.games += len(data.punched.get(couple.id, ()))
            row_of[couple.id] = row
        _count_prizes(result, row_of, evening)
        jar = result.jar
        summary = SeasonEvening(
            id=evening.pk,
            name=evening.name,
            slug=evening.slug,
            date=evening.date,
            status=evening.get_status_display(),
            finished=result.finished,
            couples=len(by_id),
            jar=jar.enabled,
            first_place=_first_place(result),
            cancelled=evening.cancelled,
        )
        if jar.enabled:
            stored = data.jar_outcome
            if stored:
                pot = Decimal(stored["jar_outcome__pot"])
                carried_over = Decimal(stored["jar_outcome__carried_over"])
                winners = tuple(stored["jar_outcome__winners"] or ())
                balance, balance_from, balance_date = carried_over, evening.name, evening.date
            else:
                pot, carried_over = jar.pot, jar.carried_over
                winners = tuple(couple.number for couple in jar.winners)
                if result.finished:
                    unsettled.append(evening.name)
            summary = SeasonEvening(
                **{
                    **summary.__dict__,
                    "jar_pot": pot,
                    "jar_carried_in": jar.carried_in,
                    "jar_winners": winners,
                    "jar_went_to": tuple(
                        public_label(by_number[number], evening.hall.privacy)
                        for number in winners
                        if number in by_number
                    ),
                    "jar_carried_over": carried_over,
                    "jar_settled": bool(stored),
                }
            )
        summaries.append(summary)
    ordered = sorted(rows.values(), key=lambda row: (-row.games, -row.prize_count, row.names))
    return Season(
        hall=hall,
        evenings=tuple(summaries),
        rows=tuple(ordered),
        jar_balance=balance,
        jar_balance_from=balance_from if balance else None,
        jar_balance_from_date=balance_date if balance else None,
        jar_unsettled=tuple(unsettled),
    )


def _first_place(result: EveningResults) -> tuple[CoupleRef, ...]:
    if not result.finished or not result.places:
        return ()
    first = result.places[0]
    if first.status == results_module.TIED:
        return ()
    return tuple(sorted(first.winners, key=lambda couple: couple.number))


@dataclass(frozen=True)
class PublicSeason:
    """The season as the public may see it: published evenings only; each
    evening's winners as labels ("Couple 4: Ann & Joe", or "Couple 4" when
    the hall hides names); the couples' rows only when names are shown (a
    couple is followed across evenings by its names: numbers change)."""

    evenings: tuple[SeasonEvening, ...]
    winners: dict[int, tuple[str, ...]]
    rows: tuple[SeasonRow, ...]
    names_shown: bool


def public_season(hall: Hall) -> PublicSeason:
    """The hall's season for its public page, with the privacy rule applied."""
    table = season(hall, published_only=True)
    privacy = hall.privacy
    shown = names_are_public(privacy)
    rows = ()
    if shown:
        rows = tuple(
            SeasonRow(
                key=(),
                names=public_names(row.player1, row.player2, privacy),
                evenings=row.evenings,
                games=row.games,
                prizes=list(row.prizes),
                cash=row.cash,
            )
            for row in table.rows
        )
    winners = {
        evening.id: tuple(public_label(couple, privacy) for couple in evening.first_place)
        for evening in table.evenings
    }
    return PublicSeason(evenings=table.evenings, winners=winners, rows=rows, names_shown=shown)


def _count_prizes(result: EveningResults, row_of: dict, evening: Evening) -> None:
    won: list[PlaceResult] = list(result.places)
    if result.booby:
        won.append(result.booby)
    if result.half_time.decided and result.half_time.leader:
        won.append(result.half_time.leader)
    date = f"{evening.date:%Y-%m-%d}"
    if not result.finished:
        return
    for place in won:
        if place.status == results_module.TIED or place.prize is None:
            continue
        for couple in place.winners:
            row = row_of[couple.id]
            row.prizes.append(f"{_prize_label(place)} {date}")
            row.cash += place.shares.get(couple.id, ZERO)
    jar = result.jar
    for couple in jar.winners:
        row = row_of[couple.id]
        row.prizes.append(_("cookie jar %(date)s") % {"date": date})
        row.cash += jar.shares.get(couple.id, ZERO)
    travelling = result.travelling
    if travelling.enabled and travelling.final and travelling.holder:
        row = row_of[travelling.holder.id]
        row.prizes.append(_("travelling %(date)s") % {"date": date})
        if travelling.prize and travelling.prize.value:
            row.cash += travelling.prize.value


__all__ = [
    "PublicSeason",
    "Season",
    "SeasonEvening",
    "SeasonRow",
    "couple_key",
    "public_season",
    "season",
]
