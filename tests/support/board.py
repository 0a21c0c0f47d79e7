"""Evenings built in code for the scoreboard tests: couples, tables, games,
seatings, results and punches written straight with the ORM (bulk), so an
evening of 200 couples takes a moment; and small helpers."""

import datetime
import random

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from tables import services
from tables.models import Couple, Evening, Game, Hall, Punch, Seating, Table
from tests.support.gate import changed

FIRST = ["Mary", "John", "Ann", "Joe", "Rita", "Angus", "Marie", "Paul", "Theresa", "Dan"]
LAST = ["MacNeil", "Boudreau", "LeBlanc", "MacDonald", "Samson", "Poirier", "Gillis", "Aucoin"]


def seat_next(seating: list[tuple[int, int, int]], winners: dict[int, int], bye: int | None):
    """Plain rotation for test data: losers stay, winners move on (RULES.md A2)."""
    tables = [t for t, _, _ in seating]
    nxt = {t: [None, None] for t in tables}
    new_bye = None
    for i, (table, a, b) in enumerate(seating):
        winner = winners[table]
        loser = b if winner == a else a
        nxt[table][0] = loser
        if i + 1 < len(tables):
            nxt[tables[i + 1]][1] = winner
        elif bye is not None:
            new_bye = winner
        else:
            nxt[tables[0]][1] = winner
    if bye is not None:
        nxt[tables[0]][1] = bye
    return [(t, a, b) for t, (a, b) in nxt.items()], new_bye


