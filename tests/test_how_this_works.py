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


DOOR_REMOVE = "can be removed there before the start (“Remove this couple”)"
DOOR_ASK = "A couple who never came: tell an organizer, who can remove it before the start."


@pytest.mark.parametrize(
    ("who", "page", "says", "never"),
    [
        ("organizer", "door", DOOR_REMOVE, DOOR_ASK),
        ("volunteer", "door", DOOR_ASK, DOOR_REMOVE),
        (
            "organizer",
            "game",
            "(after the last one: “Finish the evening”)",
            "an organizer finishes",
        ),
        ("volunteer", "game", "After the last game an organizer finishes the evening.", "“Finish"),
        ("organizer", "jar", "type them in before game 1", "an organizer types"),
        ("volunteer", "jar", "an organizer types them in before game 1", "type them in before"),
    ],
)
def test_each_roles_help_says_what_that_role_can_do(
    running, organizer_client, volunteer_client, who, page, says, never
):
    client = organizer_client if who == "organizer" else volunteer_client
    html = client.get(pages(running)[page]).content.decode().replace("&quot;", '"')
    help_text = html.split('<details class="how-it-works">')[1].split("</details>")[0]
    assert says in help_text
    assert never not in help_text


def test_before_the_start_only_an_organizer_has_the_remove_button(
    evening, organizer_client, volunteer_client
):
    make_couples(evening, 2)
    url = reverse("couple-edit", args=[evening.slug, 1])
    assert "Remove this couple" in organizer_client.get(url).content.decode()
    assert "Remove this couple" not in volunteer_client.get(url).content.decode()
