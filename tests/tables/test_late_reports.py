"""A table's report that comes after its game closed (a phone that was
offline while a volunteer recorded the table and started the next game):
kept, shown to the volunteers (game screen, the evening's warnings) with a
one-tap correction, and kept on the phone until its person has read it."""

import datetime

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scoring.checklist import checklist
from tables import queries, services
from tables.models import Evening, LateReport, Punch, ResultChange

from .conftest import play_game, seatings, started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def late(evening):
    """Game 1 at table 1: couple b recorded by a volunteer, game 2 started."""
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    seating.a, seating.b = seating.couple_a.number, seating.couple_b.number
    seating.report_url = reverse("tableside-report", args=[seating.table.token])
    seating.page_url = reverse("tableside", args=[seating.table.token])
    play_game(evening, winner="b")
    services.advance(evening, from_game=1)
    seating.evening = Evening.objects.get(pk=evening.pk)
    return seating


def send_late(phone: Client, seating, winner: int, key: str = "late-key-0001"):
    """The phone's outbox sends couple a's report for game 1, now over."""
    data = {"game": 1, "reporter": seating.a, "winner": winner, "request_id": key}
    return phone.post(seating.report_url, data, headers=HTMX)


def warning_text(seating) -> str:
    return (
        f"Table 1 reported couple {seating.a} for game 1 after it closed; "
        f"it was recorded as couple {seating.b}."
    )


def screen(client, evening) -> str:
    return client.get(reverse("game-screen", args=[evening.slug])).content.decode()


def version(evening) -> int:
    return Evening.objects.get(pk=evening.pk).version


def test_a_late_report_that_disagrees_is_kept_and_shown_to_the_volunteers(
    client, volunteer_client, late
):
    before = version(late.evening)
    response = send_late(client, late, late.a)
    assert response.status_code == 200
    report = LateReport.objects.get()
    assert (report.seating_id, report.reporter.number, report.claimed_winner.number) == (
        late.pk,
        late.a,
        late.a,
    )
    assert report.status == LateReport.Status.OPEN
    assert version(late.evening) > before  # the volunteers' screens notice
    late.refresh_from_db()
    assert late.winner.number == late.b  # no result changed
    html = screen(volunteer_client, late.evening)
    assert "Late reports from the tables" in html and warning_text(late) in html
    # The screen's poll (the tables' region) carries it too.
    poll = volunteer_client.get(reverse("game-screen", args=[late.evening.slug]), headers=HTMX)
    assert warning_text(late) in poll.content.decode()


def test_a_late_report_goes_into_the_evenings_warnings(client, volunteer_client, late):
    send_late(client, late, late.a)
    warnings = [w for w in checklist(late.evening).warnings if w.key == "late-report"]
    assert [w.text for w in warnings] == [warning_text(late)]
    assert warnings[0].url.endswith("/game/#late-reports")
    html = volunteer_client.get(late.evening.get_absolute_url()).content.decode()
    assert 'data-warning="late-report"' in html and warning_text(late) in html


def test_a_late_report_that_agrees_with_the_result_needs_no_warning(client, volunteer_client, late):
    response = send_late(client, late, late.b)
    assert f"A volunteer had already recorded it: couple {late.b} won." in response.content.decode()
    assert not LateReport.objects.exists()
    assert "Late reports from the tables" not in screen(volunteer_client, late.evening)
    assert not [w for w in checklist(late.evening).warnings if w.key == "late-report"]


def test_a_late_report_sent_again_is_kept_once(client, late):
    send_late(client, late, late.a, key="late-key-0001")
    send_late(client, late, late.a, key="late-key-0001")  # the answer was lost: same id
    send_late(client, late, late.a, key="late-key-0002")  # tapped again on another page
    services.report_result(late.table, 1, late.a, late.a)  # no JavaScript
    assert LateReport.objects.count() == 1


