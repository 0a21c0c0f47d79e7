"""A full page costs what a 304 costs plus the bytes: a shared board or
couple page is kept compressed as it is sent (pieces around the CSRF token,
each compressed once) and a later visitor's copy is answered by
PollMiddleware with the headers the whole site gave the first one."""

import gzip

import pytest

from scoring.board import views
from tests.support.board import url

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
    from tests.support.board import record

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
    monkeypatch.setattr(views.PollMiddleware, "card_poll", staticmethod(lambda request: None))
    late = client.get(url("board-couple", evening, 2), headers={"HX-Request": "true"})
    assert by_view.status_code == early.status_code == late.status_code == 200
    assert calls == []  # the pass was built once, for card 1
    assert early.content == late.content
    assert dict(early.items()) == dict(late.items())
