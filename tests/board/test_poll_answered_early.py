"""A phone's poll is answered before the rest of the site runs
(scoring.board.views.PollMiddleware): a 304 when its copy is current, the
part already built for the current version when it is not; the same answer
the view gives, for one query, and everything else still reaches the view."""

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.board import views
from tests.support.board import HTMX, record, url

pytestmark = pytest.mark.django_db

POLLED = [("board", ()), ("board-tv", ()), ("board-couple", (3,))]
SAID = ("ETag", "Cache-Control", "Vary", "Content-Language")
# What a full answer says beside them.
SAID_WITH_A_BODY = (
    *SAID,
    "Content-Type",
    "Content-Encoding",
    "X-Frame-Options",
    "Content-Security-Policy",
    "Permissions-Policy",
    "X-Content-Type-Options",
)


def poll(client, path, etag=None, **headers):
    sent = {**HTMX, **headers}
    if etag:
        sent["If-None-Match"] = etag
    return client.get(path, headers=sent)


@pytest.mark.parametrize(("name", "args"), POLLED)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_early_304_says_what_the_view_says(
    client, make_evening, monkeypatch, name, args, language
):
    evening = make_evening(couples=10, played=3)
    path = url(name, evening, *args)
    etag = poll(client, path, **{"Accept-Language": language})["ETag"]
    early = poll(client, path, etag, **{"Accept-Language": language})
    monkeypatch.setattr(views, "_early_answer", lambda request, match: None)
    late = poll(client, path, etag, **{"Accept-Language": language})
    assert early.status_code == late.status_code == 304
    assert {h: early.get(h) for h in SAID} == {h: late.get(h) for h in SAID}
    assert early["Content-Language"] == language


@pytest.mark.parametrize(("name", "args"), POLLED)
def test_a_current_poll_never_reaches_the_view_and_costs_one_query(
    client, make_evening, monkeypatch, name, args
):
    evening = make_evening(couples=10, played=3)
    path = url(name, evening, *args)
    etag = poll(client, path)["ETag"]

    def no_view(*args, **kwargs):
        raise AssertionError("the view ran for a current poll")

    monkeypatch.setattr("django.core.handlers.base.BaseHandler._get_response", no_view)
    with CaptureQueriesContext(connection) as queries:
        assert poll(client, path, etag).status_code == 304
    assert len(queries) == 1


def test_the_language_cookie_decides_the_etag_as_on_the_page(client, make_evening):
    evening = make_evening(couples=10, played=3)
    path = url("board", evening)
    english = poll(client, path)["ETag"]
    client.cookies["django_language"] = "fr"
    french = poll(client, path)
    assert french["Content-Language"] == "fr"
    assert poll(client, path, english).status_code == 200  # the phone switched language
    assert poll(client, path, french["ETag"]).status_code == 304


def test_a_changed_board_gets_the_new_part_from_the_view(client, make_evening):
    evening = make_evening(couples=10, played=3, current_in=0)
    path = url("board", evening)
    etag = poll(client, path)["ETag"]
    record(evening, 3)
    changed = poll(client, path, etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "standings" in changed.content.decode()


@pytest.mark.parametrize(
    ("why", "headers"),
    [
        ("not a poll: the whole page", {}),
        ("no ETag held", HTMX),
    ],
)
def test_what_is_not_a_current_poll_goes_to_the_view(client, make_evening, why, headers):
    evening = make_evening(couples=10, played=3)
    response = client.get(url("board", evening), headers=headers)
    assert response.status_code == 200, why


def test_a_poll_with_someone_elses_etag_or_a_weak_match_is_judged_as_the_view_would(
    client, make_evening
):
    evening = make_evening(couples=10, played=3)
    path = url("board", evening)
    etag = poll(client, path)["ETag"]
    assert poll(client, path, etag.removeprefix("W/")).status_code == 304  # weak comparison
    assert poll(client, path, f'"other", {etag}').status_code == 304  # one of several
    assert poll(client, path, '"other"').status_code == 200


def test_an_unpublished_evening_is_not_found_even_for_a_known_etag(client, make_evening):
    evening = make_evening(couples=10, played=3)
    path = url("board-couple", evening, 3)
    etag = poll(client, path)["ETag"]
    evening.published = False
    evening.save()
    assert poll(client, path, etag).status_code == 404


def test_a_write_to_a_board_address_is_refused_as_before(client, make_evening):
    evening = make_evening(couples=10, played=3)
    path = url("board", evening)
    etag = poll(client, path)["ETag"]
    response = client.post(path, headers={**HTMX, "If-None-Match": etag})
    assert response.status_code in (403, 405)


def _no_view(*args, **kwargs):
    raise AssertionError("the view ran for a poll whose part was built")


@pytest.mark.parametrize(("name", "args"), POLLED)
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("encoding", ["gzip", ""])
def test_a_poll_with_news_gets_the_part_built_for_it_as_the_view_gives_it(
    client, make_evening, monkeypatch, name, args, language, encoding
):
    evening = make_evening(couples=10, played=3, current_in=0)
    path = url(name, evening, *args)
    sent = {"Accept-Language": language, "Accept-Encoding": encoding}
    etag = poll(client, path, **sent)["ETag"]
    record(evening, 3)
    poll(client, path, '"another phone"', **sent)  # the new version's part is built
    monkeypatch.setattr("django.core.handlers.base.BaseHandler._get_response", _no_view)
    with CaptureQueriesContext(connection) as queries:
        early = poll(client, path, etag, **sent)
    assert len(queries) == 1
    monkeypatch.undo()
    monkeypatch.setattr(views, "_early_answer", lambda request, match: None)
    late = poll(client, path, etag, **sent)
    assert early.status_code == late.status_code == 200
    assert early["ETag"] != etag
    assert {h: early.get(h) for h in SAID_WITH_A_BODY} == {h: late.get(h) for h in SAID_WITH_A_BODY}
    assert early.content == late.content


@pytest.mark.parametrize(("name", "args"), POLLED)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_poll_with_news_whose_part_is_not_built_yet_gets_it_built_as_the_view_would(
    client, make_evening, monkeypatch, name, args, language
):
    evening = make_evening(couples=10, played=3, current_in=0, booby_prize=True)
    path = url(name, evening, *args)
    sent = {"Accept-Language": language}
    etag = poll(client, path, **sent)["ETag"]
    record(evening, 3)  # nothing of the new version built yet
    other = "en" if language == "fr" else "fr"
    client.get(url("board", evening), headers={"Accept-Language": other})  # this thread's last
    monkeypatch.setattr("django.core.handlers.base.BaseHandler._get_response", _no_view)
    early = poll(client, path, etag, **sent)
    monkeypatch.undo()
    assert early.status_code == 200 and early["ETag"] != etag
    assert early["Content-Language"] == language
    caches["local"].clear()
    cache.clear()
    monkeypatch.setattr(views, "_early_answer", lambda request, match: None)
    late = poll(client, path, etag, **sent)  # built afresh by the view
    assert {h: early.get(h) for h in SAID_WITH_A_BODY} == {h: late.get(h) for h in SAID_WITH_A_BODY}
    assert early.content == late.content
    assert poll(client, path, early["ETag"], **sent).status_code == 304


def test_a_poll_for_a_couple_the_evening_does_not_have_is_not_found(client, make_evening):
    evening = make_evening(couples=10, played=3)
    poll(client, url("board-couple", evening, 3))  # every card of this version built
    assert poll(client, url("board-couple", evening, 99), '"old"').status_code == 404
