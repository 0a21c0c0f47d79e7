"""The board's standings rows are rendered once per process for what they
show (issue 27, goal 7): a row's HTML is kept in the "fragments" cache under
every value it is made from (the row, the language, whether names are shown,
the evening's link), so the rebuild after a result renders only the rows that
result changed, and a kept row is byte for byte the row rendered afresh,
whatever happens in the evening."""

import pytest
from django.core.cache import cache, caches

from tables import services
from tests.support.board import HTMX, NAMES, build_evening, evening_steps, open_tables, url

pytestmark = pytest.mark.django_db


def live_board(client, evening, language: str) -> str:
    evening.refresh_from_db()
    answer = client.get(url("board", evening), headers={**HTMX, "Accept-Language": language})
    assert answer.status_code == 200
    return answer.content.decode()


def rendered_afresh(client, evening, language: str) -> str:
    """The board as the site gives it with nothing kept anywhere."""
    cache.clear()
    caches["fragments"].clear()
    return live_board(client, evening, language)


def test_after_one_result_only_the_rows_it_changed_are_rendered(client, hall, row_renders):
    evening = build_evening(hall, couples=40, played=6, current_in=3)
    live_board(client, evening, "en")
    assert len(row_renders) == 40
    row_renders.clear()
    seating = open_tables(evening)[0]
    services.record_result(
        evening, evening.current_game, seating.table.number, seating.couple_a.number
    )
    board = live_board(client, evening, "en")
    # The winner's row at least (its games, and the places around it), not the hall's.
    assert 1 <= len(row_renders) < 20
    assert f'id="row-{seating.couple_a.number}"' in board


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_kept_row_is_always_the_row_rendered_afresh(client, hall, language):
    evening = build_evening(hall, couples=9, played=23, current_in=0, games=25, names=NAMES)
    before = live_board(client, evening, language)
    for step in evening_steps(evening):
        kept = live_board(client, evening, language)
        assert kept == rendered_afresh(client, evening, language), step
        assert kept != before, step
        before = kept


def test_the_same_rows_in_two_languages_are_two_rows(client, hall):
    evening = build_evening(hall, couples=6, played=3, current_in=0)
    english = live_board(client, evening, "en")
    french = live_board(client, evening, "fr")
    assert english == rendered_afresh(client, evening, "en")
    assert french == rendered_afresh(client, evening, "fr")
    # A row kept in English is never sent to a French phone.
    assert 'data-label="Games"' in english and 'data-label="Games"' not in french
    assert 'data-label="Parties"' in french
