"""The volunteers' standings page renders each row once per process for
what it shows (issue 27, goal 7), as the public board does
(tests/board/test_standings_rows_kept.py): a row's HTML is kept in the
"fragments" cache under the row's every value (a frozen dataclass, whose
text holds the couple's names, attendance, games, place and tie) and the
language, so a page after a result renders only the rows it changed, and a
kept row is byte for byte the row rendered afresh."""

import pytest
from django.core.cache import caches
from django.urls import reverse

from tables import services
from tests.support.board import HTMX, NAMES, build_evening, evening_steps, open_tables

pytestmark = pytest.mark.django_db


def standings(client, evening, language: str, sort: str = "place") -> str:
    answer = client.get(
        reverse("standings", args=[evening.slug]) + f"?sort={sort}",
        headers={**HTMX, "Accept-Language": language},
    )
    assert answer.status_code == 200
    return answer.content.decode()


def afresh(client, evening, language: str, sort: str = "place") -> str:
    caches["fragments"].clear()
    return standings(client, evening, language, sort)


def test_after_one_result_only_the_rows_it_changed_are_rendered(
    organizer_client, hall, row_renders
):
    evening = build_evening(hall, couples=40, played=6, current_in=3)
    standings(organizer_client, evening, "en")
    assert len(row_renders) == 40
    row_renders.clear()
    seating = open_tables(evening)[0]
    services.record_result(
        evening, evening.current_game, seating.table.number, seating.couple_a.number
    )
    standings(organizer_client, evening, "en", sort="number")  # another order: the same rows
    assert 1 <= len(row_renders) < 20


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_kept_row_is_always_the_row_rendered_afresh(organizer_client, hall, language):
    evening = build_evening(hall, couples=9, played=23, current_in=0, games=25, names=NAMES)
    before = standings(organizer_client, evening, language)
    for step in evening_steps(evening):
        kept = standings(organizer_client, evening, language)
        assert kept == afresh(organizer_client, evening, language), step
        if step != "first names only":  # the volunteers always see whole names
            assert kept != before, step
        before = kept


def test_a_row_kept_in_english_is_never_sent_in_french(organizer_client, hall):
    evening = build_evening(hall, couples=6, played=3, current_in=0)
    english = standings(organizer_client, evening, "en")
    french = standings(organizer_client, evening, "fr")
    assert 'data-label="Games"' in english and 'data-label="Games"' not in french
    assert french == afresh(organizer_client, evening, "fr")
