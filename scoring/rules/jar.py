"""The cookie jar (RULES.md A7). Pure: no database.

The draw
    K game numbers out of 1..G without replacement, with the operating
    system's cryptographic generator (:class:`secrets.SystemRandom`), so
    nobody (the organizer included) can predict or steer it.

The fingerprint (a commitment to a sealed draw)
    Before game 1 the board shows ``fingerprint = SHA-256(message)`` where
    ``message`` is these exact bytes, UTF-8, with no spaces and no newline::

        <numbers, ascending, in decimal, separated by commas>:<salt>

    and the salt is 32 lowercase hexadecimal characters (16 random bytes).
    Example: numbers 3, 7 and 22 with salt ``00ff…`` give the message
    ``3,7,22:00ff…``. After the last game the numbers and the salt are shown,
    and anyone can check the draw with a shell::

        printf '%s' '3,7,22:<salt>' | sha256sum

    The salt keeps the numbers from being found by trying every possible
    draw against the fingerprint.

Winners
    The bought-in couples whose punch cards hold EVERY drawn number. Several
    winners split the pot as in A5; no winner: the pot carries over to the
    hall's next evening.
"""

import hashlib
import random
import secrets
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from decimal import Decimal

from scoring.engine.i18n import _
from scoring.rules.errors import RuleError

SALT_BYTES = 16


class JarError(RuleError):
    """Numbers that cannot be a cookie-jar draw."""


def draw_numbers(games: int, k: int, rng: random.Random | None = None) -> tuple[int, ...]:
    """K distinct game numbers from 1..games, ascending."""
    if not 1 <= k <= games:
        raise JarError(
            _("The cookie jar draws between 1 and %(g)s numbers, not %(k)s.") % {"g": games, "k": k}
        )
    rng = rng or secrets.SystemRandom()
    return tuple(sorted(rng.sample(range(1, games + 1), k)))


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def fingerprint_message(numbers: Iterable[int], salt: str) -> bytes:
    """The exact bytes that are hashed (see the module docstring)."""
    listed = ",".join(str(number) for number in sorted(numbers))
    return f"{listed}:{salt}".encode()


def fingerprint(numbers: Iterable[int], salt: str) -> str:
    """SHA-256 of :func:`fingerprint_message`, 64 lowercase hex characters."""
    return hashlib.sha256(fingerprint_message(numbers, salt)).hexdigest()


def check_fingerprint(numbers: Iterable[int], salt: str, expected: str) -> bool:
    return secrets.compare_digest(fingerprint(numbers, salt), expected.strip().lower())


def parse_numbers(text: str | Sequence[object], games: int, k: int) -> tuple[int, ...]:
    """Numbers typed from a hat draw ("3 7 12, 18"), checked: exactly K of
    them, each a game of the evening, none twice. Returned ascending."""
    parts: Sequence[object]
    if isinstance(text, str):
        parts = text.replace(",", " ").replace(";", " ").split()
    else:
        parts = list(text)
    numbers = []
    for part in parts:
        try:
            number = int(str(part).strip())
        except ValueError:
            raise JarError(_('"%(text)s" is not a game number.') % {"text": part}) from None
        if not 1 <= number <= games:
            raise JarError(
                _("Game %(n)s is not in this evening: the games are 1 to %(g)s.")
                % {"n": number, "g": games}
            )
        numbers.append(number)
    if len(set(numbers)) != len(numbers):
        raise JarError(_("A number was typed twice: each game can be drawn only once."))
    if len(numbers) != k:
        raise JarError(
            _("The cookie jar draws %(k)s numbers; %(n)s were typed.") % {"k": k, "n": len(numbers)}
        )
    return tuple(sorted(numbers))


def holds_all(punched: Collection[int], numbers: Iterable[int]) -> bool:
    return all(number in punched for number in numbers)


def winners(
    punched: Mapping[Hashable, Collection[int]],
    bought_in: Iterable[Hashable],
    numbers: Sequence[int],
) -> tuple[Hashable, ...]:
    """Bought-in couples whose cards hold every drawn number, in the order
    ``bought_in`` gives (couple-number order)."""
    if not numbers:
        return ()
    return tuple(key for key in bought_in if holds_all(punched.get(key, ()), numbers))


def alive(
    punched: Mapping[Hashable, Collection[int]],
    bought_in: Iterable[Hashable],
    numbers: Sequence[int],
    games_over: int,
    still_playing: Collection[Hashable] | None = None,
) -> tuple[Hashable, ...]:
    """Bought-in couples still in the running: they won every drawn game
    played so far (game numbers up to ``games_over``).

    With ``still_playing`` (the couples whose table has no result yet in game
    ``games_over + 1``, the game being played), that game is over for every
    other couple too: a couple that lost a drawn game is out as soon as its
    table's result is in, not one game later."""
    played = [number for number in numbers if number <= games_over]
    current = games_over + 1
    if still_playing is None or current not in numbers:
        return tuple(key for key in bought_in if holds_all(punched.get(key, ()), played))
    return tuple(
        key
        for key in bought_in
        if holds_all(punched.get(key, ()), played if key in still_playing else [*played, current])
    )


def pot(buy_in: Decimal, bought_in_count: int, carried_in: Decimal) -> Decimal:
    """Tonight's buy-ins plus what the hall's previous evening carried over."""
    return Decimal(buy_in) * bought_in_count + Decimal(carried_in)
