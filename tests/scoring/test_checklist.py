"""Tonight's checklist on the evening's page: each step's state, the
warnings, and a constant number of queries whatever the evening's size."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from scoring.checklist import DONE, LATER, TODO, checklist, is_loopback
from scoring.services.prizes import set_prize
from tables import services
from tables.models import Evening, Seating, Table
from tests.scoring.conftest import make_couples


def states(night) -> dict[str, str]:
    return {step.key: step.state for step in night.steps}


def play_all(evening: Evening) -> Evening:
    """Record every table's result (couple a wins) for every game."""
    for number in range(evening.current_game, evening.games + 1):
        evening.refresh_from_db()
        for seating in Seating.objects.filter(game__evening=evening, game__number=number):
            services.record_result(evening, number, seating.table.number, seating.couple_a.number)
        evening.refresh_from_db()
        if number < evening.games:
            services.advance(evening, from_game=number)
    evening.refresh_from_db()
    return evening


@pytest.fixture
def short(evening) -> Evening:
    # One prize place: setting place 1 sets every prize the evening has.
    Evening.objects.filter(pk=evening.pk).update(games=3, entry_fee=Decimal("5"), prize_places=1)
    evening.refresh_from_db()
    return evening


def test_a_new_evening_starts_with_the_settings_and_prizes(short):
    night = checklist(short)
    assert night.next_step.key == "prizes"
    s = states(night)
    assert s["prizes"] == TODO and s["door"] == TODO and s["publish"] == TODO
    assert s["seat"] == LATER and "two couples" in night.step("seat").detail
    assert s["table-cards"] == LATER and s["play"] == LATER and s["finish"] == LATER
    assert s["cue-cards"] == LATER  # no couples yet


def test_prizes_set_then_publish_is_next(short):
    set_prize(short, "place", 1, kind="cash", amount=Decimal("20"))
    short.published = True
    night = checklist(short)
    assert states(night)["prizes"] == DONE and states(night)["publish"] == DONE
    assert night.next_step.key == "door"  # cue cards wait for the first couples


def test_registering_couples_makes_seating_possible_and_counts_unpaid(short):
    make_couples(short, 4)
    night = checklist(short)
    assert states(night)["seat"] == TODO
    assert "4 couples registered" in night.step("door").detail
    assert "4 have not paid" in night.step("door").detail
    unpaid = [w for w in night.warnings if w.key == "unpaid"]
    assert unpaid and "1, 2, 3, 4" in unpaid[0].text


def test_printing_cue_cards_is_recorded_and_warns_while_unpublished(short, volunteer_client):
    make_couples(short, 4)
    response = volunteer_client.get(reverse("print-cards", args=[short.slug]))
    assert response.status_code == 200
    short.refresh_from_db()
    assert short.cue_cards_printed_at is not None
    night = checklist(short)
    assert states(night)["cue-cards"] == DONE
    assert "unpublished" in [w.key for w in night.warnings]
    short.published = True
    assert "unpublished" not in [w.key for w in checklist(short).warnings]


def test_seating_then_table_cards_then_play_with_progress(short, volunteer_client):
    make_couples(short, 4)
    services.start_evening(short, seed=1)
    short.refresh_from_db()
    night = checklist(short)
    s = states(night)
    assert s["door"] == DONE and s["seat"] == DONE
    assert s["table-cards"] == TODO and s["play"] == TODO
    assert "Game 1 of 3: 0 of 2 tables in" in night.step("play").detail
    assert s["ties"] == LATER and s["results"] == LATER and s["finish"] == LATER
    volunteer_client.get(reverse("print-tables", args=[short.slug]))
    short.refresh_from_db()
    assert states(checklist(short))["table-cards"] == DONE


def test_a_table_disagreement_is_a_warning(short):
    make_couples(short, 4)
    services.start_evening(short, seed=1)
    short.refresh_from_db()
    seating = Seating.objects.filter(game__evening=short).select_related("table").first()
    table = Table.objects.get(pk=seating.table_id)
    a, b = seating.couple_a.number, seating.couple_b.number
    services.report_result(table, 1, a, a)
    services.report_result(table, 1, b, b)
    warnings = [w for w in checklist(short).warnings if w.key == "disagreement"]
    assert warnings and str(table.number) in warnings[0].text


def test_after_the_last_game_finish_then_ties_then_results(short):
    make_couples(short, 4, paid=True)
    set_prize(short, "place", 1, kind="cash", amount=Decimal("20"))
    services.start_evening(short, seed=1)
    short.refresh_from_db()
    evening = play_all(short)
    night = checklist(evening)
    s = states(night)
    assert s["play"] == DONE and s["finish"] == TODO
    assert s["ties"] == LATER and s["results"] == LATER
    assert night.next_step.key == "finish"
    services.finish_evening(evening, from_game=evening.games)
    evening.refresh_from_db()
    night = checklist(evening)
    s = states(night)
    assert s["finish"] == DONE
    if s["ties"] == TODO:  # couples tied on wins: the tie is the next thing
        assert "tie" in [w.key for w in night.warnings]
        assert s["results"] == LATER
    else:
        assert s["results"] == TODO


