"""An evening as JSON (format "cardnight-evening", version 1), read back.

    import_evening_data(data, *, published=None) -> Evening

The format's shape, types and ranges are evening.schema.json (JSON Schema
draft 2020-12) next to this file; export.py writes it. Keys in this order:

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
0-based like any JSON path): first the schema (problems.check_schema), then
what a schema cannot say (checks.py). Each game's seating must follow from the one
before by the rotation rule (tables/rotation/). An evening played on paper
is given as `"games": []` with each standing's "punched" list: it is imported
as finished, with "paper" punches. With `"status": "setup"` and no games, only
the couples are imported, ready for the draw (their standings, if listed,
have nothing punched: that is what export writes for such an evening).

The scoring keys (places, booby prize, cookie jar, tie-break records) are
read by scoring_keys.import_scoring at the end of `_write`, inside the same
transaction, after the couples and punches exist.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tables.models import (
    Couple,
    Evening,
    Game,
    Hall,
    Punch,
    ResultChange,
    Seating,
    Table,
    date_in_range,
)
from tables.services import register

from .checks import out_of_range, read_couples, read_games, read_settings, read_standings
from .problems import FORMAT, VERSION, as_dict, check_schema, problem, shown, text
from .scoring_keys import import_scoring

DEFAULT_HALL = "Imported evenings"


def _unique_slug(slug: str, name: str, date: datetime.date) -> str:
    base = slug or slugify(f"{name} {date:%Y-%m-%d}")[:50] or "evening"
    base = base[:54]
    candidate, n = base, 2
    while Evening.objects.filter(slug=candidate).exists():
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def read_start_time(value) -> datetime.time | None:
    """ "19:30" (or "19:30:00"), or absent/null for no time."""
    if value is None:
        return None
    try:
        if isinstance(value, str) and len(value) <= 8:
            return datetime.time.fromisoformat(value)
    except ValueError:
        pass
    raise problem(
        "start_time", _('must be a time like "19:30", not %(value)s.'), value=shown(value)
    )


def import_evening_data(data, *, published: bool | None = None) -> Evening:
    """Create an evening from `data` (a dict in the format above).

    Raises `ImportProblem` (naming the field) and creates nothing when the
    data is wrong. `published` overrides whether the evening is public."""
    data = as_dict(data, "")
    # Which schema applies: the format and its version first, in plain words.
    if data.get("format") != FORMAT:
        raise problem("format", _('must be "%(format)s".'), format=FORMAT)
    if data.get("version") != VERSION:
        raise problem(
            "version", _("must be %(v)s: this version of CardNight reads version %(v)s."), v=VERSION
        )
    check_schema(data)
    name = text(data.get("name"), "name", max_length=100)
    date_text = data.get("date")
    try:
        date = datetime.date.fromisoformat(date_text) if isinstance(date_text, str) else None
    except ValueError:
        date = None
    if date is None:
        raise problem(
            "date", _('must be a date like "2026-11-27", not %(value)s.'), value=shown(date_text)
        )
    if not date_in_range(date):
        raise out_of_range("date", date_text)
    start_time = read_start_time(data.get("start_time"))
    slug = data.get("slug") or ""
    if not isinstance(slug, str) or (slug and slugify(slug) != slug) or len(slug) > 60:
        raise problem(
            "slug",
            _("must be a short name of letters, digits and hyphens, not %(value)s."),
            value=shown(slug),
        )
    hall = text(data.get("hall", DEFAULT_HALL), "hall", max_length=100)
    status = data.get("status")
    if status is not None and status not in Evening.Status.values:
        raise problem(
            "status", _("must be one of %(choices)s."), choices=", ".join(Evening.Status.values)
        )
    settings = read_settings(data.get("settings") or {})
    games_setting = settings.get("games", Evening._meta.get_field("games").default)
    couples = read_couples(data.get("couples", []), games_setting)
    games = read_games(data.get("games", []), couples, settings, status)
    if games and status == Evening.Status.SETUP:
        raise problem("status", _('is "setup", but games were played.'))
    if status == Evening.Status.FINISHED and games and len(games) != games_setting:
        raise problem(
            "status",
            _('is "finished", but %(n)s of %(g)s games were played.'),
            n=len(games),
            g=games_setting,
        )
    if status == Evening.Status.RUNNING and not games:
        raise problem("games", _('must list the games played so far: the evening is "running".'))
    if not games and status == Evening.Status.SETUP and _anything_punched(data.get("standings")):
        raise problem("standings", _("must have nothing punched: the evening has not started."))
    punches = read_standings(data.get("standings"), couples, settings, games)
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
        start_time=start_time,
        slug=slug,
        hall=hall,
        status=status,
        settings=settings,
        couples=couples,
        games=games,
        punches=punches,
        published=published,
    )


def _anything_punched(standings) -> bool:
    return any(item.get("punched") for item in standings or [])


@transaction.atomic
def _write(
    data,
    *,
    name,
    date,
    start_time,
    slug,
    hall,
    status,
    settings,
    couples,
    games,
    punches,
    published,
):
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
        start_time=start_time,
        cancelled=data.get("cancelled") is True,
        slug=_unique_slug(slug, name, date),
        status=status,
        current_game=current,
        published=bool(published),
        last_couple_number=max(couples, default=0),
        **settings,
    )
    with Evening.changing(evening):  # the new evening's data, through the write gate
        player_ids = {n: c.pop("player_ids", (None, None)) for n, c in couples.items()}
        rows = Couple.objects.bulk_create(Couple(evening=evening, **c) for c in couples.values())
        register.record_imported(hall_row.pk, rows, player_ids)
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
