"""An evening as JSON (format "cardnight-evening", version 1): the shape is
evening.schema.json next to this file (see load.py's docstring for what
each key means).

    export_evening_data(evening) -> dict     the whole evening (a fixed number of queries)
    export_scoring(evening) -> dict          its scoring keys: prizes, places, booby,
                                             cookie_jar, tiebreaks, extras

Money is written by `cardnight.money.as_text` ("5.00"), the one
Decimal-to-string.
"""

from __future__ import annotations

from decimal import Decimal

from cardnight.money import as_text
from scoring.models import Prize, TieBreak
from scoring.results import PlaceResult, evening_results
from tables.models import Evening, Punch, ResultChange, Seating

from .problems import FORMAT, SETTINGS, VERSION


def _setting(evening: Evening, name: str):
    value = getattr(evening, name)
    return as_text(value) if isinstance(value, Decimal) else value


def _player_id(record) -> str | None:
    """A name's stable id: its person's in the hall's register (the main
    record of merged ones), None for a name the register does not hold."""
    if record is None:
        return None
    return str((record.merged_into or record).uid)


def export_evening_data(evening: Evening) -> dict:
    """The evening as a JSON-ready dict (a fixed number of queries)."""
    couples = list(
        evening.couples.order_by("number").select_related(
            "person1__merged_into", "person2__merged_into"
        )
    )
    numbers = {c.pk: c.number for c in couples}

    def number(couple_id):
        return numbers[couple_id] if couple_id is not None else None

    corrections: dict[int, list[dict]] = {}
    for change in (
        ResultChange.objects.filter(
            seating__game__evening=evening, kind=ResultChange.Kind.CORRECTED
        )
        .select_related("changed_by")
        .order_by("changed_at", "id")
    ):
        corrections.setdefault(change.seating_id, []).append(
            {
                "from": number(change.old_winner_id),
                "to": number(change.new_winner_id),
                "reason": change.reason,
                "by": change.changed_by.get_username() if change.changed_by else None,
                "at": change.changed_at.isoformat(),
            }
        )
    tables: dict[int, list[dict]] = {}
    for row in (
        Seating.objects.filter(game__evening=evening)
        .order_by("game__number", "table__number")
        .values(
            "id",
            "game_id",
            "table__number",
            "couple_a_id",
            "couple_b_id",
            "deals_first_id",
            "winner_id",
        )  # fmt: skip
    ):
        entry = {
            "table": row["table__number"],
            "couples": [number(row["couple_a_id"]), number(row["couple_b_id"])],
            "deals_first": number(row["deals_first_id"]),
            "winner": number(row["winner_id"]),
        }
        if row["id"] in corrections:
            entry["corrections"] = corrections[row["id"]]
        tables.setdefault(row["game_id"], []).append(entry)
    games = [
        {"number": game.number, "bye": number(game.bye_id), "tables": tables.get(game.pk, [])}
        for game in evening.game_set.order_by("number")
    ]
    punched: dict[int, list[int]] = {}
    for couple_id, game_number in Punch.objects.filter(evening=evening).values_list(
        "couple_id", "game_number"
    ):
        punched.setdefault(couple_id, []).append(game_number)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "slug": evening.slug,
        "name": evening.name,
        "date": evening.date.isoformat(),
        "start_time": evening.start_time.strftime("%H:%M") if evening.start_time else None,
        "cancelled": evening.cancelled,
        "hall": evening.hall.name,
        "status": evening.status,
        "settings": {name: _setting(evening, name) for name in SETTINGS},
        "couples": [
            {
                "number": c.number,
                "players": [c.player1, c.player2],
                "joined_game": c.joined_game,
                "left_after_game": c.left_after_game,
                "paid": c.paid,
                "jar_buy_in": c.jar_buy_in,
                "player_ids": [_player_id(c.person1), _player_id(c.person2)],
            }
            for c in couples
        ],
        "games": games,
        "standings": [
            {
                "couple": c.number,
                "wins": len(punched.get(c.pk, [])),
                "punched": sorted(punched.get(c.pk, [])),
            }
            for c in couples
        ],
    }
    # The scoring keys: "places", "booby", "cookie_jar", the tie-break records.
    data.update(export_scoring(evening))
    return data


def place_json(place: PlaceResult) -> dict:
    return {
        "place": place.place,
        "wins": place.wins,
        "couples": [couple.number for couple in place.couples],
        "status": place.status,
        "winners": [couple.number for couple in place.winners],
    }


def export_scoring(evening: Evening) -> dict:
    """The scoring keys of the evening's JSON (see the module docstring)."""
    results = evening_results(evening)
    numbers = {standing.couple.id: standing.couple.number for standing in results.standings}
    jar = results.jar
    cookie_jar = None
    if jar.enabled:
        visible = jar.numbers is not None
        cookie_jar = {
            "mode": jar.mode,
            "numbers": list(jar.numbers) if visible else None,
            "salt": evening.jar_salt if visible and evening.jar_salt else None,
            "fingerprint": jar.fingerprint or None,
            "revealed": jar.revealed,
            "winners": [couple.number for couple in jar.winners],
            "pot": as_text(jar.pot),
            "carried_in": as_text(jar.carried_in),
            "carried_over": as_text(jar.carried_over),
            "settled": jar.settled,
        }
    tiebreaks = []
    for tiebreak in (
        TieBreak.objects.filter(evening=evening)
        .prefetch_related("entries", "cuts", "playoff_games")
        .order_by("target", "place")
    ):
        tiebreaks.append(
            {
                "target": tiebreak.target,
                "place": tiebreak.place,
                "wins": tiebreak.wins,
                "method": tiebreak.method or None,
                "status": tiebreak.status,
                "entries": [
                    {
                        "couple": numbers[entry.couple_id],
                        "choice": entry.choice or None,
                        "forfeited": entry.forfeited,
                        "rank": entry.outcome_rank,
                        "share": as_text(entry.share),
                    }
                    for entry in sorted(tiebreak.entries.all(), key=lambda e: numbers[e.couple_id])
                ],
                "cuts": [
                    {
                        "round": cut.round,
                        "couple": numbers[cut.couple_id],
                        "card": cut.card,
                        "dealt_by_app": cut.dealt_by_app,
                    }
                    for cut in sorted(tiebreak.cuts.all(), key=lambda c: (c.round, c.id))
                ],
                "playoff_games": [
                    {
                        "round": game.round,
                        "couples": [
                            numbers[game.couple_a_id],
                            numbers.get(game.couple_b_id) if game.couple_b_id else None,
                        ],
                        "winner": numbers[game.winner_id] if game.winner_id else None,
                    }
                    for game in sorted(tiebreak.playoff_games.all(), key=lambda g: (g.round, g.id))
                ],
            }
        )
    return {
        "prizes": [
            {
                "target": prize.target,
                "place": prize.place,
                "kind": prize.kind,
                "amount": as_text(prize.amount),
                "share_percent": as_text(prize.share_percent),
                "item": prize.item,
            }
            for prize in Prize.objects.filter(evening=evening).order_by("target", "place")
        ],
        "places": [place_json(place) for place in results.places],
        "booby": None if results.booby is None else place_json(results.booby),
        "cookie_jar": cookie_jar,
        "tiebreaks": tiebreaks,
        "extras": {
            "travelling_start": evening.travelling_start,
            "fifty_fifty": {
                "takings": as_text(evening.fifty_fifty_takings),
                "ticket": evening.fifty_fifty_ticket,
                "winner": evening.fifty_fifty_winner,
            },
        },
    }
