"""A hall's player register: filled by the door, careful matching, the
Players page (organizers change it, volunteers read it, nobody else sees
it), merging, splitting, spelling, removing and erasing; the season ranks
players and pairs from it."""

import datetime
from decimal import Decimal

import pytest
from django.contrib.admin.models import LogEntry
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from scoring.models import Target
from scoring.season import public_season, season
from scoring.services.prizes import set_prize
from tables import services
from tables.models import Couple, Evening, Hall, Player, PlayerProposal
from tables.names import fold_name, maybe_same
from tables.services import register
from tests.scoring.conftest import finish, punch_counts

pytestmark = pytest.mark.django_db


def night(hall, day, couples, *, published=True):
    """An evening of `hall` registered at the door, played (wins given) and finished."""
    evening = Evening.objects.create(
        hall=hall,
        name=f"Friday {day}",
        slug=f"friday-{hall.pk}-{day}",
        date=datetime.date(2026, 11, day),
        published=published,
    )
    rows = [services.register_couple(evening, a, b, anyway=True) for a, b, _wins in couples]
    punch_counts(evening, rows, [wins for _a, _b, wins in couples])
    set_prize(evening, Target.PLACE, 1, kind="cash", amount="30")
    return finish(evening)


def test_one_folding_rule_for_the_door_the_register_and_the_season():
    assert (
        fold_name("Theresa O'Brien") == fold_name("theresa obrien") == fold_name("Theresa O’Brien")
    )
    assert fold_name("Marie-Thérèse D'Eon") == fold_name("marie therese deon")
    assert fold_name("Ann MacNeil") != fold_name("Ann MacNeill")


def test_near_names_are_only_maybe_the_same_person():
    assert maybe_same("Teresa O'Brien", "Theresa OBrien")
    assert maybe_same("T. O'Brien", "Theresa O'Brien")
    assert not maybe_same("Frank O'Brien", "Theresa O'Brien")
    assert not maybe_same("Mary MacDonald", "Mary MacNeil")
    assert not maybe_same("Ann", "Ann")  # the same name is a match, not a maybe


def test_the_door_fills_the_register_and_matches_a_folded_name_to_its_player(hall, evening):
    first = services.register_couple(evening, "Theresa O'Brien", "Frank O'Brien")
    second = services.register_couple(evening, "theresa  obrien", "Frank O’Brien", anyway=True)
    assert Player.objects.filter(hall=hall).count() == 2
    assert (second.person1_id, second.person2_id) == (first.person1_id, first.person2_id)
    second.refresh_from_db()
    assert second.player1 == "theresa  obrien"  # the night's record keeps what was typed


def test_a_near_name_is_proposed_never_merged(hall, evening):
    services.register_couple(evening, "Theresa O'Brien", "Frank")
    services.register_couple(evening, "Teresa OBrien", "Joe")
    assert Player.objects.filter(hall=hall).count() == 4
    proposal = PlayerProposal.objects.get()
    assert {proposal.player.name, proposal.other.name} == {"Theresa O'Brien", "Teresa OBrien"}
    assert not Player.objects.exclude(merged_into=None).exists()


def test_renaming_a_couple_at_the_door_points_it_at_the_new_names(hall, evening):
    couple = services.register_couple(evening, "Ann", "Jo")
    services.rename_couple(couple, "Ann", "Joe")
    couple.refresh_from_db()
    assert couple.person2.name == "Joe"


def test_registering_a_couple_costs_the_same_queries_in_a_hall_of_many_players(
    hall, evening, django_assert_max_num_queries
):
    Player.objects.bulk_create(
        Player(hall=hall, name=f"Player {n}", folded=fold_name(f"Player {n}")) for n in range(2000)
    )
    with django_assert_max_num_queries(16):
        services.register_couple(evening, "Newcomer One", "Player 7")


def test_the_season_ranks_the_right_players_despite_misspellings_and_swapped_partners(hall):
    """Theresa & Frank O'Brien typed without the apostrophe one week are one
    couple; Frank's evening with Mary still counts for Frank."""
    night(hall, 6, [("Theresa O'Brien", "Frank O'Brien", 15), ("Mary", "Angus", 10)])
    night(hall, 13, [("Theresa OBrien", "Frank OBrien", 12), ("Mary", "Angus", 13)])
    night(hall, 20, [("Frank O'Brien", "Mary", 14), ("Angus", "Theresa O'Brien", 11)])
    table = season(hall)
    pairs = {row.names: row for row in table.rows}
    assert len(table.rows) == 4  # T&F, M&A, F&M, A&T: not split by the apostrophe
    obriens = pairs["Theresa O'Brien & Frank O'Brien"]
    assert (obriens.evenings, obriens.games) == (2, 27)
    players = {row.names: row for row in table.players}
    assert set(players) == {"Theresa O'Brien", "Frank O'Brien", "Mary", "Angus"}
    assert (players["Frank O'Brien"].evenings, players["Frank O'Brien"].games) == (3, 41)
    assert players["Frank O'Brien"].partner == "Theresa O'Brien"
    # Prizes: first place each night (30 each).
    assert players["Frank O'Brien"].prizes == ["1st 2026-11-06", "1st 2026-11-20"]
    assert players["Mary"].cash == Decimal("60.00")
    assert [row.names for row in table.players][0] == "Frank O'Brien"
    public = public_season(hall)
    assert {row.names for row in public.players} == set(players)
    assert len(public.rows) == 4


