"""The cookie jar through its bridge: the draw at game 1, hat numbers,
alive couples, the reveal, winners, splitting and carrying over."""

import datetime
import random
from decimal import Decimal

import pytest

from cardnight.errors import Conflict, UserError
from scoring.models import JarOutcome
from scoring.results import evening_results
from scoring.rules import jar as cookiejar_rules
from scoring.services import jar as cookiejar
from tables.models import Evening

from .conftest import finish, make_couples, punch

pytestmark = pytest.mark.django_db


def jar_evening(evening, mode="announced", k=3, buy_in="2.00"):
    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True, jar_draw_mode=mode, jar_draw_size=k, jar_buy_in=Decimal(buy_in)
    )
    evening.refresh_from_db()
    return evening


def test_an_announced_draw_is_made_at_game_one_and_shown(evening):
    evening = jar_evening(evening)
    cookiejar.draw_at_start(evening, rng=random.Random(1))
    stored = Evening.objects.get(pk=evening.pk)
    assert len(stored.jar_numbers) == 3 and stored.jar_numbers == sorted(stored.jar_numbers)
    assert evening.jar_numbers == stored.jar_numbers  # the caller's instance too
    assert cookiejar_rules.check_fingerprint(
        stored.jar_numbers, stored.jar_salt, stored.jar_fingerprint
    )
    jar = evening_results(stored).jar
    assert jar.numbers == tuple(stored.jar_numbers)
    first = list(stored.jar_numbers)
    cookiejar.draw_at_start(stored)  # a second call changes nothing
    assert Evening.objects.get(pk=evening.pk).jar_numbers == first


def test_a_sealed_draw_shows_only_its_fingerprint_until_the_reveal(evening):
    evening = jar_evening(evening, "sealed")
    couples = make_couples(evening, 3, jar_buy_in=True)
    cookiejar.draw_at_start(evening)
    evening.refresh_from_db()
    jar = evening_results(evening).jar
    assert jar.drawn and jar.numbers is None and jar.salt is None
    assert len(jar.fingerprint) == 64
    with pytest.raises(Conflict, match="after the last game"):
        cookiejar.reveal(evening)
    punch(evening, couples[0], evening.jar_numbers)
    evening = finish(evening)
    assert evening_results(evening).jar.numbers is None  # not until the reveal
    outcome = cookiejar.reveal(evening)
    evening.refresh_from_db()
    jar = evening_results(evening).jar
    assert jar.revealed and jar.numbers == tuple(evening.jar_numbers)
    assert cookiejar_rules.check_fingerprint(jar.numbers, jar.salt, jar.fingerprint)
    assert [c.number for c in jar.winners] == [1]
    assert outcome.winners == [1] and outcome.pot == Decimal("6.00")
    assert outcome.carried_over == Decimal("0")


def test_the_hat_mode_waits_for_typed_numbers(evening):
    evening = jar_evening(evening, "hat")
    cookiejar.draw_at_start(evening)
    assert Evening.objects.get(pk=evening.pk).jar_numbers == []
    assert cookiejar.set_hat_numbers(evening, "12 3, 7") == [3, 7, 12]
    evening.refresh_from_db()
    assert evening_results(evening).jar.numbers == (3, 7, 12)
    with pytest.raises(UserError, match="typed twice"):
        cookiejar.set_hat_numbers(evening, "1 1 2")
    assert Evening.objects.get(pk=evening.pk).jar_numbers == [3, 7, 12]


def test_hat_numbers_are_refused_for_a_jar_the_app_draws(evening):
    evening = jar_evening(evening, "sealed")
    with pytest.raises(Conflict, match="drawn by the app"):
        cookiejar.set_hat_numbers(evening, "1 2 3")


def test_couples_still_alive_while_numbers_are_announced(evening):
    evening = jar_evening(evening)
    couples = make_couples(evening, 4, jar_buy_in=True)
    Evening.objects.filter(pk=evening.pk).update(
        jar_numbers=[2, 5, 9], status="running", current_game=7
    )
    evening.refresh_from_db()
    punch(evening, couples[0], [2, 5])
    punch(evening, couples[1], [2])
    punch(evening, couples[2], [1, 3, 5])
    couples[3].jar_buy_in = False
    couples[3].save()
    punch(evening, couples[3], [2, 5])  # not bought in: never alive
    assert [c.number for c in evening_results(evening).jar.alive] == [1]


def test_several_winners_split_the_pot_to_the_cent(evening):
    evening = jar_evening(evening, buy_in="3.33")
    couples = make_couples(evening, 3, jar_buy_in=True)
    Evening.objects.filter(pk=evening.pk).update(jar_numbers=[1, 2, 3])
    for couple in couples[:2]:
        punch(evening, couple, [1, 2, 3, 4])
    jar = evening_results(finish(evening)).jar
    assert jar.pot == Decimal("9.99")
    assert [c.number for c in jar.winners] == [1, 2]
    assert [jar.shares[c.id] for c in jar.winners] == [Decimal("5.00"), Decimal("4.99")]
    assert jar.carried_over == Decimal("0")


