"""The laptop is closed and opened again (`make run` started again): every
open page reconnects by itself, and what was tapped in the gap is sent once.
The real server (gunicorn) in its own process, stopped and started again on
the same port."""

import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.support.hall import free_port
from tests.support.tcp_proxy import TcpProxy

from .conftest import new_phone, new_tab

pytestmark = [pytest.mark.browser]

SAVED = "Saved on this phone — it will be sent when the Wi-Fi is back"


def test_pages_reconnect_after_a_server_restart_and_the_gap_is_sent_once(served_hall, browser):
    number, token, a, b = served_hall.tables[0]
    base = f"{served_hall.url}/t/{token}/"
    board = new_phone(browser)
    board.goto(f"{served_hall.url}/e/friday/")
    expect(board.locator("#board-live")).to_contain_text("0 of 2 tables in")
    phone_a, phone_b = new_phone(browser), new_phone(browser)
    phone_a.goto(f"{base}?as={a}")
    phone_a.get_by_role("button", name=f"We won (couple {a})").click()
    # The tap goes out through the phone's outbox: wait until the server has it.
    for _ in range(100):
        if served_hall.count("select count(*) from tables_tablereport"):
            break
        phone_a.wait_for_timeout(100)
    phone_b.goto(f"{base}?as={b}")
    expect(phone_b.locator("#table-status")).to_contain_text("Is that right?")

    served_hall.server.stop()
    phone_b.get_by_role("button", name="Yes, that's right").click()
    expect(phone_b.locator("#table-status")).to_contain_text(SAVED)
    expect(board.locator("#live-banner")).to_have_text(
        re.compile(r"No connection since \d\d:\d\d — still trying"), timeout=15_000
    )
    expect(board.locator("#board-live")).to_contain_text("0 of 2 tables in")  # kept
    with pytest.raises(PlaywrightError):
        phone_b.reload()  # the server is down: the browser's own error page
    assert served_hall.count("select count(*) from tables_resultchange") == 0

    served_hall.server.start()
    phone_b = new_tab(phone_b)  # the error page's tab closed, the page opened again
    phone_b.goto(f"{base}?as={b}")  # the outbox is still on the phone
    result = f"The result of game 1 is in: couple {a} won."
    expect(phone_b.locator("#table-status")).to_contain_text(result)
    # The pages left open reconnect by themselves, nobody reloads them.
    expect(phone_a.locator("#table-status")).to_contain_text(result, timeout=40_000)
    expect(board.locator("#board-live")).to_contain_text("1 of 2 tables in", timeout=40_000)
    expect(board.locator("#live-banner")).to_be_hidden()
    assert served_hall.count("select count(*) from tables_resultchange") == 1
    assert served_hall.count("select count(*) from tables_tablereport") == 2
    for page in (board, phone_a, phone_b):
        page.context.close()


def test_a_tap_left_waiting_is_sent_by_itself_when_the_server_is_back(served_hall, browser):
    number, token, a, b = served_hall.tables[1]
    phone = new_phone(browser)
    phone.goto(f"{served_hall.url}/t/{token}/?as={a}")
    served_hall.server.stop()
    phone.get_by_role("button", name=f"We won (couple {a})").click()
    expect(phone.locator("#table-status")).to_contain_text(SAVED)
    served_hall.server.start()
    expect(phone.locator("#table-status")).to_contain_text(
        f"You said couple {a} won", timeout=40_000
    )
    assert phone.evaluate("localStorage.getItem('cardnight-outbox')") == "[]"
    assert served_hall.count("select count(*) from tables_tablereport") == 1
    phone.context.close()


def test_a_waiting_tap_goes_out_within_seconds_of_the_server_answering_again(served_hall, browser):
    """The phone's retries back off (2, 4, 8, 16, 30 s) while nothing answers:
    a tap left waiting used to wait out the back-off after the server was
    back (26.7 s with one laptop, 33 s with two servers). Now the page asks
    the server lightly every few seconds while it is away, and the first
    answer sends what waits. The server is cut (a TCP proxy in front of it)
    until the phone has failed four times, when its next try is 16 s away."""
    number, token, a, b = served_hall.tables[1]
    proxy = TcpProxy(target_port=served_hall.server.port, listen_port=free_port()).start()
    phone = new_phone(browser)
    failed_sends = []
    phone.on("requestfailed", lambda r: failed_sends.append(r) if r.method == "POST" else None)
    phone.goto(f"http://127.0.0.1:{proxy.listen_port}/t/{token}/?as={a}")
    try:
        proxy.stop()
        phone.get_by_role("button", name=f"We won (couple {a})").click()
        expect(phone.locator("#table-status")).to_contain_text(SAVED)
        deadline = time.monotonic() + 40
        while len(failed_sends) < 4 and time.monotonic() < deadline:
            phone.wait_for_timeout(100)
        assert len(failed_sends) >= 4, failed_sends  # the next try is 16 s away
        assert served_hall.count("select count(*) from tables_tablereport") == 0

        proxy.start()  # the server answers again
        back = time.monotonic()
        while not served_hall.count("select count(*) from tables_tablereport"):
            assert time.monotonic() - back < 8, "the tap waited for the back-off"
            phone.wait_for_timeout(100)
        expect(phone.locator("#table-status")).to_contain_text(f"You said couple {a} won")
        expect(phone.locator("#live-banner")).to_be_hidden()
        assert phone.evaluate("localStorage.getItem('cardnight-outbox')") == "[]"
        assert served_hall.count("select count(*) from tables_tablereport") == 1
    finally:
        proxy.stop()
        phone.context.close()
