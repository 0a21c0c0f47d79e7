"""A report or a tap sent again from a phone's outbox (the Wi-Fi dropped,
the answer was lost): the same id has exactly one effect and gets the same
answer (tables/services/receipts.py)."""

import pytest
from django.urls import reverse

from cardnight.errors import Conflict, UserError
from tables import services
from tables.models import Evening, Punch, Receipt, ResultChange, TableReport
from tables.services import receipts

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def seating(evening):
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    seating.a, seating.b = seating.couple_a.number, seating.couple_b.number
    return seating


def version(seating) -> int:
    return Evening.objects.get(pk=seating.game.evening_id).version


def report_url(seating) -> str:
    return reverse("tableside-report", args=[seating.table.token])


def test_the_same_report_id_three_times_has_one_effect(seating):
    before = version(seating)
    answers = [
        receipts.report_result_once(seating.table, "phone-id-0001", 1, seating.a, seating.a)[0]
        for _ in range(3)
    ]
    assert answers == [{"code": receipts.PENDING, "winner": None}] * 3
    assert TableReport.objects.count() == 1 and Receipt.objects.count() == 1
    assert version(seating) == before + 1  # one change, not three


def test_a_confirmation_sent_three_times_records_the_result_once(seating):
    receipts.report_result_once(seating.table, "phone-a-0001", 1, seating.a, seating.a)
    answers = [
        receipts.report_result_once(seating.table, "phone-b-0001", 1, seating.b, seating.a)[0]
        for _ in range(3)
    ]
    assert answers == [{"code": receipts.CONFIRMED, "winner": seating.a}] * 3
    assert ResultChange.objects.count() == 1
    assert list(Punch.objects.values_list("couple__number", flat=True)) == [seating.a]


def test_the_page_gives_the_same_answer_to_the_same_id(client, seating):
    data = {"game": 1, "reporter": seating.a, "winner": seating.a, "request_id": "abcdef123456"}
    pages = [client.post(report_url(seating), data, headers=HTMX) for _ in range(3)]
    assert [p.status_code for p in pages] == [200, 200, 200]
    for page in pages:
        assert "Thank you. Now the other couple confirms it" in page.content.decode()
    assert TableReport.objects.count() == 1


def test_without_an_id_a_second_send_says_it_was_already_in(client, seating):
    data = {"game": 1, "reporter": seating.a, "winner": seating.a}
    client.post(report_url(seating), data, headers=HTMX)
    page = client.post(report_url(seating), data, headers=HTMX)
    assert "Your report was already in" in page.content.decode()


def test_a_resent_change_is_not_taken_for_someone_elses(seating):
    """Without the receipt, the second copy of "change 1 -> 2" would find 2
    already there and be refused as "someone else has just changed it"."""
    evening = seating.game.evening
    services.record_result(evening, 1, 1, seating.a)
    for _ in range(2):
        changed = receipts.record_result_once(
            evening, "tap-change-01", 1, 1, seating.b, change=True, was=seating.a
        )
        assert changed is True
    with pytest.raises(Conflict, match="Someone else has just changed"):
        services.change_result(evening, 1, 1, seating.b, was=seating.a)
    assert ResultChange.objects.count() == 2  # recorded, then changed once


def test_a_tap_that_meets_another_result_is_the_usual_conflict(volunteer_client, seating):
    evening = seating.game.evening
    services.record_result(evening, 1, 1, seating.a)  # another volunteer, meanwhile
    data = {"winner": seating.b, "request_id": "queued-tap-01"}
    url = reverse("game-result", args=[evening.slug, 1, 1])
    response = volunteer_client.post(url, data, headers=HTMX)
    assert response.status_code == 409
    assert "already has a result" in response.content.decode()
    assert not Receipt.objects.exists()  # refused: judged again if sent again


def test_one_id_for_two_different_requests_is_refused(seating):
    receipts.report_result_once(seating.table, "same-id-0001", 1, seating.a, seating.a)
    with pytest.raises(UserError, match="already used for another tap"):
        receipts.report_result_once(seating.table, "same-id-0001", 1, seating.a, seating.b)