def test_one_tap_corrects_the_result_to_the_late_report(client, organizer_client, late):
    send_late(client, late, late.a)
    report = LateReport.objects.get()
    before = version(late.evening)
    url = reverse("late-report-settle", args=[late.evening.slug, report.pk])
    response = organizer_client.post(url, {"correct": "1"}, follow=True)
    html = response.content.decode()
    assert f"Game 1, table 1 corrected: couple {late.a} won." in html
    assert warning_text(late) not in html and "Late reports from the tables" not in html
    late.refresh_from_db()
    assert late.winner.number == late.a
    punched = Punch.objects.filter(game_number=1, source=Punch.Source.TABLE)
    assert set(punched.values_list("couple__number", flat=True)) >= {late.a}
    assert not punched.filter(couple__number=late.b).exists()
    change = ResultChange.objects.filter(seating=late).first()  # newest first
    assert change.kind == ResultChange.Kind.CORRECTED
    assert change.changed_by.username == "olive"
    assert "after it closed" in change.reason
    assert version(late.evening) > before  # phones and boards see it
    report.refresh_from_db()
    assert report.status == LateReport.Status.CORRECTED and report.resolved_by.username == "olive"
    assert not [w for w in checklist(late.evening).warnings if w.key == "late-report"]


def test_keeping_the_recorded_result_dismisses_the_warning(client, organizer_client, late):
    send_late(client, late, late.a)
    report = LateReport.objects.get()
    before = version(late.evening)
    url = reverse("late-report-settle", args=[late.evening.slug, report.pk])
    html = organizer_client.post(url, {"correct": "0"}, follow=True).content.decode()
    assert f"Game 1, table 1: the result stands, couple {late.b} won." in html
    assert warning_text(late) not in html
    late.refresh_from_db()
    assert late.winner.number == late.b
    report.refresh_from_db()
    assert report.status == LateReport.Status.DISMISSED
    assert version(late.evening) > before


def test_a_late_report_is_settled_once_and_only_by_an_organizer(
    client, organizer_client, volunteer_client, late
):
    send_late(client, late, late.a)
    report = LateReport.objects.get()
    url = reverse("late-report-settle", args=[late.evening.slug, report.pk])
    assert volunteer_client.post(url, {"correct": "1"}).status_code == 403
    assert organizer_client.post(url, {"correct": "maybe"}).status_code == 400
    assert organizer_client.post(url, {"correct": "0"}).status_code == 302
    response = organizer_client.post(url, {"correct": "1"})  # a second organizer, too late
    assert response.status_code == 409
    assert "Someone has already dealt with this late report" in response.content.decode()
    late.refresh_from_db()
    assert late.winner.number == late.b
    missing = reverse("late-report-settle", args=[late.evening.slug, report.pk + 99])
    assert organizer_client.post(missing, {"correct": "1"}).status_code == 400


def test_a_correction_made_on_the_correction_page_also_clears_the_warning(
    client, organizer_client, late
):
    send_late(client, late, late.a)
    services.correct_result(late.evening, 1, 1, late.a, reason="asked them", user=None)
    assert LateReport.objects.get().status == LateReport.Status.CORRECTED
    assert "Late reports from the tables" not in screen(organizer_client, late.evening)


def test_the_phone_keeps_saying_it_was_too_late_until_read(client, late):
    send_late(client, late, late.a)
    said = "Your report for game 1 came too late: the game was over."
    poll = f"{late.page_url}?as={late.a}"
    for _ in range(2):  # poll after poll (a new game, a result elsewhere ...)
        html = client.get(poll, headers=HTMX).content.decode()
        assert said in html
        assert f"had recorded couple {late.b} as the winner; you said couple {late.a}" in html
        services.record_result(late.evening, 2, 2, seatings(late.evening, 2)[1].couple_a.number)
    assert said not in Client().get(poll, headers=HTMX).content.decode()  # another phone
    report = LateReport.objects.get()
    read = reverse("tableside-late-read", args=[late.table.token, report.pk])
    assert Client().post(read).status_code == 400  # only the phone that sent it
    response = client.post(read, {"as": late.a})
    assert response.status_code == 302 and response["Location"] == poll
    assert said not in client.get(poll, headers=HTMX).content.decode()
    report.refresh_from_db()
    assert report.read_at_table is not None and report.status == LateReport.Status.OPEN


