"""The checks of an evening's JSON that a schema cannot make: numbers that
must name a couple of the file, games listed in order whose seating follows
from the one before by the rotation rule (tables/rotation/), winners who
sat at their table, corrections that chain, standings that match the
results. Each raises an ImportProblem naming the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from cardnight.errors import UserError
from cardnight.money import to_amount
from tables import rotation
from tables.models import (
    FIRST_YEAR,
    LAST_YEAR,
    MAX_COUPLE_NUMBER,
    MAX_NAME,
    Evening,
    Punch,
    date_in_range,
)
from tables.services.base import bye_wins

from .problems import SETTINGS, ImportProblem, as_dict, as_list, integer, problem, shown, text

_UUID = re.compile(r"^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$")


def out_of_range(field: str, value) -> ImportProblem:
    """A date (the evening's, a correction's time) outside the years an
    evening's date may be in (tables.models.FIRST_YEAR..LAST_YEAR)."""
    return problem(
        field,
        _("must be in the years %(first)s to %(last)s, not %(value)s."),
        first=FIRST_YEAR,
        last=LAST_YEAR,
        value=shown(value),
    )


def read_settings(raw: Mapping) -> dict[str, Any]:
    """The settings (their types, choices and ranges are the schema's): the
    amounts through the one money rule, and the jar's draw within the games."""
    result: dict[str, Any] = {}
    for name in SETTINGS:
        if name not in raw:
            continue
        value = raw[name]
        if Evening._meta.get_field(name).get_internal_type() == "DecimalField":
            try:
                value = to_amount(value, _("It"))
            except UserError as error:
                raise problem(f"settings.{name}", error.message) from None
        result[name] = value
    games = result.get("games", Evening._meta.get_field("games").default)
    draw_size = result.get("jar_draw_size", Evening._meta.get_field("jar_draw_size").default)
    if result.get("cookie_jar") and draw_size > games:
        raise problem("settings.jar_draw_size", _("is more than the number of games."))
    return result


def read_couples(raw, games: int) -> dict[int, dict]:
    couples: dict[int, dict] = {}
    for i, item in enumerate(as_list(raw, "couples")):
        path = f"couples[{i}]"
        item = as_dict(item, path)
        number = integer(item.get("number"), f"{path}.number", high=MAX_COUPLE_NUMBER)
        if number in couples:
            raise problem(f"{path}.number", _("couple %(n)s is listed twice."), n=number)
        players = as_list(item.get("players"), f"{path}.players")
        if len(players) != 2:
            raise problem(f"{path}.players", _("must name two players, not %(n)s."), n=len(players))
        names = [
            text(name, f"{path}.players[{j}]", max_length=MAX_NAME)
            for j, name in enumerate(players)
        ]
        joined = integer(item.get("joined_game", 1), f"{path}.joined_game", high=games)
        left = integer(
            item.get("left_after_game"), f"{path}.left_after_game", low=0, high=games, null=True
        )
        if left is not None and left < joined - 1:
            raise problem(
                f"{path}.left_after_game",
                _("couple %(n)s cannot leave after game %(left)s: it joined at game %(joined)s."),
                n=number,
                left=left,
                joined=joined,
            )
        player_ids = _player_ids(item.get("player_ids"), f"{path}.player_ids")
        couples[number] = {
            "number": number,
            "player1": names[0],
            "player2": names[1],
            "joined_game": joined,
            "left_after_game": left,
            "paid": item.get("paid", False),
            "jar_buy_in": item.get("jar_buy_in", False),
            "player_ids": player_ids,
        }
    return couples


def _player_ids(raw, path: str) -> tuple[str | None, str | None]:
    """The optional stable ids of a couple's two players (a hall's player
    register, docs/evening-format.md "The evening as JSON"): two UUIDs,
    either of them null."""
    if raw is None:
        return None, None
    ids = as_list(raw, path)
    if len(ids) != 2:
        raise problem(path, _("must give two player ids, not %(n)s."), n=len(ids))
    found = []
    for j, value in enumerate(ids):
        if value is not None and not (isinstance(value, str) and _UUID.match(value)):
            raise problem(f"{path}[{j}]", _("is not a player id."))
        found.append(value.lower() if value else None)
    return found[0], found[1]


