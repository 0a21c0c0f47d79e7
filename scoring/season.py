"""A hall's season: its evenings side by side, a table of the couples across
them, and the cookie jar's carried-over balance (RULES.md A7: no winner
carries the jar over to the next evening of the same hall).

Players and couples are followed by the hall's player register
(tables/models/players.py), not by the names as typed: each name of a couple
is the person its register record belongs to (merged records count as one
person); a name the register does not know (a couple typed before the
register, a removed player) is followed by its folded spelling
(`tables.names.fold_name`, the door's rule: "O'Brien" and "OBrien" are one
name). A pair is its two people in either order; swapped partners make a
new pair, and each person keeps one row in the table of players. An erased
name ("(name removed)", `tables.services.erase.erase_player`) is nobody:
no row among the players, nobody's usual partner, and a pair of its own on
each couple it was on.

Read-only, built on scoring.results with a constant number of queries
whatever the number of evenings or couples. `cached_season` keeps it in
Django's cache, built once for what it is made of (the evenings' versions,
the register), and `season_part` what a page shows of it (a page of a list,
one player's line), so a page reads its part and never the whole season:
a year of evenings costs a page no more than its first week did (issue 47).

`public_season(hall)` is what the hall's public page shows: its published
evenings only, every name as the hall's privacy setting allows
(`tables.privacy`, the one rule).
"""

from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.humanize.templatetags.humanize import ordinal
from django.core.paginator import Page, Paginator
from django.utils import translation
from django.utils.translation import gettext as _

from cardnight.freshness import cached, code_revision, digest
from scoring import results as results_module
from scoring.results import ZERO, CoupleRef, EveningResults, PlaceResult
from tables.models import Couple, Evening, Hall, Player
from tables.names import couple_key, couple_names, fold_name, tidy_name
from tables.privacy import names_are_public, public_label, public_names, public_person
from tables.services.register import erased_names


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
    """One pair of players, or one player (``key`` of one), across the hall's
    evenings. ``prizes`` lists the prizes taken (places with a prize set,
    booby, half-time, travelling, cookie jar); ``cash`` what they were worth
    in money; ``jar_wins`` how many cookie jars."""

    key: tuple[str, ...]
    names: str
    player1: str = ""
    player2: str = ""
    evenings: int = 0
    games: int = 0
    prizes: list[str] = field(default_factory=list)
    cash: Decimal = ZERO
    jar_wins: int = 0
    # A player's row: the usual partner (most evenings together) and the
    # register's record (None for a name the register does not know).
    partner: str = ""
    player_id: int | None = None
    seen: set = field(default_factory=set, repr=False)
    partners: dict = field(default_factory=dict, repr=False)

    @property
    def prize_count(self) -> int:
        return len(self.prizes)


@dataclass(frozen=True)
class LineEvening:
    """One evening of a player's line: partner, games won, place, prizes."""

    evening: SeasonEvening
    number: int
    partner: str
    games: int
    place: int | None
    prizes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Season:
    hall: Hall
    evenings: tuple[SeasonEvening, ...]
    # The pairs of players.
    rows: tuple[SeasonRow, ...]
    # What the next cookie-jar evening of the hall starts with.
    jar_balance: Decimal
    jar_balance_from: str | None
    jar_unsettled: tuple[str, ...]
    jar_balance_from_date: object = None
    # The players one by one, and each one's evenings ({key: [LineEvening]}).
    players: tuple[SeasonRow, ...] = ()
    lines: dict = field(default_factory=dict)

    def line(self, player: Player) -> tuple[LineEvening, ...]:
        """A player's own line across the season (the whole person's)."""
        return tuple(self.lines.get(person_key(player.person_id), ()))


def person_key(main_id: int) -> str:
    """A register person's key in the season (a folded name has no "#")."""
    return f"#{main_id}"


# The key of an erased name's seat (a folded name has no "-").
ERASED = "-"


class _Register:
    """The hall's register, loaded once (two queries): who a typed name is."""

    def __init__(self, hall: Hall, couple_ids: list[int]):
        records = list(
            Player.objects.filter(hall=hall).values_list("pk", "folded", "name", "merged_into")
        )
        self.main = {pk: merged or pk for pk, _folded, _name, merged in records}
        self.by_folded = {folded: pk for pk, folded, _name, _merged in records}
        self.name = {pk: name for pk, _folded, name, _merged in records}
        self.erased = erased_names()
        self.links = {}
        if couple_ids:
            self.links = {
                pk: (first, second)
                for pk, first, second in Couple.objects.filter(pk__in=couple_ids).values_list(
                    "pk", "person1_id", "person2_id"
                )
            }

    def person(self, record_id: int | None, typed: str, seat: str) -> tuple[str, str, int | None]:
        """(key, name to show, main record id) of a name typed on a couple;
        `seat` says which name of which couple ("12.1"): an erased name is
        nobody, so it is only that seat, never one person with the others."""
        if fold_name(typed) in self.erased:
            return ERASED + seat, tidy_name(typed), None
        if record_id not in self.main:
            record_id = self.by_folded.get(fold_name(typed))
        if record_id is None:
            return fold_name(typed), tidy_name(typed), None
        main = self.main[record_id]
        return person_key(main), self.name[main], main


