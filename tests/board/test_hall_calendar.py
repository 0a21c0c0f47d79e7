"""A hall's calendar feed /h/<hall>/evenings.ics: valid iCalendar that Apple,
Google and Outlook subscribe to, one event per published evening with a UID
that never changes and a SEQUENCE that grows when the evening changes."""

import datetime
from decimal import Decimal

import icalendar
import pytest
from django.utils import timezone

from tables import services
from tables.forms import EveningForm
from tables.models import Evening, Hall


def _evening(hall, slug, days, **fields):
    return Evening.objects.create(
        hall=hall, name=fields.pop("name", "Friday 45s"), slug=slug,
        date=timezone.localdate() + datetime.timedelta(days=days), **fields,
    )  # fmt: skip


@pytest.fixture
def feed_hall(hall):
    Hall.objects.filter(pk=hall.pk).update(
        address="85 Main Street, Glace Bay", note="Bring a plate",
        phone_address="https://cards.example.org/",
    )  # fmt: skip
    hall.refresh_from_db()
    _evening(hall, "next-friday", 3, published=True, entry_fee=Decimal("5"), cookie_jar=True,
             jar_buy_in=Decimal("2"))  # fmt: skip
    return hall


def fetch(client, hall):
    response = client.get(f"/h/{hall.slug}/evenings.ics")
    assert response.status_code == 200
    return response


def events(client, hall) -> dict:
    cal = icalendar.Calendar.from_ical(fetch(client, hall).content)
    return {str(item["UID"]): item for item in cal.walk("VEVENT")}


def test_the_feed_is_a_calendar_with_what_apps_need(client, feed_hall):
    response = fetch(client, feed_hall)
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    cal = icalendar.Calendar.from_ical(response.content)
    assert cal["VERSION"] == "2.0"
    assert cal["PRODID"]
    assert cal["METHOD"] == "PUBLISH"
    assert cal["X-WR-CALNAME"] == "45s at St. Joseph's Parish Hall"
    assert [tz["TZID"] for tz in cal.walk("VTIMEZONE")] == ["America/Halifax"]
    # How often to look again, for Apple and Outlook (Google decides itself).
    assert b"\r\nREFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n" in response.content
    assert b"\r\nX-PUBLISHED-TTL:PT6H\r\n" in response.content
    (event,) = cal.walk("VEVENT")
    for name in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY", "LOCATION", "DESCRIPTION",
                 "URL", "SEQUENCE", "LAST-MODIFIED", "STATUS"):  # fmt: skip
        assert name in event, name


def test_the_evening_starts_at_its_time_in_the_sites_time_zone(client, feed_hall):
    (event,) = events(client, feed_hall).values()
    start = event.decoded("DTSTART")
    assert start.tzinfo is not None and str(start.tzinfo) == "America/Halifax"
    assert start.time() == datetime.time(19, 30)
    assert event.decoded("DTEND") - start == datetime.timedelta(hours=3)
    assert b"DTSTART;TZID=America/Halifax:" in fetch(client, feed_hall).content


def test_an_evening_without_a_start_time_is_a_whole_day(client, feed_hall):
    Evening.objects.filter(slug="next-friday").update(start_time=None)
    (event,) = events(client, feed_hall).values()
    assert isinstance(event.decoded("DTSTART"), datetime.date)
    assert not isinstance(event.decoded("DTSTART"), datetime.datetime)


def test_the_event_says_where_what_it_costs_and_links_the_scoreboard(client, feed_hall):
    (event,) = events(client, feed_hall).values()
    assert str(event["SUMMARY"]) == "Friday 45s — St. Joseph's Parish Hall"
    assert str(event["LOCATION"]) == "St. Joseph's Parish Hall, 85 Main Street, Glace Bay"
    text = str(event["DESCRIPTION"])
    assert "Entry: $5.00 a couple" in text
    assert "Cookie jar: $2.00 to buy in" in text
    assert "Bring a plate" in text
    assert "https://cards.example.org/e/next-friday/" in text
    assert str(event["URL"]) == "https://cards.example.org/e/next-friday/"


def test_lines_end_in_crlf_and_long_lines_are_folded(client, feed_hall):
    Hall.objects.filter(pk=feed_hall.pk).update(note="Parking behind the church. " * 7)
    raw = fetch(client, feed_hall).content
    assert raw.endswith(b"\r\n")
    assert b"\n" not in raw.replace(b"\r\n", b"")
    lines = raw.split(b"\r\n")
    assert all(len(line) <= 75 for line in lines)
    assert any(line.startswith(b" ") for line in lines)  # a folded line goes on


def _edit(evening, **changes):
    data = {
        name: value
        for name, value in EveningForm(instance=evening).initial.items()
        if value not in (None, False)
    }
    data["date"] = evening.date.isoformat()
    data["start_time"] = evening.start_time.strftime("%H:%M")
    data.update(changes)
    form = EveningForm(data, instance=evening, halls=Hall.objects.all())
    assert form.is_valid(), form.errors
    return services.save_settings(form)


