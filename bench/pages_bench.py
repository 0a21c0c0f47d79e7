"""The volunteers' pages and the board rebuild, as CPU against /healthz's (issue 27).

    .venv/bin/python bench/pages_bench.py [--couples 200 400] [--rounds 5] [--profile PAGE]

In one process, on a throwaway SQLite database (a temporary CARDNIGHT_VAR_DIR,
no Redis): for each size an evening of --couples couples in the middle of
game 13 (tests/support/board.py's `build_evening`), an organizer signed in
on Django's test client. Each round asks, in turn, for /healthz (20 times)
and for each page (3 times each): the standings, the game screen (every
table), the board rebuilt (a result of the current game changed before
each request, so the board's tree and page are built afresh for rows that
changed, as after a result in the hall), and a couple's
card after a change (`cards`: every couple's card of the version is built
in one pass, scoring.board.views._cards), and a volunteer's tap on the game
screen (`tap`: an open table's result, sent as the screen sends it, with
htmx and a request id; each tap records another table), and the table
side as two couples' phones use it: `report` (one couple's phone reports an
open table's winner, then the other couple's phone confirms it, in turn,
each posted by the outbox) and `table` (the table's page, asked by a phone
that has reported there). Printed per page:
the median CPU of one request (the thread's CPU time), in ms and as a ratio
to /healthz's median in the same round (median over the rounds), and its SQL
queries. Both English and French are asked for (half the requests each).

--profile standings|game|board|...: one size, the page asked 20 times under
cProfile; the 25 biggest costs (cumulative) are printed instead.

--calls: instead of CPU time, the Python function calls one request makes
(cProfile's count, 10 requests of each kind): a yardstick that reads the
same on any machine and however busy it is, where the CPU times here move
by a third from one run to the next on a shared machine. A change's effect
on the work a request does shows in it exactly; what one call costs (a C
function or a Python one) it does not weigh.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("standings", "game", "board", "cards", "tap", "report", "table")


def setup(var: str) -> None:
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    os.environ.update(
        CARDNIGHT_VAR_DIR=var, CARDNIGHT_PLAIN_STATIC="true", DEBUG="false", LOG_LEVEL="ERROR"
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def evening_for(couples: int):
    from django.contrib.auth.models import User
    from django.test import Client

    from tables.models import Hall, Membership
    from tests.support.board import build_evening

    hall = Hall.objects.create(name=f"Bench Hall {couples}")
    evening = build_evening(
        hall, couples=couples, played=12, current_in=couples // 4, slug=f"bench-{couples}"
    )
    user = User.objects.create(username=f"organizer{couples}")
    Membership.objects.create(user=user, hall=hall, role=Membership.Role.ORGANIZER)
    client = Client()
    client.force_login(user)
    return evening, client


class Taps:
    """A volunteer's taps on the game screen, one open table after another,
    each as the screen sends it (htmx, a request id from its outbox): the
    result written and the table's part of the page sent back."""

    def __init__(self, evening):
        from tables.models import Seating

        self.slug, self.game = evening.slug, evening.current_game
        self.open = list(
            Seating.objects.filter(game__evening=evening, game__number=self.game, winner=None)
            .order_by("table__number")
            .values_list("table__number", "couple_a__number")
        )

    def __call__(self) -> tuple[str, dict]:
        table, winner = self.open.pop()
        path = f"/evenings/{self.slug}/game/{self.game}/tables/{table}/"
        return path, {"winner": winner, "request_id": secrets.token_hex(12)}


class Reports:
    """The table side: at one open table after another, couple A's phone
    reports that A won, then couple B's phone confirms it (two phones, two
    device cookies), each posted as the outbox posts it. Each call is the
    next of those posts, sent from its own phone."""

    def __init__(self, evening):
        from django.test import Client

        from tables.models import Seating

        self.phones = (Client(), Client())
        self.game = evening.current_game
        # The tables the volunteers' taps (`Taps`) do not reach first: from the lowest up.
        self.open = list(
            Seating.objects.filter(game__evening=evening, game__number=self.game, winner=None)
            .order_by("-table__number")
            .values_list("table__token", "couple_a__number", "couple_b__number")
        )
        self.turn = 1

    def __call__(self) -> tuple[str, dict, object]:
        self.turn = 1 - self.turn
        if self.turn == 0:
            self.table = self.open.pop()
        token, winner, other = self.table
        data = {
            "game": self.game,
            "reporter": (winner, other)[self.turn],
            "winner": winner,
            "request_id": secrets.token_hex(12),
        }
        return f"/t/{token}/report/", data, self.phones[self.turn]