def test_no_winner_carries_the_jar_over_to_the_halls_next_evening(evening, hall):
    evening = jar_evening(evening)
    make_couples(evening, 5, jar_buy_in=True)
    Evening.objects.filter(pk=evening.pk).update(jar_numbers=[1, 2, 3])
    evening = finish(evening)
    outcome = cookiejar.reveal(evening)
    assert outcome.carried_over == Decimal("10.00") and outcome.winners == []
    after = Evening.objects.create(
        hall=hall, name="Next Friday", slug="next", date=evening.date + datetime.timedelta(7)
    )
    after = jar_evening(after)
    make_couples(after, 2, jar_buy_in=True)
    jar = evening_results(after).jar
    assert (jar.carried_in, jar.buy_ins, jar.pot) == (
        Decimal("10.00"),
        Decimal("4.00"),
        Decimal("14.00"),
    )
    assert jar.carried_from == "Friday 45s"


def test_an_unsettled_previous_jar_is_flagged(evening, hall):
    jar_evening(evening)
    after = Evening.objects.create(
        hall=hall, name="Next", slug="next", date=evening.date + datetime.timedelta(7)
    )
    after = jar_evening(after)
    results = evening_results(after)
    assert results.jar.previous_unsettled == "Friday 45s"
    assert results.jar.carried_in == Decimal("0")
    assert any("never settled" in warning for warning in results.warnings)


def test_settling_again_after_a_correction_updates_the_outcome(evening):
    evening = jar_evening(evening)
    couples = make_couples(evening, 2, jar_buy_in=True)
    Evening.objects.filter(pk=evening.pk).update(jar_numbers=[1, 2, 3])
    evening = finish(evening)
    cookiejar.reveal(evening)
    punch(evening, couples[1], [1, 2, 3])  # a correction gives couple 2 every number
    results = evening_results(evening)
    assert results.jar.settled_differs
    outcome = cookiejar.reveal(evening)
    assert outcome.winners == [2] and JarOutcome.objects.count() == 1
    assert not evening_results(evening).jar.settled_differs


def test_buy_ins_change_until_the_jar_is_settled(evening):
    evening = jar_evening(evening)
    couple = make_couples(evening, 1)[0]
    cookiejar.set_buy_in(couple, True)
    assert evening_results(evening).jar.buy_ins == Decimal("2.00")
    Evening.objects.filter(pk=evening.pk).update(jar_numbers=[1, 2, 3])
    evening = finish(evening)
    cookiejar.reveal(evening)
    with pytest.raises(Conflict, match="settled"):
        cookiejar.set_buy_in(couple, False)


def test_still_alive_is_never_a_game_behind(evening):
    """Checked after every result of every game: a couple that loses a drawn
    game is out as soon as its table's result is in."""
    from tables import services
    from tables.models import Seating

    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True, jar_draw_size=4, games=6, bye_counts_as_win=False
    )
    evening.refresh_from_db()
    for i in range(7):  # an odd number: someone sits out each game
        couple = services.register_couple(evening, f"Ann {i}", f"Joe {i}")
        cookiejar.set_buy_in(couple, True)
    Evening.objects.filter(pk=evening.pk).update(jar_numbers=[1, 3, 4, 6])
    evening.refresh_from_db()
    services.start_evening(evening, seed=5)
    rng = random.Random(7)
    for game in range(1, 7):
        evening.refresh_from_db()
        tables = list(
            Seating.objects.filter(game__evening=evening, game__number=game)
            .select_related("table", "couple_a", "couple_b")
            .order_by("table__number")
        )
        for seating in tables:
            winner = rng.choice([seating.couple_a, seating.couple_b])
            services.record_result(evening, game, seating.table.number, winner.number)
            evening.refresh_from_db()
            results = evening_results(evening)
            playing = set(
                Seating.objects.filter(
                    game__evening=evening, game__number=game, winner__isnull=True
                ).values_list("couple_a__number", "couple_b__number")
            )
            playing = {number for pair in playing for number in pair}
            expected = [
                standing.couple.number
                for standing in sorted(results.standings, key=lambda s: s.couple.number)
                if all(
                    n in standing.punched
                    for n in (1, 3, 4, 6)
                    if n < game or (n == game and standing.couple.number not in playing)
                )
            ]
            assert [c.number for c in results.jar.alive] == expected, (game, seating.table)
        if game < 6:
            services.advance(evening, from_game=game)
