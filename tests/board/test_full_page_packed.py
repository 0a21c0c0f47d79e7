"""A full page costs what a 304 costs plus the bytes: a shared board or
couple page is kept compressed as it is sent (pieces around the CSRF token,
each compressed once) and a later visitor's copy is answered by
PollMiddleware with the headers the whole site gave the first one."""

import gzip
import re
import zlib

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import board
from scoring.board import packing, views
from tests.support.board import record, url

pytestmark = pytest.mark.django_db
GZ = {"Accept-Encoding": "gzip, deflate"}


@pytest.fixture(autouse=True)
def _no_pages_kept():
    views._pages.items.clear()
    yield
    views._pages.items.clear()


def test_a_packed_page_unpacks_to_the_page_with_the_token_in_every_place():
    page = "<html>" + views.CSRF_SLOT + "x" * 70_000 + views.CSRF_SLOT + "é end</html>"
    packed = views.PackedPage(page)
    token = "t0k3n" * 13
    expected = page.replace(views.CSRF_SLOT, token).encode()
    assert gzip.decompress(packed.gzip(token)) == expected
    assert packed.text(token) == expected
    assert len(packed.gzip(token)) < len(expected) // 10


@pytest.mark.parametrize("name,args", [("board", ()), ("board-tv", ()), ("board-couple", (3,))])
def test_the_second_visitor_gets_the_first_ones_answer_without_the_view(
    client, make_evening, monkeypatch, name, args
):
    evening = make_evening(couples=8, played=2)
    first = client.get(url(name, evening, *args), headers=GZ)
    assert first.status_code == 200 and first["Content-Encoding"] == "gzip"
    monkeypatch.setattr(views.PollMiddleware, "__init__", views.PollMiddleware.__init__)
    client.cookies.clear()
    calls = []
    real = views._evening
    monkeypatch.setattr(views, "_evening", lambda slug: calls.append(slug) or real(slug))
    second = client.get(url(name, evening, *args), headers=GZ)
    assert second.status_code == 200 and calls == []
    assert "cardnight_csrf" not in second.content.decode("latin-1")
    one, two = (gzip.decompress(r.content).decode() for r in (first, second))
    token = second.cookies["csrftoken"].value
    assert token and views.CSRF_SLOT not in two
    own = {"content-length", "set-cookie"}
    assert {k: v for k, v in first.items() if k.lower() not in own} == {
        k: v for k, v in second.items() if k.lower() not in own
    }
    assert len(one) == len(two)


def test_a_page_of_an_older_version_is_never_answered(client, make_evening):
    evening = make_evening(couples=8, played=2, current_in=0)
    client.get(url("board", evening), headers=GZ)
    record(evening, 1)
    client.cookies.clear()
    again = client.get(url("board", evening), headers=GZ)
    assert len(views._pages.items) == 2  # a new page, built for the new version
    assert again.status_code == 200


def test_a_card_poll_with_news_is_answered_early_as_the_view_answers_it(
    client, make_evening, monkeypatch
):
    evening = make_evening(couples=8, played=2)
    by_view = client.get(url("board-couple", evening, 1), headers={"HX-Request": "true"})
    calls = []
    real = views._evening
    monkeypatch.setattr(views, "_evening", lambda slug: calls.append(slug) or real(slug))
    early = client.get(url("board-couple", evening, 2), headers={"HX-Request": "true"})
    monkeypatch.setattr(views.PollMiddleware, "live_poll", staticmethod(lambda request: None))
    late = client.get(url("board-couple", evening, 2), headers={"HX-Request": "true"})
    assert by_view.status_code == early.status_code == late.status_code == 200
    assert calls == []  # the pass was built once, for card 1
    assert early.content == late.content
    assert dict(early.items()) == dict(late.items())


def early_and_by_view(client, link, headers, monkeypatch):
    """The same poll answered by PollMiddleware, then by the view."""
    answered = []
    real = views.PollMiddleware.live_poll
    monkeypatch.setattr(
        views.PollMiddleware,
        "live_poll",
        staticmethod(lambda request: answered.append(r := real(request)) or r),
    )
    early = client.get(link, headers=headers)
    monkeypatch.setattr(views.PollMiddleware, "live_poll", staticmethod(lambda request: None))
    late = client.get(link, headers=headers)
    monkeypatch.setattr(views.PollMiddleware, "live_poll", staticmethod(real))
    assert answered and answered[-1] is not None, "the poll went on to the view"
    return early, late


@pytest.mark.parametrize("name,args", [("board", ()), ("board-tv", ()), ("board-couple", (3,))])
@pytest.mark.parametrize("encoding", [GZ, {}], ids=["gzip", "plain"])
@pytest.mark.parametrize("moment", ["now", "a moment old"])
def test_a_poll_with_news_is_answered_early_as_the_view_answers_it(
    client, make_evening, monkeypatch, settings, name, args, encoding, moment
):
    """The board's, the TV's and a card's poll with news, from the cache,
    without the rest of the site: the same bytes and headers as the view's,
    for the version now and for one built a moment ago (its own ETag)."""
    settings.BOARD_MIN_REBUILD_SECONDS = 60 if moment == "a moment old" else 0
    evening = make_evening(couples=8, played=2, current_in=0)
    link = url(name, evening, *args)
    headers = {"HX-Request": "true", **encoding}
    first = client.get(link, headers=headers)  # by the view: its headers kept
    assert first.status_code == 200
    if moment == "a moment old":
        record(evening, 1)  # news, but the part built a moment ago will do
    else:
        client.get(link, headers=headers)  # ... and the part for now is built
    held = {**headers, "If-None-Match": 'W/"0.0.x"'}
    early, late = early_and_by_view(client, link, held, monkeypatch)
    assert early.status_code == late.status_code == 200
    assert early.content == late.content
    assert dict(early.items()) == dict(late.items())
    if moment == "a moment old":
        assert early["ETag"] == first["ETag"]  # labelled as the older one it is


