"""Play a whole evening with random winners, through the same functions the
game screen and the door use. Prints the evening's slug as its last line."""

import datetime
import random

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cardnight.errors import UserError
from tables import services
from tables.forms import unique_slug
from tables.management.commands._names import couple_names
from tables.models import MAX_GAMES, Evening, Hall


class Command(BaseCommand):
    help = (
        "Create an evening of N couples and play every game with random winners, "
        "through the functions the web pages use. Prints the evening's slug last."
    )

    def add_arguments(self, parser):
        parser.add_argument("--couples", type=int, required=True, help="how many couples")
        parser.add_argument("--games", type=int, default=25, help="games in the evening")
        parser.add_argument("--seed", type=int, default=None, help="repeatable randomness")
        parser.add_argument("--late", type=int, default=0, help="couples arriving late")
        parser.add_argument("--leave", type=int, default=0, help="couples leaving early")
        parser.add_argument("--name", default="", help="the evening's name")
        parser.add_argument("--hall", default="Simulation Hall", help="the hall's name")
        parser.add_argument(
            "--private", action="store_true", help="keep it off the public scoreboard"
        )
        parser.add_argument(
            "--stop-after",
            type=int,
            default=None,
            help="stop while game N is being played (its results not in), to leave it running",
        )

    def handle(self, *args, couples, games, seed, late, leave, name, hall, private, **options):
        stop_after = options["stop_after"]
        if couples < 2:
            raise CommandError("--couples must be at least 2.")
        if not 1 <= games <= MAX_GAMES:
            raise CommandError(f"--games must be from 1 to {MAX_GAMES}.")
        if late < 0 or leave < 0 or late + leave > couples:
            raise CommandError("--late and --leave must be 0 or more, and at most --couples.")
        if couples - late < 2:
            raise CommandError("At least two couples must be there for game 1.")
        if late and games < 2:
            raise CommandError("Late couples need an evening of at least 2 games.")
        if leave and games < 2:
            raise CommandError("Couples leaving early need an evening of at least 2 games.")
        if stop_after is not None and not 1 <= stop_after <= games:
            raise CommandError("--stop-after must be a game of the evening.")
        rng = random.Random(seed)
        evening = self._create(rng, couples, games, late, name, hall, private)
        # Late couple k arrives while game j - 1 is played, so it joins at game j.
        joins = {k: rng.randint(2, games) for k in range(late)}
        leavers = rng.sample(range(couples - late), leave)
        leaves = {n + 1: rng.randint(1, games - 1) for n in leavers} if leave else {}

        try:
            self._play(evening, rng, games, joins, leaves, stop_after)
        except UserError as error:
            raise CommandError(error.message) from None
        evening.refresh_from_db()
        self.stdout.write(
            f"{evening.couples.count()} couples, game {evening.current_game} of {evening.games}, "
            f"{evening.get_status_display().lower()}."
        )
        self.stdout.write(evening.slug)

    def _play(self, evening, rng, games, joins, leaves, stop_after) -> None:
        services.start_evening(evening, seed=rng.randrange(2**32))
        for game in range(1, games + 1):
            for join in joins.values():
                if join == game + 1:
                    services.register_couple(evening, *couple_names(rng), paid=True, anyway=True)
            evening.refresh_from_db()
            for number, after in sorted(leaves.items()):
                if after == game and self._can_leave(evening, game):
                    services.mark_leaving(evening, number)
            if stop_after == game:
                break
            for table, a, b in _tables(evening, game):
                services.record_result(evening, game, table, rng.choice((a, b)))
            if game < games:
                services.advance(evening, from_game=game)
            else:
                services.finish_evening(evening, from_game=game)

    @transaction.atomic
    def _create(self, rng, couples, games, late, name, hall, private) -> Evening:
        hall_row = Hall.objects.filter(name=hall).first() or Hall.objects.create(name=hall)
        date = datetime.date.today()
        name = name or f"Simulated evening, {couples} couples"
        evening = Evening.objects.create(
            hall=hall_row,
            name=name[:100],
            slug=unique_slug(name, date),
            date=date,
            games=games,
            published=not private,
        )
        for _ in range(couples - late):
            services.register_couple(evening, *couple_names(rng), paid=True, anyway=True)
        return evening

    def _can_leave(self, evening: Evening, game: int) -> bool:
        """Keep at least two couples for the next game."""
        return evening.couples.present_at(game + 1).count() - 1 >= 2


def _tables(evening: Evening, game: int):
    return (
        evening.game_set.get(number=game)
        .seatings.order_by("table__number")
        .values_list("table__number", "couple_a__number", "couple_b__number")
    )
