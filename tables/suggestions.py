"""The door's suggestions: the regular couples and the single players of a
hall's register that match what a volunteer has typed, for the door's
combobox (templates/tables/_door_suggestions.html, static/js/door.js).

    suggest(evening, query) -> Suggestions      # 3 queries, whatever the register

Matching is the couple search's (`tables.search.names_match`: every word
typed starts a word of the names, Mc/Mac alike, accents and punctuation
ignored), on every spelling of a person (records merged into another count
as its spellings). Couples are the pairs of people who have sat together on
the hall's evenings, most recent first, then most often; each is shown in
the order the door usually typed it. Single players come after, most
recently seen first, so that a new pairing of two known players is two picks.
Someone already registered tonight is shown last, with their couple's number,
so that picking them again meets the door's duplicate warning.

Cost: the players are found by one key of what was typed
(`tables.search.search_keys`) in the index of `PlayerKey`; the pairs they
sat in are counted by the database, the most recent CANDIDATES of them
matched in full here. bench/door_bench.py prints the time for a hall of
2,000 players.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Max, Q

from tables.models import Couple, Evening, Player, PlayerKey, person_of
from tables.search import names_match, search_keys

COUPLES_SHOWN = 5
PLAYERS_SHOWN = 4
# How many of the most recent pairs the database hands over to be matched in
# full: enough for the few shown, a bounded amount of work for two letters
# typed in the largest register.
CANDIDATES = 300


@dataclass(frozen=True)
class Suggestion:
    """A couple to fill both names with (`player2` set) or one player."""

    player1: str
    player2: str = ""
    times: int = 0  # evenings together (a couple) or played (a player)
    last_seen: datetime.date | None = None
    here: int | None = None  # the number of tonight's couple they are in

    @property
    def is_couple(self) -> bool:
        return bool(self.player2)


@dataclass(frozen=True)
class Suggestions:
    query: str
    couples: list[Suggestion]
    players: list[Suggestion]

    def __len__(self) -> int:
        return len(self.couples) + len(self.players)

    def __iter__(self):
        return iter(self.couples + self.players)


def suggest(evening: Evening, query: str) -> Suggestions:
    """What the door offers for `query` at `evening` (see the module)."""
    keys = search_keys(query)
    if not keys:
        return Suggestions(query, [], [])
    hall_id = evening.hall_id
    # The people (main records' ids) with a name that has one of the keys,
    # and every record of theirs, merged spellings included.
    mains = PlayerKey.objects.filter(hall_id=hall_id, key__in=keys).values(main=person_of("player"))
    records = Player.objects.filter(Q(pk__in=mains) | Q(merged_into__in=mains)).values("pk")
    pairs = list(
        Couple.objects.filter(evening__hall_id=hall_id)
        .filter(Q(person1__in=records) | Q(person2__in=records))
        .values(a=person_of("person1"), b=person_of("person2"))
        .annotate(times=Count("id"), last=Max("evening__date"))
        .order_by("-last", "-times", "a", "b")[:CANDIDATES]
    )
    people = {pk for row in pairs for pk in (row["a"], row["b"]) if pk is not None}
    spellings: dict[int, list[str]] = {}
    names: dict[int, str] = {}
    for record in Player.objects.filter(Q(pk__in=people) | Q(merged_into__in=people)).only(
        "pk", "merged_into", "name"
    ):
        spellings.setdefault(record.person_id, []).append(record.name)
        if record.pk == record.person_id:
            names[record.pk] = record.name
    here: dict[int, int] = {}
    tonight = Couple.objects.filter(evening=evening).values_list(
        "number", person_of("person1"), person_of("person2")
    )
    for number, first, second in tonight:
        for person in (first, second):
            if person is not None:
                here.setdefault(person, number)
    return Suggestions(
        query,
        _couples(query, pairs, names, spellings, here),
        _players(query, pairs, names, spellings, here),
    )


def _couples(query, pairs, names, spellings, here) -> list[Suggestion]:
    """The pairs that match, either way round counted as one couple."""
    together: dict[frozenset, dict] = {}
    for row in pairs:
        a, b = row["a"], row["b"]
        if a is None or b is None or a == b or a not in names or b not in names:
            continue
        entry = together.setdefault(
            frozenset((a, b)), {"times": 0, "last": row["last"], "orders": {}}
        )
        entry["times"] += row["times"]
        entry["last"] = max(entry["last"], row["last"])
        entry["orders"][(a, b)] = entry["orders"].get((a, b), 0) + row["times"]
    ranked = []
    for entry in together.values():
        a, b = max(entry["orders"].items(), key=lambda item: item[1])[0]
        number = here.get(a) or here.get(b)
        suggestion = Suggestion(names[a], names[b], entry["times"], entry["last"], number)
        ranked.append((suggestion, [*spellings[a], *spellings[b]]))
    return _first_that_match(query, ranked, COUPLES_SHOWN)


def _players(query, pairs, names, spellings, here) -> list[Suggestion]:
    """The people who match, each once, with the evenings they played."""
    seen: dict[int, dict] = {}
    for row in pairs:
        for person in {row["a"], row["b"]}:
            if person is None or person not in names:
                continue
            entry = seen.setdefault(person, {"times": 0, "last": row["last"]})
            entry["times"] += row["times"]
            entry["last"] = max(entry["last"], row["last"])
    ranked = [
        (
            Suggestion(names[person], "", entry["times"], entry["last"], here.get(person)),
            spellings[person],
        )
        for person, entry in seen.items()
    ]
    return _first_that_match(query, ranked, PLAYERS_SHOWN)


def _first_that_match(query: str, ranked: list, count: int) -> list[Suggestion]:
    """The first `count` (in `_order`) of the (suggestion, its names) whose
    names match `query`: matching is the cost, so it stops once enough are
    found."""
    ranked.sort(key=lambda item: _order(item[0]))
    shown = []
    for suggestion, spelt in ranked:
        if names_match(query, *spelt):
            shown.append(suggestion)
            if len(shown) == count:
                break
    return shown


def _order(suggestion: Suggestion):
    """Who is not here yet first; then the most recent, the most often, by name."""
    last = suggestion.last_seen.toordinal() if suggestion.last_seen else 0
    return (suggestion.here is not None, -last, -suggestion.times, suggestion.player1)
