"""Nothing on the season's pages grows with the hall's history or its
players (issue 47, point 17). The whole season is built and kept once for
what it is made of, and each page (the season's lists, a player's line,
the hall's public page) keeps the part it shows, so that a request reads
that part and not the whole season (at a year of evenings, reading the
whole season back cost a request 90 ms, most of the hall's public page).
A player's line comes ten evenings a page, and the player's page offers a
merge by the register's proposals and a search by name, never by a list of
every other player (it listed all 360 of a year's players in a <select>,
345 KB of HTML)."""

import pytest
from django.urls import reverse

from scoring import season as season_module
from tables import services
from tables.models import Hall, Player, PlayerProposal
from tables.names import fold_name
from tests.register.test_player_register import night
from tests.register.test_register_pages_stay_small import evening_of, records

pytestmark = pytest.mark.django_db


@pytest.fixture
def whole_season_read(monkeypatch):
    """How often a page read the whole season."""
    reads = []
    real = season_module.cached_season
    monkeypatch.setattr(
        season_module, "cached_season", lambda *a, **k: reads.append(1) or real(*a, **k)
    )
    return reads


def test_each_page_reads_its_part_not_the_whole_season(
    hall, organizer_client, client, whole_season_read
):
    Hall.objects.filter(pk=hall.pk).update(privacy=Hall.Privacy.FULL)
    for day in (6, 13):
        night(hall, day, [("Ann Rankin", "Joe Rankin", 15), ("Bea", "Cy", 9)])
    ann = Player.objects.get(name="Ann Rankin")
    pages = [
        (organizer_client, reverse("season", args=[hall.pk])),
        (organizer_client, reverse("season-player", args=[hall.pk, ann.pk])),
        (client, reverse("hall-page", args=[hall.slug])),
    ]
    for browser, url in pages:
        first = browser.get(url).content.decode()
        assert "Ann Rankin" in first
        read = len(whole_season_read)
        again = browser.get(url).content.decode()
        assert len(whole_season_read) == read, url  # its part, kept
        assert "Ann Rankin" in again
    # Another page of a list is a part of its own; a new evening, a new season.
    organizer_client.get(reverse("season", args=[hall.pk]), {"players": 2})
    assert len(whole_season_read) == 4
    night(hall, 20, [("Ann Rankin", "Rita Beaton", 3), ("Bea", "Cy", 21)])
    page = organizer_client.get(reverse("season-player", args=[hall.pk, ann.pk])).content
    assert "3 evenings" in page.decode() and "Rita Beaton" in page.decode()


def test_a_players_page_lists_no_other_player_but_finds_them_by_name(hall, organizer_client):
    others = records(hall, [f"Someone {n:03}" for n in range(100)])
    ann, annie, rita = records(hall, ["Ann Rankin", "Annie Rankin", "Rita Beaton"])
    PlayerProposal.objects.create(hall=hall, player=annie, other=ann)
    url = reverse("season-player", args=[hall.pk, ann.pk])
    page = organizer_client.get(url).content.decode()
    assert "<select" not in page
    assert not any(other.name in page for other in others)
    assert "Rita Beaton" not in page
    # The register's proposal, as a way to the merge's choice.
    merge = reverse("player-merge", args=[hall.pk, ann.pk])
    assert f'href="{merge}?into={annie.pk}"' in page
    found = organizer_client.get(url, {"find": "rita"}).content.decode()
    choice = reverse("player-merge", args=[hall.pk, ann.pk]) + f"?into={rita.pk}"
    assert f'href="{choice}"' in found
    anns = organizer_client.get(url, {"find": "ann"}).content.decode()
    assert f"?into={annie.pk}" in anns and f"?into={ann.pk}" not in anns  # not herself
    many = organizer_client.get(url, {"find": "someone"}).content.decode()
    assert many.count("?into=") == 20 + 1  # 20 found, and the proposal
    assert "Only the first 20 are listed" in many
    # The link leads to the choice of spelling; nothing is merged yet.
    asked = organizer_client.get(choice)
    assert asked.status_code == 200 and "Keep the spelling" in asked.content.decode()
    assert not Player.objects.exclude(merged_into=None).exists()


def test_a_players_line_comes_ten_evenings_a_page_the_latest_first(hall, organizer_client):
    for week in range(25):
        services.register_couple(evening_of(hall, week), "Ann Rankin", "Joe Rankin")
    ann = Player.objects.get(folded=fold_name("Ann Rankin"))
    url = reverse("season-player", args=[hall.pk, ann.pk])
    first = organizer_client.get(url).content.decode()
    assert "25 evenings" in first
    assert "Friday 24<" in first and "Friday 15<" in first and "Friday 14<" not in first
    assert "Page 1 of 3" in first and "?evenings=2#player-line" in first
    last = organizer_client.get(url, {"evenings": 3}).content.decode()
    assert "Friday 4<" in last and "Friday 0<" in last and "Friday 5<" not in last
