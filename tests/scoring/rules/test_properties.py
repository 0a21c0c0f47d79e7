"""Property tests (hypothesis) for the pure scoring rules."""

import random
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from scoring.rules import jar as jar
from scoring.rules.ranking import booby_group, place_groups, rank_of_each
from scoring.rules.ties import CUT, cut_state, deal_cut, split_cents, tie_outcome

counts = st.lists(st.integers(min_value=0, max_value=25), min_size=1, max_size=60)


def pairs_of(wins):
    return [(number, count) for number, count in enumerate(wins, start=1)]


@given(counts, st.integers(min_value=1, max_value=10))
def test_distinct_places_partition_the_top_couples_by_count(wins, prize_places):
    pairs = pairs_of(wins)
    groups = place_groups(pairs, prize_places)
    placed = [couple for group in groups for couple in group.couples]
    assert len(placed) == len(set(placed))
    distinct = sorted({w for w in wins if w > 0}, reverse=True)[:prize_places]
    assert [group.wins for group in groups] == distinct
    assert [group.place for group in groups] == list(range(1, len(distinct) + 1))
    for group in groups:
        assert set(group.couples) == {n for n, w in pairs if w == group.wins}
    # Every couple with more games than a placed couple is placed too.
    if groups:
        lowest = groups[-1].wins
        assert set(placed) == {n for n, w in pairs if w >= lowest}


@given(counts, st.integers(min_value=1, max_value=10))
def test_standard_places_cover_each_prize_place_once(wins, prize_places):
    pairs = pairs_of(wins)
    groups = place_groups(pairs, prize_places, "standard")
    covered = [place for group in groups for place in group.covers]
    assert covered == list(range(1, len(covered) + 1))
    ranks = rank_of_each(pairs, "standard")
    for group in groups:
        assert all(ranks[c] == group.place for c in group.couples)
        assert len(group.covers) <= len(group.couples)


@given(counts, st.integers(min_value=1, max_value=10))
def test_the_booby_prize_never_goes_to_a_placed_couple(wins, prize_places):
    pairs = pairs_of(wins)
    placed = {c for g in place_groups(pairs, prize_places) for c in g.couples}
    found = booby_group(pairs, placed)
    if found:
        fewest, couples = found
        assert not set(couples) & placed
        assert all(w >= fewest for n, w in pairs if n not in placed)


@given(
    st.decimals(min_value=0, max_value=10000, places=2, allow_nan=False, allow_infinity=False),
    st.integers(min_value=1, max_value=40),
)
def test_a_split_hands_out_exactly_the_prize_to_the_cent(amount, n):
    shares = split_cents(amount, list(range(1, n + 1)))
    assert sum(shares.values()) == amount
    values = [shares[c] for c in range(1, n + 1)]
    assert max(values) - min(values) <= Decimal("0.01")
    assert values == sorted(values, reverse=True)  # the extra cents go in couple order
    assert all(value == value.quantize(Decimal("0.01")) for value in values)


@given(st.integers(min_value=2, max_value=8), st.integers(min_value=0, max_value=2**32))
def test_a_dealt_cut_always_ends_with_one_winner(n, seed):
    rng = random.Random(seed)
    couples = list(range(1, n + 1))
    rounds = []
    state = cut_state(couples, 1, rounds)
    while not state.done:
        rounds.append(deal_cut(state.to_cut, rng))
        state = cut_state(couples, 1, rounds)
        assert len(rounds) < 50
    assert len(state.ranking) == 1
    outcome = tie_outcome(couples, 1, dict.fromkeys(couples, CUT), True, rounds)
    assert outcome.ranking == state.ranking


@given(
    st.integers(min_value=1, max_value=30).flatmap(
        lambda games: st.tuples(st.just(games), st.integers(min_value=1, max_value=games))
    ),
    st.integers(min_value=0, max_value=2**32),
    st.lists(st.sets(st.integers(min_value=1, max_value=30)), min_size=1, max_size=30),
)
def test_a_jar_winner_always_holds_every_drawn_number(games_k, seed, cards):
    games, k = games_k
    numbers = jar.draw_numbers(games, k, random.Random(seed))
    assert len(numbers) == k == len(set(numbers)) and all(1 <= n <= games for n in numbers)
    punched = dict(enumerate(cards, start=1))
    winners = jar.winners(punched, list(punched), numbers)
    for couple in winners:
        assert set(numbers) <= punched[couple]
    for couple in set(punched) - set(winners):
        assert not set(numbers) <= punched[couple]
    # Nobody alive at the end who is not a winner.
    assert jar.alive(punched, list(punched), numbers, games) == winners


@given(
    st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=12, unique=True),
    st.integers(min_value=0, max_value=2**32),
)
def test_the_fingerprint_matches_the_reveal_and_nothing_else(numbers, seed):
    salt = random.Random(seed).randbytes(16).hex()
    committed = jar.fingerprint(numbers, salt)
    assert jar.check_fingerprint(sorted(numbers), salt, committed)
    assert jar.check_fingerprint(list(reversed(numbers)), salt, committed)
    other = sorted(set(numbers) ^ {61})
    assert not jar.check_fingerprint(other, salt, committed)
    assert not jar.check_fingerprint(
        numbers, salt[:-1] + ("0" if salt[-1] != "0" else "1"), committed
    )


@given(counts, st.integers(min_value=1, max_value=10), st.frozensets(st.integers(0, 40)))
def test_the_booby_prize_never_goes_to_a_couple_that_left_early(wins, prize_places, gone):
    pairs = pairs_of(wins)
    placed = {c for g in place_groups(pairs, prize_places) for c in g.couples}
    found = booby_group(pairs, placed, gone)
    if found:
        fewest, couples = found
        assert not set(couples) & (placed | gone)
        assert all(w >= fewest for n, w in pairs if n not in placed | gone)
