"""The rendered board is cached per evening version; the cache only ever
saves work: a new version is a new key, each visitor gets their own CSRF
token, and a cache that fails leaves the board correct."""

import gzip
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from cardnight import freshness
from scoring import board
from scoring.board import freshness as board_freshness
from scoring.board import views
from tables.models import Seating
from tests.support.board import HTMX, record, url

pytestmark = pytest.mark.django_db


class BrokenCache:
    """A shared cache that has gone away (Redis stopped)."""

    def get(self, *args, **kwargs):
        raise ConnectionError("cache gone")

    set = add = delete = get


def csrf(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_a_failing_cache_leaves_the_board_correct(client, make_evening, monkeypatch):
    monkeypatch.setattr(freshness, "shared_cache", BrokenCache())
    evening = make_evening(couples=10, played=3, current_in=0)
    for name in ("board", "board-tv", "board-json", "board-couple"):
        args = (2,) if name == "board-couple" else ()
        assert client.get(url(name, evening, *args)).status_code == 200
    assert "0 of 5 tables in" in client.get(url("board", evening)).content.decode()
    record(evening, 1)
    assert "1 of 5 tables in" in client.get(url("board", evening), headers=HTMX).content.decode()


def test_every_visitor_of_a_cached_page_gets_a_working_csrf_token(make_evening):
    evening = make_evening(couples=6, played=1)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    page1 = first.get(url("board", evening)).content.decode()
    page2 = second.get(url("board", evening)).content.decode()  # from the cache
    assert 'name="csrfmiddlewaretoken" value="__' not in page2
    assert "__cardnight_csrf_token__" not in page2
    token = csrf(page2)
    assert token != csrf(page1)
    assert f'"X-CSRFToken": "{token}"' in page2
    # The language switch on the cached page works with that token.
    data = {"language": "fr", "next": "/", "csrfmiddlewaretoken": token}
    response = second.post("/i18n/setlang/", data)
    assert response.status_code == 302


def test_the_tv_page_is_cached_too_with_its_own_token(make_evening, django_assert_num_queries):
    evening = make_evening(couples=6, played=1)
    first = Client().get(url("board-tv", evening)).content.decode()
    with django_assert_num_queries(1):
        second = Client().get(url("board-tv", evening)).content.decode()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', second).group(1)
    assert token != re.search(r'"X-CSRFToken": "([^"]+)"', first).group(1)


def test_a_signed_in_visitor_gets_their_own_page_not_the_shared_one(
    client, make_evening, organizer
):
    evening = make_evening(couples=6, played=1)
    assert "Sign in" in client.get(url("board", evening)).content.decode()
    signed_in = Client()
    signed_in.force_login(organizer)
    html = signed_in.get(url("board", evening)).content.decode()
    assert "Sign out" in html and "Evenings" in html


@pytest.mark.parametrize("name", ["board", "board-couple"])  # the TV shows none
def test_a_visitors_waiting_message_is_shown_to_them_and_never_kept_for_others(make_evening, name):
    """A table phone's plain-form report leaves its answer waiting in a
    cookie (no session row): the next page that phone opens shows it, and
    that page is never the one kept for every visitor."""
    evening = make_evening(couples=6, played=1)
    seating = Seating.objects.filter(game__evening=evening, game__number=2, winner=None).first()
    phone, everyone = Client(), Client()
    a = seating.couple_a.number
    report = reverse("tableside-report", args=[seating.table.token])
    assert phone.post(report, {"game": 2, "reporter": a, "winner": a}).status_code == 302
    assert not phone.cookies.get(settings.SESSION_COOKIE_NAME)
    message = "Now the other couple confirms it on this page"
    args = (a,) if name == "board-couple" else ()
    assert message in phone.get(url(name, evening, *args)).content.decode()
    for visitor in (everyone, phone):  # the page kept for all, and the phone's next
        assert message not in visitor.get(url(name, evening, *args)).content.decode()


def test_a_new_version_is_never_served_from_the_old_cache(client, make_evening):
    evening = make_evening(couples=10, played=3, current_in=0)
    for _ in range(2):
        assert "0 of 5 tables in" in client.get(url("board", evening)).content.decode()
    record(evening, 3)
    for name in ("board", "board-tv"):
        assert "1 of 5 tables in" in client.get(url(name, evening)).content.decode()
    assert client.get(url("board-json", evening)).json()["progress"]["tables_in"] == 1


def test_polls_and_the_json_come_gzipped_to_a_browser_that_takes_it(client, make_evening):
    evening = make_evening(couples=40, played=5)
    for name, headers in [("board", HTMX), ("board-tv", HTMX), ("board-json", {})]:
        plain = client.get(url(name, evening), headers=headers)
        packed = client.get(url(name, evening), headers={**headers, "Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in plain
        assert packed["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in packed["Vary"]
        assert gzip.decompress(packed.content) == plain.content
        assert len(packed.content) * 4 < len(plain.content)


def test_a_couples_card_comes_gzipped_or_plain_the_same_card(client, make_evening):
    """A card's poll answer is kept gzipped only (scoring/board/cards.py): a
    browser that takes no gzip gets the same card unpacked."""
    evening = make_evening(couples=12, played=3, current_in=1)
    for number in (1, 7, 12):
        path = url("board-couple", evening, number)
        packed = client.get(path, headers={**HTMX, "Accept-Encoding": "gzip"})
        plain = client.get(path, headers=HTMX)
        assert packed["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
        assert "Accept-Encoding" in plain["Vary"] and "Accept-Encoding" in packed["Vary"]
        assert gzip.decompress(packed.content) == plain.content
        assert f'id="couple-card-{number}"'.encode() in plain.content
        assert b"data-etag" not in plain.content  # the answer's ETag header says it


def test_a_full_page_is_gzipped_with_each_visitors_own_masked_token(make_evening):
    """A full page holds a CSRF token: Django's `gzip_page` compresses it
    and Django masks the token afresh on every answer (BREACH)."""
    evening = make_evening(couples=10, played=2)
    for name in ("board", "board-tv"):
        tokens = []
        for _ in range(2):
            response = Client().get(url(name, evening), headers={"Accept-Encoding": "gzip"})
            assert response["Content-Encoding"] == "gzip"
            page = gzip.decompress(response.content).decode()
            tokens.append(re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1))
        assert tokens[0] != tokens[1]


def test_a_poll_with_news_reads_only_its_own_part_from_this_processs_memory(
    client, make_evening, monkeypatch
):
    """The parts of a version (the board's live part and every couple's
    card) are built once and kept in the shared cache; each process keeps
    each part under its own key, so a poll with news reads its own card,
    not the whole pass from the shared cache."""
    evening = make_evening(couples=10, played=3)
    fetched, read = [], []
    real_built, real_get = board.built, board_freshness.cache_get
    monkeypatch.setattr(board, "built", lambda *a, **k: fetched.append(a[1]) or real_built(*a, **k))
    monkeypatch.setattr(board_freshness, "cache_get", lambda key: read.append(key) or real_get(key))
    news = {"HX-Request": "true", "If-None-Match": '"an older version"'}
    client.get(url("board-couple", evening, 1), headers={"HX-Request": "true"})  # builds the parts
    assert len(fetched) == 1
    read.clear()
    for number in (1, 2, 3):
        page = client.get(url("board-couple", evening, number), headers=news)
        assert page.status_code == 200 and f"Couple {number}" in page.content.decode()
    assert client.get(url("board", evening), headers=news).status_code == 200
    assert len(fetched) == 1 and read == []  # nothing built again, nothing fetched
    record(evening, 1)
    client.get(url("board-couple", evening, 2), headers=news)
    assert len(fetched) == 2  # a new version


def test_the_threads_waiting_for_a_versions_parts_fetch_them_once_a_process(monkeypatch):
    """Polls that find a new version's parts missing in their process wait
    for one of them to fetch (or build) the version's value and keep its
    parts, then read their own part: the shared value (a file read and 200
    cards unpickled) is read once a process, not once a waiting poll."""
    state = board.BoardState(pk=987_654, version=3, privacy="full")
    fetched = []

    def slow_fetch(shown, parts, build):
        fetched.append(parts)
        time.sleep(0.05)  # the others arrive while this one fetches
        cards = {n: f"card {n}".encode() for n in (1, 2, 3)}
        return {"live": b"live", "head": {"title": "t"}, "cards": cards}, shown

    monkeypatch.setattr(board, "built", slow_fetch)
    wanted = ["live", 1, 2, 3, 4, "head", "live", 2]
    with ThreadPoolExecutor(len(wanted)) as pool:
        got = list(
            pool.map(lambda part: views._polled_part(state, "s", "board", "en", part), wanted)
        )
    assert len(fetched) == 1
    assert [body for body, _shown in got] == [
        b"live", b"card 1", b"card 2", b"card 3", None, {"title": "t"}, b"live", b"card 2"
    ]  # fmt: skip
    assert {shown for _body, shown in got} == {state}


def test_a_full_page_whose_version_moved_on_while_it_was_built_builds_once(
    client, make_evening, monkeypatch
):
    """A write that lands between a page's look-up of the version and the
    build gives parts of the newer version; the page's heading is taken from
    those parts, not built again for the version it looked up."""
    evening = make_evening(couples=10, played=2)
    before = board.board_state(evening.slug)
    record(evening, 1)  # the version moves on after the page looked it up
    monkeypatch.setattr(board, "board_state", lambda slug: before)
    built, real_built = [], board.built
    monkeypatch.setattr(board, "built", lambda *a, **k: built.append(a[0]) or real_built(*a, **k))
    page = client.get(url("board", evening))
    assert page.status_code == 200 and evening.name in page.content.decode()
    assert built == [before]  # one build, which read the newer version
