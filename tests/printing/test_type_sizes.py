"""Nothing a player must read is printed under 9 points (issue 48, point 13):
the self check-in card's instruction was 7.5-7.8 pt in English, squeezed onto
one line; the cue cards' labels 7 pt; the table cards' caption and link
7.3-7.5 pt; the rules card's position numbers 7.5 pt. Measured in the PDFs as
printed (the font size scaled by the page's and the text's matrices, so a
page shrunk to fit counts too), on every printout, both languages, both
papers, for an evening with a late couple and names of every length."""

import pytest
from django.utils import translation

from scoring.printing import documents
from tables.models import Couple, Evening

from . import factory
from .pdf import text_sizes

READABLE = 9  # points: the smallest type a player reads at arm's length
BASE = "http://192.168.1.23:8000/"
KINDS = ("cards", "tables", "results", "rules", "volunteers", "checkin")


@pytest.fixture(params=["letter", "a4"])
def evening(db, request):
    """The hostile names, a late couple (its card says "from game 2"), self
    check-in on (its card can be printed)."""
    evening = factory.hostile_evening(couples=12, paper=request.param)
    Couple.objects.filter(evening=evening, number=12).update(joined_game=2)
    evening.hall.self_checkin = True
    evening.hall.save()
    return Evening.objects.select_related("hall").get(pk=evening.pk)


def smallest(kind: str, evening: Evening, language: str) -> tuple[float, list[str]]:
    with translation.override(language):
        content = documents.render(kind, evening, base_url=BASE, blank=2).content
    sizes = text_sizes(content)
    assert sizes
    least = min(size for _page, _text, size in sizes)
    return least, sorted({text for _page, text, size in sizes if size == least})


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("kind", KINDS)
def test_nothing_a_player_reads_is_printed_under_9_points(evening, kind, language):
    least, texts = smallest(kind, evening, language)
    assert least >= READABLE, (least, texts[:5])


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_auction_evenings_longer_rules_card_is_not_shrunk_under_9_points(evening, language):
    Evening.objects.filter(pk=evening.pk).update(game_target=120, auction_min_bid=15)
    evening.refresh_from_db()
    least, texts = smallest("rules", evening, language)
    assert least >= READABLE, (least, texts[:5])
