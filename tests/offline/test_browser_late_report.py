"""A phone reports while the Wi-Fi is down; meanwhile a volunteer records
the table and starts the next game. When the phone is back, it says its
report came too late, and keeps saying so through the polls until the
person taps "Got it"."""

import pytest
from playwright.sync_api import expect

from tables import services
from tables.models import LateReport
from tests.tables.conftest import play_game, seatings, started

from .conftest import new_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SAVED = "Saved on this phone — it will be sent when the Wi-Fi is back"
TOO_LATE = "Your report for game 1 came too late: the game was over."
POLL = 15_000  # the table page polls every 5 s


def test_a_late_report_stays_on_the_phone_until_read(live_server, browser, evening):
    evening = started(evening, 4)
    seating = seatings(evening)[0]
    a, b = seating.couple_a.number, seating.couple_b.number
    phone = new_phone(browser)
    phone.goto(f"{live_server.url}/t/{seating.table.token}/?as={a}")
    phone.context.set_offline(True)
    phone.get_by_role("button", name=f"We won (couple {a})").click()
    expect(phone.locator("#table-status")).to_contain_text(SAVED)

    play_game(evening, winner="b")  # a volunteer records every table ...
    services.advance(evening, from_game=1)  # ... and starts game 2
    phone.context.set_offline(False)
    note = phone.locator(".late-note")
    expect(note).to_contain_text(TOO_LATE, timeout=POLL)
    expect(note).to_contain_text(f"had recorded couple {b} as the winner; you said couple {a}")
    assert LateReport.objects.filter(claimed_winner__number=a).count() == 1

    # Game 2 goes on at this table; a later poll brings its result in, and
    # the note is still there above it.
    evening.refresh_from_db()
    now = seatings(evening, 2)[0]
    services.record_result(evening, 2, now.table.number, now.couple_a.number)
    result = f"The result of game 2 is in: couple {now.couple_a.number} won."
    expect(phone.locator("#table-status")).to_contain_text(result, timeout=POLL)
    expect(note).to_contain_text(TOO_LATE)

    phone.get_by_role("button", name="Got it").click()
    expect(phone.locator(".late-note")).to_have_count(0, timeout=POLL)
    expect(phone.locator("#table-status")).to_contain_text(result)
    assert LateReport.objects.get().read_at_table is not None
    phone.context.close()
