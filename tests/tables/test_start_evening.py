"""Starting the evening: game 1 drawn at random or placed by hand (services.start_evening)."""

import pytest

from cardnight.errors import Conflict, UserError
from scoring import hooks
from tables import services, signals
from tables.models import Evening, Game, Punch, Seating, Table

from .conftest import add_couples, seatings

pytestmark = pytest.mark.django_db


def test_a_random_draw_seats_every_couple_at_tables_one_to_t(evening):
    add_couples(evening, 9)
    game = services.start_evening(evening, seed=5)
    evening.refresh_from_db()
    assert (evening.status, evening.current_game) == (Evening.Status.RUNNING, 1)
    rows = seatings(evening, 1)
    assert [s.table.number for s in rows] == [1, 2, 3, 4]
    seated = {c.number for s in rows for c in (s.couple_a, s.couple_b)} | {game.bye.number}
    assert seated == set(range(1, 10))
    assert all(s.deals_first is None for s in rows)  # they cut for deal


def test_the_same_seed_gives_the_same_draw(make_evening):
    first, second = make_evening(), make_evening()
    for evening in (first, second):
        add_couples(evening, 12)
        services.start_evening(evening, seed=99)
    pairs = [
        [(s.couple_a.number, s.couple_b.number) for s in seatings(e, 1)] for e in (first, second)
    ]
    assert pairs[0] == pairs[1]


def test_every_table_gets_its_own_unguessable_token(evening):
    add_couples(evening, 8)
    services.start_evening(evening, seed=1)
    tokens = list(Table.objects.filter(evening=evening).values_list("token", flat=True))
    assert len(tokens) == 4 and len(set(tokens)) == 4
    assert all(len(token) >= 32 for token in tokens)


def test_couples_placed_by_hand_sit_where_they_were_placed(evening):
    add_couples(evening, 5)
    game = services.start_evening(evening, by_hand=[(3, 5), (1, 4)])
    rows = seatings(evening, 1)
    assert [(s.couple_a.number, s.couple_b.number) for s in rows] == [(3, 5), (1, 4)]
    assert game.bye.number == 2


def test_the_bye_is_punched_when_it_counts_as_a_win(evening):
    add_couples(evening, 5)
    game = services.start_evening(evening, seed=1)
    assert list(Punch.objects.values_list("couple", "game_number", "source")) == [
        (game.bye_id, 1, Punch.Source.BYE)
    ]


def test_the_bye_is_not_punched_when_it_does_not_count(evening):
    Evening.objects.filter(pk=evening.pk).update(bye_counts_as_win=False)
    add_couples(evening, 5)
    services.start_evening(evening, seed=1)
    assert not Punch.objects.exists()


def test_starting_bumps_the_version(evening):
    add_couples(evening, 4)
    before = Evening.objects.get(pk=evening.pk).version
    services.start_evening(evening, seed=1)
    assert Evening.objects.get(pk=evening.pk).version > before


def test_an_evening_starts_only_once(evening):
    add_couples(evening, 4)
    services.start_evening(evening, seed=1)
    with pytest.raises(Conflict, match="already started"):
        services.start_evening(evening, seed=2)
    assert Game.objects.count() == 1 and Seating.objects.count() == 2


def test_one_couple_cannot_start_an_evening(evening):
    add_couples(evening, 1)
    with pytest.raises(UserError, match="at least two couples"):
        services.start_evening(evening, seed=1)
    evening.refresh_from_db()
    assert evening.is_setup and not Table.objects.exists()


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([(1, 2), (2, 3)], "Couple 2 is placed twice."),
        ([(1, 2), (3, 77)], "Table 2: there is no couple 77 tonight."),
        ([(1, 2)], "Couples 3, 4 have no table"),
    ],
)
def test_bad_hand_placements_are_refused_and_nothing_is_saved(evening, pairs, message):
    add_couples(evening, 4)
    with pytest.raises(UserError, match=message):
        services.start_evening(evening, by_hand=pairs)
    assert not Game.objects.exists() and not Table.objects.exists()
    assert Evening.objects.get(pk=evening.pk).is_setup


