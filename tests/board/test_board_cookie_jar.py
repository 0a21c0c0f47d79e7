"""The cookie jar on the public board: only the fingerprint while the draw
is sealed; the numbers and who is still alive once announced; the winners
at the end."""

import re
from decimal import Decimal

import pytest

from scoring.rules.jar import fingerprint
from tables.models import Couple, Evening, Punch
from tests.support.board import url
from tests.support.gate import changed

pytestmark = pytest.mark.django_db

SALT = "5f0c6b1e9a2d4c7b8e3f1a0d2c4b6e8f"


def with_jar(evening: Evening, numbers, mode, *, revealed=False) -> Evening:
    Couple.objects.filter(evening=evening).update(jar_buy_in=True)
    Evening.objects.filter(pk=evening.pk).update(
        cookie_jar=True,
        jar_buy_in=Decimal("2.00"),
        jar_draw_size=len(numbers),
        jar_draw_mode=mode,
        jar_numbers=list(numbers),
        jar_salt=SALT,
        jar_fingerprint=fingerprint(numbers, SALT),
        jar_revealed=revealed,
        version=evening.version + 1,
        board_version=evening.board_version + 1,
    )
    evening.refresh_from_db()
    return evening


def holders(evening: Evening, numbers) -> set[int]:
    """Couples whose cards hold every one of `numbers` (played so far)."""
    found = set()
    for couple in evening.couples.all():
        punched = set(Punch.objects.filter(couple=couple).values_list("game_number", flat=True))
        if set(numbers) <= punched:
            found.add(couple.number)
    return found


def jar_section(response) -> str:
    html = response.content.decode()
    match = re.search(r'<section class="panel jar" id="cookie-jar">(.*?)</section>', html, re.S)
    assert match, "no cookie jar on the board"
    return match.group(1)


def test_a_sealed_draw_shows_only_its_fingerprint(client, make_evening):
    evening = with_jar(make_evening(couples=12, played=5), [2, 7, 11], Evening.JarDraw.SEALED)
    section = jar_section(client.get(url("board", evening)))
    assert fingerprint([2, 7, 11], SALT) in section
    assert "3 games are drawn and sealed until the end." in section
    assert "jar-number" not in section
    assert "Still alive" not in section
    data = client.get(url("board-json", evening)).json()["cookie_jar"]
    assert data["numbers"] is None
    assert data["salt"] is None
    assert data["alive"] is None
    assert data["fingerprint"] == fingerprint([2, 7, 11], SALT)
    for name in ("board", "board-json", "board-tv"):
        assert SALT not in client.get(url(name, evening)).content.decode()


def test_announced_numbers_are_shown_with_the_couples_still_alive(client, make_evening):
    evening = with_jar(make_evening(couples=12, played=5), [1, 3, 9], Evening.JarDraw.ANNOUNCED)
    section = jar_section(client.get(url("board", evening)))
    shown = re.findall(r'<span class="jar-number">(\d+)</span>', section)
    assert shown == ["1", "3", "9"]
    alive = holders(evening, [1, 3])  # games 1 to 5 are over; 9 is still to come
    data = client.get(url("board-json", evening)).json()["cookie_jar"]
    assert {who["couple"] for who in data["alive"]} == alive
    assert f"Still alive: {len(alive)} couple" in section


def test_a_couple_that_did_not_buy_in_is_never_alive(client, make_evening):
    evening = with_jar(make_evening(couples=12, played=5), [1, 2], Evening.JarDraw.ANNOUNCED)
    alive = holders(evening, [1, 2])
    assert alive, "the draw's first two games have winners"
    out = min(alive)
    Couple.objects.filter(evening=evening, number=out).update(jar_buy_in=False)
    changed(evening)
    data = client.get(url("board-json", evening)).json()["cookie_jar"]
    assert {who["couple"] for who in data["alive"]} == alive - {out}


def test_at_the_end_the_jar_shows_its_winners(client, make_evening):
    evening = make_evening(couples=10, played=25, games=25)
    # Numbers chosen so that the couple with most wins holds them all.
    best = max(evening.couples.all(), key=lambda c: c.punches.count())
    numbers = sorted(best.punches.values_list("game_number", flat=True))[:2]
    evening = with_jar(evening, numbers, Evening.JarDraw.ANNOUNCED)
    section = jar_section(client.get(url("board", evening)))
    data = client.get(url("board-json", evening)).json()["cookie_jar"]
    winners = {who["couple"] for who in data["winners"]}
    assert winners == holders(evening, numbers)
    assert best.number in winners
    assert "Winner" in section
    assert "Still alive" not in section
    assert data["pot"] == "20.00"
    shares = [Decimal(who["share"]) for who in data["winners"]]
    assert sum(shares) == Decimal("20.00")


def test_a_sealed_draw_is_revealed_at_the_end_with_its_salt(client, make_evening):
    evening = make_evening(couples=10, played=25, games=25)
    evening = with_jar(evening, [4, 5, 6], Evening.JarDraw.SEALED, revealed=True)
    section = jar_section(client.get(url("board", evening)))
    assert re.findall(r'<span class="jar-number">(\d+)</span>', section) == ["4", "5", "6"]
    assert SALT in section
    assert fingerprint([4, 5, 6], SALT) in section


def test_an_evening_nobody_wins_says_the_jar_carries_over(client, make_evening):
    evening = make_evening(couples=10, played=25, games=25)
    # Every game number: nobody wins all 25.
    evening = with_jar(evening, list(range(1, 26)), Evening.JarDraw.ANNOUNCED)
    section = jar_section(client.get(url("board", evening)))
    assert "Nobody won the jar" in section
    assert "carries over to the hall's next evening" in section


def test_a_hat_draw_not_yet_typed_in_says_so(client, make_evening):
    evening = make_evening(couples=8, played=2)
    evening = with_jar(evening, [], Evening.JarDraw.HAT)
    Evening.objects.filter(pk=evening.pk).update(jar_fingerprint="", jar_salt="")
    section = jar_section(client.get(url("board", evening)))
    assert "The numbers are not drawn yet." in section
