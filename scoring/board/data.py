"""The public scoreboard's data: one plain dict per evening, ready for JSON and
for the templates, with the hall's privacy setting applied HERE, once.

Nothing downstream (templates, the JSON view) ever sees a Couple row or a
player's name that the hall hides: every name that leaves this module went
through `public_names` / `public_person`.

Freshness: `board_state(slug)` is the one cheap query a poll costs (the
evening's id, version and the hall's privacy); `etag()` turns it into the
ETag. The board itself is built by `build_board(evening)` from
`scoring.results.evening_results(evening)` plus the current game's progress,
in a constant number of queries, and `get_board(evening)` keeps it in
Django's cache under a key that holds the evening's id and version, so a
cached board can never be older than its key says.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import get_language

from cardnight.freshness import cached
from scoring import won
from scoring.board.freshness import cache_key, state_of
from scoring.results import (
    CoupleRef,
    EveningResults,
    FiftyFiftyResult,
    HalfTimeResult,
    JarResult,
    PlaceResult,
    TravellingResult,
    evening_results,
)
from tables import queries
from tables.models import Evening
from tables.privacy import names_are_public, public_names, public_person
from tables.whereabouts import current_seating


def heading(evening: Evening) -> dict:
    """What a board page's heading shows of the evening (kept with the
    cached board, so a cache hit needs no other query)."""
    return {
        "slug": evening.slug,
        "name": evening.name,
        "hall": evening.hall.name,
        "date": evening.date,
        "names_shown": names_are_public(evening.hall.privacy),
    }


# --- The board ---------------------------------------------------------------


def _money(value) -> str | None:
    if value is None:
        return None
    return str(Decimal(value).quantize(Decimal("0.01")))


def progress(evening: Evening) -> dict | None:
    """The current game: tables in / tables, and the couple sitting out (one
    query, ``tables.queries.progress``)."""
    if not evening.current_game:
        return None
    now = queries.progress(evening)
    return {
        "game": evening.current_game,
        "games": evening.games,
        "tables": now.tables_total,
        "tables_in": now.tables_in,
        "bye": now.bye,
        "all_in": now.complete,
    }


def _who(couple: CoupleRef, privacy: str, **extra) -> dict:
    """A couple as the public board shows it: its number, and its names as
    far as the hall's privacy setting allows."""
    return {
        "couple": couple.number,
        "names": public_names(couple.player1, couple.player2, privacy),
        **extra,
    }


def _place(place: PlaceResult | None, privacy: str, final: bool) -> dict | None:
    """A prize place (or the booby prize, or the half-time leader) as it
    stands; its winners are marked once the evening is over."""
    if place is None:
        return None
    winners = {couple.number for couple in place.winners} if final else set()
    return {
        "place": place.place,
        "covers": list(place.covers),
        "wins": place.wins,
        "status": place.status,
        "prize": place.prize_text,
        "couples": [
            _who(
                couple,
                privacy,
                winner=couple.number in winners,
                share=_money(place.shares.get(couple.id)),
            )
            for couple in place.couples
        ],
        "winners": sorted(winners),
        "how_settled": place.how_settled,
        "settling": place.tiebreak_status,
    }


def _booby(results: EveningResults, privacy: str) -> dict | None:
    """The booby prize as it stands, and as of which game while play goes on
    (couples that have not played a game yet are not in line: scoring.rules)."""
    booby = _place(results.booby, privacy, results.finished)
    if booby is not None and not results.finished:
        booby["as_of_game"] = results.current_game
    return booby


def _standings(results: EveningResults, privacy: str) -> list[dict]:
    open_ties = won.open_tie_places(results)
    out = won.out_of_settled_ties(results)
    prizes = won.prizes_won(results)
    rows = []
    for row in results.standings:
        prize_place = None if row.couple.id in out else row.prize_place
        rows.append(
            _who(
                row.couple,
                privacy,
                wins=row.wins,
                place=row.place,
                prize_place=prize_place,
                # A tie only matters on the board where a prize hangs on it,
                # until it is settled.
                tied=row.tied and prize_place is not None and prize_place in open_ties,
                prizes=prizes.get(row.couple.id, []),
                punched=list(row.punched),
                joined_game=row.couple.joined_game,
                left_after_game=row.couple.left_after_game,
            )
        )
    return rows


