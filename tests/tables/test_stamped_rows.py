"""The game screen's table cards and the movement's rows are rendered once
per shape and filled in (tables/templatetags/stamps.py, issue 27): the same
bytes as the body rendered for each row, in English and French, with every
kind of row (a winner either side, by the phones, reports pending, in
conflict, against a recorded result; deals first either side; couples that
stay, move, come from the bye, arrive; tables that open and close) and
names that need escaping."""

import dataclasses
import re

import pytest
from django.test import Client
from django.urls import reverse

from tables import services
from tables.models import Seating, TableReport
from tables.templatetags import stamps
from tables.templatetags.stamps import StampNode

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db
CHANGING = re.compile(
    r'(csrfmiddlewaretoken" value="|csrf-token" content="|"X-CSRFToken": "|data-etag=")[^"]+'
)


def odd_rows(evening):
    """The current game's tables in every state a card shows."""
    rows = seatings(evening)
    for n, seating in enumerate(rows):
        seating.deals_first = (seating.couple_a, seating.couple_b, None)[n % 3]
        seating.save(update_fields=["deals_first"])
    first, second, third, fourth, fifth = rows[:5]
    services.record_result(evening, evening.current_game, first.table.number, first.couple_b.number)
    Seating.objects.filter(pk=first.pk).update(by_phones=True)
    services.record_result(
        evening, evening.current_game, second.table.number, second.couple_a.number
    )
    TableReport.objects.create(
        seating=second, reporter=second.couple_b, claimed_winner=second.couple_b, status="conflict"
    )
    TableReport.objects.create(
        seating=third, reporter=third.couple_a, claimed_winner=third.couple_b
    )
    for couple in (fourth.couple_a, fourth.couple_b):
        TableReport.objects.create(
            seating=fourth, reporter=couple, claimed_winner=couple, status="conflict"
        )
    TableReport.objects.create(
        seating=fifth, reporter=fifth.couple_a, claimed_winner=fifth.couple_a, status="confirmed"
    )


@pytest.fixture
def running(make_evening):
    """Game 2 under way: a couple gone home, two arrived (a table opens),
    the bye moved, names to escape, the tables in every state."""
    evening = started(make_evening(), 9)
    evening.couples.filter(number=3).update(player1='Ann <b>O\'Brien</b> & "Co"', player2="مريم")
    play_game(evening, winner="b")
    services.mark_leaving(evening, 2, leaving=True)
    services.register_couple(evening, "Rita Late", "Dan Late")
    services.register_couple(evening, "Paul Later", "Marie Later")
    services.advance(evening, from_game=1)
    evening.refresh_from_db()
    odd_rows(evening)
    return evening


def pages(evening):
    screen = reverse("game-screen", args=[evening.slug])
    return [
        screen,
        screen + "?show=todo",
        *(reverse("game-detail", args=[evening.slug, game]) for game in (1, 2)),
    ]


def render(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    return CHANGING.sub(r"\1-", response.content.decode())


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_stamped_rows_are_the_same_bytes_as_rendered_one_by_one(
    running, organizer, monkeypatch, language
):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(organizer)
    asks = [(url, {}) for url in pages(running)] + [(pages(running)[0], {"HX-Request": "true"})]
    stamped = [render(client, url, **headers) for url, headers in asks]
    assert "<bdi" in stamped[0] and "&lt;b&gt;O&#x27;Brien" in stamped[0]
    monkeypatch.setattr(StampNode, "render", lambda node, context: node.nodelist.render(context))
    for html, (url, headers) in zip(stamped, asks, strict=True):
        assert html == render(client, url, **headers), f"{url} {headers} ({language}) differs"


def test_the_rows_take_every_shape(running, organizer):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    screen, _, first, second = (render(client, url) for url in pages(running))
    for words in ("by-phones", "The couples disagree", "Reported at the table", "deals first"):
        assert words in screen
    for words in ("opens.", "new tonight", "comes from the bye", "stays", "comes from table"):
        assert words in second
    assert "drawn here" in first


def test_a_shape_that_forgets_what_the_row_decides_on_fails_every_test_showing_it(
    running, organizer, monkeypatch
):
    """The test settings check every stamped row (STAMPS_CHECKED): a shape
    that leaves out what the row decides on (here: everything) stamps the
    first table's winner, reports and warnings onto the others."""
    real = stamps.table_card

    def forgetful(seating):
        shape = real(seating)
        return dataclasses.replace(shape, key=shape.key and ("every table alike",))

    monkeypatch.setitem(stamps.STAMPS, "table-card", forgetful)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    with pytest.raises(stamps.StampMismatch, match="table-card"):
        client.get(pages(running)[0])
