"""A change is paid for once per site: every couple card of a version comes
from ONE pass over the board's tree, shared by the server's processes
(Redis, or files in BOARD_SHARED_DIR without it), with one builder at a time."""

import gzip
import threading

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from scoring import board
from scoring.board import cards as board_cards
from scoring.board import freshness, views
from scoring.board.data import build_board
from tables.models import Evening
from tests.support.board import HTMX, record, url

pytestmark = pytest.mark.django_db


def evening_of(make_evening, **kwargs) -> Evening:
    evening = make_evening(**kwargs)
    return Evening.objects.select_related("hall").get(pk=evening.pk)


@pytest.fixture
def passes(monkeypatch):
    """How many times the cards' pass ran."""
    count = []
    real = board.couple_cards
    monkeypatch.setattr(board, "couple_cards", lambda *a: count.append(1) or real(*a))
    return count


@pytest.fixture
def shared_dir(settings, tmp_path):
    """Values shared through files, as the server's processes share them."""
    settings.BOARD_SHARED_DIR = tmp_path / "board-cache"
    freshness._recent.items.clear()
    yield settings.BOARD_SHARED_DIR
    freshness._recent.items.clear()


@pytest.mark.parametrize(
    "shape",
    [
        {"couples": 21, "played": 4, "current_in": 5},  # a bye, half the results in
        {"couples": 10, "played": 0, "current_in": 0},  # not started
        {"couples": 12, "played": 25, "games": 25},  # over
    ],
)
def test_the_one_pass_gives_every_couple_the_card_it_gets_alone(make_evening, shape):
    evening = evening_of(make_evening, **shape)
    data = build_board(evening)
    seating = board.get_seating(evening)
    every = board.couple_cards(evening, data, seating)
    assert sorted(every) == [
        row["couple"] for row in sorted(data["standings"], key=lambda r: r["couple"])
    ]
    for number, card in every.items():
        assert card == board.couple_card(evening, number, data)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_card_rendered_without_number_localisation_is_the_same_card(make_evening, language):
    evening = evening_of(make_evening, couples=21, played=4, current_in=5)
    data = build_board(evening)
    with translation.override(language):
        for card in board.couple_cards(evening, data, board.get_seating(evening)).values():
            context = {"card": board_cards.with_punches(card), "slug": evening.slug}
            context.update(poll=5, etag="x", head=board.heading(evening))
            assert board_cards.plain("board/_card.html", context) == render_to_string(
                "board/_card.html", context
            )


def test_polling_every_card_after_a_result_runs_one_pass(
    client, make_evening, passes, no_coalescing
):
    evening = make_evening(couples=12, played=3, current_in=1)
    for number in range(1, 13):
        assert client.get(url("board-couple", evening, number), headers=HTMX).status_code == 200
    assert len(passes) == 1
    record(evening, 2)
    for number in range(1, 13):
        assert client.get(url("board-couple", evening, number), headers=HTMX).status_code == 200
    assert len(passes) == 2


def test_another_process_finds_the_pass_in_the_shared_folder(
    client, make_evening, passes, shared_dir
):
    evening = make_evening(couples=12, played=3, current_in=1)
    first = client.get(url("board-couple", evening, 1), headers=HTMX)
    # Another process: its own memory is empty, the shared folder is not.
    freshness._recent.items.clear()
    from django.core.cache import cache

    cache.clear()
    second = client.get(url("board-couple", evening, 2), headers=HTMX)
    assert first.status_code == second.status_code == 200
    assert len(passes) == 1
    assert any(shared_dir.iterdir())


def test_a_value_being_built_is_waited_for_not_built_again(make_evening, shared_dir):
    evening = evening_of(make_evening, couples=4, played=1)
    state = board.state_of(evening)
    built, started = [], threading.Event()
    release = threading.Event()

    def build():
        built.append(1)
        started.set()
        release.wait(5)
        return "value", state

    answers = []

    def ask():
        freshness._recent.items.clear()
        answers.append(board.coalesced(state, ("test",), build, 0)[0])

    first = threading.Thread(target=ask)
    first.start()
    assert started.wait(5)
    second = threading.Thread(target=ask)
    second.start()
    second.join(0.2)
    assert second.is_alive()  # waiting for the first
    release.set()
    first.join(5)
    second.join(5)
    assert answers == ["value", "value"]
    assert built == [1]


def test_the_pass_every_process_reads_holds_each_card_once_gzipped(
    client, make_evening, shared_dir
):
    """Every server process reads the whole pass once per version: it holds
    each card's poll answer as sent (gzipped) and little else, not its HTML
    and state again beside it (1 MB for 200 couples, read by every process
    after every result)."""
    evening = evening_of(make_evening, couples=40, played=6, current_in=3)
    gzip_head = {**HTMX, "Accept-Encoding": "gzip"}
    sent = [
        client.get(url("board-couple", evening, number), headers=gzip_head)
        for number in range(1, 41)
    ]
    assert {answer["Content-Encoding"] for answer in sent} == {"gzip"}
    answers = sum(len(answer.content) for answer in sent)
    html = sum(len(gzip.decompress(answer.content)) for answer in sent)
    key = freshness.cache_key(board.state_of(evening), *views._live_parts("cards", "en"))
    kept = freshness._Folder.path(shared_dir, key).stat().st_size
    assert answers < kept < answers + 64 * 40  # a few bytes per card beside its answer
    assert kept * 3 < html


def test_a_punch_mark_is_rendered_once_per_process_not_once_per_pass(
    client, make_evening, monkeypatch, no_coalescing
):
    """Each game's mark looks the same on every card in the same state, in
    every pass: after a result, the new pass renders none it rendered before."""
    rendered = []
    real = board_cards.plain

    def plain(template, context):
        if template == "board/_punch.html":
            rendered.append(tuple(context["g"].values()))
        return real(template, context)

    monkeypatch.setattr(board_cards, "plain", plain)
    board_cards.punch_mark.cache_clear()
    evening = make_evening(couples=12, played=3, current_in=1)
    first = client.get(url("board-couple", evening, 1), headers=HTMX)
    assert rendered  # the first pass renders each state once
    assert len(rendered) == len(set(rendered))
    record(evening, 2)
    second = client.get(url("board-couple", evening, 1), headers=HTMX)
    assert first["ETag"] != second["ETag"]
    assert len(rendered) == len(set(rendered))