def _present(couples: dict[int, dict], game: int) -> set[int]:
    return {
        n
        for n, c in couples.items()
        if c["joined_game"] <= game
        and (c["left_after_game"] is None or c["left_after_game"] >= game)
    }


def _couple_number(value, field: str, couples: Mapping[int, dict], *, null=False):
    number = integer(value, field, null=null, high=MAX_COUPLE_NUMBER)
    if number is not None and number not in couples:
        raise problem(field, _('there is no couple %(n)s in "couples".'), n=number)
    return number


def _corrections(raw, field: str, couples, seat: tuple[int, int], winner) -> list[dict]:
    result = []
    items = as_list(raw, field)
    for i, item in enumerate(items):
        path = f"{field}[{i}]"
        item = as_dict(item, path)
        old = _couple_number(item.get("from"), f"{path}.from", couples, null=True)
        new = _couple_number(item.get("to"), f"{path}.to", couples)
        for key, value in (("from", old), ("to", new)):
            if value is not None and value not in seat:
                raise problem(
                    f"{path}.{key}", _("couple %(n)s did not play at this table."), n=value
                )
        if result and result[-1]["to"] != old:
            raise problem(
                f"{path}.from",
                _("must be %(n)s, the winner after the correction before it."),
                n=result[-1]["to"],
            )
        reason = text(item.get("reason"), f"{path}.reason", max_length=2000)
        by = item.get("by")
        if by is not None:
            by = text(by, f"{path}.by", max_length=150)
        at = item.get("at")
        when = None
        if at is not None:
            try:  # None when it is not shaped like one; ValueError when impossible (Feb 30)
                when = parse_datetime(at) if isinstance(at, str) else None
            except ValueError:
                when = None
            if when is None:
                raise problem(
                    f"{path}.at", _('must be a date and time like "2026-11-27T21:30:00-04:00".')
                )
            if not date_in_range(when):
                raise out_of_range(f"{path}.at", at)
        result.append({"from": old, "to": new, "reason": reason, "by": by, "at": when})
    if result and result[-1]["to"] != winner:
        raise problem(
            f"{field}[{len(result) - 1}].to",
            _("must be %(n)s, the table's winner."),
            n=winner,
        )
    return result