def build_evening(
    hall: Hall,
    *,
    couples: int = 10,
    played: int = 3,
    current_in: int = 0,
    games: int = 25,
    slug: str = "friday-45s",
    published: bool = True,
    seed: int = 1,
    names=None,
    **settings,
) -> Evening:
    """An evening of `couples` couples with `played` games finished and the
    next game under way with `current_in` tables in (played=0: not started)."""
    rng = random.Random(seed)
    status = Evening.Status.SETUP if played == 0 and not current_in else Evening.Status.RUNNING
    current = played + 1 if status == Evening.Status.RUNNING else 0
    if current > games:
        current, status = games, Evening.Status.FINISHED
    evening = Evening.objects.create(
        hall=hall,
        name="Friday 45s",
        slug=slug,
        date=datetime.date(2026, 11, 27),
        games=games,
        published=published,
        status=status,
        current_game=current,
        last_couple_number=couples,
        **settings,
    )
    rows = []
    for number in range(1, couples + 1):
        if names and number <= len(names):
            p1, p2 = names[number - 1]
        else:
            p1 = f"{FIRST[number % 10]} {LAST[number % 8]}"
            p2 = f"{FIRST[(number * 3 + 1) % 10]} {LAST[(number * 5) % 8]}"
        rows.append(Couple(evening=evening, number=number, player1=p1, player2=p2))
    by_number = {c.number: c for c in Couple.objects.bulk_create(rows)}
    if not current:
        return evening
    tables = {
        t.number: t
        for t in Table.objects.bulk_create(
            [Table(evening=evening, number=n) for n in range(1, couples // 2 + 1)]
        )
    }
    order = list(range(1, couples + 1))
    rng.shuffle(order)
    seating = [(i // 2 + 1, order[i], order[i + 1]) for i in range(0, couples - 1, 2)]
    bye = order[-1] if couples % 2 else None
    seatings, punches = [], []
    for number in range(1, current + 1):
        game = Game.objects.create(
            evening=evening, number=number, bye=by_number[bye] if bye else None
        )
        finished = number < current or evening.is_finished
        winners = {}
        for index, (table, a, b) in enumerate(seating):
            winner = None
            if finished or index < current_in:
                winner = rng.choice((a, b))
                winners[table] = winner
                punches.append(Punch(evening=evening, couple=by_number[winner], game_number=number))
            seatings.append(
                Seating(
                    game=game,
                    table=tables[table],
                    couple_a=by_number[a],
                    couple_b=by_number[b],
                    winner=by_number[winner] if winner else None,
                )
            )
        if bye is not None and evening.bye_counts_as_win:
            punches.append(
                Punch(
                    evening=evening,
                    couple=by_number[bye],
                    game_number=number,
                    source=Punch.Source.BYE,
                )
            )
        if number < current:
            seating, bye = seat_next(seating, winners, bye)
    Seating.objects.bulk_create(seatings)
    Punch.objects.bulk_create(punches)
    return evening


def record(evening: Evening, table: int, winner_number: int | None = None) -> Couple:
    """A result of the current game recorded behind the board's back, as the
    game screen does: the winner, its punch, and the version bumped."""
    evening.refresh_from_db()
    with transaction.atomic():
        seating = Seating.objects.select_related("couple_a", "couple_b").get(
            game__evening=evening, game__number=evening.current_game, table__number=table
        )
        winner = seating.couple_a
        if winner_number is not None and seating.couple_b.number == winner_number:
            winner = seating.couple_b
        seating.winner = winner
        seating.recorded_at = timezone.now()
        seating.save(update_fields=["winner", "recorded_at"])
        Punch.objects.create(evening=evening, couple=winner, game_number=evening.current_game)
        changed(evening)
    return winner


def url(name: str, evening: Evening, *args) -> str:
    return reverse(name, args=[evening.slug, *args])


HTMX = {"HX-Request": "true"}


# Names of every length and script, for the tests that compare what is kept
# with what is rendered afresh.
NAMES = [
    ("محمد الأحمد", "فاطمة"),
    ("Mary Margaret Catherine MacDonald-MacIsaac", "Jean-Baptiste D'Eon"),
    ('<b>x</b> & "q"', "山田 花子"),
]


def open_tables(evening: Evening) -> list[Seating]:
    evening.refresh_from_db()
    return list(
        Seating.objects.filter(
            game__evening=evening, game__number=evening.current_game, winner__isnull=True
        )
        .select_related("table", "couple_a", "couple_b")
        .order_by("table__number")
    )


def evening_steps(evening: Evening):
    """An evening's every kind of change, one at a time: results, a change
    of mind, a couple renamed, a couple leaving, the next game, a late couple, a correction,
    the hall's privacy, the end. Yields a label after each."""
    game = evening.current_game
    for seating in open_tables(evening)[:2]:
        services.record_result(evening, game, seating.table.number, seating.couple_a.number)
        yield f"result at table {seating.table.number}"
    seating = Seating.objects.select_related("table", "couple_a", "couple_b").get(
        game__evening=evening, game__number=game, table__number=1
    )
    services.change_result(evening, game, 1, seating.couple_b.number, was=seating.couple_a.number)
    yield "a result changed"
    services.rename_couple(seating.couple_a, "Renée Ouellette", "محمد")
    yield "a couple renamed: its opponent's card names it"
    services.mark_leaving(evening, seating.couple_b.number)
    yield "a couple leaving after this game"
    services.register_couple(evening, "Late", "Comers", paid=True, anyway=True)
    yield "a late couple"
    for seating in open_tables(evening):
        services.record_result(evening, game, seating.table.number, seating.couple_b.number)
    yield "the game's last result"
    services.advance(evening, from_game=game)
    yield "the next game"
    seating = Seating.objects.select_related("couple_a").get(
        game__evening=evening, game__number=1, table__number=2
    )
    other = seating.couple_b if seating.winner_id == seating.couple_a_id else seating.couple_a
    services.correct_result(evening, 1, 2, other.number, reason="wrong card", user=None)
    yield "a correction of game 1"
    Hall.objects.filter(pk=evening.hall_id).update(privacy=Hall.Privacy.FIRST)
    changed(evening)
    yield "first names only"
    evening.refresh_from_db()
    for seating in open_tables(evening):
        services.record_result(
            evening, evening.current_game, seating.table.number, seating.couple_a.number
        )
    services.finish_evening(evening, from_game=evening.current_game)
    yield "the end"
