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

import hashlib
import logging
import re
import time
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.cache import cache as django_cache
from django.db import DEFAULT_DB_ALIAS, connections
from django.utils.translation import get_language

from cardnight.money import as_text
from scoring import won
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
from tables.models import Couple, Evening
from tables.privacy import names_are_public, public_names, public_person

logger = logging.getLogger(__name__)


# How long a rendered board stays in the cache. Keys hold the version, so
# this only bounds memory, never freshness.
CACHE_SECONDS = 15 * 60


# --- Freshness --------------------------------------------------------------


@dataclass(frozen=True)
class BoardState:
    """What decides whether a phone's copy of the board is still current."""

    pk: int
    version: int
    privacy: str


_SLUG = "\x00slug\x00"  # stands for the slug while the query is compiled
_state_sql: dict[str, tuple[str, tuple]] = {}


def _compiled_state_query(alias: str) -> tuple[str, tuple]:
    """The look-up's SQL, compiled by the ORM once per database: the ORM's
    query building costs ten times the query itself on this hot path."""
    vendor = connections[alias].vendor
    if vendor not in _state_sql:
        query = (
            Evening.objects.filter(slug=_SLUG, published=True)
            .values_list("pk", "version", "hall__privacy")
            .order_by()[:1]
        )
        _state_sql[vendor] = query.query.get_compiler(using=alias).as_sql()
    return _state_sql[vendor]


def board_state(slug: str, alias: str = DEFAULT_DB_ALIAS) -> BoardState | None:
    """The published evening's freshness in ONE query (None: no such public
    evening): `Evening.objects.filter(slug=slug, published=True)
    .values_list("pk", "version", "hall__privacy")`, its SQL compiled once.

    This is all a poll answered 304 costs; it reads the database every time,
    so several server processes or machines agree without sharing memory."""
    sql, params = _compiled_state_query(alias)
    with connections[alias].cursor() as cursor:
        cursor.execute(sql, [slug if param == _SLUG else param for param in params])
        row = cursor.fetchone()
    return BoardState(*row) if row else None


@cache
def code_revision() -> str:
    """A short hash of the board's code and templates: a new release changes
    every ETag and cache key, so no phone keeps a page the old code made."""
    base = Path(settings.BASE_DIR)
    paths = [Path(__file__), *sorted((base / "templates" / "board").glob("*.html"))]
    paths += [base / "static" / "css" / "board.css", base / "static" / "js" / "board.js"]
    digest = hashlib.sha256()
    for path in paths:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()[:8]


def etag(state: BoardState, kind: str, language: str = "", extra: str = "") -> str:
    """A weak ETag from the evening's version, the hall's privacy, the
    language, the view kind and the code revision (plus `extra`, e.g. a hash
    of the cookies for a page that holds a CSRF token)."""
    parts = [str(state.pk), str(state.version), state.privacy, language or "-", kind]
    parts += [code_revision(), str(settings.BOARD_POLL_SECONDS)]
    if extra:
        parts.append(extra)
    return 'W/"' + ".".join(parts) + '"'


def cache_key(state: BoardState, *parts: str) -> str:
    return ":".join(
        ["board", str(state.pk), str(state.version), state.privacy, code_revision(), *parts]
    )


_cache_warned = False


def _cache_failed() -> None:
    """Say once per process that the cache is failing (not on every poll)."""
    global _cache_warned
    if not _cache_warned:
        _cache_warned = True
        logger.warning("board cache unavailable: building every board", exc_info=True)


def cache_get(key: str):
    """A value from Django's cache, or None. A cache that fails (Redis gone,
    or its client library missing) counts as empty: the board is then built
    every time, slower but never wrong."""
    try:
        return django_cache.get(key)
    except Exception:  # noqa: BLE001 - any cache failure means "build it"
        _cache_failed()
        return None


def cache_set(key: str, value) -> None:
    try:
        django_cache.set(key, value, CACHE_SECONDS)
    except Exception:  # noqa: BLE001
        _cache_failed()


def cached(key: str, build):
    """`build()` through Django's cache (see `cache_get`)."""
    value = cache_get(key)
    if value is None:
        value = build()
        cache_set(key, value)
    return value


def coalesced(state: BoardState, parts: tuple[str, ...], build, window: float):
    """The value for `state` from the cache, else built by `build()` (which
    returns the value and the state it was built from).

    With a `window` in seconds: when the evening has moved on but a value
    for an older version was built less than `window` seconds ago, that one
    is returned with its own state instead of building again. The caller
    then labels it with its own (older) ETag, so the phone asks again on its
    next poll: nobody is told an old board is current, and while results
    pour in, each process rebuilds at most once per window. Returns
    (value, the state it shows)."""
    value = cache_get(cache_key(state, *parts))
    if value is not None:
        return value, state
    latest_key = ":".join(["board-latest", str(state.pk), state.privacy, code_revision(), *parts])
    if window > 0:
        latest = cache_get(latest_key)
        if (
            latest is not None
            and latest["version"] < state.version
            and time.time() - latest["built"] < window
        ):
            return latest["value"], BoardState(state.pk, latest["version"], state.privacy)
    value, built = build()
    cache_set(cache_key(built, *parts), value)
    cache_set(latest_key, {"version": built.version, "built": time.time(), "value": value})
    return value, built


def state_of(evening: Evening) -> BoardState:
    return BoardState(evening.pk, evening.version, evening.hall.privacy)


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