def read_games(raw, couples: dict[int, dict], settings: dict, status: str | None) -> list[dict]:
    games_setting = settings.get("games", 25)
    items = as_list(raw, "games")
    if len(items) > games_setting:
        raise problem(
            "games",
            _("lists %(n)s games, but the evening has %(g)s."),
            n=len(items),
            g=games_setting,
        )
    result: list[dict] = []
    previous: dict | None = None
    closed: set[int] = set()
    for gi, item in enumerate(items):
        path = f"games[{gi}]"
        item = as_dict(item, path)
        number = gi + 1
        if item.get("number") != number:
            raise problem(
                f"{path}.number", _("must be %(n)s: games are listed in order from 1."), n=number
            )
        present = _present(couples, number)
        bye = _couple_number(item.get("bye"), f"{path}.bye", couples, null=True)
        seen: dict[int, str] = {}
        if bye is not None:
            seen[bye] = f"{path}.bye"
        tables: list[dict] = []
        last_game = gi == len(items) - 1
        for ti, table in enumerate(as_list(item.get("tables"), f"{path}.tables")):
            tpath = f"{path}.tables[{ti}]"
            table = as_dict(table, tpath)
            tnumber = integer(table.get("table"), f"{tpath}.table", high=MAX_COUPLE_NUMBER)
            if tables and tnumber <= tables[-1]["table"]:
                raise problem(
                    f"{tpath}.table", _("tables must be listed in increasing number order.")
                )
            pair = as_list(table.get("couples"), f"{tpath}.couples")
            if len(pair) != 2:
                raise problem(
                    f"{tpath}.couples", _("must list two couples, not %(n)s."), n=len(pair)
                )
            a, b = (_couple_number(c, f"{tpath}.couples[{j}]", couples) for j, c in enumerate(pair))
            for j, c in enumerate((a, b)):
                if c in seen:
                    raise problem(
                        f"{tpath}.couples[{j}]",
                        _("couple %(n)s is seated twice in game %(g)s (also at %(where)s)."),
                        n=c,
                        g=number,
                        where=seen[c],
                    )
                if c not in present:
                    raise problem(
                        f"{tpath}.couples[{j}]",
                        _(
                            "couple %(n)s does not play game %(g)s "
                            "(see its joined_game and left_after_game)."
                        ),
                        n=c,
                        g=number,
                    )
                seen[c] = tpath
            deals = _couple_number(
                table.get("deals_first"), f"{tpath}.deals_first", couples, null=True
            )
            if deals is not None and deals not in (a, b):
                raise problem(
                    f"{tpath}.deals_first", _("couple %(n)s is not at this table."), n=deals
                )
            winner = _couple_number(table.get("winner"), f"{tpath}.winner", couples, null=True)
            if winner is not None and winner not in (a, b):
                raise problem(
                    f"{tpath}.winner",
                    _("couple %(n)s did not play at table %(t)s in game %(g)s."),
                    n=winner,
                    t=tnumber,
                    g=number,
                )
            if winner is None and (not last_game or status == Evening.Status.FINISHED):
                raise problem(
                    f"{tpath}.winner",
                    _("is missing: every game but the current one needs its results."),
                )
            fixes = []
            if "corrections" in table:
                if winner is None:
                    raise problem(
                        f"{tpath}.corrections", _("a table without a result has no corrections.")
                    )
                fixes = _corrections(
                    table["corrections"], f"{tpath}.corrections", couples, (a, b), winner
                )
            tables.append(
                {
                    "table": tnumber,
                    "a": a,
                    "b": b,
                    "deals": deals,
                    "winner": winner,
                    "corrections": fixes,
                }
            )
        if bye is not None and bye not in present:
            raise problem(
                f"{path}.bye", _("couple %(n)s does not play game %(g)s."), n=bye, g=number
            )
        missing = sorted(present - set(seen))
        if missing:
            raise problem(
                f"{path}.tables",
                _("couples %(couples)s play game %(g)s but are not seated."),
                couples=rotation.numbers_text(missing),
                g=number,
            )
        if not tables:
            raise problem(f"{path}.tables", _("a game needs at least one table."))
        try:
            actual = rotation.GameSeating(
                tables=tuple(
                    rotation.TableSeat(t["table"], t["a"], t["b"], t["deals"]) for t in tables
                ),
                bye=bye,
            )
        except rotation.RotationBug as error:
            raise problem(f"{path}.tables", str(error)) from None
        expected = _expected(previous, actual, couples, number, closed, path)
        problems = rotation.differences(expected.seating, actual)
        if problems:
            raise problem(
                path,
                _("game %(g)s does not follow the rotation rule: %(problems)s."),
                g=number,
                problems="; ".join(problems[:3]) + ("; …" if len(problems) > 3 else ""),
            )
        closed |= set(expected.closed)
        game = {
            "number": number,
            "bye": bye,
            "seating": expected.seating,
            "tables": tables,
            "closed_after": (),
            "actual": actual,
        }
        if result:
            result[-1]["closed_after"] = expected.closed
        result.append(game)
        previous = game
    return result