def test_ties_settled_lets_the_results_be_printed(short):
    make_couples(short, 2, paid=True)
    services.start_evening(short, seed=1)
    short.refresh_from_db()
    evening = play_all(short)  # two couples, one table: one couple wins every game
    services.finish_evening(evening, from_game=evening.games)
    evening.refresh_from_db()
    night = checklist(evening)
    assert states(night)["ties"] == DONE and states(night)["results"] == TODO
    assert night.next_step.key == "results"  # skipped printouts and publishing stay behind


def test_a_finished_evening_has_nothing_left_once_printed(short):
    make_couples(short, 2, paid=True)
    set_prize(short, "place", 1, kind="cash", amount=Decimal("20"))
    services.start_evening(short, seed=1)
    short.refresh_from_db()
    evening = play_all(short)
    services.finish_evening(evening, from_game=evening.games)
    now = datetime.datetime.now(datetime.UTC)
    Evening.objects.filter(pk=evening.pk).update(
        published=True, cue_cards_printed_at=now, table_cards_printed_at=now, results_printed_at=now
    )
    evening.refresh_from_db()
    night = checklist(evening)
    assert night.next_step is None
    assert set(states(night).values()) == {DONE}


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1:8000", True),
        ("localhost", True),
        ("[::1]:8000", True),
        ("192.168.1.20:8000", False),
        ("cardnight.example.org", False),
        ("10.0.0.5", False),
    ],
)
def test_a_loopback_address_is_recognised(host, loopback):
    assert is_loopback(host) is loopback


def test_a_loopback_address_is_the_first_warning(short):
    make_couples(short, 2)
    night = checklist(short, phone_host="127.0.0.1:8000")
    assert night.warnings[0].key == "loopback"
    assert "loopback" not in [w.key for w in checklist(short, phone_host="192.168.1.4").warnings]


def test_the_last_backup_time_is_shown(short, settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    (tmp_path / "cardnight-20261127-200000-000000-game-1.sqlite3").write_bytes(b"x")
    night = checklist(short)
    assert night.last_backup is not None
    from cardnight import backup

    if backup.sqlite_path() is not None:
        assert "backup" in [w.key for w in night.warnings]


@pytest.mark.parametrize("size", [4, 20])
def test_the_checklist_takes_a_constant_number_of_queries(
    short, size, django_assert_max_num_queries
):
    make_couples(short, size)
    services.start_evening(short, seed=1)
    short.refresh_from_db()
    with django_assert_max_num_queries(12):
        checklist(short)


def test_the_evening_page_leads_with_the_next_step(short, organizer_client):
    response = organizer_client.get(short.get_absolute_url(), HTTP_HOST="127.0.0.1:8000")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.index('data-warning="loopback"') < html.index("next-title")
    assert 'data-step="prizes"' in html and 'data-step="finish"' in html


def test_a_volunteer_sees_their_part_and_no_organizer_buttons(short, volunteer_client):
    response = volunteer_client.get(short.get_absolute_url())
    html = response.content.decode()
    assert reverse("door", args=[short.slug]) in html
    assert reverse("game-screen", args=[short.slug]) in html
    assert "An organizer does this step." in html
    assert reverse("evening-edit", args=[short.slug]) not in html


def test_a_skipped_printout_is_not_proposed_once_the_night_moved_on(short):
    make_couples(short, 2, paid=True)
    services.start_evening(short, seed=1)
    short.refresh_from_db()
    night = checklist(short)
    assert states(night)["cue-cards"] == TODO  # still shown as not done...
    assert night.next_step.key == "table-cards"  # ...but the seating is done: go on


def test_creating_an_evening_leads_to_the_checklists_next_step(organizer_client, hall):
    """Not to the door: the checklist's first step is the settings and prizes."""
    data = {
        "hall": hall.pk, "name": "Friday 45s", "date": "2026-11-27", "games": "25",
        "entry_fee": "10.00", "prize_places": "3", "ranking": "distinct", "jar_buy_in": "2.00",
        "jar_draw_size": "8", "jar_draw_mode": "announced", "half_time_game": "12",
        "renege": "cape_breton", "nontrump_lead": "follow_or_trump", "jokers": "none",
        "game_target": "45",
    }  # fmt: skip
    response = organizer_client.post(reverse("evening-create"), data, follow=True)
    evening = Evening.objects.get(name="Friday 45s")
    first = response.redirect_chain[0][0]
    assert first == reverse("evening-next-step", args=[evening.slug])
    assert response.redirect_chain[-1][0] == reverse("prizes", args=[evening.slug])
    assert checklist(evening).next_step.url == reverse("prizes", args=[evening.slug])
    assert "Here is the next step of tonight&#x27;s list." in response.content.decode()


def test_the_next_step_follows_the_checklist(organizer_client, short):
    set_prize(short, "place", 1, kind="cash", amount="20.00")
    make_couples(short, 4)
    response = organizer_client.get(reverse("evening-next-step", args=[short.slug]))
    assert response["Location"] == checklist(short).next_step.url
    assert response["Location"] != reverse("prizes", args=[short.slug])


def test_before_play_the_prizes_page_leads_with_the_prizes(organizer_client, short):
    make_couples(short, 4)
    html = organizer_client.get(reverse("prizes", args=[short.slug])).content.decode()
    assert html.index("What each prize is") < html.index('id="places-h"') < html.index("Money")
    services.start_evening(short, seed=1)
    html = organizer_client.get(reverse("prizes", args=[short.slug])).content.decode()
    assert html.index('id="places-h"') < html.index("What each prize is") < html.index("Money")