def test_a_broken_id_is_a_400(client, seating):
    data = {"game": 1, "reporter": seating.a, "winner": seating.a, "request_id": "<script>"}
    response = client.post(report_url(seating), data, headers=HTMX)
    assert response.status_code == 400
    assert not TableReport.objects.exists()


def test_a_report_after_a_volunteer_recorded_it_says_so(client, seating):
    services.record_result(seating.game.evening, 1, 1, seating.b)
    data = {"game": 1, "reporter": seating.a, "winner": seating.b, "request_id": "late-but-ok1"}
    html = client.post(report_url(seating), data, headers=HTMX).content.decode()
    assert f"A volunteer had already recorded it: couple {seating.b} won." in html


def test_a_report_that_disagrees_with_a_volunteer_says_so(client, seating):
    services.record_result(seating.game.evening, 1, 1, seating.b)
    data = {"game": 1, "reporter": seating.a, "winner": seating.a, "request_id": "disagree-001"}
    html = client.post(report_url(seating), data, headers=HTMX).content.decode()
    assert f"A volunteer had already recorded couple {seating.b} as the winner" in html


def test_a_report_that_comes_after_the_next_game_started_says_what_was_recorded(client, seating):
    evening = seating.game.evening
    play_game(evening, winner="b")
    services.advance(evening, from_game=1)
    data = {"game": 1, "reporter": seating.a, "winner": seating.a, "request_id": "too-late-001"}
    response = client.post(report_url(seating), data, headers=HTMX)
    html = response.content.decode()
    assert response.status_code in (200, 409)
    assert "Your report for game 1 came too late: the game was over." in html
    assert f"had recorded couple {seating.b} as the winner; you said couple {seating.a}" in html
    assert not TableReport.objects.filter(seating__game__number=2).exists()


def test_a_late_report_from_a_table_closed_since_says_what_was_recorded(client, evening):
    """Six couples, one leaves: table 3 closes after game 1; its report comes late."""
    evening = started(evening, 6)
    closing = seatings(evening)[2]
    services.mark_leaving(evening, closing.couple_a.number)
    services.mark_leaving(evening, closing.couple_b.number)
    play_game(evening, winner="b")
    services.advance(evening, from_game=1)
    url = reverse("tableside-report", args=[closing.table.token])
    data = {"game": 1, "reporter": closing.couple_a.number, "winner": closing.couple_a.number}
    response = client.post(url, data | {"request_id": "closed-late1"}, headers=HTMX)
    html = response.content.decode()
    assert response.status_code == 409
    assert "came too late" in html and f"couple {closing.couple_b.number} as the winner" in html


def test_a_report_with_a_65_character_id_is_told_what_is_wrong(client, seating):
    data = {"game": 1, "reporter": seating.a, "winner": seating.a, "request_id": "x" * 65}
    response = client.post(report_url(seating), data, headers=HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert "broken id" in page and "Tap the winning couple" not in page
    assert not TableReport.objects.exists()


def test_a_report_from_an_old_page_is_told_to_reload(client, seating):
    data = {"game": "x", "reporter": seating.a, "winner": seating.a}
    page = client.post(report_url(seating), data, headers=HTMX).content.decode()
    assert "out of date" in page and "Tap the winning couple" not in page


def test_a_report_without_a_winner_is_still_told_to_tap_one(client, seating):
    data = {"game": 1, "reporter": seating.a}
    page = client.post(report_url(seating), data, headers=HTMX).content.decode()
    assert "Tap the winning couple" in page


def test_a_volunteers_tap_with_a_65_character_id_is_told_what_is_wrong(volunteer_client, seating):
    url = reverse("game-result", args=[seating.game.evening.slug, 1, 1])
    data = {"winner": seating.a, "request_id": "x" * 65}
    response = volunteer_client.post(url, data, headers=HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert "broken id" in page and "Choose the winning couple" not in page
