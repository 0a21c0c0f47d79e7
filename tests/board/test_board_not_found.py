"""Unknown or unpublished evenings are 404 on every public view, and a
private evening is indistinguishable from a missing one."""

import re

import pytest

from tests.support.board import HTMX, url

pytestmark = pytest.mark.django_db

VIEWS = [
    ("board", ()),
    ("board-tv", ()),
    ("board-json", ()),
    ("board-find", ()),
    ("board-couple", (1,)),
]


@pytest.mark.parametrize(("name", "args"), VIEWS)
@pytest.mark.parametrize("headers", [{}, HTMX, {"If-None-Match": "*"}])
def test_an_unknown_evening_is_404(client, make_evening, name, args, headers):
    evening = make_evening(couples=6, played=1)
    evening.slug = "no-such-evening"
    assert client.get(url(name, evening, *args), headers=headers).status_code == 404


def same_page(response, slug: str) -> str:
    """The page with its per-request CSRF token and its own address blanked."""
    html = response.content.decode().replace(slug, "SLUG")
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", html)
    return re.sub(r'"X-CSRFToken": "[^"]+"', "TOKEN", html)


@pytest.mark.parametrize(("name", "args"), VIEWS)
def test_an_unpublished_evening_is_404_and_looks_like_a_missing_one(
    client, make_evening, name, args
):
    private = make_evening(couples=6, played=1, published=False, slug="private")
    missing = make_evening(couples=6, played=1, slug="public")
    missing.slug = "missing"
    hidden = client.get(url(name, private, *args))
    absent = client.get(url(name, missing, *args))
    assert hidden.status_code == absent.status_code == 404
    assert same_page(hidden, "private") == same_page(absent, "missing")
    assert "ETag" not in hidden


def test_an_unpublished_evening_is_404_even_for_its_organizer(organizer_client, make_evening):
    evening = make_evening(couples=6, played=1, published=False)
    assert organizer_client.get(url("board", evening)).status_code == 404


def test_an_unknown_couple_number_is_404(client, make_evening):
    evening = make_evening(couples=6, played=1)
    assert client.get(url("board-couple", evening, 99)).status_code == 404
    assert client.get(url("board-couple", evening, 99), headers=HTMX).status_code == 404


def test_the_public_board_needs_no_sign_in(client, make_evening):
    evening = make_evening(couples=6, played=1)
    for name, args in VIEWS:
        response = client.get(url(name, evening, *args) + ("?q=1" if name == "board-find" else ""))
        assert response.status_code in (200, 302), name
