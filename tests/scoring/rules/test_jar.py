"""The cookie jar's pure rules: the fingerprint's exact format, hat numbers."""

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules import jar as jar
from scoring.rules.jar import JarError


def test_the_fingerprint_is_sha256_of_sorted_numbers_colon_salt():
    salt = "00112233445566778899aabbccddeeff"
    message = b"3,7,22:00112233445566778899aabbccddeeff"
    assert jar.fingerprint_message([22, 3, 7], salt) == message
    assert jar.fingerprint([22, 3, 7], salt) == hashlib.sha256(message).hexdigest()


def test_a_new_salt_is_32_hex_characters():
    salt = jar.new_salt()
    assert len(salt) == 32 and int(salt, 16) >= 0
    assert jar.new_salt() != salt


@pytest.mark.parametrize(
    ("text", "numbers"),
    [("3 7 12", (3, 7, 12)), ("12, 3,7", (3, 7, 12)), (" 25;1 2 ", (1, 2, 25))],
)
def test_hat_numbers_are_read_as_typed(text, numbers):
    assert jar.parse_numbers(text, 25, 3) == numbers


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3 7", "draws 3 numbers; 2 were typed"),
        ("3 7 7", "typed twice"),
        ("3 7 26", "Game 26 is not in this evening"),
        ("0 7 8", "Game 0 is not in this evening"),
        ("3 seven 8", '"seven" is not a game number'),
    ],
)
def test_bad_hat_numbers_are_refused_with_the_reason(text, message):
    with pytest.raises(JarError, match=message):
        jar.parse_numbers(text, 25, 3)


def test_alive_couples_are_those_that_won_every_drawn_game_played_so_far():
    punched = {1: {2, 5}, 2: {2}, 3: {5, 9}}
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=1) == (1, 2, 3)
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=4) == (1, 2)
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=6) == (1,)
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=9) == ()


def test_the_draw_size_must_fit_the_evening():
    with pytest.raises(JarError):
        jar.draw_numbers(25, 26)
    with pytest.raises(JarError):
        jar.draw_numbers(25, 0)
    assert len(jar.draw_numbers(25, 25)) == 25


def test_a_couple_is_out_as_soon_as_its_table_loses_a_drawn_game():
    """Game 5 (drawn) is being played: couple 2 lost it, couple 3 is still playing."""
    punched = {1: {2, 5}, 2: {2}, 3: {2}}
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=4) == (1, 2, 3)
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=4, still_playing={3}) == (1, 3)
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=4, still_playing=set()) == (1,)
    # The game being played is not drawn: nothing changes.
    assert jar.alive(punched, [1, 2, 3], (2, 5, 9), games_over=2, still_playing=set()) == (1, 2, 3)


@given(
    st.dictionaries(st.integers(1, 12), st.sets(st.integers(1, 10)), max_size=12),
    st.sets(st.integers(1, 10), min_size=1, max_size=5),
    st.integers(0, 9),
    st.sets(st.integers(1, 12)),
)
def test_still_playing_sits_between_the_game_before_and_the_game_after(
    punched, numbers, over, playing
):
    numbers, couples = sorted(numbers), sorted(punched)
    before = jar.alive(punched, couples, numbers, over)
    after = jar.alive(punched, couples, numbers, over + 1)
    assert jar.alive(punched, couples, numbers, over, still_playing=set()) == after
    assert jar.alive(punched, couples, numbers, over, still_playing=set(couples)) == before
    during = jar.alive(punched, couples, numbers, over, still_playing=playing)
    assert set(after) <= set(during) <= set(before)
