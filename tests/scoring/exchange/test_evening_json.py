"""Export and import of an evening as JSON (scoring/exchange/): the round
trip, evenings given as punch cards, and every import error named."""

import copy
import datetime
import json
from decimal import Decimal

import pytest
from django.core.management import call_command

from scoring.exchange import ImportProblem, export_evening_data, import_evening_data
from tables import services
from tables.models import Couple, Evening, Game, Hall, Punch, ResultChange, Seating
from tests.tables.conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db


def simulate(*args) -> Evening:
    from io import StringIO

    out = StringIO()
    call_command("simulate_evening", *args, stdout=out)
    return Evening.objects.get(slug=out.getvalue().strip().splitlines()[-1])


def without_slug(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "slug"}


@pytest.fixture
def played(organizer):
    """A finished 8-game evening of 11 couples, some late and some leaving,
    with one organizer correction."""
    evening = simulate(
        "--couples", "11", "--games", "8", "--seed", "4", "--late", "2", "--leave", "3"
    )
    table = seatings(evening, 3)[0]
    loser = table.couple_b if table.winner == table.couple_a else table.couple_a
    services.correct_result(
        evening, 3, table.table.number, loser.number, reason="Miscount", user=organizer
    )
    return evening


def test_a_simulated_evening_survives_the_round_trip(played):
    data = json.loads(json.dumps(export_evening_data(played)))
    copy_ = import_evening_data(data, published=True)
    assert copy_.slug != played.slug
    assert without_slug(export_evening_data(copy_)) == without_slug(data)
    assert copy_.status == Evening.Status.FINISHED and copy_.current_game == 8
    assert (
        Punch.objects.filter(evening=copy_).count() == Punch.objects.filter(evening=played).count()
    )
    log = ResultChange.objects.get(seating__game__evening=copy_)
    assert (log.kind, log.reason, log.changed_by.username) == ("corrected", "Miscount", "olive")


def test_the_start_time_and_a_cancellation_survive_the_round_trip(played):
    Evening.objects.filter(pk=played.pk).update(start_time=datetime.time(19, 0), cancelled=True)
    played.refresh_from_db()
    data = export_evening_data(played)
    assert (data["start_time"], data["cancelled"]) == ("19:00", True)
    copy_ = import_evening_data(json.loads(json.dumps(data)))
    assert (copy_.start_time, copy_.cancelled) == (datetime.time(19, 0), True)
    # Files written before these keys existed import with no time, not cancelled.
    del data["start_time"], data["cancelled"]
    older = import_evening_data(data)
    assert (older.start_time, older.cancelled) == (None, False)


def test_the_export_has_the_documented_keys(played):
    data = export_evening_data(played)
    assert data["format"] == "cardnight-evening" and data["version"] == 1
    assert list(data) == [
        "format", "version", "slug", "name", "date", "start_time", "cancelled", "hall", "status",
        "settings", "couples",
        "games", "standings", "prizes", "places", "booby", "cookie_jar", "tiebreaks", "extras",
    ]  # fmt: skip
    assert {"games", "prize_places", "bye_counts_as_win"} <= set(data["settings"])
    assert set(data["couples"][0]) >= {"number", "players", "joined_game", "left_after_game"}
    table = data["games"][0]["tables"][0]
    assert set(table) >= {"table", "couples", "deals_first", "winner"}
    assert set(data["standings"][0]) == {"couple", "wins", "punched"}
    assert data["settings"]["entry_fee"] == "0.00"


def test_the_export_costs_the_same_queries_for_any_size(
    make_evening, django_assert_max_num_queries
):
    # The tables' own keys take 8 queries, the scoring keys a fixed few more.
    for couples in (6, 60):
        evening = started(make_evening(), couples)
        play_game(evening)
        with django_assert_max_num_queries(12):
            export_evening_data(Evening.objects.select_related("hall").get(pk=evening.pk))


def test_a_running_evening_is_imported_running_and_plays_on(db):
    evening = simulate("--couples", "9", "--games", "6", "--seed", "2", "--stop-after", "3")
    data = export_evening_data(evening)
    assert data["status"] == "running"
    copy_ = import_evening_data(json.loads(json.dumps(data)))
    assert (copy_.status, copy_.current_game) == ("running", 3)
    play_game(copy_)
    services.advance(copy_, from_game=3)
    assert Game.objects.filter(evening=copy_).count() == 4


