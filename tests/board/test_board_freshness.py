"""Conditional GET: an ETag from the evening's version (and the hall's
privacy, the language and the view kind), 304 when nothing changed, for one
query; a new ETag as soon as anything the public sees changes."""

import pytest
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext

from tables.models import Evening, Hall, Seating
from tests.support.board import HTMX, record, url

pytestmark = pytest.mark.django_db

VIEWS = [("board", ()), ("board-tv", ()), ("board-json", ()), ("board-couple", (3,))]


def get(client, evening, name="board", *args, etag=None, htmx=False, **headers):
    if etag:
        headers["If-None-Match"] = etag
    if htmx:
        headers.update(HTMX)
    return client.get(url(name, evening, *args), headers=headers)


@pytest.mark.parametrize(("name", "args"), VIEWS)
@pytest.mark.parametrize("htmx", [False, True])
def test_an_unchanged_board_is_answered_304_for_one_query(client, make_evening, name, args, htmx):
    evening = make_evening(couples=10, played=3)
    get(client, evening, name, *args)  # the first answer sets the CSRF cookie
    first = get(client, evening, name, *args, htmx=htmx)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('W/"')
    with CaptureQueriesContext(connection) as queries:
        again = get(client, evening, name, *args, etag=etag, htmx=htmx)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert len(queries) == 1
    assert "version" in queries[0]["sql"]


@pytest.mark.parametrize(("name", "args"), VIEWS)
def test_every_answer_says_ask_again_next_time(client, make_evening, name, args):
    evening = make_evening(couples=6, played=1)
    get(client, evening, name, *args)  # the first answer sets the CSRF cookie
    first = get(client, evening, name, *args)
    assert "no-cache" in first["Cache-Control"]
    assert "HX-Request" in first["Vary"]
    again = get(client, evening, name, *args, etag=first["ETag"])
    assert again.status_code == 304
    assert "no-cache" in again["Cache-Control"]


@pytest.mark.parametrize(("name", "args"), VIEWS)
def test_a_recorded_result_changes_the_etag(client, make_evening, name, args):
    evening = make_evening(couples=10, played=3, current_in=0)
    before = get(client, evening, name, *args, htmx=True)
    record(evening, table_of(evening, *args) if args else 1)  # the couple's own table
    after = get(client, evening, name, *args, etag=before["ETag"], htmx=True)
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.content != before.content


def table_of(evening, couple: int) -> int:
    seating = Seating.objects.get(
        Q(couple_a__number=couple) | Q(couple_b__number=couple),
        game__evening=evening,
        game__number=evening.current_game,
    )
    return seating.table.number


def test_a_cards_poll_shows_its_tables_result_on_the_next_poll(client, make_evening):
    """A couple card's poll after any change gets this version's card (a new
    ETag), and the card shows its own table's result as soon as it is in."""
    evening = make_evening(couples=10, played=3, current_in=0)
    table = table_of(evening, 3)
    other = next(t for t in range(1, 6) if t != table)
    before = get(client, evening, "board-couple", 3, htmx=True, Accept_Encoding="gzip")
    assert before["Content-Encoding"] == "gzip"
    record(evening, other)
    after = get(client, evening, "board-couple", 3, etag=before["ETag"], htmx=True)
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    record(evening, table)
    changed = get(client, evening, "board-couple", 3, etag=after["ETag"], htmx=True)
    assert changed["ETag"] != after["ETag"]
    assert "Won." in changed.content.decode() or "Lost." in changed.content.decode()
    assert "Won." not in after.content.decode() and "Lost." not in after.content.decode()


def test_the_new_result_is_in_the_answer_after_the_304s(client, make_evening):
    evening = make_evening(couples=10, played=3, current_in=0)
    first = get(client, evening, htmx=True)
    assert get(client, evening, etag=first["ETag"], htmx=True).status_code == 304
    record(evening, 2)
    fresh = get(client, evening, etag=first["ETag"], htmx=True)
    assert "1 of 5 tables in" in fresh.content.decode()
    assert get(client, evening, etag=fresh["ETag"], htmx=True).status_code == 304