def _jar(jar: JarResult, privacy: str, finished: bool) -> dict | None:
    """The cookie jar: only the fingerprint while the draw is sealed; the
    numbers and who is still alive once they are announced; the winners at
    the end."""
    if not jar.enabled:
        return None
    shown = jar.numbers is not None
    return {
        "mode": jar.mode,
        "draw_size": jar.draw_size,
        "drawn": jar.drawn,
        "sealed": jar.drawn and not shown,
        "fingerprint": jar.fingerprint,
        "numbers": list(jar.numbers) if shown else None,
        "salt": jar.salt if shown else None,
        "pot": _money(jar.pot),
        # Where part of the pot came from: the hall's previous jar evening.
        "carried_in": _money(jar.carried_in) if jar.carried_in else None,
        "carried_from": jar.carried_from,
        "carried_from_date": jar.carried_from_date,
        "bought_in": len(jar.bought_in),
        "alive": None
        if jar.alive is None or finished
        else [_who(couple, privacy) for couple in jar.alive],
        "winners": [
            _who(couple, privacy, share=_money(jar.shares.get(couple.id))) for couple in jar.winners
        ],
        "carried_over": _money(jar.carried_over) if finished and shown else None,
    }


def _fifty_fifty(fifty: FiftyFiftyResult, privacy: str) -> dict | None:
    if not fifty.enabled:
        return None
    return {
        "takings": _money(fifty.takings),
        "prize": _money(fifty.prize),
        "ticket": fifty.ticket,
        "winner": public_person(fifty.winner, privacy),
    }


def _travelling(travelling: TravellingResult, privacy: str) -> dict | None:
    if not travelling.enabled:
        return None
    holder = travelling.holder
    return {
        "holder": _who(holder, privacy) if holder else None,
        "after_game": travelling.after_game,
        "final": travelling.final,
        "prize": travelling.prize_text,
    }


def _half_time(half: HalfTimeResult, privacy: str) -> dict | None:
    if not half.enabled:
        return None
    return {
        "after_game": half.after_game,
        "decided": half.decided,
        "leader": _place(half.leader, privacy, half.decided),
    }


def build_board(evening: Evening) -> dict:
    """The whole public board of an evening as plain data (privacy applied).

    `evening` must come with its hall (select_related). The results come from
    `scoring.results.evening_results` (their rules are scoring's); this adds
    the current game's progress and applies the hall's privacy setting to
    every name. The number of queries does not depend on the number of couples."""
    privacy = evening.hall.privacy
    results = evening_results(evening)
    return {
        "evening": {
            "slug": evening.slug,
            "name": evening.name,
            "hall": evening.hall.name,
            "date": evening.date.isoformat(),
            "status": evening.status,
            "games": evening.games,
            "current_game": evening.current_game,
            "prize_places": evening.prize_places,
            "ranking": results.ranking,
        },
        "version": evening.board_version,
        "privacy": privacy,
        "names_shown": names_are_public(privacy),
        "progress": progress(evening),
        "standings": _standings(results, privacy),
        "places": [_place(place, privacy, results.finished) for place in results.places],
        "booby": _booby(results, privacy),
        "cookie_jar": _jar(results.jar, privacy, results.finished),
        "fifty_fifty": _fifty_fifty(results.fifty_fifty, privacy),
        "travelling": _travelling(results.travelling, privacy),
        "half_time": _half_time(results.half_time, privacy),
        "final": results.finished,
    }


def get_board(evening: Evening, language: str = "") -> dict:
    """`build_board` through the cache, keyed by the evening's id and version
    and the language (prize texts and how ties were settled are in words)."""
    key = cache_key(state_of(evening), "data", language or get_language() or "")
    return cached(key, lambda: build_board(evening))


def get_seating(evening: Evening):
    """The current game's seating (`tables.whereabouts.current_seating`) through
    the cache, shared by every couple's card of this version."""
    key = cache_key(state_of(evening), "seating")
    return cached(key, lambda: {"now": current_seating(evening)})["now"]
