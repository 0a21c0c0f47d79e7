"""A couple card is rendered again only when what it shows changed (issue 27,
goal 1): after one result, most couples' cards are the same as before, and
the pass takes those from the last pass, whichever process built it
(`board.last_built`, compared by `board.card_state`), and the new version's
ETag is put in as each card is sent. Whatever happens in the evening, a card
kept that way is byte for byte the card rendered afresh."""

import pytest
from django.core.cache import cache

from scoring.board import cards as board_cards
from scoring.board import freshness
from tables import services
from tables.models import Evening
from tests.support.board import HTMX, NAMES, build_evening, evening_steps, open_tables, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def card_renders(monkeypatch):
    """The numbers of the couples whose card was rendered, in order."""
    rendered = []
    real = board_cards.plain

    def plain(template, context):
        if template == "board/_card.html":
            rendered.append(context["card"]["couple"])
        return real(template, context)

    monkeypatch.setattr(board_cards, "plain", plain)
    return rendered


def every_card(client, evening: Evening, language: str) -> dict[int, str]:
    evening.refresh_from_db()
    cards = {}
    for number in range(1, evening.last_couple_number + 1):
        answer = client.get(
            url("board-couple", evening, number), headers={**HTMX, "Accept-Language": language}
        )
        assert answer.status_code == 200
        cards[number] = answer.content.decode()
    return cards


def rendered_afresh(client, evening: Evening, language: str) -> dict[int, str]:
    """Every card as the site gives it with no pass to take from."""
    freshness._recent.items.clear()
    cache.clear()
    return every_card(client, evening, language)


def test_after_one_result_only_the_cards_it_changed_are_rendered(
    client, hall, card_renders, no_coalescing
):
    evening = build_evening(hall, couples=40, played=6, current_in=3)
    every_card(client, evening, "en")
    assert sorted(card_renders) == list(range(1, 41))
    card_renders.clear()
    seating = open_tables(evening)[0]
    services.record_result(
        evening, evening.current_game, seating.table.number, seating.couple_a.number
    )
    cards = every_card(client, evening, "en")
    # The table's two couples at least; not the whole hall.
    assert {seating.couple_a.number, seating.couple_b.number} <= set(card_renders)
    assert len(card_renders) < 20
    # A kept card's page carries the new version's ETag for its first poll,
    # as the poll's answer says it in its header.
    for number in range(1, 41):
        answer = client.get(url("board-couple", evening, number), headers=HTMX)
        assert answer.content.decode() == cards[number]
        page = client.get(url("board-couple", evening, number)).content.decode()
        assert f'data-etag="{answer["ETag"].replace(chr(34), "&quot;")}"' in page


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_kept_card_is_always_the_card_rendered_afresh(client, hall, language, no_coalescing):
    evening = build_evening(hall, couples=9, played=23, current_in=0, games=25, names=NAMES)
    before = every_card(client, evening, language)
    for step in evening_steps(evening):
        kept = every_card(client, evening, language)
        assert kept == rendered_afresh(client, evening, language), step
        assert kept != before, step  # each step shows on some card
        before = kept


def test_a_process_takes_the_cards_from_the_pass_another_process_built(
    client, hall, card_renders, no_coalescing, settings, tmp_path
):
    """The hall's laptop runs several processes and no Redis: the pass after
    a result takes the unchanged cards from the site's last pass, whichever
    process built it (the shared folder), not only from its own."""
    settings.BOARD_SHARED_DIR = tmp_path
    evening = build_evening(hall, couples=40, played=6, current_in=3)
    every_card(client, evening, "en")
    card_renders.clear()
    seating = open_tables(evening)[0]
    services.record_result(
        evening, evening.current_game, seating.table.number, seating.couple_a.number
    )
    cache.clear()  # another process: its own memory...
    freshness._recent.items.clear()  # ...and its own copies; the folder is shared
    cards = every_card(client, evening, "en")
    assert {seating.couple_a.number, seating.couple_b.number} <= set(card_renders)
    assert len(card_renders) < 20
    settings.BOARD_SHARED_DIR = None  # nothing kept anywhere
    assert cards == rendered_afresh(client, evening, "en")