def test_couples_alone_import_as_an_evening_ready_for_the_draw(db):
    data = {
        "format": "cardnight-evening", "version": 1, "name": "Friday 45s", "date": "2026-11-27",
        "status": "setup", "games": [],
        "couples": [{"number": n, "players": [f"A{n}", f"B{n}"]} for n in (1, 2, 3)],
    }  # fmt: skip
    evening = import_evening_data(data)
    assert evening.is_setup and evening.couples.count() == 3
    services.start_evening(evening, seed=1)
    assert Seating.objects.filter(game__evening=evening).count() == 1


def punch_card_data(**changes):
    data = {
        "format": "cardnight-evening", "version": 1, "slug": "paper-night", "name": "Paper night",
        "date": "2026-11-20", "hall": "Arichat Parish Hall",
        "settings": {"games": 5, "prize_places": 2},
        "couples": [
            {"number": 1, "players": ["Mary", "John"]},
            {"number": 2, "players": ["Ann", "Joe"], "joined_game": 3},
            {"number": 3, "players": ["Rita", "Angus"], "left_after_game": 2},
        ],
        "games": [],
        "standings": [
            {"couple": 1, "wins": 3, "punched": [1, 2, 5]},
            {"couple": 2, "punched": [3, 4]},
            {"couple": 3, "wins": 1, "punched": [2]},
        ],
    }  # fmt: skip
    data.update(changes)
    return data


def test_an_evening_played_on_paper_imports_as_punch_cards():
    evening = import_evening_data(punch_card_data())
    assert evening.is_finished and evening.current_game == 5 and evening.slug == "paper-night"
    assert evening.hall.name == "Arichat Parish Hall"
    punched = sorted(
        Punch.objects.filter(evening=evening).values_list("couple__number", "game_number", "source")
    )
    assert punched == [
        (1, 1, "paper"), (1, 2, "paper"), (1, 5, "paper"), (2, 3, "paper"), (2, 4, "paper"),
        (3, 2, "paper"),
    ]  # fmt: skip
    assert not Game.objects.filter(evening=evening).exists()


def test_importing_the_same_file_twice_gives_a_new_slug():
    first = import_evening_data(punch_card_data())
    second = import_evening_data(punch_card_data())
    assert (first.slug, second.slug) == ("paper-night", "paper-night-2")


def rotation_data():
    """A small evening, written by hand: 5 couples, 2 games."""
    return {
        "format": "cardnight-evening", "version": 1, "name": "Hand", "date": "2026-11-27",
        "settings": {"games": 2},
        "couples": [{"number": n, "players": [f"A{n}", f"B{n}"]} for n in range(1, 6)],
        "games": [
            {"number": 1, "bye": 5, "tables": [
                {"table": 1, "couples": [1, 2], "deals_first": None, "winner": 1},
                {"table": 2, "couples": [3, 4], "deals_first": None, "winner": 3},
            ]},
            {"number": 2, "bye": 3, "tables": [
                {"table": 1, "couples": [2, 5], "deals_first": 5, "winner": 2},
                {"table": 2, "couples": [4, 1], "deals_first": 1, "winner": 4},
            ]},
        ],
    }  # fmt: skip


def test_a_hand_written_evening_that_follows_the_rule_imports():
    evening = import_evening_data(rotation_data())
    assert evening.is_finished
    punched = Punch.objects.filter(evening=evening).values_list("couple__number", "game_number")
    assert sorted(punched) == [(1, 1), (2, 2), (3, 1), (3, 2), (4, 2), (5, 1)]