def test_a_merge_joins_two_spellings_in_the_season_and_a_split_undoes_it(hall, organizer_client):
    night(hall, 6, [("Ann MacNeil", "Joe", 15), ("Rita", "Angus", 10)])
    night(hall, 13, [("Ann MacNeill", "Joe", 12), ("Rita", "Angus", 13)])
    assert len(season(hall).rows) == 3
    proposal = PlayerProposal.objects.get()
    response = organizer_client.post(
        reverse("player-merge", args=[hall.pk, proposal.player_id]),
        {"into": proposal.other_id, "keep": proposal.other_id},
    )
    assert response.status_code == 302
    table = season(hall)
    assert len(table.rows) == 2
    assert {row.names: row.evenings for row in table.players}["Ann MacNeil"] == 2
    page = organizer_client.get(reverse("players", args=[hall.pk])).content.decode()
    assert "also typed" in page and "Ann MacNeill" in page
    assert "may be" not in page  # the proposal is settled
    organizer_client.post(reverse("player-split", args=[hall.pk, proposal.player_id]))
    assert len(season(hall).rows) == 3


def test_fixing_a_spelling_is_for_next_time(hall, evening, organizer_client):
    couple = services.register_couple(evening, "Theresa OBrien", "Frank")
    url = reverse("player-rename", args=[hall.pk, couple.person1_id])
    assert organizer_client.post(url, {"name": "Theresa O'Brien"}).status_code == 302
    assert Player.objects.get(pk=couple.person1_id).name == "Theresa O'Brien"
    couple.refresh_from_db()
    assert couple.player1 == "Theresa OBrien"  # the evening's record is unchanged
    # A spelling that is another player's is refused with a reason.
    response = organizer_client.post(url, {"name": "frank"})
    assert response.status_code == 409
    assert "merge" in response.content.decode()
    assert organizer_client.post(url, {"name": "  "}).status_code == 400


def test_removing_a_player_keeps_the_evenings_names(hall, evening, organizer_client):
    couple = services.register_couple(evening, "Theresa O'Brien", "Frank")
    url = reverse("player-remove", args=[hall.pk, couple.person1_id])
    assert organizer_client.get(url).status_code == 200  # asks first
    assert organizer_client.post(url).status_code == 302
    couple.refresh_from_db()
    assert couple.person1 is None and couple.player1 == "Theresa O'Brien"
    assert not Player.objects.filter(name="Theresa O'Brien").exists()


def test_erasing_a_player_removes_the_name_from_past_evenings_and_logs_it(hall, organizer_client):
    night(hall, 6, [("Theresa O'Brien", "Frank", 15), ("Mary", "Angus", 10)])
    night(hall, 13, [("theresa obrien", "Frank", 12), ("Mary", "Angus", 13)])
    player = Player.objects.get(folded="theresaobrien")
    versions = list(Evening.objects.order_by("pk").values_list("version", flat=True))
    with translation.override("en"):
        response = organizer_client.post(reverse("player-erase", args=[hall.pk, player.pk]))
    assert response.status_code == 302
    assert not Couple.objects.filter(player1__icontains="theresa").exists()
    assert Couple.objects.filter(player1="(name removed)").count() == 2
    table = season(hall)
    assert {row.names: row.games for row in table.players}["Frank"] == 27  # results stay
    assert not Player.objects.filter(folded="theresaobrien").exists()
    log = LogEntry.objects.latest("action_time")
    assert "2 evenings" in log.change_message and "Theresa" not in log.change_message
    assert list(Evening.objects.order_by("pk").values_list("version", flat=True)) != versions


