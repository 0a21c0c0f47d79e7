"""The evening a load run plays against a live server: volunteers tapping
results on the game screen, table-side phones reporting and confirming their
own tables, the organizer starting each game; and the server it plays on (a
scratch PostgreSQL database, an environment prepared as `make run` does).
Used by bench/load.py (one hall) and bench/halls.py (many halls at once)."""

import contextlib
import queue
import random
import re
import secrets
import shutil
import subprocess
import tempfile
import threading
import time
import uuid
from pathlib import Path

from bench.phones import Stats, timed
from tests.support.hall import Browser, manage, open_tables, server_env

PASSWORD = "load-test-45"  # noqa: S105 -- a throw-away account on a throw-away database
TOKEN_ROW = re.compile(r'id="table-(\d+)".*?/t/([A-Za-z0-9_-]{20,})/', re.S)
GAME_FIELD = re.compile(r'name="game" value="(\d+)"')


# --- Volunteers, table-side phones and the organizer ------------------------


def signed_in(url: str, username: str) -> Browser:
    browser = Browser(url)
    browser.sign_in(username, PASSWORD)
    return browser


# A tap goes out as the pages send it: through the page's outbox, with htmx
# and a request id of its own (static/js/live/outbox.js), answered with the
# table's part of the page.
HTMX = {"HX-Request": "true"}


def outbox_post(browser: Browser, path: str, data: dict) -> tuple[int, str]:
    data = {**data, "request_id": secrets.token_hex(12)}
    status, _headers, body = browser.fetch("POST", path, data, headers=HTMX)
    return status, body


def volunteer_task(browser: Browser, stats: Stats, task) -> None:
    url, _game, _table, couples = task
    timed(
        stats,
        "volunteer: record result",
        lambda: outbox_post(browser, url, {"winner": couples[0]}),
    )


def tableside_task(url: str, stats: Stats, task) -> None:
    token, couples, winner = task
    for reporter in couples:  # one couple reports, the other confirms on its own phone
        browser = Browser(url)
        page = timed(
            stats, "table side: page", lambda r=reporter, b=browser: b.get(f"/t/{token}/?as={r}")
        )
        if not page:
            return
        game = GAME_FIELD.search(page[1])
        if not game:
            stats.add("table side: page", 0, False)
            return
        data = {"game": game.group(1), "reporter": reporter, "winner": winner}
        timed(
            stats,
            "table side: report",
            lambda d=data, b=browser: outbox_post(b, f"/t/{token}/report/", d),
        )


def worker(n: int, tasks: queue.Queue, crew: list[Browser], url: str, stats: Stats) -> None:
    while True:
        try:
            due, kind, task = tasks.get_nowait()
        except queue.Empty:
            return
        time.sleep(max(0.0, due - time.monotonic()))
        if kind == "volunteer":
            volunteer_task(crew[n % len(crew)], stats, task)
        else:
            tableside_task(url, stats, task)


def play_evening(
    url: str,
    games: int,
    volunteers: int,
    play_seconds: float,
    game_seconds: float,
    stats: Stats,
    deadline: float,
    slug: str,
    names: tuple[str, str] = ("olive", "vol"),
    each_game=None,
) -> int:
    """Plays `games` games of the evening `slug` (or until `deadline`): the
    organizer `names[0]` starts each, volunteers `names[1]0`, `names[1]1`, …
    tap half the results, table-side phones report the other half.
    `each_game(crew)`, if given, runs once a game with the signed-in crew."""
    rng = random.Random(45)
    organizer = signed_in(url, names[0])
    crew = [signed_in(url, f"{names[1]}{n}") for n in range(volunteers)]
    status, _ = organizer.post(f"/evenings/{slug}/game/start/", {})
    assert status in (200, 302), f"could not start the evening: {status}"
    links = organizer.get(f"/evenings/{slug}/tables/")[1]
    tokens = {int(table): token for table, token in TOKEN_ROW.findall(links)}
    played = 0
    for game in range(1, games + 1):
        if time.monotonic() > deadline:
            break
        todo: list = []
        screens = [
            timed(stats, "volunteer: game screen", lambda b=b: b.get(f"/evenings/{slug}/game/"))
            for b in crew
        ]
        if each_game:
            each_game(crew)
        for found in open_tables(screens[0][1] if screens[0] else ""):
            _url, _game, table, couples = found
            if table % 2 and table in tokens:
                todo.append(("table", (tokens[table], couples, couples[0])))
            else:
                todo.append(("volunteer", found))
        # Tables finish at random moments through the game, as in a hall.
        rng.shuffle(todo)
        # The cards are played first; results trickle in over game_seconds.
        begin = time.monotonic() + play_seconds
        tasks: queue.Queue = queue.Queue()
        for n, item in enumerate(todo):
            tasks.put((begin + game_seconds * n / max(1, len(todo)), *item))
        workers = [
            threading.Thread(target=worker, args=(n, tasks, crew, url, stats))
            for n in range(volunteers * 2)
        ]
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
        action = "finish" if game == games else "next"
        kind = "organizer: finish" if game == games else "organizer: start next game"
        timed(
            stats,
            kind,
            lambda a=action, g=game: organizer.post(f"/evenings/{slug}/game/{a}/", {"game": g}),
            ok=lambda status: status in (200, 302),
        )
        played = game
    return played


@contextlib.contextmanager
def scratch_postgres():
    """A database of its own on 127.0.0.1:5432 (its DATABASE_URL), dropped after."""
    dbname = f"cn_load_{uuid.uuid4().hex[:8]}"
    psql = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-q", "-c"]
    subprocess.run([*psql, f"CREATE DATABASE {dbname}"], check=True, capture_output=True)
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{dbname}"
    finally:
        subprocess.run([*psql, f"DROP DATABASE IF EXISTS {dbname} WITH (FORCE)"],
                       capture_output=True)  # fmt: skip


@contextlib.contextmanager
def prepared_env(database_url: str | None, **extra: str):
    """The server's environment, its database migrated and static files
    collected, as `make run` does; its temporary folder removed afterwards."""
    var_dir = Path(tempfile.mkdtemp(prefix="cardnight-load-"))
    try:
        env = server_env(var_dir, database_url, **extra)
        env.pop("CARDNIGHT_PLAIN_STATIC", None)
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "collectstatic", "--noinput", "-v0")
        yield env
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)