def progress(evening: Evening) -> dict | None:
    """The current game: tables in / tables, and the couple sitting out
    (`tables.queries.progress`, one query)."""
    if not evening.current_game:
        return None
    done = queries.progress(evening)
    return {
        "game": evening.current_game,
        "games": evening.games,
        "tables": done.tables_total,
        "tables_in": done.tables_in,
        "bye": done.bye,
        "all_in": done.complete,
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
                share=as_text(place.shares.get(couple.id)),
            )
            for couple in place.couples
        ],
        "winners": sorted(winners),
        "how_settled": place.how_settled,
        "settling": place.tiebreak_status,
    }


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
        "pot": as_text(jar.pot),
        "bought_in": len(jar.bought_in),
        "alive": None
        if jar.alive is None or finished
        else [_who(couple, privacy) for couple in jar.alive],
        "winners": [
            _who(couple, privacy, share=as_text(jar.shares.get(couple.id)))
            for couple in jar.winners
        ],
        "carried_over": as_text(jar.carried_over) if finished and shown else None,
    }


def _fifty_fifty(fifty: FiftyFiftyResult, privacy: str) -> dict | None:
    if not fifty.enabled:
        return None
    return {
        "takings": as_text(fifty.takings),
        "prize": as_text(fifty.prize),
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
        "version": evening.version,
        "privacy": privacy,
        "names_shown": names_are_public(privacy),
        "progress": progress(evening),
        "standings": _standings(results, privacy),
        "places": [_place(place, privacy, results.finished) for place in results.places],
        "booby": _place(results.booby, privacy, results.finished),
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


# --- Find my couple ------------------------------------------------------------


def _fold(text: str) -> str:
    """Lower case without accents: "Thérèse" and "therese" match."""
    text = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in text if not unicodedata.combining(c))


_NUMBER = re.compile(r"^\s*(?:#|no\.?|n°)?\s*(\d{1,4})\s*$", re.IGNORECASE)


def parse_number(text: str) -> int | None:
    """ "12", "#12", "no. 12" -> 12; anything else -> None."""
    match = _NUMBER.match(text or "")
    return int(match.group(1)) if match else None


def match_couples(standings: list[dict], text: str) -> list[dict]:
    """The standings rows that `text` names: a couple number, or words that all
    appear in the couple's PUBLIC names (so a hidden name finds nothing)."""
    number = parse_number(text)
    if number is not None:
        return [row for row in standings if row["couple"] == number]
    words = _fold(text).replace("&", " ").split()
    if not words:
        return []
    found = []
    for row in standings:
        tokens = _tokens(row["names"])
        if tokens and all(any(t.startswith(word) for t in tokens) for word in words):
            found.append(row)
    return sorted(found, key=lambda row: row["couple"])


def _tokens(names: str) -> set[str]:
    """The words of a couple's names, whole and split at hyphens and
    apostrophes: "Joe D'Eon" -> {"joe", "d'eon", "d", "eon"}."""
    folded = _fold(names).replace("&", " ")
    whole = set(folded.split())
    return whole | {part for word in whole for part in re.split(r"[-'’]", word) if part}


# --- A couple's own card ---------------------------------------------------------


def _seat(place) -> dict | None:
    """A place in the next game (a table number or the bye) for the card."""
    if place is None or place == queries.OUT:
        return None
    if place == queries.BYE:
        return {"table": None, "bye": True}
    return {"table": place, "bye": False}


def _whereabouts(evening: Evening, row: dict, board: dict) -> tuple[dict | None, dict | None]:
    """The couple's seat in the current game and where it goes next, from
    `tables.queries.whereabouts` (the rotation rule is the tables app's)."""
    couple = Couple(
        evening=evening,
        number=row["couple"],
        joined_game=row["joined_game"],
        left_after_game=row["left_after_game"],
    )
    where = queries.whereabouts(evening, couple)
    if where.place == queries.OUT:
        return None, None
    if where.place == queries.BYE:
        now = {"game": where.game, "table": None, "bye": True, "result": None}
    else:
        names = {r["couple"]: r["names"] for r in board["standings"]}
        now = {
            "game": where.game,
            "table": where.place,
            "bye": False,
            "opponent": where.opponent,
            "opponent_names": names.get(where.opponent, ""),
            "result": where.result,
            "deals_first": where.deals_first,
        }
    if_won, if_lost = _seat(where.if_win), _seat(where.if_lose)
    if if_won is None and if_lost is None:
        return now, None  # no game follows, or the couple leaves after this one
    return now, {
        "game": where.game + 1,
        "if_won": if_won,
        "if_lost": if_lost,
        "known": _seat(where.next),
    }


def couple_card(evening: Evening, number: int, board: dict) -> dict | None:
    """One couple's punch card (1..G, won games punched), its place, its table
    now and where it goes next; None when the evening has no such couple.

    Names come from `board` (privacy already applied); two queries more."""
    row = next((r for r in board["standings"] if r["couple"] == number), None)
    if row is None:
        return None
    punched = set(row["punched"])
    current = evening.current_game
    games = [
        {
            "game": game,
            "punched": game in punched,
            "played": game < current or (game == current and evening.is_finished),
            "current": game == current and evening.is_running,
        }
        for game in range(1, evening.games + 1)
    ]
    left = row["left_after_game"]
    joins = row["joined_game"] or 1
    now, upcoming = (None, None)
    if evening.is_running and (left is None or left >= current) and joins <= current:
        now, upcoming = _whereabouts(evening, row, board)
    return {
        **row,
        "punch_card": games,
        "now": now,
        "next": upcoming,
        "leaving": left is not None and left == current and evening.is_running,
        "joins_later": evening.is_running and joins > current,
        "left": left is not None and left < current,
        "finished": evening.is_finished,
    }
