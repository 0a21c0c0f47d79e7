"""The door's suggestions: the regular couples and the single players of a
hall's register that match what a volunteer has typed, for the door's
combobox (templates/tables/_door_suggestions.html, static/js/door.js).

    suggest(evening, query) -> Suggestions      # 4 queries, whatever the register

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
sat in are counted by the database over their latest RECENT_COUPLES
couples, the most recent CANDIDATES pairs matched in full here, and the few
shown counted over all their evenings. bench/door_bench.py prints the time for a hall of
2,000 players.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field, replace

from django.db.models import Count, Max, Q
from django.db.models.functions import Coalesce

from tables.models import Couple, Evening, Player, PlayerKey, person_of
from tables.search import names_match, search_keys

COUPLES_SHOWN = 5
PLAYERS_SHOWN = 4
# How many of the most recent pairs the database hands over to be matched in
# full: enough for the few shown, a bounded amount of work for two letters
# typed in the largest register.
CANDIDATES = 300
# How many couples of the people matched are read at most to find the
# pairs and players to offer, the latest registered first: for two letters
# in a year of a busy hall, its last few months; for a name, every evening
# the people ever played. The few shown are then counted over all their
# evenings ("together 52 times"). The work per keystroke does not grow with
# the hall's history or its register (issue 47).
RECENT_COUPLES = 200


@dataclass(frozen=True)
class Suggestion:
    """A couple to fill both names with (`player2` set) or one player."""

    player1: str
    player2: str = ""
    times: int = 0  # evenings together (a couple) or played (a player)
    last_seen: datetime.date | None = None
    here: int | None = None  # the number of tonight's couple they are in
    people: tuple[int, ...] = field(default=(), compare=False, repr=False)  # main records' ids

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
    # Their couples (found by the people's indexes, whatever the hall's
    # other couples), the latest RECENT_COUPLES of them: what is counted
    # does not grow with the hall's history.
    recent = (
        Couple.objects.filter(Q(person1__in=records) | Q(person2__in=records))
        .order_by("-id")
        .values("id")[:RECENT_COUPLES]
    )
    pairs = list(
        Couple.objects.filter(id__in=recent)
        .values(
            a=person_of("person1"),
            b=person_of("person2"),
            a_name=Coalesce("person1__merged_into__name", "person1__name"),
            b_name=Coalesce("person2__merged_into__name", "person2__name"),
        )
        .annotate(times=Count("id"), last=Max("evening__date"))
        .order_by("-last", "-times", "a", "b")[:CANDIDATES]
    )
    # Each person's name (their main record's) came with the pairs; their
    # other spellings (records merged into it) are read as plain rows.
    names: dict[int, str] = {}
    for row in pairs:
        for person, name in ((row["a"], row["a_name"]), (row["b"], row["b_name"])):
            if person is not None:
                names[person] = name
    spellings: dict[int, list[str]] = {pk: [name] for pk, name in names.items()}
    merged = Player.objects.filter(merged_into__in=list(names)).order_by()
    for person, name in merged.values_list("merged_into_id", "name"):
        spellings[person].append(name)
    here: dict[int, int] = {}
    tonight = Couple.objects.filter(evening=evening).values_list(
        "number", person_of("person1"), person_of("person2")
    )
    for number, first, second in tonight:
        for person in (first, second):
            if person is not None:
                here.setdefault(person, number)
    couples = _couples(query, pairs, names, spellings, here)
    players = _players(query, pairs, names, spellings, here)
    return Suggestions(query, *_counted(couples, players))


def _counted(couples: list[Suggestion], players: list[Suggestion]):
    """The suggestions shown, with how often each couple sat together and
    each player played counted over all their evenings (what found them was
    counted over the latest RECENT_COUPLES couples only): one query over the
    couples of the few people shown."""
    people = {pk for s in couples + players for pk in s.people}
    if not people:
        return couples, players
    records = Player.objects.filter(Q(pk__in=people) | Q(merged_into__in=people)).values("pk")
    rows = (
        Couple.objects.filter(Q(person1__in=records) | Q(person2__in=records))
        .values(a=person_of("person1"), b=person_of("person2"))
        .annotate(times=Count("id"))
        .order_by()
    )
    together: dict[frozenset, int] = {}
    played: dict[int, int] = {}
    for row in rows:
        pair = frozenset((row["a"], row["b"]))
        together[pair] = together.get(pair, 0) + row["times"]
        for person in pair:
            played[person] = played.get(person, 0) + row["times"]
    return (
        [replace(s, times=together.get(frozenset(s.people), s.times)) for s in couples],
        [replace(s, times=played.get(s.people[0], s.times)) for s in players],
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
        suggestion = Suggestion(
            names[a], names[b], entry["times"], entry["last"], number, people=(a, b)
        )
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
            Suggestion(
                names[person], "", entry["times"], entry["last"], here.get(person), (person,)
            ),
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