def test_the_cookie_jar_is_not_drawn_when_it_is_off(evening, monkeypatch):
    calls = []
    monkeypatch.setattr(hooks, "draw_at_start", calls.append)
    add_couples(evening, 4)
    services.start_evening(evening, seed=1)
    assert calls == []


@pytest.mark.parametrize(
    ("mode", "drawn"),
    [
        (Evening.JarDraw.ANNOUNCED, True),
        (Evening.JarDraw.SEALED, True),
        (Evening.JarDraw.HAT, False),
    ],
)
def test_the_cookie_jar_draws_as_game_one_starts(evening, monkeypatch, mode, drawn):
    calls = []

    def draw_at_start(locked):
        # Inside the transaction, with the evening already marked running.
        assert locked.pk == evening.pk and locked.current_game == 1
        calls.append(locked.pk)

    monkeypatch.setattr(hooks, "draw_at_start", draw_at_start)
    Evening.objects.filter(pk=evening.pk).update(cookie_jar=True, jar_draw_mode=mode)
    add_couples(evening, 4)
    services.start_evening(evening, seed=1)
    assert calls == ([evening.pk] if drawn else [])


def test_the_real_cookie_jar_draws_its_numbers_at_the_start(evening):
    Evening.objects.filter(pk=evening.pk).update(cookie_jar=True, jar_draw_size=8)
    evening.refresh_from_db()
    add_couples(evening, 4)
    services.start_evening(evening, seed=1)
    evening.refresh_from_db()
    assert len(evening.jar_numbers) == 8
    assert evening.is_running and evening.current_game == 1


def test_starting_game_one_draws_the_travelling_prize_holder_even_without_a_jar(evening):
    Evening.objects.filter(pk=evening.pk).update(travelling_prize=True)
    evening.refresh_from_db()
    add_couples(evening, 6)
    services.start_evening(evening, seed=1)
    start = Evening.objects.get(pk=evening.pk).travelling_start
    assert start in range(1, 7)


def test_finishing_the_evening_reveals_a_sealed_jar_and_settles_it(evening):
    from scoring.models import JarOutcome

    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True, jar_draw_mode=Evening.JarDraw.SEALED, jar_draw_size=2, games=2
    )
    evening.refresh_from_db()
    add_couples(evening, 4)
    services.start_evening(evening, seed=1)
    for game in (1, 2):
        for seating in Seating.objects.filter(game__evening=evening, game__number=game):
            services.record_result(evening, game, seating.table.number, seating.couple_a.number)
        if game == 1:
            services.advance(evening, from_game=1)
    assert not Evening.objects.get(pk=evening.pk).jar_revealed
    services.finish_evening(evening, from_game=2)
    finished = Evening.objects.get(pk=evening.pk)
    assert finished.is_finished and finished.jar_revealed
    assert JarOutcome.objects.filter(evening=evening).exists()


def test_what_a_receiver_of_evening_started_writes_rolls_back_with_game_one(evening):
    # The signal is sent inside start_evening's transaction (not on commit):
    # a receiver that fails takes game 1 down with it, and what it wrote too.
    def fails(sender, evening, **kwargs):
        Evening.objects.filter(pk=evening.pk).update(jar_numbers=[1, 2, 3])
        raise RuntimeError("the draw failed")

    add_couples(evening, 4)
    signals.evening_started.connect(fails, sender=Evening)
    try:
        with pytest.raises(RuntimeError):
            services.start_evening(evening, seed=1)
    finally:
        signals.evening_started.disconnect(fails, sender=Evening)
    evening.refresh_from_db()
    assert evening.is_setup and evening.jar_numbers == [] and not Game.objects.exists()
