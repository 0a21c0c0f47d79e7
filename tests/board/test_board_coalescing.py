"""While results pour in, the polled board is rebuilt at most once a window:
a poll inside the window gets the board built a moment ago, labelled with its
own (older) ETag so the phone asks again, never a stale board called current."""

import pytest

from scoring import board
from tests.support.board import HTMX, record, url

pytestmark = pytest.mark.django_db


def poll(client, evening, etag=None):
    headers = dict(HTMX)
    if etag:
        headers["If-None-Match"] = etag
    return client.get(url("board", evening), headers=headers)


def test_a_poll_inside_the_window_gets_the_recent_board_with_its_own_etag(
    client, make_evening, settings, monkeypatch
):
    settings.BOARD_MIN_REBUILD_SECONDS = 60
    evening = make_evening(couples=10, played=3, current_in=0)
    first = poll(client, evening)
    assert first.status_code == 200
    record(evening, 1)
    built = []
    real = board.get_board
    monkeypatch.setattr(board, "get_board", lambda *a, **k: built.append(1) or real(*a, **k))

    again = poll(client, evening, etag=first["ETag"])
    assert again.status_code == 200  # not a 304: the evening did change
    assert again["ETag"] == first["ETag"]  # ...but this board is the earlier one
    assert built == []  # and it was not rebuilt


def test_after_the_window_the_poll_gets_the_new_board(client, make_evening, settings, monkeypatch):
    settings.BOARD_MIN_REBUILD_SECONDS = 1
    evening = make_evening(couples=10, played=3, current_in=0)
    first = poll(client, evening)
    record(evening, 1)
    clock = [board.freshness.time.time() + 2]
    monkeypatch.setattr(board.freshness.time, "time", lambda: clock[0])
    fresh = poll(client, evening, etag=first["ETag"])
    assert fresh.status_code == 200
    assert fresh["ETag"] != first["ETag"]
    assert poll(client, evening, etag=fresh["ETag"]).status_code == 304


def test_with_no_window_every_change_is_shown_at_once(client, make_evening, settings):
    settings.BOARD_MIN_REBUILD_SECONDS = 0
    evening = make_evening(couples=10, played=3, current_in=0)
    first = poll(client, evening)
    record(evening, 1)
    assert poll(client, evening, etag=first["ETag"])["ETag"] != first["ETag"]


def version_of(etag: str) -> int:
    return int(etag.removeprefix('W/"').split(".")[1])


@pytest.mark.parametrize("name", ["board", "board-couple"])
def test_a_poll_never_gets_a_board_older_than_the_one_the_phone_holds(
    client, make_evening, settings, name
):
    """The last part this process built may be older than the one another
    process showed the phone since: inside the window the phone still never
    goes back."""
    settings.BOARD_MIN_REBUILD_SECONDS = 60
    evening = make_evening(couples=10, played=3, current_in=0)
    args = [3] if name == "board-couple" else []
    link = url(name, evening, *args)
    first = client.get(link, headers=HTMX)  # this process: built a moment ago
    record(evening, 1)
    evening.refresh_from_db()
    # ...another process showed the phone the next version
    kind = "couple-3-live" if args else "board-live"
    shown = board.etag(board.state_of(evening), kind, "en")
    assert version_of(shown) > version_of(first["ETag"])
    record(evening, 2)
    again = client.get(link, headers={**HTMX, "If-None-Match": shown})
    assert again.status_code == 200
    assert version_of(again["ETag"]) >= version_of(shown)