def test_only_the_halls_people_see_the_register_and_volunteers_only_read_it(
    hall, evening, organizer_client, volunteer_client, outsider_client, client
):
    couple = services.register_couple(evening, "Theresa O'Brien", "Frank")
    listing = reverse("players", args=[hall.pk])
    line = reverse("season-player", args=[hall.pk, couple.person1_id])
    for url in (listing, line):
        assert outsider_client.get(url).status_code == 404
        assert client.get(url).status_code == 302  # sign in
        assert volunteer_client.get(url).status_code == 200
    assert "Theresa O&#x27;Brien" in organizer_client.get(listing).content.decode()
    assert "Save the spelling" not in volunteer_client.get(line).content.decode()
    assert "Save the spelling" in organizer_client.get(line).content.decode()
    rename = reverse("player-rename", args=[hall.pk, couple.person1_id])
    assert volunteer_client.post(rename, {"name": "X"}).status_code == 403
    # A player of another hall is not found through this hall.
    other = Hall.objects.create(name="Legion")
    stranger = Player.objects.create(hall=other, name="Rita", folded="rita")
    assert (
        organizer_client.get(reverse("season-player", args=[hall.pk, stranger.pk])).status_code
        == 404
    )
    response = organizer_client.post(
        reverse("player-merge", args=[hall.pk, couple.person1_id]), {"into": stranger.pk}
    )
    assert response.status_code == 404
    response = organizer_client.post(reverse("player-merge", args=[hall.pk, couple.person1_id]))
    assert response.status_code == 400


def test_the_public_season_keeps_the_halls_privacy(hall):
    night(hall, 6, [("Theresa O'Brien", "Frank O'Brien", 15), ("Mary Rose", "Angus", 10)])
    Hall.objects.filter(pk=hall.pk).update(privacy=Hall.Privacy.FIRST)
    hall.refresh_from_db()
    assert {row.names for row in public_season(hall).players} == {
        "Theresa",
        "Frank",
        "Mary",
        "Angus",
    }
    Hall.objects.filter(pk=hall.pk).update(privacy=Hall.Privacy.NUMBERS)
    hall.refresh_from_db()
    shown = public_season(hall)
    assert shown.players == () and shown.rows == ()


def test_the_players_page_and_the_season_cost_a_constant_number_of_queries(
    hall, organizer_client, django_assert_max_num_queries
):
    for day in range(1, 7):
        night(hall, day, [(f"P{n}", f"Q{(n + day) % 9}", n) for n in range(1, 10)])
    with django_assert_max_num_queries(14):
        organizer_client.get(reverse("players", args=[hall.pk]))
    with django_assert_max_num_queries(20):
        organizer_client.get(reverse("season", args=[hall.pk]))
    player = Player.objects.get(folded="p1")
    with django_assert_max_num_queries(24):
        response = organizer_client.get(reverse("season-player", args=[hall.pk, player.pk]))
    assert response.content.decode().count("couple ") >= 6


def test_register_helpers_record_no_blank_names(hall, evening):
    assert register.records_for(hall, ["  ", "Ann"])[0] is None


def test_a_merge_locks_every_record_of_both_people_in_id_order_before_changing_any(hall):
    """Issue 47: merges of one pair in opposite directions deadlocked, each
    holding one person. One statement locks both people's records, by id
    (tests/tables/test_concurrency_postgres.py runs two at once)."""
    a = Player.objects.create(hall=hall, name="Ann", folded="ann")
    b = Player.objects.create(hall=hall, name="Anne", folded="anne")
    a2 = Player.objects.create(hall=hall, name="An", folded="an", merged_into=a)
    b2 = Player.objects.create(hall=hall, name="Ane", folded="ane", merged_into=b)
    with CaptureQueriesContext(connection) as queries:
        register.merge_players(b, a2)  # a record merged into A: all of A moves
    sql = [query["sql"] for query in queries.captured_queries]
    locks = [n for n, text in enumerate(sql) if 'ORDER BY "tables_player"."id" ASC' in text]
    assert len(locks) == 1, sql
    first_write = next(n for n, text in enumerate(sql) if text.startswith(("UPDATE", "DELETE")))
    assert locks[0] < first_write
    if connection.vendor == "postgresql":
        assert sql[locks[0]].endswith("FOR UPDATE")
    assert register.lock_people(a2, b) == {a.pk, a2.pk, b.pk, b2.pk}
    assert {p.person_id for p in Player.objects.filter(hall=hall)} == {b.pk}


def test_the_players_page_names_each_person_by_their_most_typed_spelling(hall, organizer_client):
    night(hall, 6, [("LÉO CHIASSON", "Rita", 5)])
    night(hall, 13, [("Léo Chiasson", "Rita", 6)])
    night(hall, 20, [("Léo Chiasson", "Rita", 7)])
    page = organizer_client.get(reverse("players", args=[hall.pk])).content.decode()
    assert "Léo Chiasson" in page and "LÉO CHIASSON" not in page
    assert {row.names for row in season(hall).players} == {"Léo Chiasson", "Rita"}
