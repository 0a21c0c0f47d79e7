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


def hold_the_build_lock(evening, kind: str, folder):
    """Another process building this version's part: its lock file."""
    state = board.state_of(evening)
    parts = (kind, "en", str(board.freshness.settings.BOARD_POLL_SECONDS))
    lock = board.freshness._folder.lock(folder, board.cache_key(state, *parts), 0)
    assert lock is not None
    return lock


@pytest.mark.parametrize(
    "name,kind", [("board", "board-live"), ("board-couple", "cards")], ids=["board", "card"]
)
def test_past_the_window_a_poll_is_not_kept_waiting_while_another_process_builds(
    client, make_evening, settings, monkeypatch, tmp_path, name, kind
):
    """While one process rebuilds after a result, the others' polls get the
    board built last (with its own ETag, so they ask again) at once: a poll
    that waits holds a server thread the volunteers' taps queue behind."""
    settings.BOARD_SHARED_DIR = tmp_path
    settings.BOARD_MIN_REBUILD_SECONDS = 1
    evening = make_evening(couples=10, played=3, current_in=0)
    link = url(name, evening, *([3] if name == "board-couple" else []))
    first = client.get(link, headers=HTMX)
    record(evening, 1)
    evening.refresh_from_db()
    hold_the_build_lock(evening, kind, tmp_path)
    clock = [board.freshness.time.time() + 2]  # the window has passed
    monkeypatch.setattr(board.freshness.time, "time", lambda: clock[0])
    slept = []
    monkeypatch.setattr(board.freshness.time, "sleep", slept.append)
    built = []
    real = board.get_board
    monkeypatch.setattr(board, "get_board", lambda *a, **k: built.append(1) or real(*a, **k))

    again = client.get(link, headers={**HTMX, "If-None-Match": first["ETag"]})
    assert again.status_code == 200
    assert again["ETag"] == first["ETag"]  # the last one built, labelled as such
    assert (slept, built) == ([], [])  # not waited for, not built again


def test_a_phone_holding_a_newer_version_than_the_last_built_still_waits_for_it(
    client, make_evening, settings, monkeypatch, tmp_path
):
    settings.BOARD_SHARED_DIR = tmp_path
    settings.BOARD_MIN_REBUILD_SECONDS = 1
    evening = make_evening(couples=10, played=3, current_in=0)
    first = poll(client, evening)
    record(evening, 1)
    evening.refresh_from_db()
    shown = board.etag(board.state_of(evening), "board-live", "en")  # by another process
    record(evening, 2)
    evening.refresh_from_db()
    lock = hold_the_build_lock(evening, "board-live", tmp_path)
    clock = [board.freshness.time.time() + 2]
    monkeypatch.setattr(board.freshness.time, "time", lambda: clock[0])
    monkeypatch.setattr(board.freshness.time, "sleep", lambda s: lock.unlink(missing_ok=True))
    again = poll(client, evening, etag=shown)
    assert again.status_code == 200
    assert version_of(again["ETag"]) > version_of(first["ETag"])
    assert version_of(again["ETag"]) >= version_of(shown)


def test_a_lock_taken_without_waiting_is_never_taken_from_its_builder(tmp_path):
    folder = board.freshness._folder
    held = folder.lock(tmp_path, "board:key", 0)
    assert held is not None
    assert folder.lock(tmp_path, "board:key", 0) is None
    folder.unlock(held)
    assert folder.lock(tmp_path, "board:key", 0) is not None


def another_process():
    """What another server process knows: the shared folder, not this
    process's memory (its local cache and its copies of versioned values)."""
    from django.core.cache import cache

    cache.clear()
    board.freshness._recent.items.clear()


def test_another_process_answers_inside_the_window_with_what_this_one_built(
    client, make_evening, settings, monkeypatch, tmp_path
):
    """The hall's laptop (several processes, no Redis): a poll inside the
    window is answered with the board ANY process built a moment ago, so a
    change costs the site one rebuild a window, not one per process."""
    settings.BOARD_SHARED_DIR = tmp_path
    settings.BOARD_MIN_REBUILD_SECONDS = 60
    evening = make_evening(couples=10, played=3, current_in=0)
    first = poll(client, evening)
    record(evening, 1)
    another_process()
    built = []
    real = board.get_board
    monkeypatch.setattr(board, "get_board", lambda *a, **k: built.append(1) or real(*a, **k))

    again = poll(client, evening, etag=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] == first["ETag"]  # the one built a moment ago, labelled as such
    assert built == []


def test_what_was_built_last_is_never_moved_back_by_a_slower_builder(
    make_evening, settings, tmp_path
):
    settings.BOARD_SHARED_DIR = tmp_path
    evening = make_evening(couples=4, played=1, current_in=0)
    state = board.state_of(evening)
    parts = ("test-part",)
    newer = board.BoardState(state.pk, state.version + 1, state.privacy, state.generation)
    board.coalesced(newer, parts, lambda: ({"v": "newer"}, newer), 0)
    board.coalesced(newer, parts, lambda: ({"v": "older"}, state), 0)  # finished later
    later = board.BoardState(state.pk, state.version + 2, state.privacy, state.generation)
    another_process()
    assert board.last_built(later, parts) == {"v": "newer"}
