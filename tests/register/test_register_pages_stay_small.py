"""Nothing on the Players page grows with the hall's players or evenings
(issue 47, point 17): the register comes 50 people a page, its figures
counted by the database for that page only, its proposals 10 a page, and a
name search lists at most 20 people."""

import datetime

import pytest
from django.urls import reverse

from tables import services
from tables.models import Evening, Player, PlayerProposal
from tables.names import fold_name
from tables.services import register_pages

pytestmark = pytest.mark.django_db


def records(hall, names):
    return [Player.objects.create(hall=hall, name=name, folded=fold_name(name)) for name in names]


def evening_of(hall, week: int) -> Evening:
    return Evening.objects.create(
        hall=hall,
        name=f"Friday {week}",
        slug=f"friday-{week}",
        date=datetime.date(2026, 1, 2) + datetime.timedelta(weeks=week),
    )


def test_the_players_page_lists_fifty_people_a_page(hall, volunteer_client):
    records(hall, [f"Player {n:03}" for n in range(120)])
    url = reverse("players", args=[hall.pk])
    first = volunteer_client.get(url).content.decode()
    assert "120 players" in first
    assert "Player 049" in first and "Player 050" not in first
    assert "Page 1 of 3" in first and "?page=2#register" in first
    last = volunteer_client.get(url, {"page": 3}).content.decode()
    assert "Player 119" in last and "Player 099" not in last
    assert volunteer_client.get(url, {"page": "x"}).status_code == 200  # page 1


def test_the_players_page_costs_the_same_queries_for_many_people_and_evenings(
    hall, organizer_client, django_assert_max_num_queries
):
    records(hall, [f"Player {n:03}" for n in range(80)])
    for week in range(6):
        evening = evening_of(hall, week)
        for n in range(8):
            services.register_couple(evening, f"Player {n:03}", f"Player {n + 40:03}", anyway=True)
    with django_assert_max_num_queries(14):
        page = organizer_client.get(reverse("players", args=[hall.pk]), {"find": "player 00"})
    assert page.status_code == 200


def test_the_register_counts_evenings_last_seen_and_usual_partner_per_page(hall):
    for week, partner in enumerate(["Joe Rankin", "Joe Rankin", "Bob Beaton"]):
        services.register_couple(evening_of(hall, week), "Ann Rankin", partner)
    ann = Player.objects.get(folded=fold_name("Ann Rankin"))
    Player.objects.create(
        hall=hall, name="Anne Rankin", folded=fold_name("Anne Rankin"), merged_into=ann
    )
    rows = {row.player.name: row for row in register_pages.register_page(hall)}
    assert rows["Ann Rankin"].seen == 3
    assert rows["Ann Rankin"].last_seen == datetime.date(2026, 1, 16)
    assert rows["Ann Rankin"].partner == "Joe Rankin"
    assert [s.name for s in rows["Ann Rankin"].spellings] == ["Anne Rankin"]
    assert (rows["Bob Beaton"].seen, rows["Bob Beaton"].partner) == (1, "Ann Rankin")
    assert "Anne Rankin" not in rows  # a spelling, not a person


def test_a_name_search_lists_at_most_twenty_people(hall, volunteer_client):
    records(hall, [f"Mary {n:02}" for n in range(30)] + ["Joe Mary", "Rita Beaton"])
    url = reverse("players", args=[hall.pk])
    page = volunteer_client.get(url, {"find": "mary"}).content.decode()
    found = page[page.index('id="found"') : page.index('id="register"')]
    assert found.count("name-link") == 20
    assert "Mary 00" in found and "Mary 20" not in found and "Rita Beaton" not in found
    assert "Only the first 20 are listed" in found
    one = volunteer_client.get(url, {"find": "rita"}).content.decode()
    assert one[one.index('id="found"') : one.index('id="register"')].count("name-link") == 1
    short = volunteer_client.get(url, {"find": "r"}).content.decode()
    assert "type at least two letters" in short


def test_the_proposals_come_ten_a_page(hall, organizer_client):
    people = records(hall, [f"Ann {n:02}" for n in range(30)])
    for first, second in zip(people[::2], people[1::2], strict=True):
        PlayerProposal.objects.create(hall=hall, player=first, other=second)
    url = reverse("players", args=[hall.pk])
    page = organizer_client.get(url).content.decode()
    assert page.count("Same person: merge") == 10
    assert "?proposals=2#proposals" in page
    assert organizer_client.get(url, {"proposals": 2}).content.decode().count(" may be ") == 5