def _prize_label(place: PlaceResult) -> str:
    if place.target == "place":
        return ordinal(place.place)
    if place.target == "booby":
        return _("booby")
    return _("half-time")


def season(hall: Hall, *, published_only: bool = False) -> Season:
    """The season table of ``hall``: every evening that is not cancelled (or
    only the published ones), oldest first."""
    evenings = Evening.objects.for_hall(hall).filter(cancelled=False)
    if published_only:
        evenings = evenings.published()
    evenings = list(evenings.select_related("hall").order_by("date", "id"))
    loaded = results_module.load(evenings)
    register = _Register(hall, [c.id for e in evenings for c in loaded[e.pk].couples])
    rows: dict[tuple[str, ...], SeasonRow] = {}
    players: dict[str, SeasonRow] = {}
    lines: dict[str, list[LineEvening]] = {}
    summaries: list[SeasonEvening] = []
    balance, balance_from, balance_date, unsettled = ZERO, None, None, []
    for evening in evenings:
        data = loaded[evening.pk]
        result: EveningResults = results_module.compute(data)
        by_id = {couple.id: couple for couple in data.couples}
        by_number = {couple.number: couple for couple in data.couples}
        row_of: dict[int, list[SeasonRow]] = {}
        people_of: dict[int, tuple] = {}
        for couple in data.couples:
            links = register.links.get(couple.id, (None, None))
            first = register.person(links[0], couple.player1, f"{couple.id}.1")
            second = register.person(links[1], couple.player2, f"{couple.id}.2")
            people_of[couple.id] = (first, second)
            key = tuple(sorted((first[0], second[0])))
            row = rows.setdefault(key, SeasonRow(key, ""))
            row.player1, row.player2 = first[1], second[1]  # as they sat last
            row.names = couple_names(first[1], second[1])
            row.evenings += 1
            wins = len(data.punched.get(couple.id, ()))
            row.games += wins
            row_of[couple.id] = [row]
            for me, partner in ((first, second), (second, first)):
                if me[0].startswith(ERASED):
                    continue  # not a player to follow
                person = players.setdefault(me[0], SeasonRow((me[0],), me[1], player_id=me[2]))
                if any(counted is person for counted in row_of[couple.id]):
                    continue  # one person typed twice on a couple counts once
                person.names = person.player1 = me[1]
                if evening.pk not in person.seen:
                    person.seen.add(evening.pk)
                    person.evenings += 1
                person.games += wins
                if not partner[0].startswith(ERASED):
                    person.partners[partner[1]] = person.partners.get(partner[1], 0) + 1
                row_of[couple.id].append(person)
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
        _add_lines(lines, summary, result, people_of, row_of)
    for person in players.values():
        if person.partners:
            person.partner = max(person.partners.items(), key=lambda item: (item[1], item[0]))[0]
    return Season(
        hall=hall,
        evenings=tuple(summaries),
        rows=tuple(sorted(rows.values(), key=_rank)),
        jar_balance=balance,
        jar_balance_from=balance_from if balance else None,
        jar_balance_from_date=balance_date if balance else None,
        jar_unsettled=tuple(unsettled),
        players=tuple(sorted(players.values(), key=_rank)),
        lines=lines,
    )


def season_digest(hall: Hall, *, published_only: bool = False) -> str:
    """What the season of `hall` is made of, as a short hash (two small
    queries): its evenings and their versions (every change to an evening
    bumps its version) and database generations (a restore gives a new
    one, so a version reached again after it is not taken for the one
    before), the register's records (a merge or a new spelling
    changes who is who), the hall's privacy and the code."""
    evenings = Evening.objects.for_hall(hall).filter(cancelled=False)
    if published_only:
        evenings = evenings.published()
    made_of = list(evenings.order_by("pk").values_list("pk", "version", "generation"))
    register = list(
        Player.objects.filter(hall=hall)
        .order_by("pk")
        .values_list("pk", "name", "folded", "merged_into")
    )
    return digest(hall.pk, published_only, hall.privacy, made_of, register)


def _season_key(hall: Hall, published_only: bool) -> str:
    return ":".join(
        [
            "season",
            str(hall.pk),
            season_digest(hall, published_only=published_only),
            translation.get_language() or "-",
            code_revision(),
        ]
    )


