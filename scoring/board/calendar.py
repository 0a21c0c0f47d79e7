"""A hall's calendar feed (/h/<hall>/evenings.ics): its published evenings as
iCalendar (RFC 5545) events, for a phone's calendar to subscribe to.

What stays the same and what moves, so calendars update instead of adding a
second copy:

- UID: the evening's slug plus a fixed suffix. The slug is made once, when
  the evening is created, and never changes with an edit.
- SEQUENCE and LAST-MODIFIED: `Evening.calendar_sequence` and
  `calendar_updated_at`, moved on by `evening.change(calendar=True)` in the write gate
  when the date, start time, name, hall, fee or cancellation changes.
- A cancelled evening stays in the feed with STATUS:CANCELLED; evenings of
  the last few weeks stay too, so a late change still reaches calendars.

Times are in the site's time zone (settings.TIME_ZONE), with its VTIMEZONE.
An evening with no start time is an all-day event. Links are absolute, from
the hall's "address phones use" (`tables.links`).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import dateformat, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from cardnight.formats import money
from scoring.results.pots import JarPot, jar_pots
from tables import links
from tables.models import LAST_YEAR, Evening, Hall

if TYPE_CHECKING:  # icalendar is imported by the feed only, not at start-up
    import icalendar

UID_SUFFIX = "@evenings.cardnight"
LENGTH = datetime.timedelta(hours=3)  # an evening of 25 games, prizes included
KEEP_PAST = datetime.timedelta(weeks=4)
REFRESH = datetime.timedelta(hours=6)
PRODID = "-//CardNight//Hall evenings//EN"


def feed_evenings(hall: Hall, today: datetime.date | None = None):
    """The hall's published evenings from four weeks ago on, soonest first
    (none after LAST_YEAR: one stored in the year 9999 before dates were
    checked has no end time or time zone rules to write)."""
    today = today or timezone.localdate()
    return (
        Evening.objects.published()
        .for_hall(hall)
        .filter(date__gte=today - KEEP_PAST, date__lte=datetime.date(LAST_YEAR, 12, 31))
        .order_by("date", "start_time", "id")
    )


def uid(evening: Evening) -> str:
    return f"{evening.slug}{UID_SUFFIX}"


def location(hall: Hall) -> str:
    return f"{hall.name}, {hall.address}" if hall.address else hall.name


def description(evening: Evening, hall: Hall, board_link: str, pot: JarPot | None = None) -> str:
    lines = []
    if evening.cancelled:
        lines.append(_("This evening is cancelled."))
    if evening.entry_fee:
        lines.append(_("Entry: %(fee)s a couple") % {"fee": money(evening.entry_fee)})
    if evening.cookie_jar:
        lines.append(_("Cookie jar: %(buy_in)s to buy in") % {"buy_in": money(evening.jar_buy_in)})
        if pot is not None and pot.carried_in:
            # What the jar starts with (the buy-ins of the night are not here:
            # they change all evening, a calendar is read days before).
            lines.append(
                _("%(amount)s already in the jar, carried over from %(name)s, %(date)s")
                % {
                    "amount": money(pot.carried_in),
                    "name": pot.carried_from,
                    "date": dateformat.format(
                        pot.carried_from_date, pgettext("short day and month", "j M")
                    ),
                }
            )
    if hall.note:
        lines.append(hall.note)
    lines.append(_("Scoreboard: %(link)s") % {"link": board_link})
    return "\n".join(lines)


def event(
    evening: Evening,
    hall: Hall,
    address: str,
    now: datetime.datetime,
    pot: JarPot | None = None,
) -> icalendar.Event:
    import icalendar

    board_link = links.page_link(address, "board", evening.slug)
    item = icalendar.Event()
    item.add("uid", uid(evening))
    item.add("dtstamp", now)
    if evening.start_time:
        zone = ZoneInfo(settings.TIME_ZONE)
        start = datetime.datetime.combine(evening.date, evening.start_time, tzinfo=zone)
        item.add("dtstart", start)
        item.add("dtend", start + LENGTH)
    else:
        item.add("dtstart", evening.date)
        item.add("dtend", evening.date + datetime.timedelta(days=1))
    summary = f"{evening.name} — {hall.name}"
    if evening.cancelled:
        summary = _("Cancelled: %(evening)s") % {"evening": summary}
    item.add("summary", summary)
    item.add("location", location(hall))
    item.add("description", description(evening, hall, board_link, pot))
    item.add("url", board_link)
    item.add("status", "CANCELLED" if evening.cancelled else "CONFIRMED")
    item.add("sequence", evening.calendar_sequence)
    item.add("last-modified", evening.calendar_updated_at.astimezone(datetime.UTC))
    item.add("transp", "TRANSPARENT" if evening.cancelled else "OPAQUE")
    return item


def hall_calendar(hall: Hall, today: datetime.date | None = None) -> bytes:
    """The hall's feed as iCalendar bytes (CRLF line ends, folded lines)."""
    import icalendar

    address = links.phone_address(hall)
    now = timezone.now().astimezone(datetime.UTC).replace(microsecond=0)
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    # The library escapes TEXT values (commas, semicolons, backslashes, line
    # breaks) only for properties it knows as TEXT: NAME and the X- ones it
    # takes for unknown, written as they are, so they are given as TEXT.
    name = icalendar.vText(_("45s at %(hall)s") % {"hall": hall.name})
    cal.add("x-wr-calname", name)
    cal.add("name", name)
    cal.add("x-wr-timezone", icalendar.vText(settings.TIME_ZONE))
    cal.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", icalendar.vDuration(REFRESH))
    evenings = list(feed_evenings(hall, today))
    pots = jar_pots(evenings)
    for evening in evenings:
        cal.add_component(event(evening, hall, address, now, pots.get(evening.pk)))
    if evenings:
        # The time zone's rules around the evenings only (a year either side),
        # not every change since 1970.
        year = datetime.timedelta(days=366)
        cal.add_missing_timezones(
            first_date=evenings[0].date - year, last_date=evenings[-1].date + year
        )
    return cal.to_ical()


def webcal(link: str) -> str:
    """The same link for a calendar app to subscribe to: webcal://…"""
    return "webcal://" + link.split("://", 1)[1]
