"""A whole evening played through the tables app's services (the same
functions the pages use): the jar is drawn at game 1, punches follow the
results, the travelling prize follows the winners, half-time and booby."""

import random

import pytest

from scoring.results import evening_results
from tables import services
from tables.models import Evening, Seating

pytestmark = pytest.mark.django_db


def play_evening(evening, couples=11, seed=45):
    Evening.objects.filter(pk=evening.pk).update(
        games=9, cookie_jar=True, jar_draw_size=2, travelling_prize=True,
        half_time_leader=True, half_time_game=4, booby_prize=True,
    )  # fmt: skip
    evening.refresh_from_db()
    for i in range(couples):
        services.register_couple(evening, f"Ann {i + 1}", f"Joe {i + 1}", jar_buy_in=True)
    services.start_evening(evening, seed=seed)
    evening.refresh_from_db()
    Evening.objects.filter(pk=evening.pk).update(travelling_start=3)
    rng = random.Random(seed)
    while True:
        evening.refresh_from_db()
        for seating in Seating.objects.filter(
            game__evening=evening, game__number=evening.current_game
        ).select_related("table", "couple_a", "couple_b"):
            winner = rng.choice([seating.couple_a, seating.couple_b])
            services.record_result(
                evening, evening.current_game, seating.table.number, winner.number
            )
        if evening.current_game == evening.games:
            services.finish_evening(evening)
            break
        services.advance(evening)
    evening.refresh_from_db()
    return evening


def test_a_played_evening_gives_consistent_results(evening):
    evening = play_evening(evening)
    results = evening_results(evening)
    assert results.finished
    # 11 couples: 5 tables and a bye that counts, every game.
    assert sum(s.wins for s in results.standings) == 6 * evening.games
    assert all(s.wins == len(s.punched) for s in results.standings)
    # The jar was drawn as game 1 started, and its winners hold every number.
    assert len(evening.jar_numbers) == 2
    for couple in results.jar.winners:
        standing = results.standing(couple.number)
        assert set(evening.jar_numbers) <= set(standing.punched)
    # The places and the booby prize do not overlap.
    placed = {c.number for p in results.places for c in p.couples}
    if results.booby:
        assert not placed & {c.number for c in results.booby.couples}
    # Half-time counts only games 1..4.
    leader = results.half_time.leader
    assert results.half_time.decided
    assert leader.wins == max(sum(1 for g in s.punched if g <= 4) for s in results.standings)


def test_the_travelling_prize_travels_with_the_winners(evening):
    evening = play_evening(evening)
    holder = 3
    for game in range(1, evening.games + 1):
        for seating in Seating.objects.filter(
            game__evening=evening, game__number=game
        ).select_related("couple_a", "couple_b", "winner"):
            if holder in (seating.couple_a.number, seating.couple_b.number):
                holder = seating.winner.number
    travelling = evening_results(evening).travelling
    assert travelling.start.number == 3
    assert travelling.holder.number == holder
    assert travelling.final and travelling.after_game == evening.games
    for step in travelling.passes:
        seating = Seating.objects.get(
            game__evening=evening, game__number=step.game, winner_id=step.to_couple.id
        )
        assert step.from_couple.id in (seating.couple_a_id, seating.couple_b_id)