class ChangedResult:
    """Before each board rebuild, one more result of the current game, as a
    volunteer's tap records it: its winner's games move by one, and with
    them the places of every couple it passes, as after a result in the
    hall (not only a version bumped, which would find every row as it was).
    The tables are the middle third of those open, which the taps (from the
    top) and the table side's reports (from the bottom) do not reach; once
    they are all decided, their winners are swapped in turn."""

    def __init__(self, evening):
        from tables.models import Seating

        self.evening = evening
        open_ = list(
            Seating.objects.filter(
                game__evening=evening, game__number=evening.current_game, winner=None
            )
            .order_by("table__number")
            .values_list("table__number", "couple_a__number", "couple_b__number")
        )
        self.open = open_[len(open_) // 3 : 2 * len(open_) // 3][::-1]
        self.decided: list[tuple[int, int, int]] = []

    def __call__(self) -> None:
        from tables import services

        game = self.evening.current_game
        if self.open:
            table, a, b = self.open.pop()
            services.record_result(self.evening, game, table, a)
            self.decided.append((table, b, a))  # next time, b wins instead of a
            return
        table, winner, was = self.decided.pop(0)
        services.change_result(self.evening, game, table, winner, was=was)
        self.decided.append((table, was, winner))


class TablePage:
    """The table side's page, asked by the phone that reported there last
    (one report is sent first when none has been)."""

    def __init__(self, reports: Reports):
        self.reports = reports

    def __call__(self) -> tuple[str, None, object]:
        if not hasattr(self.reports, "table"):
            path, data, phone = self.reports()
            assert phone.post(path, data, headers={"HX-Request": "true"}).status_code == 200
        token, winner, _other = self.reports.table
        return f"/t/{token}/?as={winner}", None, self.reports.phones[0]


def requests_for(evening) -> dict:
    """What each kind asks: (path, or a POST's (path, data) each time, and
    what to do before each request)."""
    from tests.support.gate import changed

    slug = evening.slug
    reports = Reports(evening)
    return {
        "healthz": ("/healthz", None),
        "standings": (f"/evenings/{slug}/standings/", None),
        "game": (f"/evenings/{slug}/game/", None),
        "board": (f"/e/{slug}/", ChangedResult(evening)),
        "cards": (f"/e/{slug}/couple/7/", lambda: changed(evening)),
        "tap": (Taps(evening), None),
        "report": (reports, None),
        "table": (TablePage(reports), None),
    }


def one(client, asked, language: str, before) -> tuple[float, int]:
    """The thread's CPU seconds for one request, and its queries."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if before:
        before()
    with CaptureQueriesContext(connection) as queries:
        cpu = time.thread_time()
        if callable(asked):
            path, data, *phone = asked()
            browser = phone[0] if phone else client
            if data is None:
                response = browser.get(path, HTTP_ACCEPT_LANGUAGE=language)
            else:
                headers = {"Accept-Language": language, "HX-Request": "true"}
                response = browser.post(path, data, headers=headers)
        else:
            path = asked
            response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
        spent = time.thread_time() - cpu
    assert response.status_code == 200, (path, response.status_code)
    return spent, len(queries)


def measure(couples: int, rounds: int) -> dict:
    evening, client = evening_for(couples)
    kinds = requests_for(evening)
    for path, before in kinds.values():  # warm up: templates compiled, caches filled
        for language in ("en", "fr"):
            one(client, path, language, before)
    times: dict[str, list[float]] = {k: [] for k in kinds}
    ratios: dict[str, list[float]] = {k: [] for k in kinds}
    queries: dict[str, int] = {}
    for _ in range(rounds):
        medians = {}
        for kind, (path, before) in kinds.items():
            count = 20 if kind == "healthz" else 4
            spent = []
            for n in range(count):
                cpu, queries[kind] = one(client, path, ("en", "fr")[n % 2], before)
                spent.append(cpu)
            medians[kind] = statistics.median(spent)
            times[kind].append(medians[kind])
        for kind in kinds:
            ratios[kind].append(medians[kind] / medians["healthz"])
    return {
        kind: (statistics.median(times[kind]), statistics.median(ratios[kind]), queries[kind])
        for kind in kinds
    }


def calls(couples: int) -> dict[str, tuple[float, float]]:
    """Each kind's Python function calls per request (cProfile's count over
    10 requests), and as a ratio to /healthz's."""
    import pstats

    evening, client = evening_for(couples)
    counted = {}
    for kind, (path, before) in requests_for(evening).items():
        profiler = _profiled(client, path, before, 10)
        counted[kind] = pstats.Stats(profiler).total_calls / 10  # type: ignore[attr-defined]
    return {kind: (n, n / counted["healthz"]) for kind, n in counted.items()}


def _profiled(client, path, before, times: int):
    """A cProfile profile of `times` requests of one kind (half English,
    half French), after one of each language unprofiled (warm-up); only
    the requests themselves are profiled, not what is done before each."""
    import cProfile

    for language in ("en", "fr"):
        one(client, path, language, before)
    profiler = cProfile.Profile()
    for n in range(times):
        if before:
            before()
        profiler.enable()
        one(client, path, ("en", "fr")[n % 2], None)
        profiler.disable()
    return profiler


def profile(couples: int, page: str) -> None:
    import pstats

    evening, client = evening_for(couples)
    path, before = requests_for(evening)[page]
    profiler = _profiled(client, path, before, 20)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--couples", type=int, nargs="+", default=[200, 400])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profile", choices=PAGES)
    parser.add_argument("--calls", action="store_true", help="Python calls, not CPU time")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardnight-pages-bench-") as var:
        setup(var)
        if args.profile:
            profile(args.couples[0], args.profile)
            return 0
        if args.calls:
            print("test client, SQLite; Python function calls of one request")
            print(f"{'couples':>8} {'page':<10}{'calls':>9}{'x /healthz':>12}")
            for couples in args.couples:
                for kind, (n, ratio) in calls(couples).items():
                    print(f"{couples:>8} {kind:<10}{n:>9,.0f}{ratio:>12.1f}")
            return 0
        print(f"test client, SQLite, {args.rounds} rounds; CPU of one request, median")
        print(f"{'couples':>8} {'page':<10}{'CPU ms':>9}{'x /healthz':>12}{'queries':>9}")
        for couples in args.couples:
            for kind, (ms, ratio, queries) in measure(couples, args.rounds).items():
                print(f"{couples:>8} {kind:<10}{ms * 1000:>9.2f}{ratio:>12.1f}{queries:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
