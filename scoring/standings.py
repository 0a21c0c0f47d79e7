"""The standings page's helpers: search and sort. No database access.

The standings themselves (each couple's punched games, count, place, tie)
are ``evening_results(evening).standings`` (scoring.results), read from the
punches the tables app keeps in step with every result.
"""

from collections.abc import Iterable

from scoring.results import Standing
from tables.search import names_match, parse_number

SORTS = {
    "place": lambda row: (-row.wins, row.couple.number),
    "number": lambda row: row.couple.number,
    "name": lambda row: (row.couple.player1.casefold(), row.couple.player2.casefold()),
    "wins": lambda row: (row.wins, row.couple.number),
}


def search(standings: Iterable[Standing], query: str) -> list[Standing]:
    """Couples whose number is ``query`` or whose names it names (the one
    couple search, ``tables.search``: case, accents and punctuation folded);
    everything when the query is empty."""
    rows = list(standings)
    if not " ".join((query or "").split()):
        return rows
    number = parse_number(query)
    if number is not None:
        return [row for row in rows if row.couple.number == number]
    return [row for row in rows if names_match(query, row.couple.player1, row.couple.player2)]


def sort(standings: Iterable[Standing], key: str = "place", descending: bool = False) -> list:
    """Sort by "place" (most games first), "number", "name" or "wins"."""
    return sorted(standings, key=SORTS.get(key, SORTS["place"]), reverse=descending)