def test_the_uid_stays_and_the_sequence_grows_when_the_evening_changes(client, feed_hall):
    ((uid, before),) = events(client, feed_hall).items()
    _edit(Evening.objects.get(slug="next-friday"), start_time="19:00", name="Friday night 45s")
    ((uid_after, after),) = events(client, feed_hall).items()
    assert uid_after == uid == "next-friday@evenings.cardnight"
    assert after["SEQUENCE"] > before["SEQUENCE"]
    assert after.decoded("LAST-MODIFIED") >= before.decoded("LAST-MODIFIED")
    assert after.decoded("DTSTART").time() == datetime.time(19, 0)


def test_a_cancelled_evening_stays_in_the_feed_as_cancelled(client, feed_hall):
    (before,) = events(client, feed_hall).values()
    assert str(before["STATUS"]) == "CONFIRMED"
    _edit(Evening.objects.get(slug="next-friday"), cancelled="on")
    (after,) = events(client, feed_hall).values()
    assert str(after["STATUS"]) == "CANCELLED"
    assert after["SEQUENCE"] > before["SEQUENCE"]
    assert str(after["SUMMARY"]).startswith("Cancelled:")


def test_unpublished_evenings_never_appear(client, feed_hall):
    _evening(feed_hall, "not-yet", 5, published=False)
    assert list(events(client, feed_hall)) == ["next-friday@evenings.cardnight"]


def test_other_halls_evenings_never_appear(client, feed_hall):
    other = Hall.objects.create(name="Legion Branch 12")
    _evening(other, "legion-night", 4, published=True)
    assert list(events(client, feed_hall)) == ["next-friday@evenings.cardnight"]
    assert list(events(client, other)) == ["legion-night@evenings.cardnight"]


def test_recent_evenings_stay_a_few_weeks_and_old_ones_drop_off(client, feed_hall):
    _evening(feed_hall, "last-week", -7, published=True, status=Evening.Status.FINISHED)
    _evening(feed_hall, "last-winter", -200, published=True, status=Evening.Status.FINISHED)
    assert set(events(client, feed_hall)) == {
        "next-friday@evenings.cardnight",
        "last-week@evenings.cardnight",
    }


def test_a_hall_with_no_evenings_still_gives_a_valid_calendar(client, db):
    hall = Hall.objects.create(name="Empty Hall")
    cal = icalendar.Calendar.from_ical(fetch(client, hall).content)
    assert cal["VERSION"] == "2.0" and not cal.walk("VEVENT")


def test_french_reads_french(client, feed_hall):
    client.cookies["django_language"] = "fr"
    (event,) = events(client, feed_hall).values()
    assert "Entrée" in str(event["DESCRIPTION"])


def unfolded(response) -> list[str]:
    """The feed's content lines, folded lines joined again (RFC 5545 3.1)."""
    return response.content.decode().replace("\r\n ", "").split("\r\n")


def test_commas_semicolons_and_backslashes_in_a_hall_name_are_escaped(client, feed_hall):
    Hall.objects.filter(pk=feed_hall.pk).update(name="Legion, Branch 12; Hall \\ A")
    lines = unfolded(fetch(client, feed_hall))
    name = "45s at Legion\\, Branch 12\\; Hall \\\\ A"
    assert f"NAME:{name}" in lines and f"X-WR-CALNAME:{name}" in lines
    (event,) = icalendar.Calendar.from_ical(fetch(client, feed_hall).content).walk("VEVENT")
    assert str(event["LOCATION"]).startswith("Legion, Branch 12; Hall \\ A, 85 Main Street")


def test_a_line_break_stored_in_a_hall_name_cannot_break_or_inject_into_the_feed(client, feed_hall):
    """The forms, the admin and the importer no longer let one in
    (tests/test_typed_text.py); one already stored is written escaped."""
    evil = "Hall\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Free beer"
    Hall.objects.filter(pk=feed_hall.pk).update(name=evil, note=evil, address=evil)
    response = fetch(client, feed_hall)
    lines = unfolded(response)
    assert lines.count("END:VCALENDAR") == 1 and lines.count("BEGIN:VEVENT") == 1
    assert not any(line.startswith("SUMMARY:Free beer") for line in lines)
    cal = icalendar.Calendar.from_ical(response.content)
    assert len(cal.walk("VEVENT")) == 1


@pytest.mark.django_db
def test_an_evening_stored_in_the_year_9999_is_left_out_of_the_feed(client, feed_hall):
    """Stored before dates were checked (issue 47): it has no end time or
    time zone rules to write, and the feed answered 500 with it."""
    Evening.objects.create(
        hall=feed_hall, name="Typo", slug="typo", date=datetime.date(9999, 12, 31), published=True
    )
    assert set(events(client, feed_hall)) == {"next-friday@evenings.cardnight"}