def _expected(previous, actual, couples, number, closed, path) -> rotation.Rotation:
    """The seating the rotation rule gives for game `number`."""
    if previous is None:
        # Game 1, drawn or placed by hand: tables 1, 2, … and the odd couple out.
        pairs = [seat.couples for seat in actual.tables]
        try:
            seating = rotation.seat_by_hand(_present(couples, 1), pairs)
        except rotation.SeatingError as error:
            raise problem(f"{path}.tables", str(error)) from None
        seating = rotation.GameSeating(tables=actual.tables, bye=seating.bye)
        if seating.table_numbers != tuple(range(1, len(actual.tables) + 1)):
            raise problem(f"{path}.tables", _("game 1 is played at tables 1, 2, 3 … in order."))
        return rotation.Rotation(seating=seating)
    winners = {
        t["table"]: (t["corrections"][0]["from"] if t["corrections"] else t["winner"])
        for t in previous["tables"]
    }
    leaving = {
        n for n in previous["seating"].couples if couples[n]["left_after_game"] == number - 1
    }
    arriving = {
        n
        for n, c in couples.items()
        if c["joined_game"] == number and n in _present(couples, number)
    }
    try:
        return rotation.rotate(
            previous["seating"],
            winners,
            leaving=leaving,
            arriving=arriving,
            closed=closed,
            game=number,
        )
    except rotation.SeatingError as error:
        raise problem(path, str(error)) from None


def _punches_from_games(games: list[dict], bye_counts: bool) -> dict[int, list[tuple[int, str]]]:
    punches: dict[int, list[tuple[int, str]]] = {}
    for game in games:
        for table in game["tables"]:
            if table["winner"] is not None:
                punches.setdefault(table["winner"], []).append((game["number"], Punch.Source.TABLE))
        for number, couple in bye_wins(bye_counts, [(game["number"], game["bye"])]):
            punches.setdefault(couple, []).append((number, Punch.Source.BYE))
    return punches


def read_standings(raw, couples, settings, games) -> dict[int, list[tuple[int, str]]]:
    games_setting = settings.get("games", 25)
    bye_counts = settings.get("bye_counts_as_win", True)
    computed = _punches_from_games(games, bye_counts) if games else None
    paper: dict[int, list[tuple[int, str]]] = {}
    seen: set[int] = set()
    for i, item in enumerate(as_list(raw if raw is not None else [], "standings")):
        path = f"standings[{i}]"
        item = as_dict(item, path)
        number = _couple_number(item.get("couple"), f"{path}.couple", couples)
        if number in seen:
            raise problem(f"{path}.couple", _("couple %(n)s is listed twice."), n=number)
        seen.add(number)
        punched = [
            integer(g, f"{path}.punched[{j}]", high=games_setting)
            for j, g in enumerate(as_list(item.get("punched", []), f"{path}.punched"))
        ]
        if len(set(punched)) != len(punched):
            raise problem(f"{path}.punched", _("a game is punched twice."))
        if "wins" in item:
            wins = integer(item["wins"], f"{path}.wins", low=0)
            if wins != len(punched):
                raise problem(
                    f"{path}.wins",
                    _("is %(wins)s, but %(n)s games are punched."),
                    wins=wins,
                    n=len(punched),
                )
        if computed is not None:
            by_results = sorted(g for g, _source in computed.get(number, []))
            if sorted(punched) != by_results:
                raise problem(
                    f"{path}.punched",
                    _("couple %(n)s won games %(won)s by the results, not %(punched)s."),
                    n=number,
                    won=rotation.numbers_text(by_results) or "-",
                    punched=rotation.numbers_text(punched) or "-",
                )
            continue
        couple = couples[number]
        last = couple["left_after_game"] if couple["left_after_game"] is not None else games_setting
        absent = [g for g in punched if g < couple["joined_game"] or g > last]
        if absent:
            raise problem(
                f"{path}.punched",
                _(
                    "couple %(n)s did not play game %(g)s "
                    "(see its joined_game and left_after_game)."
                ),
                n=number,
                g=absent[0],
            )
        paper[number] = [(g, Punch.Source.PAPER) for g in sorted(punched)]
    return computed if computed is not None else paper
