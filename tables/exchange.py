"""An evening as JSON (format "cardnight-evening", version 1), and back.

    export_evening_data(evening) -> dict
    import_evening_data(data, *, published=None) -> Evening

The format (keys in this order; later issues add keys):

    {"format": "cardnight-evening", "version": 1,
     "slug", "name", "date": "YYYY-MM-DD", "hall": hall name,
     "status": "setup" | "running" | "finished",
     "settings": {"games", "prize_places", "bye_counts_as_win", ...},  # SETTINGS below
     "couples": [{"number", "players": [name, name], "joined_game",
                  "left_after_game", "paid", "jar_buy_in"}],
     "games": [{"number", "bye": couple number or null,
                "tables": [{"table", "couples": [a, b], "deals_first", "winner",
                            "corrections": [{"from", "to", "reason", "by", "at"}]}]}],
     "standings": [{"couple", "wins", "punched": [game numbers]}]}

In "couples", a is the couple that stayed at the table and b the couple that
came to it. "corrections" is there only for a result an organizer corrected
after the next game had started; its first "from" is the winner the rotation
used. Money is written as a string ("5.00"). "standings" lists every couple
in number order; its "punched" games come from the results (and byes when a
bye counts as a win).

The importer checks everything before it writes anything, and names the
field and the problem (`ImportProblem.field`, e.g. `games[3].tables[0].winner`,
0-based like any JSON path). Each game's seating must follow from the one
before by the rotation rule (tables/rotation.py). An evening played on paper
is given as `"games": []` with each standing's "punched" list: it is imported
as finished, with "paper" punches. With `"status": "setup"` and no games, only
the couples are imported, ready for the draw.

The scoring app's keys (places, booby prize, cookie jar, tie-break records)
are written by `scoring.exchange.export_scoring` at the end of
`export_evening_data`, and read by `scoring.exchange.import_scoring` at the
end of `_write`, inside the same transaction, after the couples and punches
exist.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.dateparse import parse_datetime
from django.utils.text import slugify
from django.utils.translation import gettext as _

from cardnight.errors import UserError

from . import rotation
from .models import (
    MAX_NAME,
    Couple,
    Evening,
    Game,
    Hall,
    Punch,
    ResultChange,
    Seating,
    Table,
)

FORMAT = "cardnight-evening"
VERSION = 1
DEFAULT_HALL = "Imported evenings"

# The evening's settings written under "settings", in this order.
SETTINGS = [
    "games",
    "prize_places",
    "ranking",
    "bye_counts_as_win",
    "entry_fee",
    "booby_prize",
    "booby_early_leavers",
    "cookie_jar",
    "jar_buy_in",
    "jar_draw_size",
    "jar_draw_mode",
    "fifty_fifty",
    "travelling_prize",
    "half_time_leader",
    "half_time_game",
    "renege",
    "nontrump_lead",
    "hearts_on_hearts",
    "jokers",
    "game_target",
]


class ImportProblem(UserError):
    """A file that cannot be imported: `field` names where, the message says why."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)


# --- Export ---------------------------------------------------------------------


def _setting_value(evening: Evening, name: str):
    value = getattr(evening, name)
    return f"{value:.2f}" if isinstance(value, Decimal) else value


