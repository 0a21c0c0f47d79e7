"""A folded "How this works" on each working page, in English and French."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.services.prizes import set_prize
from scoring.services.ties import open_tiebreak
from tables import services
from tables.models import Table
from tests.scoring.conftest import finish, make_couples, punch_counts


@pytest.fixture
def running(evening):
    evening.cookie_jar = True
    evening.save()
    make_couples(evening, 4)
    services.start_evening(evening, seed=1)
    evening.refresh_from_db()
    return evening


def pages(evening) -> dict[str, str]:
    table = Table.objects.filter(evening=evening).first()
    return {
        "door": reverse("door", args=[evening.slug]),
        "game": reverse("game-screen", args=[evening.slug]),
        "print": reverse("print-index", args=[evening.slug]),
        "jar": reverse("jar", args=[evening.slug]),
        "tableside": reverse("tableside", args=[table.token]),
    }


@pytest.mark.parametrize("page", ["door", "game", "print", "jar", "tableside"])
def test_each_working_page_has_a_folded_how_this_works(running, organizer_client, page):
    response = organizer_client.get(pages(running)[page])
    html = response.content.decode()
    assert response.status_code == 200
    assert '<details class="how-it-works">' in html  # folded: no "open"
    assert "How this works" in html


@pytest.mark.parametrize("page", ["door", "game", "tableside"])
def test_it_is_in_french_too(running, organizer_client, page):
    organizer_client.cookies["django_language"] = "fr"
    with translation.override("fr"):
        html = organizer_client.get(pages(running)[page], HTTP_ACCEPT_LANGUAGE="fr").content
    assert "Comment ça marche" in html.decode()


def test_the_tie_break_page_has_it(evening, organizer_client):
    couples = make_couples(evening, 3)
    punch_counts(evening, couples, [5, 5, 2])
    evening = finish(evening)
    set_prize(evening, "place", 1, kind="cash", amount=Decimal("20"))
    tiebreak = open_tiebreak(evening, "place", 1)
    html = organizer_client.get(reverse("tiebreak", args=[evening.slug, tiebreak.pk])).content
    assert "How this works" in html.decode()