def cached_season(hall: Hall, *, published_only: bool = False) -> Season:
    """`season(hall)` from the cache, built once for what it is made of
    (`season_digest`) and the language it is written in."""
    key = _season_key(hall, published_only)
    return cached(key, lambda: season(hall, published_only=published_only))


def season_part(hall: Hall, name: str, build, *, published_only: bool = False):
    """`build(season)`: the part of the hall's season a page shows (a page
    of a list, one player's line, the jar's balance), kept in the cache
    under the season's key and `name` (which says all the part depends on
    besides the season: the page asked for, the player). It is built once
    from the whole season (`cached_season`) and then read alone: a page
    reads what it shows, never the whole season, so that at a year of
    evenings it costs what it cost in the first week (issue 47). `build`
    must return a small value (`page_of` for a page of a list)."""
    key = f"{_season_key(hall, published_only)}:{name}"
    return cached(key, lambda: build(cached_season(hall, published_only=published_only)))


def page_of(rows, per_page: int, number: int) -> Page:
    """Page `number` of `rows` (`per_page` a page; the last one for a number
    past it), light enough to keep in the cache: its own rows and how many
    there are in all, not the whole list."""
    count = len(rows)
    paginator = Paginator(range(count), per_page)
    page = paginator.get_page(number)
    start = (page.number - 1) * per_page
    return Page(list(rows[start : start + per_page]), page.number, paginator)


def _rank(row: SeasonRow):
    """Most games won first, then most prizes, most evenings, by name."""
    return (-row.games, -row.prize_count, -row.evenings, row.names.casefold())


def _add_lines(lines, summary: SeasonEvening, result, people_of, row_of) -> None:
    """Each person's evening: partner, games won, place and prizes."""
    suffix = f" {summary.date:%Y-%m-%d}"
    for standing in result.standings:
        couple = standing.couple
        pair = row_of[couple.id][0]
        prizes = tuple(p.removesuffix(suffix) for p in pair.prizes if p.endswith(suffix))
        first, second = people_of[couple.id]
        for me, partner in ((first, second), (second, first)):
            if me[0].startswith(ERASED):
                continue
            lines.setdefault(me[0], []).append(
                LineEvening(
                    summary, couple.number, partner[1], standing.wins, standing.place, prizes
                )
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
    the hall hides names); the pairs' and the players' rows only when names
    are shown, each name as the hall's privacy setting allows."""

    evenings: tuple[SeasonEvening, ...]
    winners: dict[int, tuple[str, ...]]
    rows: tuple[SeasonRow, ...]
    names_shown: bool
    players: tuple[SeasonRow, ...] = ()


def _public_row(row: SeasonRow, names: str) -> SeasonRow:
    return SeasonRow(
        key=(),
        names=names,
        evenings=row.evenings,
        games=row.games,
        prizes=list(row.prizes),
        cash=row.cash,
        jar_wins=row.jar_wins,
    )


def public_season(hall: Hall) -> PublicSeason:
    """The hall's season for its public page, with the privacy rule applied."""
    return public_view(cached_season(hall, published_only=True), hall.privacy)


def public_view(table: Season, privacy: str) -> PublicSeason:
    """`table` (a season of published evenings) as the public may see it."""
    shown = names_are_public(privacy)
    rows, players = (), ()
    if shown:
        rows = tuple(
            _public_row(row, public_names(row.player1, row.player2, privacy)) for row in table.rows
        )
        players = tuple(
            _public_row(row, public_person(row.names, privacy)) for row in table.players
        )
    winners = {
        evening.id: tuple(public_label(couple, privacy) for couple in evening.first_place)
        for evening in table.evenings
    }
    return PublicSeason(
        evenings=table.evenings, winners=winners, rows=rows, names_shown=shown, players=players
    )


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
            for row in row_of[couple.id]:
                row.prizes.append(f"{_prize_label(place)} {date}")
                row.cash += place.shares.get(couple.id, ZERO)
    jar = result.jar
    for couple in jar.winners:
        for row in row_of[couple.id]:
            row.prizes.append(_("cookie jar %(date)s") % {"date": date})
            row.cash += jar.shares.get(couple.id, ZERO)
            row.jar_wins += 1
    travelling = result.travelling
    if travelling.enabled and travelling.final and travelling.holder:
        for row in row_of[travelling.holder.id]:
            row.prizes.append(_("travelling %(date)s") % {"date": date})
            if travelling.prize and travelling.prize.value:
                row.cash += travelling.prize.value


__all__ = [
    "LineEvening",
    "PublicSeason",
    "Season",
    "SeasonEvening",
    "cached_season",
    "page_of",
    "season_digest",
    "season_part",
    "SeasonRow",
    "couple_key",
    "person_key",
    "public_season",
    "public_view",
    "season",
]
