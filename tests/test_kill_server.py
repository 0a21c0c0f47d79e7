"""The server killed with SIGKILL while results are recorded and games
advanced: after a restart every evening is consistent (an advance happened
wholly or not at all) and nothing acknowledged to a volunteer is lost.

Real processes: gunicorn as `make run` starts it, a volunteer driving the
game screen over HTTP, SIGKILL to the whole server process group at a random
moment, three times over."""

import json
import random
import subprocess
import threading
import time
import uuid

import pytest
from django.db import connection

from tests.support.hall import Browser, Server, manage, open_tables, server_env

PASSWORD = "pw-45-45-45"
SETUP = f"""
import datetime
from django.contrib.auth.models import User
from tables import services
from tables.models import Evening, Hall, Membership
from tables.services import register_couple
hall = Hall.objects.create(name="Hall")
Membership.objects.create(
    user=User.objects.create_user("vince", password="{PASSWORD}"), hall=hall, role="volunteer")
evening = Evening.objects.create(hall=hall, name="Friday", slug="friday",
                                 date=datetime.date(2026, 11, 27), games=25)
for n in range(23):
    register_couple(evening, f"A{{n}}", f"B{{n}}")
services.start_evening(evening, seed=4)
"""
VERIFY = """
import json, sys
from scoring.exchange.integrity import problems
from tables.models import Evening, Seating
evening = Evening.objects.get(slug="friday")
found = problems(evening)
for kind, game, table, winner in json.load(open({path!r})):
    if kind == "result":
        seat = Seating.objects.get(game__evening=evening, game__number=game, table__number=table)
        if seat.winner is None or seat.winner.number != winner:
            found.append(f"acknowledged result lost: game {{game}} table {{table}} -> {{winner}}")
    elif evening.current_game <= game:
        found.append(f"acknowledged start of game {{game + 1}} lost")
print(json.dumps({{"current": evening.current_game, "problems": found}}))
"""


def drive(url: str, acks: list, stop: threading.Event, rng: random.Random) -> None:
    """A volunteer taps every table, then starts the next game, until stopped."""
    browser = Browser(url)
    try:
        browser.sign_in("vince", PASSWORD)
        while not stop.is_set():
            status, html = browser.get("/evenings/friday/game/", timeout=5)
            if status != 200:
                return
            tables = open_tables(html)
            for path, game, table, couples in tables:
                winner = rng.choice(couples)
                status, _ = browser.post(path, {"winner": winner}, timeout=5)
                if status in (200, 302):
                    acks.append(("result", game, table, winner))
            if not tables:
                game = int(html.split('name="game" value="')[1].split('"')[0])
                status, _ = browser.post("/evenings/friday/game/next/", {"game": game}, timeout=5)
                if status in (200, 302):
                    acks.append(("advance", game, None, None))
    except OSError:
        return  # the server died under us: whatever was not acknowledged may be lost


@pytest.fixture
def database_url():
    if connection.vendor != "postgresql":
        yield None
        return
    name = f"cn_kill_{uuid.uuid4().hex[:8]}"
    s = connection.settings_dict
    host, port, user = s["HOST"] or "127.0.0.1", s["PORT"] or 5432, s["USER"]
    psql = ["psql", "-h", host, "-p", str(port), "-U", user, "-d", "postgres", "-q", "-c"]
    subprocess.run([*psql, f"CREATE DATABASE {name}"], check=True, capture_output=True)
    yield f"postgres://{user}@{host}:{port}/{name}"
    subprocess.run([*psql, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True)


def test_sigkill_mid_evening_loses_nothing_acknowledged(tmp_path, database_url):
    env = server_env(tmp_path, database_url)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "shell", "--no-imports", "-c", SETUP)
    rng = random.Random(2026)
    acks: list = []
    for kill in range(3):
        server = Server(env).start()
        stop = threading.Event()
        driver = threading.Thread(target=drive, args=(server.url, acks, stop, rng))
        driver.start()
        # Kill at a random moment a few dozen acknowledged writes in (a game
        # is 11 results and an advance), whatever the machine's speed.
        target, deadline = len(acks) + rng.randint(8, 40), time.monotonic() + 90
        while len(acks) < target and time.monotonic() < deadline and driver.is_alive():
            time.sleep(rng.uniform(0.001, 0.02))
        server.kill()
        stop.set()
        driver.join(timeout=30)
        ack_file = tmp_path / f"acks-{kill}.json"
        ack_file.write_text(json.dumps(acks))
        report = json.loads(
            manage(env, "shell", "--no-imports", "-c", VERIFY.format(path=str(ack_file)))
            .strip()
            .splitlines()[-1]
        )
        assert report["problems"] == [], report
    advances = sum(kind == "advance" for kind, *_ in acks)
    print(f"\n3 kills; {len(acks)} acknowledged writes ({advances} game starts) all found")
    assert advances, "the driver never started a game"
    assert report["current"] > 1
    # And the site carries on after the last crash.
    with Server(env) as server:
        browser = Browser(server.url)
        browser.sign_in("vince", PASSWORD)
        assert browser.get("/evenings/friday/game/")[0] == 200
