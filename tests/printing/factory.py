"""Evenings built in code for the printing tests: couples with Acadian and
Gaelic names, a seated game 1, punches, prizes, a settled tie, a sealed
cookie jar and a 50/50."""

import datetime
import random
from decimal import Decimal

from scoring.models import CutCard, Prize, Target, TieBreak, TieBreakEntry
from scoring.rules import jar as cookiejar_rules
from tables.management.commands._names import couple_names
from tables.models import Couple, Evening, Game, Hall, Punch, Seating, Table

NAMES = [
    ("Marie-Thérèse LeBlanc", "Ruairí Mac Néill"),
    ("Joe D'Eon", "<script>alert(1)</script>"),
    ("Mary MacDonald", "John MacNeil"),
    ("Ann Boudreau", "Angus Gillis"),
    ("Cécile Poirier", "Gérard Aucoin"),
    ("Flora MacKinnon", "Hector Campbell"),
]
LONG_NAME = (
    "Anne-Marie Bernadette Boudreau-Chiasson de la Petite-Rivière-de-l'Île-Madame"  # 77 characters
)


def make_evening(
    *,
    slug: str = "friday-45s",
    couples: int = 6,
    games: int = 25,
    paper: str = "letter",
    names=None,
    hall: Hall | None = None,
) -> Evening:
    if hall is None:
        # The hall of the `hall` fixture (tests/conftest.py), whose organizer
        # and volunteer the organizer_client and volunteer_client are.
        hall, _ = Hall.objects.get_or_create(name="St. Joseph's Parish Hall")
        if hall.paper_size != paper:
            Hall.objects.filter(pk=hall.pk).update(paper_size=paper)
            hall.paper_size = paper
    evening = Evening.objects.create(
        hall=hall, name="Friday 45s", slug=slug, date=datetime.date(2026, 11, 27), games=games
    )
    names = names or NAMES
    Couple.objects.bulk_create(
        Couple(
            evening=evening,
            number=number,
            player1=names[(number - 1) % len(names)][0],
            player2=names[(number - 1) % len(names)][1],
            paid=True,
        )
        for number in range(1, couples + 1)
    )
    Evening.objects.filter(pk=evening.pk).update(last_couple_number=couples)
    evening.refresh_from_db()
    return evening