def broken(path: str, value):
    """rotation_data() with the value at `path` ("games.1.tables.0.winner") replaced."""
    data = copy.deepcopy(rotation_data())
    *parents, last = path.split(".")
    target = data
    for key in parents:
        target = target[int(key)] if key.isdigit() else target[key]
    if value is DELETE:
        del target[int(last) if last.isdigit() else last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return data


DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "field", "message"),
    [
        ("format", "something", "format", 'must be "cardnight-evening"'),
        ("version", 2, "version", "must be 1"),
        ("name", DELETE, "name", "is missing"),
        ("date", "27/11/2026", "date", "must be a date like"),
        ("date", "9999-12-31", "date", "must be in the years 2000 to 2100, not '9999-12-31'"),
        ("date", "1999-12-31", "date", "must be in the years 2000 to 2100"),
        ("slug", "Not A Slug", "slug", "letters, digits and hyphens"),
        ("settings", [], "settings", "must be an object"),
        ("settings.games", "25", "settings.games", "must be a whole number"),
        ("settings.games", 0, "settings.games", "greater than or equal to 1"),
        ("settings.colour", "red", "settings.colour", "is not a setting"),
        ("settings.ranking", "alphabetical", "settings.ranking", "is not a valid choice"),
        ("settings.bye_counts_as_win", "yes", "settings.bye_counts_as_win", "true or false"),
        ("settings.entry_fee", "5.005", "settings.entry_fee", "more than two decimals"),
        ("settings.entry_fee", "-5", "settings.entry_fee", "cannot be negative"),
        ("couples.1.number", 1, "couples[1].number", "couple 1 is listed twice"),
        ("couples.0.players", ["Mary"], "couples[0].players", "must name two players"),
        ("couples.0.players", ["Mary", "  "], "couples[0].players[1]", "must not be empty"),
        ("couples.0.joined_game", 3, "couples[0].joined_game", "must be from 1 to 2"),
        ("games.1.number", 3, "games[1].number", "must be 2"),
        ("games.0.tables.0.couples", [1, 9], "games[0].tables[0].couples[1]", "no couple 9"),
        ("games.0.tables.0.couples", [1, 1], "games[0].tables[0].couples[1]", "seated twice"),
        ("games.0.tables.0.couples", [1], "games[0].tables[0].couples", "two couples"),
        ("games.0.tables.0.winner", 3, "games[0].tables[0].winner", "did not play at table 1"),
        ("games.0.tables.0.winner", None, "games[0].tables[0].winner", "is missing"),
        ("games.0.tables.0.deals_first", 4, "games[0].tables[0].deals_first", "not at this table"),
        ("games.0.bye", None, "games[0].tables", "couples 5 play game 1 but are not seated"),
        ("games.0.tables.1.table", 3, "games[0].tables", "tables 1, 2, 3"),
        ("games.1.bye", 4, "games[1].tables[1].couples[0]", "also at games[1].bye"),
        ("games.1.tables.1.couples", [3, 1], "games[1].tables[1].couples[0]", "seated twice"),
        ("games.1.tables.1.deals_first", 4, "games[1]",
         "game 2 does not follow the rotation rule: at table 2 couple 1 deals first"),
        ("status", "paused", "status", "must be one of"),
        ("start_time", "half past seven", "start_time", 'must be a time like "19:30"'),
        ("start_time", 1930, "start_time", "must be text"),
        ("cancelled", "yes", "cancelled", "must be true or false"),
        ("standings", [{"couple": 1, "punched": [2]}], "standings[0].punched",
         "couple 1 won games 1 by the results, not 2"),
        ("standings", [{"couple": 1, "wins": 2, "punched": [1]}], "standings[0].wins",
         "is 2, but 1 games are punched"),
    ],
)  # fmt: skip
def test_a_bad_file_is_refused_with_the_field_named_and_nothing_created(
    path, value, field, message
):
    data = broken(path, value)
    before = (Evening.objects.count(), Hall.objects.count(), Couple.objects.count())
    with pytest.raises(ImportProblem) as problem:
        import_evening_data(data)
    assert problem.value.field == field
    assert message in problem.value.message
    assert problem.value.message.startswith(field + ":")
    assert (Evening.objects.count(), Hall.objects.count(), Couple.objects.count()) == before


def test_the_order_of_two_couples_at_a_table_is_free_and_stored_by_the_rule():
    data = rotation_data()
    data["games"][1]["tables"][0]["couples"] = [5, 2]
    evening = import_evening_data(data)
    seating = Seating.objects.get(game__evening=evening, game__number=2, table__number=1)
    assert (seating.couple_a.number, seating.couple_b.number, seating.deals_first.number) == (
        2,
        5,
        5,
    )