@pytest.mark.parametrize(("name", "args"), VIEWS)
def test_changing_the_halls_privacy_changes_the_etag(client, make_evening, name, args):
    evening = make_evening(couples=10, played=3)
    before = get(client, evening, name, *args)
    # The hall form saves the hall without touching the evening's version.
    Hall.objects.filter(pk=evening.hall_id).update(privacy=Hall.Privacy.NUMBERS)
    after = get(client, evening, name, *args, etag=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]


@pytest.mark.parametrize(("name", "args"), VIEWS)
def test_the_language_is_part_of_the_etag(client, make_evening, name, args):
    evening = make_evening(couples=6, played=1)
    get(client, evening, name, *args)  # the first answer sets the CSRF cookie
    english = get(client, evening, name, *args, **{"Accept-Language": "en"})
    assert get(client, evening, name, *args, etag=english["ETag"]).status_code == 304
    french = get(client, evening, name, *args, etag=english["ETag"], **{"Accept-Language": "fr"})
    assert french.status_code == 200
    assert french["ETag"] != english["ETag"]
    assert "Accept-Language" in french["Vary"]


def test_the_poll_and_the_page_have_different_etags(client, make_evening):
    evening = make_evening(couples=6, played=1)
    page = get(client, evening)
    poll = get(client, evening, etag=page["ETag"], htmx=True)
    assert poll.status_code == 200
    assert poll["ETag"] != page["ETag"]


def test_the_live_part_carries_its_own_etag_for_the_next_poll(client, make_evening):
    """board.js sends it as If-None-Match, so the first poll after loading the
    page is already answered 304."""
    evening = make_evening(couples=6, played=1)
    page = get(client, evening).content.decode()
    poll = get(client, evening, htmx=True)
    etag = poll["ETag"]
    assert f'data-etag="{etag.replace(chr(34), "&quot;")}"' in page
    assert get(client, evening, etag=etag, htmx=True).status_code == 304


def test_a_full_page_is_not_reused_across_a_sign_in(client, make_evening, organizer):
    """The page holds a CSRF token and the sign-in links: new cookies, new ETag."""
    evening = make_evening(couples=6, played=1)
    get(client, evening)  # sets the CSRF cookie
    anonymous = get(client, evening)
    assert get(client, evening, etag=anonymous["ETag"]).status_code == 304
    client.force_login(organizer)
    signed_in = get(client, evening, etag=anonymous["ETag"])
    assert signed_in.status_code == 200
    assert "Sign out" in signed_in.content.decode()


def test_unpublishing_makes_even_a_known_etag_a_404(client, make_evening):
    evening = make_evening(couples=6, played=1)
    etag = get(client, evening)["ETag"]
    Evening.objects.filter(pk=evening.pk).update(published=False)
    assert get(client, evening, etag=etag).status_code == 404


def test_a_new_evening_with_an_old_slug_is_never_mistaken_for_the_old_one(
    client, make_evening, hall
):
    evening = make_evening(couples=6, played=0, slug="reused")
    etag = get(client, evening, "board-json")["ETag"]
    evening.delete()
    again = make_evening(couples=8, played=0, slug="reused")
    assert again.version == evening.version
    assert get(client, again, "board-json", etag=etag).status_code == 200


def test_head_is_answered_like_get(client, make_evening):
    evening = make_evening(couples=6, played=1)
    response = client.head(url("board-json", evening))
    assert response.status_code == 200
    assert response["ETag"]


@pytest.mark.parametrize("name", ["board", "board-tv", "board-json", "board-find"])
def test_the_board_only_answers_reads(client, make_evening, name):
    evening = make_evening(couples=6, played=1)
    assert client.post(url(name, evening)).status_code == 405
