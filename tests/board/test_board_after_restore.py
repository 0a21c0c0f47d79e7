"""Issue 12 point 8: a restore never makes a phone keep an undone board.

After `restore` brings back an older version and new writes reach the same
version number again, a phone holding the ETag of the undone board must get
the new board (200), never a 304 or (with a shared Redis cache) the undone
page from the cache. Driven through the real commands and gunicorn on SQLite."""

import uuid
from pathlib import Path

import pytest

from tests.support.hall import Browser, Server, manage, need_redis, server_env

SLUG = "restored"
SETUP = (
    "import datetime; from tables.models import Evening, Hall; "
    "h = Hall.objects.create(name='Hall'); "
    f"Evening.objects.create(hall=h, name='Friday', slug='{SLUG}', published=True, "
    "date=datetime.date(2026, 11, 27))"
)
# Each write bumps the version (the one version bump) and renames the evening.
RENAME = (
    "from tables.models import Evening\n"
    f"e = Evening.objects.get(slug='{SLUG}')\n"
    "with Evening.changing(e) as e:\n"
    "    e.change(name={name!r})\n"
    "print(Evening.objects.get(pk=e.pk).version)"
)


def write(env: dict, name: str, times: int) -> int:
    """`times` changes to the evening; the version it ends at."""
    for _ in range(times):
        version = int(manage(env, "shell", "--no-imports", "-c", RENAME.format(name=name)).strip())
    return version


def phone_copies(url: str) -> dict[str, tuple[str, str]]:
    """What a phone keeps of each board answer: (ETag, body)."""
    phone = Browser(url)
    copies = {}
    for name, path, headers in [
        ("page", f"/e/{SLUG}/", {}),
        ("poll", f"/e/{SLUG}/", {"HX-Request": "true"}),
        ("json", f"/e/{SLUG}/board.json", {}),
    ]:
        status, response_headers, body = phone.fetch("GET", path, headers=headers)
        assert status == 200, (name, status)
        copies[name] = (path, headers, response_headers["ETag"], body)
    return copies


@pytest.mark.parametrize("cache", ["memory", "redis"])
def test_a_phone_never_keeps_the_undone_board_after_a_restore(tmp_path: Path, cache):
    extra = {}
    if cache == "redis":
        need_redis()
        # A database number of its own, and keys no other run can share.
        extra["REDIS_URL"] = "redis://127.0.0.1:6379/13"
    env = server_env(tmp_path, None, **extra)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", SETUP)
    backup = Path(manage(env, "backup", "--label", "v1").strip())

    undone = write(env, f"Undone {uuid.uuid4().hex[:6]}", 3)
    with Server(env, workers=1) as server:
        old = phone_copies(server.url)
    assert "Undone" in old["page"][3]

    manage(env, "restore", str(backup))
    assert write(env, "After the restore", 3) == undone  # the same version number again

    with Server(env, workers=1) as server:
        phone = Browser(server.url)
        for name, (path, headers, etag, _body) in old.items():
            status, response_headers, body = phone.fetch(
                "GET", path, headers={**headers, "If-None-Match": etag}
            )
            assert status == 200, f"{name}: the undone board was called current"
            assert response_headers["ETag"] != etag
            if name != "poll":
                assert "After the restore" in body, name
            assert "Undone" not in body, name