def test_a_seating_that_breaks_the_rotation_says_where():
    data = rotation_data()
    data["games"][1]["tables"] = [
        {"table": 1, "couples": [2, 4], "deals_first": None, "winner": 2},
        {"table": 2, "couples": [5, 1], "deals_first": None, "winner": 5},
    ]
    data["games"][1]["bye"] = 3
    with pytest.raises(ImportProblem) as problem:
        import_evening_data(data)
    assert problem.value.message == (
        "games[1]: game 2 does not follow the rotation rule: table 1 should seat couples 2 and 5, "
        "not 2 and 4; table 2 should seat couples 4 and 1, not 5 and 1."
    )


@pytest.mark.parametrize(
    ("standings", "field", "message"),
    [
        ([{"couple": 2, "punched": [1]}], "standings[0].punched", "did not play game 1"),
        ([{"couple": 3, "punched": [4]}], "standings[0].punched", "did not play game 4"),
        ([{"couple": 1, "punched": [1, 1]}], "standings[0].punched", "punched twice"),
        ([{"couple": 1, "punched": [6]}], "standings[0].punched[0]", "must be from 1 to 5"),
        ([{"couple": 7, "punched": [1]}], "standings[0].couple", "no couple 7"),
        ([{"couple": 1}, {"couple": 1}], "standings[1].couple", "listed twice"),
    ],
)
def test_bad_punch_cards_are_refused(standings, field, message):
    with pytest.raises(ImportProblem) as problem:
        import_evening_data(punch_card_data(standings=standings))
    assert problem.value.field == field and message in problem.value.message
    assert not Evening.objects.exists()


def test_money_may_be_written_as_a_number():
    data = punch_card_data()
    data["settings"]["entry_fee"] = Decimal("5.5")
    assert import_evening_data(data).entry_fee == Decimal("5.50")


def test_an_evening_imported_in_another_hall_keeps_its_players_by_their_ids(db):
    """The optional `player_ids`: the same person stays the same player,
    even typed another way on the next evening."""
    home = Hall.objects.create(name="St. Joseph's")
    evening = Evening.objects.create(
        hall=home, name="Friday", slug="friday", date=datetime.date(2026, 11, 27)
    )
    services.register_couple(evening, "Theresa O'Brien", "Frank O'Brien")
    data = json.loads(json.dumps(export_evening_data(evening)))
    ids = data["couples"][0]["player_ids"]
    assert len(ids) == 2 and all(ids)
    data["hall"] = "Legion"
    copy_ = import_evening_data(data)
    assert export_evening_data(copy_)["couples"][0]["player_ids"] == ids
    # The next evening, with a spelling the Legion has not seen, keeps the player.
    data["slug"], data["couples"][0]["players"][0] = "next", "Teresa OBrien"
    again = import_evening_data(data)
    couple = again.couples.get()
    assert couple.player1 == "Teresa OBrien"
    assert couple.person1 == copy_.couples.get().person1
    assert copy_.hall.players.count() == 2


@pytest.mark.parametrize("value", [["x", None], [None], "abc"])
def test_bad_player_ids_are_refused_with_the_field_named(db, value):
    data = {
        "format": "cardnight-evening", "version": 1, "name": "Friday 45s", "date": "2026-11-27",
        "status": "setup", "games": [],
        "couples": [{"number": 1, "players": ["A", "B"], "player_ids": value}],
    }  # fmt: skip
    with pytest.raises(ImportProblem) as raised:
        import_evening_data(data)
    assert "couples[0].player_ids" in str(raised.value)
    assert not Evening.objects.exists()


def test_imported_evenings_count_towards_the_registers_spelling(db):
    """Issue 47: the register names a player by the spelling typed most often."""
    hall = Hall.objects.create(name="St. Joseph's")
    evening = Evening.objects.create(
        hall=hall, name="Friday", slug="friday", date=datetime.date(2026, 11, 20)
    )
    services.register_couple(evening, "LÉO CHIASSON", "Rita Boudreau")
    data = rotation_data() | {"hall": "St. Joseph's"}
    data["couples"][0]["players"] = ["Léo Chiasson", "Rita Boudreau"]
    import_evening_data(data)
    import_evening_data(data)
    assert set(hall.players.values_list("name", flat=True)) >= {"Léo Chiasson", "Rita Boudreau"}
