"""The rows of the standings, the board (and its TV screen) and the game
screen show their whole numbers (places, couple and table numbers, games won)
without Django's number localisation (`{% localize off %}` around the rows;
issue 27): it cost a third of the standings page. No grouping can occur
below 1,000 (and USE_THOUSAND_SEPARATOR is off), so each page must be the
same bytes as when every number is localised, in English and in French, at
the size of a real evening: 120 couples, the twelfth game played, the
thirteenth under way, one couple gone home and one arrived late."""

import re

import pytest
from django.templatetags.l10n import LocalizeNode
from django.test import Client
from django.urls import reverse

from tests.support.board import build_evening
from tests.support.gate import changed

pytestmark = pytest.mark.django_db

COUPLES = 120
# What differs from one answer to the next anyway: the masked CSRF token, and
# the ETag (the evening's version, bumped so the board is built afresh).
CHANGING = re.compile(
    r'(csrfmiddlewaretoken" value="|csrf-token" content="|"X-CSRFToken": "|data-etag=")[^"]+'
)


@pytest.fixture
def big(hall):
    evening = build_evening(hall, couples=COUPLES, played=12, current_in=COUPLES // 4)
    evening.couples.filter(number=7).update(left_after_game=5)
    evening.couples.filter(number=8).update(joined_game=3)
    changed(evening)
    return evening


def pages(evening) -> dict[str, str]:
    return {
        "standings": reverse("standings", args=[evening.slug]),
        "game screen": reverse("game-screen", args=[evening.slug]),
        "board": reverse("board", args=[evening.slug]),
        "tv": reverse("board-tv", args=[evening.slug]),
    }


def render(client: Client, evening, url: str) -> str:
    changed(evening)  # nothing served from a cache
    response = client.get(url)
    assert response.status_code == 200, url
    return CHANGING.sub(r"\1-", response.content.decode())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_rows_are_the_same_bytes_as_when_localised(big, organizer, monkeypatch, language):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organizer)
    plain = {name: render(client, big, url) for name, url in pages(big).items()}
    # Every {% localize off %} made a no-op: every number localised, as before.
    monkeypatch.setattr(LocalizeNode, "render", lambda node, context: node.nodelist.render(context))
    for name, url in pages(big).items():
        localised = render(client, big, url)
        assert plain[name] == localised, f"{name} ({language}) differs when localised"
        assert f'lang="{language}"' in localised


def test_the_plain_rows_show_every_couple_and_table(big, organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(organizer)
    standings, game, board = (render(client, big, url) for url in list(pages(big).values())[:3])
    for number in range(1, COUPLES + 1):
        assert f'id="standing-{number}"' in standings
        assert f'id="row-{number}"' in board
    for table in range(1, COUPLES // 2 + 1):
        assert f'id="table-{table}"' in game
    assert "arrivé en retard, à partir de la partie 3" in board  # the late arrival's pill