def test_the_phone_hears_what_became_of_its_late_report(client, organizer_client, late):
    send_late(client, late, late.a)
    report = LateReport.objects.get()
    url = reverse("late-report-settle", args=[late.evening.slug, report.pk])
    organizer_client.post(url, {"correct": "1"})
    html = client.get(f"{late.page_url}?as={late.a}").content.decode()
    assert f"An organizer corrected it: couple {late.a} won game 1." in html


def test_a_late_report_for_the_last_game_after_the_evening_finished_is_kept(client, evening):
    evening = started(evening, 2, games=1)
    seating = seatings(evening)[0]
    play_game(evening, winner="b")
    services.finish_evening(evening)
    url = reverse("tableside-report", args=[seating.table.token])
    data = {"game": 1, "reporter": seating.couple_a.number, "winner": seating.couple_a.number}
    response = client.post(url, data | {"request_id": "late-last-01"}, headers=HTMX)
    assert response.status_code == 409
    assert "came too late" in response.content.decode()
    report = LateReport.objects.get()
    assert report.claimed_winner_id == seating.couple_a_id
    assert [w.key for w in checklist(evening).warnings].count("late-report") == 1


def test_the_game_screen_costs_the_same_queries_with_more_late_reports(volunteer_client, evening):
    evening = started(evening, 12)
    play_game(evening, winner="b")
    services.advance(evening, from_game=1)
    game_one = seatings(evening, 1)
    url = reverse("game-screen", args=[evening.slug])

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert volunteer_client.get(url).status_code == 200
        return len(queries)

    services.report_result(
        game_one[0].table, 1, game_one[0].couple_a.number, game_one[0].couple_a.number
    )
    one = count()
    for seating in game_one[1:]:
        services.report_result(seating.table, 1, seating.couple_a.number, seating.couple_a.number)
    assert LateReport.objects.count() == len(game_one) > 1
    assert count() == one


FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-CA,fr;q=0.9"}


def test_late_reports_are_told_in_french(organizer, late):
    phone = Client(**FRENCH)
    send_late(phone, late, late.a)
    html = phone.get(f"{late.page_url}?as={late.a}").content.decode()
    assert "Votre résultat de la partie 1 est arrivé trop tard" in html and "Compris" in html
    laptop = Client(**FRENCH)
    laptop.force_login(organizer)
    html = screen(laptop, late.evening)
    assert "Résultats des tables arrivés en retard" in html
    assert f"La table 1 a donné le couple {late.a} gagnant de la partie 1 après sa fin" in html
    assert f"Corriger : le couple {late.a} a gagné la partie 1" in html


def test_the_game_screen_reads_the_open_late_reports_not_every_table_played(evening):
    """The game screen asks for the evening's open late reports on every
    visit. They are read from the open ones (an index of them), not by
    walking every table of every game played so far and then looking for
    its reports: that grew with the evening (1.2 ms at game 13 of 200
    couples, against 0.12 ms). Checked in SQLite's plan; PostgreSQL plans
    from its own statistics."""
    from tables import queries

    if connection.vendor != "sqlite":
        pytest.skip("SQLite's query plan")
    evening = started(evening, 12)
    play_game(evening, winner="b")
    services.advance(evening, from_game=1)
    with CaptureQueriesContext(connection) as asked:
        queries.late_reports(evening)
    (query,) = asked.captured_queries
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN QUERY PLAN " + query["sql"])
        first = cursor.fetchone()[3]
    assert "tables_latereport USING INDEX open_late_reports" in first, first


def test_the_open_late_reports_are_listed_oldest_first(evening):
    """Whatever order the rows were written in: the one that came first is
    the one to check first (same moment: the one saved first)."""
    evening = started(evening, 6)
    tables = seatings(evening)
    play_game(evening, winner="b")
    services.advance(evening, from_game=1)
    now = timezone.now()
    made = {}
    for seating, minutes in zip(tables, (5, 1, 5), strict=True):
        report = LateReport.objects.create(
            seating=seating, reporter=seating.couple_a, claimed_winner=seating.couple_a
        )
        LateReport.objects.filter(pk=report.pk).update(
            created_at=now - datetime.timedelta(minutes=minutes)
        )
        made[seating.table.number] = report.pk
    listed = queries.late_reports(Evening.objects.get(pk=evening.pk))
    assert [report.pk for report in listed] == [made[1], made[3], made[2]]
