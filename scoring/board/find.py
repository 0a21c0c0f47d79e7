"""Find my couple (the one couple search, ``tables.search``) and a couple's own card."""

from __future__ import annotations

from tables import queries
from tables.models import Evening
from tables.rotation import present_at
from tables.search import names_match, parse_number
from tables.whereabouts import CurrentGame, current_seating

# --- Find my couple ------------------------------------------------------------


def match_couples(standings: list[dict], text: str) -> list[dict]:
    """The standings rows that `text` names: a couple number, or words that all
    appear in the couple's PUBLIC names (so a hidden name finds nothing)."""
    number = parse_number(text)
    if number is not None:
        return [row for row in standings if row["couple"] == number]
    found = [row for row in standings if row["names"] and names_match(text, row["names"])]
    return sorted(found, key=lambda row: row["couple"])


# --- A couple's own card ---------------------------------------------------------


def _seat(place) -> dict | None:
    """A place in the next game (a table number or the bye) for the card."""
    if place is None or place == queries.OUT:
        return None
    if place == queries.BYE:
        return {"table": None, "bye": True}
    return {"table": place, "bye": False}


class _Pass:
    """What every couple's card of one board shares, worked out once: the
    rows by couple, their names, the punch marks and the current game's
    rotation."""

    def __init__(self, evening: Evening, board: dict, seating=None, *, read_seating=True):
        self.evening, self.board = evening, board
        self.rows = {row["couple"]: row for row in board["standings"]}
        self.names = {number: row["names"] for number, row in self.rows.items()}
        self._seating, self._read = seating, read_seating and seating is None
        self._game = None
        self.marks = _marks(evening)

    def game(self) -> CurrentGame:
        if self._game is None:
            if self._read:
                self._seating = current_seating(self.evening)
            self._game = CurrentGame(self.evening, self._seating)
        return self._game


def _whereabouts(plan: _Pass, row: dict, joins: int) -> tuple[dict | None, dict | None]:
    """The couple's seat in the current game and where it goes next, from
    `tables.whereabouts.CurrentGame` (the rotation rule is the tables app's)."""
    where = plan.game().whereabouts_of(row["couple"], joins, row["left_after_game"])
    if where.place == queries.OUT:
        return None, None
    if where.place == queries.BYE:
        now = {"game": where.game, "table": None, "bye": True, "result": None}
    else:
        now = {
            "game": where.game,
            "table": where.place,
            "bye": False,
            "opponent": where.opponent,
            "opponent_names": plan.names.get(where.opponent, ""),
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


def _marks(evening: Evening) -> list[tuple[dict, dict]]:
    """Each game's punch mark, (not won, won): the same for every card of a
    pass, so made once and shared (a card's marks are read, never changed)."""
    current = evening.current_game
    finished, running = evening.is_finished, evening.is_running
    return [
        tuple(
            {
                "game": game,
                "punched": punched,
                "played": game < current or (game == current and finished),
                "current": game == current and running,
            }
            for punched in (False, True)
        )
        for game in range(1, evening.games + 1)
    ]


def _card(plan: _Pass, row: dict) -> dict:
    evening = plan.evening
    punched = set(row["punched"])
    current = evening.current_game
    finished, running = evening.is_finished, evening.is_running
    games = [mark[number in punched] for number, mark in enumerate(plan.marks, start=1)]
    left = row["left_after_game"]
    joins = row["joined_game"] or 1
    now, upcoming = (None, None)
    if running and present_at(joins, left, current):
        now, upcoming = _whereabouts(plan, row, joins)
    return {
        **row,
        "punch_card": games,
        "now": now,
        "next": upcoming,
        "leaving": left is not None and left == current and running,
        "joins_later": running and joins > current,
        "left": left is not None and left < current,
        "finished": finished,
    }


def couple_card(evening: Evening, number: int, board: dict, seating=None) -> dict | None:
    """One couple's punch card (1..G, won games punched), its place, its table
    now and where it goes next; None when the evening has no such couple.

    Names come from `board` (privacy already applied) and the seats from
    `seating`, the evening's `tables.whereabouts.current_seating` (read here, two
    queries, when not given)."""
    plan = _Pass(evening, board, seating)
    row = plan.rows.get(number)
    return None if row is None else _card(plan, row)


def couple_cards(evening: Evening, board: dict, seating) -> dict[int, dict]:
    """Every couple's card (`couple_card`) in ONE pass over the board: the
    rows, names and rotation are worked out once, not once per card."""
    plan = _Pass(evening, board, seating, read_seating=False)
    return {number: _card(plan, row) for number, row in plan.rows.items()}
