"""The rendered board is cached per evening version; the cache only ever
saves work: a new version is a new key, each visitor gets their own CSRF
token, and a cache that fails leaves the board correct."""

import gzip
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring import board
from scoring.board import views
from tables.models import Seating
from tests.support.board import HTMX, record, url

pytestmark = pytest.mark.django_db


class BrokenCache:
    """A shared cache that has gone away (Redis stopped)."""

    def get(self, *args, **kwargs):
        raise ConnectionError("cache gone")

    set = get


def csrf(html: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def test_a_failing_cache_leaves_the_board_correct(client, make_evening, monkeypatch):
    monkeypatch.setattr(board.freshness, "django_cache", BrokenCache())
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


@pytest.mark.parametrize("name", ["board", "board-tv"])
def test_the_cached_page_never_holds_a_visitors_token(make_evening, monkeypatch, name):
    stored = {}
    real_set = board.cache_set
    monkeypatch.setattr(
        board, "cache_set", lambda k, v, **kw: stored.__setitem__(k, v) or real_set(k, v, **kw)
    )
    evening = make_evening(couples=6, played=1)
    page = Client().get(url(name, evening)).content.decode()
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    cached_pages = [  # each piece of a packed page, joined again at the token's places
        value.text(views.CSRF_SLOT).decode() for key, value in stored.items() if "-page:" in key
    ]
    assert cached_pages, "the page is cached"
    assert all(token not in value for value in cached_pages)
    assert all(views.CSRF_SLOT in value for value in cached_pages)


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
    """A card's poll answer is kept gzipped only (scoring/board/cards.py,
    `KeptCard`): a browser that takes no gzip gets the same card unpacked."""
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


def test_a_page_with_a_csrf_token_is_gzipped_with_the_token_never_compressed(make_evening):
    """Compressing a secret next to text an attacker can vary leaks it
    (BREACH): the token goes in uncompressed, between pieces compressed on
    their own, so two visitors' pages differ only by their token's bytes
    (and the checksum)."""
    evening = make_evening(couples=10, played=2)
    for name in ("board", "board-tv"):
        bodies = []
        for _ in range(2):
            response = Client().get(url(name, evening), headers={"Accept-Encoding": "gzip"})
            assert response["Content-Encoding"] == "gzip"
            page = gzip.decompress(response.content).decode()
            token = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
            assert token.encode() in response.content  # as it is, not compressed
            bodies.append(response.content.replace(token.encode(), b"")[:-8])
        assert bodies[0] == bodies[1]


def test_with_redis_a_rendered_part_is_also_kept_in_the_process(settings):
    """A page or live part made for one version never changes, so with the
    shared cache in Redis each process keeps its own copy (no 70 KiB fetch
    per full page); the board's data and seatings (objects that readers use)
    always come from the shared cache."""
    from django.core.cache import cache as shared

    from scoring.board import freshness

    settings.REDIS_URL = "redis://127.0.0.1:6379/15"  # only read by _keep_here here
    freshness._recent.items.clear()
    freshness.cache_set("board:1:7:g:full:rev:board-page", "<page>", rendered=True)
    freshness.cache_set("board:1:7:g:full:rev:data", {"standings": []})
    shared.clear()
    assert freshness.cache_get("board:1:7:g:full:rev:board-page", rendered=True) == "<page>"
    assert freshness.cache_get("board:1:7:g:full:rev:data") is None
    settings.REDIS_URL = ""
    assert freshness.cache_get("board:1:7:g:full:rev:board-page", rendered=True) is None


def test_the_processs_own_copies_are_bounded():
    from scoring.board.freshness import _Recent

    recent = _Recent(size=3)
    for n in range(5):
        recent.put(f"board:{n}", n)
    recent.get("board:2")  # used: kept longer
    recent.put("board:5", 5)
    assert sorted(recent.items) == ["board:2", "board:4", "board:5"]