def test_a_poll_is_never_answered_early_with_a_part_older_than_the_phone_holds(
    client, make_evening, settings
):
    settings.BOARD_MIN_REBUILD_SECONDS = 60
    evening = make_evening(couples=8, played=2, current_in=0)
    first = client.get(url("board", evening), headers={"HX-Request": "true"})
    record(evening, 1)
    evening.refresh_from_db()
    newer = board.etag(board.state_of(evening), "board-live", "en")  # shown by another process
    again = client.get(
        url("board", evening), headers={"HX-Request": "true", "If-None-Match": newer}
    )
    assert again.status_code in (200, 304)
    assert again.get("ETag", newer) != first["ETag"]


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(st.binary(max_size=3000), min_size=1, max_size=4),
    token=st.text(alphabet="abcXYZ019", min_size=32, max_size=64),
)
def test_a_packed_page_is_a_valid_gzip_of_the_page_for_any_pieces(pieces, token):
    # Pieces worked out once (each one's deflate blocks and its part of the
    # CRC) join around any token into the stream gzip itself would check.
    texts = [piece.decode("latin-1") for piece in pieces]
    page = views.PackedPage(views.CSRF_SLOT.join(texts))
    expected = token.join(texts).encode()
    assert gzip.decompress(page.gzip(token)) == expected  # checks the CRC and the size
    assert page.text(token) == expected


@settings(max_examples=300, deadline=None)
@given(piece=st.binary(max_size=5000), crc=st.integers(0, 2**32 - 1))
def test_a_pieces_crc_carries_on_from_any_crc_as_zlib_does(piece, crc):
    assert packing._Crc(piece).after(crc) == zlib.crc32(piece, crc)


def test_a_visitor_with_a_csrf_cookie_gets_their_own_secret_and_no_new_cookie(make_evening):
    evening = make_evening(couples=6, played=1)
    visitor = Client(enforce_csrf_checks=True)
    first = visitor.get(url("board", evening), headers=GZ)
    secret = first.cookies["csrftoken"].value
    again = visitor.get(url("board", evening), headers=GZ)  # from the cache
    page = gzip.decompress(again.content).decode()
    assert f'"X-CSRFToken": "{secret}"' in page
    assert "csrftoken" not in again.cookies  # nothing to set: the cookie holds it
    assert "Cookie" in again["Vary"]
    # ... and the language switch on that page works with it.
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert token == secret
    response = visitor.post(
        "/i18n/setlang/", {"language": "fr", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302 and response.cookies["django_language"].value == "fr"


def test_a_first_visitor_gets_a_new_cookie_holding_the_pages_token(make_evening):
    evening = make_evening(couples=6, played=1)
    Client().get(url("board", evening))  # the page is kept
    visitor = Client(enforce_csrf_checks=True)
    response = visitor.get(url("board", evening))
    secret = response.cookies["csrftoken"].value
    assert f'"X-CSRFToken": "{secret}"' in response.content.decode()
    other = Client().get(url("board", evening)).cookies["csrftoken"].value
    assert other != secret  # each first visitor their own


def test_a_first_visitors_secret_is_made_as_django_makes_one():
    """`packing.new_secret` reads the random source once, not once per
    character; what it gives is what Django's own gives: 32 characters of
    its alphabet, each equally likely, set where `rotate_token` sets it."""
    from collections import Counter

    from django.middleware.csrf import CSRF_ALLOWED_CHARS, rotate_token
    from django.test import RequestFactory

    drawn = [packing.new_secret() for _ in range(4000)]
    assert all(len(s) == 32 and set(s) <= set(CSRF_ALLOWED_CHARS) for s in drawn)
    assert len(set(drawn)) == len(drawn)
    counts = Counter("".join(drawn))  # 128,000 characters, about 2,065 each
    expected = 128_000 / len(CSRF_ALLOWED_CHARS)
    chi_square = sum((counts[c] - expected) ** 2 / expected for c in CSRF_ALLOWED_CHARS)
    # 61 degrees of freedom: above 150 by chance once in 10^8 runs; a modulo bias
    # (bytes 248-255 kept) gives about 700.
    assert len(counts) == 62 and chi_square < 150
    theirs, ours = RequestFactory().get("/"), RequestFactory().get("/")
    rotate_token(theirs)
    packing.visitors_token(ours)
    assert set(theirs.META) - set(RequestFactory().get("/").META) == {
        "CSRF_COOKIE",
        "CSRF_COOKIE_NEEDS_UPDATE",
    }
    assert {k: type(v) for k, v in theirs.META.items()} == {
        k: type(v) for k, v in ours.META.items()
    }


def test_a_first_visitor_can_post_the_language_switch_with_the_pages_token(make_evening):
    evening = make_evening(couples=6, played=1)
    Client().get(url("board", evening))  # the page is kept
    visitor = Client(enforce_csrf_checks=True)
    page = visitor.get(url("board", evening)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = visitor.post(
        "/i18n/setlang/", {"language": "fr", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302 and response.cookies["django_language"].value == "fr"