def seat_game_one(evening: Evening) -> dict[int, str]:
    """Seat game 1 (couples 1+2 at table 1, 3+4 at table 2 …; an odd last
    couple on the bye) and return couple number -> starting table."""
    couples = list(evening.couples.order_by("number"))
    bye = couples[-1] if len(couples) % 2 else None
    game = Game.objects.create(evening=evening, number=1, bye=bye)
    starts = {}
    for index in range(len(couples) // 2):
        table = Table.objects.create(evening=evening, number=index + 1)
        a, b = couples[2 * index], couples[2 * index + 1]
        Seating.objects.create(game=game, table=table, couple_a=a, couple_b=b)
        starts[a.number] = starts[b.number] = str(index + 1)
    Evening.objects.filter(pk=evening.pk).update(status=Evening.Status.RUNNING, current_game=1)
    evening.refresh_from_db()
    return starts


def punch(evening: Evening, cards: dict[int, list[int]]) -> None:
    """Punch game numbers on couples' cards (couple number -> games won)."""
    by_number = {couple.number: couple for couple in evening.couples.all()}
    Punch.objects.bulk_create(
        Punch(evening=evening, couple=by_number[number], game_number=game)
        for number, played in cards.items()
        for game in played
    )


def random_punches(evening: Evening, seed: int = 45) -> None:
    """Every game, a random half of the couples win it."""
    rng = random.Random(seed)
    numbers = list(evening.couples.values_list("number", flat=True))
    cards: dict[int, list[int]] = {number: [] for number in numbers}
    for game in range(1, evening.games + 1):
        for number in rng.sample(numbers, len(numbers) // 2):
            cards[number].append(game)
    punch(evening, cards)


def finish(evening: Evening) -> None:
    Evening.objects.filter(pk=evening.pk).update(
        status=Evening.Status.FINISHED, current_game=evening.games
    )
    evening.refresh_from_db()


def add_extras(evening: Evening) -> None:
    """A booby prize, a sealed cookie jar (revealed), a 50/50 and a prize for
    places 1 to 3 and the booby: $25, 20% of the takings, a turkey, a deck."""
    numbers = [2, 5, 8, 11, 13]
    salt = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
    Evening.objects.filter(pk=evening.pk).update(
        booby_prize=True,
        entry_fee=Decimal("10.00"),
        cookie_jar=True,
        jar_buy_in=Decimal("2.00"),
        jar_draw_size=len(numbers),
        jar_draw_mode=Evening.JarDraw.SEALED,
        jar_numbers=numbers,
        jar_salt=salt,
        jar_fingerprint=cookiejar_rules.fingerprint(numbers, salt),
        jar_revealed=True,
        fifty_fifty=True,
        fifty_fifty_takings=Decimal("87.00"),
        fifty_fifty_ticket="4471",
        fifty_fifty_winner="Effie Samson",
    )
    evening.couples.update(jar_buy_in=True)
    Prize.objects.bulk_create(
        [
            Prize(evening=evening, place=1, kind=Prize.Kind.CASH, amount=Decimal("25.00")),
            Prize(evening=evening, place=2, kind=Prize.Kind.SHARE, share_percent=Decimal("20")),
            Prize(evening=evening, place=3, kind=Prize.Kind.ITEM, item="A turkey"),
            Prize(
                evening=evening, target=Target.BOOBY, kind=Prize.Kind.ITEM, item="A deck of cards"
            ),
        ]
    )
    evening.refresh_from_db()


def full_evening(slug: str = "friday-45s", paper: str = "letter") -> Evening:
    """Six couples after 25 games: couples 1 and 2 tied on 18 for first (settled
    by a cut: couple 2 cut the 3♠, couple 1 the 9♥), couple 3 second on 16,
    couples 4 and 5 tied on 15 for third (not settled), couple 6 the booby
    prize on 2; a sealed cookie jar won by couple 1; a 50/50."""
    evening = make_evening(slug=slug, paper=paper)
    seat_game_one(evening)
    games = list(range(1, 26))
    punch(
        evening,
        {
            1: games[:18],
            2: games[7:25],
            3: games[:16],
            4: games[10:25],
            5: games[:15],
            6: [24, 25],
        },
    )
    add_extras(evening)
    one, two = evening.couples.get(number=1), evening.couples.get(number=2)
    tiebreak = TieBreak.objects.create(
        evening=evening,
        place=1,
        wins=18,
        method=TieBreak.Method.CUT,
        status=TieBreak.Status.SETTLED,
    )
    TieBreakEntry.objects.bulk_create(
        [
            TieBreakEntry(tiebreak=tiebreak, couple=one, choice="cut", outcome_rank=2),
            TieBreakEntry(tiebreak=tiebreak, couple=two, choice="split", outcome_rank=1),
        ]
    )
    CutCard.objects.bulk_create(
        [
            CutCard(tiebreak=tiebreak, round=1, couple=one, card="9H"),
            CutCard(tiebreak=tiebreak, round=1, couple=two, card="3S"),
        ]
    )
    finish(evening)
    return evening


def hall_names(count: int, seed: int = 7) -> list[tuple[str, str]]:
    """Names as a Cape Breton hall has them: a first name and a family name."""
    rng = random.Random(seed)

    return [couple_names(rng, same_family=False) for _ in range(count)]


ARABIC_NAME = "فاطمة الزهراء"  # Fatima al-Zahra, as typed (logical order)
NO_SPACE_NAME = "Wolfeschlegelsteinhausenbergerdorff-Llanfairpwllgwyngyllgogerychwyrndrobwll"
HOSTILE_NAMES = [
    (NO_SPACE_NAME, "Ann Boudreau"),
    ("Marie-Thérèse LeBlanc", "Ruairí Mac Néill"),
    ("Joe D’Eon", "Siobhán O’Sullivan"),
    ("Party 🎉 Pat", "Bruce 李小龍 Lee"),
    (ARABIC_NAME, "محمد علي"),
    ("王秀英", "Zoë Ça-Va"),
    (LONG_NAME, "Ann"),
]


def hostile_evening(couples: int = 115, paper: str = "letter") -> Evening:
    """A finished evening whose first names are the hostile ones above (very
    long, without spaces, accents, curly apostrophes, emoji, Chinese, Arabic),
    then ordinary hall names; game 1 seated, random punches."""
    names = HOSTILE_NAMES + hall_names(max(0, couples - len(HOSTILE_NAMES)))
    evening = make_evening(couples=couples, names=names[:couples], paper=paper)
    seat_game_one(evening)
    random_punches(evening)
    finish(evening)
    return evening
