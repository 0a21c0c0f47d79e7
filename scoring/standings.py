"""The standings page's helpers: search and sort. Pure.

The standings themselves (each couple's punched games, count, place, tie)
are ``evening_results(evening).standings`` (scoring.results), read from the
punches the tables app keeps in step with every result.
"""

from collections.abc import Iterable

from scoring.results import Standing

SORTS = {
    "place": lambda row: (-row.wins, row.couple.number),
    "number": lambda row: row.couple.number,
    "name": lambda row: (row.couple.player1.casefold(), row.couple.player2.casefold()),
    "wins": lambda row: (row.wins, row.couple.number),
}


def search(standings: Iterable[Standing], query: str) -> list[Standing]:
    """Couples whose number is ``query`` or whose names contain it (any
    case, accents as typed); everything when the query is empty."""
    query = " ".join((query or "").split())
    rows = list(standings)
    if not query:
        return rows
    if query.lstrip("#").isdigit():
        number = int(query.lstrip("#"))
        return [row for row in rows if row.couple.number == number]
    needle = query.casefold()
    return [
        row
        for row in rows
        if needle in row.couple.player1.casefold()
        or needle in row.couple.player2.casefold()
        or needle in row.couple.names.casefold()
    ]


def sort(standings: Iterable[Standing], key: str = "place", descending: bool = False) -> list:
    """Sort by "place" (most games first), "number", "name" or "wins"."""
    return sorted(standings, key=SORTS.get(key, SORTS["place"]), reverse=descending)