def export_evening_data(evening: Evening) -> dict:
    """The evening as a JSON-ready dict (a fixed number of queries)."""
    couples = list(evening.couples.order_by("number"))
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
        "hall": evening.hall.name,
        "status": evening.status,
        "settings": {name: _setting_value(evening, name) for name in SETTINGS},
        "couples": [
            {
                "number": c.number,
                "players": [c.player1, c.player2],
                "joined_game": c.joined_game,
                "left_after_game": c.left_after_game,
                "paid": c.paid,
                "jar_buy_in": c.jar_buy_in,
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
    from scoring.exchange import export_scoring

    data.update(export_scoring(evening))
    return data


# --- Import: reading and checking -------------------------------------------------


def _problem(field: str, message: str, **params) -> ImportProblem:
    return ImportProblem(field, message % params if params else message)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value, field: str, *, low: int = 1, high: int | None = None, null=False):
    if value is None and null:
        return None
    if not _is_int(value):
        raise _problem(field, _("must be a whole number, not %(value)s."), value=_shown(value))
    if value < low or (high is not None and value > high):
        if high is None:
            raise _problem(
                field, _("must be %(low)s or more, not %(value)s."), low=low, value=value
            )
        raise _problem(
            field,
            _("must be from %(low)s to %(high)s, not %(value)s."),
            low=low,
            high=high,
            value=value,
        )
    return value


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _text(value, field: str, *, max_length: int, required=True) -> str:
    if not isinstance(value, str):
        raise _problem(field, _("must be text, not %(value)s."), value=_shown(value))
    value = " ".join(value.split())
    if required and not value:
        raise _problem(field, _("must not be empty."))
    if len(value) > max_length:
        raise _problem(field, _("is longer than %(n)s characters."), n=max_length)
    return value


def _bool(value, field: str) -> bool:
    if not isinstance(value, bool):
        raise _problem(field, _("must be true or false, not %(value)s."), value=_shown(value))
    return value


def _money(value, field: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, str | int | float | Decimal):
        raise _problem(
            field, _('must be an amount like "5.00", not %(value)s.'), value=_shown(value)
        )
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise _problem(
            field, _('must be an amount like "5.00", not %(value)s.'), value=_shown(value)
        ) from None
    if not amount.is_finite() or amount < 0:
        raise _problem(
            field, _("must be an amount of 0 or more, not %(value)s."), value=_shown(value)
        )
    if amount != amount.quantize(Decimal("0.01")):
        raise _problem(field, _("has more than two decimals: %(value)s."), value=_shown(value))
    if amount >= Decimal("1000000"):
        raise _problem(field, _("is too large: %(value)s."), value=_shown(value))
    return amount.quantize(Decimal("0.01"))


def _dict(value, field: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise _problem(field, _("must be an object {…}, not %(value)s."), value=_shown(value))
    return value


def _list(value, field: str) -> list:
    if not isinstance(value, list):
        raise _problem(field, _("must be a list […], not %(value)s."), value=_shown(value))
    return value


def _settings(raw, field: str) -> dict[str, Any]:
    raw = _dict(raw, field)
    unknown = sorted(set(raw) - set(SETTINGS))
    if unknown:
        raise _problem(f"{field}.{unknown[0]}", _("is not a setting this version knows."))
    result: dict[str, Any] = {}
    for name in SETTINGS:
        if name not in raw:
            continue
        path = f"{field}.{name}"
        model_field = Evening._meta.get_field(name)
        value = raw[name]
        if model_field.get_internal_type() == "BooleanField":
            value = _bool(value, path)
        elif model_field.get_internal_type() == "DecimalField":
            value = _money(value, path)
        elif model_field.choices and not _is_int(value) and not isinstance(value, str):
            raise _problem(path, _("is not one of the choices: %(value)s."), value=_shown(value))
        elif not model_field.choices:
            value = _int(value, path, low=0)
        try:
            model_field.clean(value, None)
        except ValidationError as error:
            raise _problem(path, " ".join(error.messages)) from None
        result[name] = value
    games = result.get("games", Evening._meta.get_field("games").default)
    draw_size = result.get("jar_draw_size", Evening._meta.get_field("jar_draw_size").default)
    if result.get("cookie_jar") and draw_size > games:
        raise _problem(f"{field}.jar_draw_size", _("is more than the number of games."))
    return result


def _couples(raw, games: int) -> dict[int, dict]:
    couples: dict[int, dict] = {}
    for i, item in enumerate(_list(raw, "couples")):
        path = f"couples[{i}]"
        item = _dict(item, path)
        number = _int(item.get("number"), f"{path}.number", high=9999)
        if number in couples:
            raise _problem(f"{path}.number", _("couple %(n)s is listed twice."), n=number)
        players = _list(item.get("players"), f"{path}.players")
        if len(players) != 2:
            raise _problem(
                f"{path}.players", _("must name two players, not %(n)s."), n=len(players)
            )
        names = [
            _text(name, f"{path}.players[{j}]", max_length=MAX_NAME)
            for j, name in enumerate(players)
        ]
        joined = _int(item.get("joined_game", 1), f"{path}.joined_game", high=games)
        left = _int(
            item.get("left_after_game"), f"{path}.left_after_game", low=0, high=games, null=True
        )
        if left is not None and left < joined - 1:
            raise _problem(
                f"{path}.left_after_game",
                _("couple %(n)s cannot leave after game %(left)s: it joined at game %(joined)s."),
                n=number,
                left=left,
                joined=joined,
            )
        couples[number] = {
            "number": number,
            "player1": names[0],
            "player2": names[1],
            "joined_game": joined,
            "left_after_game": left,
            "paid": _bool(item.get("paid", False), f"{path}.paid"),
            "jar_buy_in": _bool(item.get("jar_buy_in", False), f"{path}.jar_buy_in"),
        }
    return couples


def _present(couples: dict[int, dict], game: int) -> set[int]:
    return {
        n
        for n, c in couples.items()
        if c["joined_game"] <= game
        and (c["left_after_game"] is None or c["left_after_game"] >= game)
    }


def _couple_number(value, field: str, couples: Mapping[int, dict], *, null=False):
    number = _int(value, field, null=null, high=9999)
    if number is not None and number not in couples:
        raise _problem(field, _('there is no couple %(n)s in "couples".'), n=number)
    return number


def _corrections(raw, field: str, couples, seat: tuple[int, int], winner) -> list[dict]:
    result = []
    items = _list(raw, field)
    for i, item in enumerate(items):
        path = f"{field}[{i}]"
        item = _dict(item, path)
        old = _couple_number(item.get("from"), f"{path}.from", couples, null=True)
        new = _couple_number(item.get("to"), f"{path}.to", couples)
        for key, value in (("from", old), ("to", new)):
            if value is not None and value not in seat:
                raise _problem(
                    f"{path}.{key}", _("couple %(n)s did not play at this table."), n=value
                )
        if result and result[-1]["to"] != old:
            raise _problem(
                f"{path}.from",
                _("must be %(n)s, the winner after the correction before it."),
                n=result[-1]["to"],
            )
        reason = _text(item.get("reason"), f"{path}.reason", max_length=2000)
        by = item.get("by")
        if by is not None:
            by = _text(by, f"{path}.by", max_length=150)
        at = item.get("at")
        when = None
        if at is not None:
            when = parse_datetime(at) if isinstance(at, str) else None
            if when is None:
                raise _problem(
                    f"{path}.at", _('must be a date and time like "2026-11-27T21:30:00-04:00".')
                )
        result.append({"from": old, "to": new, "reason": reason, "by": by, "at": when})
    if result and result[-1]["to"] != winner:
        raise _problem(
            f"{field}[{len(result) - 1}].to",
            _("must be %(n)s, the table's winner."),
            n=winner,
        )
    return result


def _games(raw, couples: dict[int, dict], settings: dict, status: str | None) -> list[dict]:
    games_setting = settings.get("games", 25)
    items = _list(raw, "games")
    if len(items) > games_setting:
        raise _problem(
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
        item = _dict(item, path)
        number = gi + 1
        if item.get("number") != number:
            raise _problem(
                f"{path}.number", _("must be %(n)s: games are listed in order from 1."), n=number
            )
        present = _present(couples, number)
        bye = _couple_number(item.get("bye"), f"{path}.bye", couples, null=True)
        seen: dict[int, str] = {}
        if bye is not None:
            seen[bye] = f"{path}.bye"
        tables: list[dict] = []
        last_game = gi == len(items) - 1
        for ti, table in enumerate(_list(item.get("tables"), f"{path}.tables")):
            tpath = f"{path}.tables[{ti}]"
            table = _dict(table, tpath)
            tnumber = _int(table.get("table"), f"{tpath}.table", high=9999)
            if tables and tnumber <= tables[-1]["table"]:
                raise _problem(
                    f"{tpath}.table", _("tables must be listed in increasing number order.")
                )
            pair = _list(table.get("couples"), f"{tpath}.couples")
            if len(pair) != 2:
                raise _problem(
                    f"{tpath}.couples", _("must list two couples, not %(n)s."), n=len(pair)
                )
            a, b = (_couple_number(c, f"{tpath}.couples[{j}]", couples) for j, c in enumerate(pair))
            for j, c in enumerate((a, b)):
                if c in seen:
                    raise _problem(
                        f"{tpath}.couples[{j}]",
                        _("couple %(n)s is seated twice in game %(g)s (also at %(where)s)."),
                        n=c,
                        g=number,
                        where=seen[c],
                    )
                if c not in present:
                    raise _problem(
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
                raise _problem(
                    f"{tpath}.deals_first", _("couple %(n)s is not at this table."), n=deals
                )
            winner = _couple_number(table.get("winner"), f"{tpath}.winner", couples, null=True)
            if winner is not None and winner not in (a, b):
                raise _problem(
                    f"{tpath}.winner",
                    _("couple %(n)s did not play at table %(t)s in game %(g)s."),
                    n=winner,
                    t=tnumber,
                    g=number,
                )
            if winner is None and (not last_game or status == Evening.Status.FINISHED):
                raise _problem(
                    f"{tpath}.winner",
                    _("is missing: every game but the current one needs its results."),
                )
            fixes = []
            if "corrections" in table:
                if winner is None:
                    raise _problem(
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
            raise _problem(
                f"{path}.bye", _("couple %(n)s does not play game %(g)s."), n=bye, g=number
            )
        missing = sorted(present - set(seen))
        if missing:
            raise _problem(
                f"{path}.tables",
                _("couples %(couples)s play game %(g)s but are not seated."),
                couples=rotation.numbers_text(missing),
                g=number,
            )
        if not tables:
            raise _problem(f"{path}.tables", _("a game needs at least one table."))
        try:
            actual = rotation.GameSeating(
                tables=tuple(
                    rotation.TableSeat(t["table"], t["a"], t["b"], t["deals"]) for t in tables
                ),
                bye=bye,
            )
        except rotation.RotationBug as error:
            raise _problem(f"{path}.tables", str(error)) from None
        expected = _expected(previous, actual, couples, number, closed, path)
        problems = rotation.differences(expected.seating, actual)
        if problems:
            raise _problem(
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
            raise _problem(f"{path}.tables", str(error)) from None
        seating = rotation.GameSeating(tables=actual.tables, bye=seating.bye)
        if seating.table_numbers != tuple(range(1, len(actual.tables) + 1)):
            raise _problem(f"{path}.tables", _("game 1 is played at tables 1, 2, 3 … in order."))
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
        raise _problem(path, str(error)) from None


def _punches_from_games(games: list[dict], bye_counts: bool) -> dict[int, list[tuple[int, str]]]:
    punches: dict[int, list[tuple[int, str]]] = {}
    for game in games:
        for table in game["tables"]:
            if table["winner"] is not None:
                punches.setdefault(table["winner"], []).append((game["number"], Punch.Source.TABLE))
        if game["bye"] is not None and bye_counts:
            punches.setdefault(game["bye"], []).append((game["number"], Punch.Source.BYE))
    return punches


def _standings(raw, couples, settings, games) -> dict[int, list[tuple[int, str]]]:
    games_setting = settings.get("games", 25)
    bye_counts = settings.get("bye_counts_as_win", True)
    computed = _punches_from_games(games, bye_counts) if games else None
    paper: dict[int, list[tuple[int, str]]] = {}
    seen: set[int] = set()
    for i, item in enumerate(_list(raw if raw is not None else [], "standings")):
        path = f"standings[{i}]"
        item = _dict(item, path)
        number = _couple_number(item.get("couple"), f"{path}.couple", couples)
        if number in seen:
            raise _problem(f"{path}.couple", _("couple %(n)s is listed twice."), n=number)
        seen.add(number)
        punched = [
            _int(g, f"{path}.punched[{j}]", high=games_setting)
            for j, g in enumerate(_list(item.get("punched", []), f"{path}.punched"))
        ]
        if len(set(punched)) != len(punched):
            raise _problem(f"{path}.punched", _("a game is punched twice."))
        if "wins" in item:
            wins = _int(item["wins"], f"{path}.wins", low=0)
            if wins != len(punched):
                raise _problem(
                    f"{path}.wins",
                    _("is %(wins)s, but %(n)s games are punched."),
                    wins=wins,
                    n=len(punched),
                )
        if computed is not None:
            by_results = sorted(g for g, _source in computed.get(number, []))
            if sorted(punched) != by_results:
                raise _problem(
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
            raise _problem(
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


# --- Import: writing --------------------------------------------------------------


def _unique_slug(slug: str, name: str, date: datetime.date) -> str:
    base = slug or slugify(f"{name} {date:%Y-%m-%d}")[:50] or "evening"
    base = base[:54]
    candidate, n = base, 2
    while Evening.objects.filter(slug=candidate).exists():
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def import_evening_data(data, *, published: bool | None = None) -> Evening:
    """Create an evening from `data` (a dict in the format above).

    Raises `ImportProblem` (naming the field) and creates nothing when the
    data is wrong. `published` overrides whether the evening is public."""
    data = _dict(data, "")
    if data.get("format") != FORMAT:
        raise _problem("format", _('must be "%(format)s".'), format=FORMAT)
    if data.get("version") != VERSION:
        raise _problem(
            "version", _("must be %(v)s: this version of CardNight reads version %(v)s."), v=VERSION
        )
    name = _text(data.get("name"), "name", max_length=100)
    date_text = data.get("date")
    try:
        date = datetime.date.fromisoformat(date_text) if isinstance(date_text, str) else None
    except ValueError:
        date = None
    if date is None:
        raise _problem(
            "date", _('must be a date like "2026-11-27", not %(value)s.'), value=_shown(date_text)
        )
    slug = data.get("slug") or ""
    if not isinstance(slug, str) or (slug and slugify(slug) != slug) or len(slug) > 60:
        raise _problem(
            "slug",
            _("must be a short name of letters, digits and hyphens, not %(value)s."),
            value=_shown(slug),
        )
    hall = _text(data.get("hall", DEFAULT_HALL), "hall", max_length=100)
    status = data.get("status")
    if status is not None and status not in Evening.Status.values:
        raise _problem(
            "status", _("must be one of %(choices)s."), choices=", ".join(Evening.Status.values)
        )
    settings = _settings(data.get("settings", {}), "settings")
    games_setting = settings.get("games", Evening._meta.get_field("games").default)
    couples = _couples(data.get("couples", []), games_setting)
    games = _games(data.get("games", []), couples, settings, status)
    if games and status == Evening.Status.SETUP:
        raise _problem("status", _('is "setup", but games were played.'))
    if status == Evening.Status.FINISHED and games and len(games) != games_setting:
        raise _problem(
            "status",
            _('is "finished", but %(n)s of %(g)s games were played.'),
            n=len(games),
            g=games_setting,
        )
    if status == Evening.Status.RUNNING and not games:
        raise _problem("games", _('must list the games played so far: the evening is "running".'))
    if not games and status == Evening.Status.SETUP and data.get("standings"):
        raise _problem("standings", _("must be empty: the evening has not started."))
    punches = _standings(data.get("standings"), couples, settings, games)
    if games:
        status = status or (
            Evening.Status.FINISHED
            if len(games) == games_setting and all(t["winner"] for t in games[-1]["tables"])
            else Evening.Status.RUNNING
        )
    else:
        status = status or Evening.Status.FINISHED
    return _write(
        data,
        name=name,
        date=date,
        slug=slug,
        hall=hall,
        status=status,
        settings=settings,
        couples=couples,
        games=games,
        punches=punches,
        published=published,
    )


@transaction.atomic
def _write(data, *, name, date, slug, hall, status, settings, couples, games, punches, published):
    hall_row = Hall.objects.filter(name__iexact=hall).first() or Hall.objects.create(name=hall)
    current = (
        len(games)
        if games
        else (0 if status == Evening.Status.SETUP else settings.get("games", 25))
    )
    evening = Evening.objects.create(
        hall=hall_row,
        name=name,
        date=date,
        slug=_unique_slug(slug, name, date),
        status=status,
        current_game=current,
        published=bool(published),
        last_couple_number=max(couples, default=0),
        **settings,
    )
    rows = Couple.objects.bulk_create(Couple(evening=evening, **c) for c in couples.values())
    ids = {c.number: c.pk for c in rows}

    table_numbers = sorted({t["table"] for g in games for t in g["tables"]})
    closed_after = {n: g["number"] for g in games for n in g["closed_after"]}
    tables = Table.objects.bulk_create(
        Table(evening=evening, number=n, closed_after_game=closed_after.get(n))
        for n in table_numbers
    )
    table_ids = {t.number: t.pk for t in tables}
    game_rows = Game.objects.bulk_create(
        Game(evening=evening, number=g["number"], bye_id=ids.get(g["bye"])) for g in games
    )
    seat_rows = []
    for game, game_row in zip(games, game_rows, strict=True):
        for table, seat in zip(game["tables"], game["seating"].tables, strict=True):
            seat_rows.append(
                Seating(
                    game=game_row,
                    table_id=table_ids[seat.table],
                    couple_a_id=ids[seat.couple_a],
                    couple_b_id=ids[seat.couple_b],
                    deals_first_id=ids.get(seat.deals_first)
                    if game["number"] > 1
                    else ids.get(table["deals"]),
                    winner_id=ids.get(table["winner"]),
                )
            )
    seat_rows = Seating.objects.bulk_create(seat_rows)
    Punch.objects.bulk_create(
        Punch(evening=evening, couple_id=ids[n], game_number=g, source=source)
        for n, items in punches.items()
        for g, source in items
    )
    _write_corrections(games, seat_rows, ids)
    # The scoring keys, in the same transaction: a bad one undoes the whole import.
    from scoring.exchange import import_scoring

    import_scoring(evening, data)
    return evening


def _write_corrections(games, seat_rows, ids: dict[int, int]) -> None:
    """The audit log of corrections, with their original times and authors."""
    tables = [table for game in games for table in game["tables"]]  # seat_rows' order
    wanted = [
        (seating, fix)
        for table, seating in zip(tables, seat_rows, strict=True)
        for fix in table["corrections"]
    ]
    if not wanted:
        return
    usernames = {fix["by"] for _seating, fix in wanted if fix["by"]}
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=usernames)}
    created = ResultChange.objects.bulk_create(
        ResultChange(
            seating=seating,
            kind=ResultChange.Kind.CORRECTED,
            old_winner_id=ids.get(fix["from"]),
            new_winner_id=ids[fix["to"]],
            changed_by=users.get(fix["by"]),
            reason=fix["reason"],
        )
        for seating, fix in wanted
    )
    for change, (_seating, fix) in zip(created, wanted, strict=True):
        if fix["at"] is not None:  # auto_now_add set "now"; keep the original time
            ResultChange.objects.filter(pk=change.pk).update(changed_at=fix["at"])
