"""Loading the rows of evenings for their results, in a constant number of queries."""

from __future__ import annotations

import bisect
import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from scoring.models import CutCard, PlayoffGame, Prize, TieBreak, TieBreakEntry
from scoring.results.tree import CoupleRef
from tables.models import Couple, Evening, Punch, Seating


@dataclass
class Loaded:
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


def load(evenings: Iterable[Evening]) -> dict[int, Loaded]:
    """Load what the results of several evenings need, in at most 10 queries
    whatever their number of couples or evenings."""
    evenings = list(evenings)
    loaded = {evening.pk: Loaded(evening) for evening in evenings}
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
        chain, previous = jar_chain(jar_evenings)
        _load_still_playing(loaded, jar_evenings)
        for evening in jar_evenings:
            loaded[evening.pk].previous_jar = previous[evening.pk]
            mine = [row for row in chain if row["id"] == evening.pk]
            if mine and mine[0]["jar_outcome__id"]:
                loaded[evening.pk].jar_outcome = mine[0]
    return loaded


def jar_chain(jar_evenings: list[Evening]) -> tuple[list[dict], dict[int, dict | None]]:
    """The cookie-jar evenings of these evenings' halls up to the latest of
    them (`hall_jar_chain`), and for each evening the one its jar carries
    over from (`previous_jar`)."""
    halls = {evening.hall_id for evening in jar_evenings}
    chain = hall_jar_chain(halls, max(evening.date for evening in jar_evenings))
    previous = {
        evening.pk: previous_jar(chain, evening.hall_id, evening.date, evening.pk)
        for evening in jar_evenings
    }
    return chain, previous


def hall_jar_chain(hall_ids: Iterable[int], until: datetime.date) -> list[dict]:
    """The halls' cookie-jar evenings up to `until` that are not cancelled,
    oldest first, with their settled outcomes (one query)."""
    return list(
        Evening.objects.filter(hall_id__in=list(hall_ids), cookie_jar=True, date__lte=until)
        .exclude(cancelled=True)
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


def previous_jar(chain: list[dict], hall_id: int, date: datetime.date, pk: int) -> dict | None:
    """THE rule of where a jar comes from (RULES.md A7): the hall's previous
    cookie-jar evening by date (then by id, for two on one day), a row of
    `jar_chain`; None for the hall's first. A cancelled evening is not
    played: the jar goes past it, to the next one. (`pk` 0: the last one
    before `date`.)"""
    return previous_jars(chain, hall_id, [(date, pk)])[0]


def previous_jars(
    chain: list[dict], hall_id: int, points: list[tuple[datetime.date, int]]
) -> list[dict | None]:
    """`previous_jar` for each (date, pk) of `points`, the chain (oldest
    first, as `hall_jar_chain` reads it) searched once for them all."""
    mine = [row for row in chain if row["hall_id"] == hall_id]
    keys = [(row["date"], row["id"]) for row in mine]
    found = []
    for point in points:
        index = bisect.bisect_left(keys, point)
        found.append(mine[index - 1] if index else None)
    return found


def _load_still_playing(loaded: dict[int, Loaded], jar_evenings: list[Evening]) -> None:
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
