"""A year of one hall: what its pages cost at week 1, week 52 and week 104 (issue 47).

    .venv/bin/python bench/year_bench.py [--weeks 1 52] [--rounds 3]

In one process, on a throwaway SQLite database (a temporary
CARDNIGHT_VAR_DIR, the file cache as `make run` has it, no Redis), a hall
is given one weekly evening after another, each of 40, 70 or 100 couples
drawn from about 360 players (180 regular pairs, one in ten sitting with
someone else's partner that week), all published, and each of nine other
halls on the site an evening of 10 couples the same week. The evenings are
played once through the project's own services (`simulate_evening`, one of
each size) and each week's is imported from its JSON with that week's names
(`import_evening_data`, which also fills the hall's player register), so a
year is built in a few minutes. The hall's next evening is open at the door.

At each of --weeks (built in turn: 52 is week 1's database with 51 more
evenings), --rounds rounds each ask /healthz 20 times and every page 5
times, through Django's test client, after one request of each unmeasured
(templates compiled, caches filled). Printed per page: the median CPU of
one request (the thread's CPU time) as a ratio to /healthz's in the same
round (median over the rounds), its SQL queries and the size of its HTML;
then each page's ratio at every week over week 1's (the aim: at most 1.5).

The pages: the hall's public page (no sign-in), the season page, one
player's line (the most regular player's), the Players register, the
door's suggestions for two letters ("ma") and for the regular player's
first name and three letters of their family name ("door, a name"),
and the evenings list of the hall's organizer and of a site administrator
(every hall). Then a restore's check: `check_evenings` (what a restore
runs on the copy it would put in place) in CPU as a ratio to one backup's
(`take_backup`) of the same database. As on a live site, each week's
evenings are checked once after they are added, as the backup thread does
after the backup that follows a game (`scoring.exchange.integrity.
check_changed`: its CPU per evening is printed), so a restore finds them
checked; --again also times `check_evenings --again`, every evening read
back afresh (what the first restore after an upgrade to this check costs).

--var DIR builds in DIR and keeps it (given again, the bench goes on from
the week DIR reached); --pages WORD... measures only the pages whose name
has one of the words; --profile PAGE profiles one page at the last week
instead (cProfile, 20 requests).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.door_bench import FIRST, LAST  # noqa: E402 - the same hall's names

SIZES = (40, 70, 100)  # couples of the hall's evenings, one played of each
OTHER_HALLS = 9
OTHER_COUPLES = 10
PAIRS = 180  # the hall's regular pairs: about 360 players
HALL = "St. Joseph's Parish Hall"


def setup(var: str) -> None:
    for name in ("DATABASE_URL", "REDIS_URL"):
        os.environ.pop(name, None)
    os.environ.update(
        CARDNIGHT_VAR_DIR=var,
        CARDNIGHT_PLAIN_STATIC="true",
        CARDNIGHT_BACKUP_KEEP="2",
        DEBUG="false",
        LOG_LEVEL="ERROR",
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)


def played(couples: int, games: int, seed: int) -> dict:
    """An evening of `couples` couples played through the services, as JSON."""
    from django.core.management import call_command

    from scoring.exchange import export_evening_data
    from tables.models import Evening, Hall
    from tables.services.evening import delete_evening

    with open(os.devnull, "w") as quiet:
        call_command(
            "simulate_evening", couples=couples, games=games, seed=seed, hall="Played", stdout=quiet
        )
    evening = Evening.objects.get(hall__name="Played")
    data = json.loads(json.dumps(export_evening_data(evening)))
    delete_evening(evening, typed_name=evening.name)
    Hall.objects.filter(name="Played").delete()
    return data


class Year:
    """The site: the hall, its players, and the evenings added week by
    week. What it was built from is kept in the folder (`year.json`), so a
    folder given again (--var) goes on from the week it reached."""

    def __init__(self, var: str):
        from django.contrib.auth.models import User

        from tables.models import Hall, Membership

        self.state = Path(var) / "year.json"
        if self.state.exists():
            kept = json.loads(self.state.read_text())
        else:
            rng = random.Random(47)
            names: set[str] = set()
            while len(names) < 2 * PAIRS:
                names.add(f"{rng.choice(FIRST)} {rng.choice(LAST)}")
            people = sorted(names)
            rng.shuffle(people)
            kept = {
                "week": 0,
                "templates": {str(n): played(n, 25, 47 + n) for n in SIZES},
                "small": played(OTHER_COUPLES, 12, 7),
                "pairs": [(people[2 * i], people[2 * i + 1]) for i in range(PAIRS)],
                "first_date": (datetime.date.today() - datetime.timedelta(weeks=105)).isoformat(),
            }
            hall = Hall.objects.create(name=HALL)
            for n in range(OTHER_HALLS):
                Hall.objects.create(name=f"Hall {n + 2}")
            organizer = User.objects.create(username="organizer")
            Membership.objects.create(user=organizer, hall=hall, role="organizer")
            User.objects.create(username="admin", is_superuser=True, is_staff=True)
        self.kept = kept
        self.pairs = [tuple(pair) for pair in kept["pairs"]]
        self.regular = self.pairs[0][0]  # at every evening
        self.hall = Hall.objects.get(name=HALL)
        self.others = list(Hall.objects.exclude(pk=self.hall.pk).order_by("pk"))
        self.organizer = User.objects.get(username="organizer")
        self.admin = User.objects.get(username="admin")
        self.first_date = datetime.date.fromisoformat(kept["first_date"])
        self.checked, self.checking = 0, 0.0  # evenings checked after the backups, CPU seconds
        self.save()

    @property
    def week(self) -> int:
        return self.kept["week"]

    def save(self) -> None:
        self.state.write_text(json.dumps(self.kept))

    def _names(self, rng: random.Random, count: int) -> list[list[str]]:
        """This week's couples: the regular pair and `count - 1` others,
        one in ten with someone else's partner."""
        pairs = [self.pairs[0], *rng.sample(self.pairs[1:], count - 1)]
        couples = [list(pair) for pair in pairs]
        for i in range(1, count - 1, 10):
            couples[i][1], couples[i + 1][1] = couples[i + 1][1], couples[i][1]
        return couples

    def add_week(self) -> None:
        from scoring.exchange import import_evening_data

        week = self.week + 1
        rng = random.Random(week)
        date = self.first_date + datetime.timedelta(weeks=week)
        size = rng.choice(SIZES)
        data = json.loads(json.dumps(self.kept["templates"][str(size)]))
        for couple, names in zip(data["couples"], self._names(rng, size), strict=True):
            couple["players"], couple["player_ids"] = names, [None, None]
        data.update(slug="", name=f"Card night, week {week}", date=date.isoformat())
        data["hall"] = HALL
        import_evening_data(data, published=True)
        for n, hall in enumerate(self.others):
            small = json.loads(json.dumps(self.kept["small"]))
            for number, couple in enumerate(small["couples"]):
                couple["players"] = [f"P{n}.{number} A", f"P{n}.{number} B"]
                couple["player_ids"] = [None, None]
            small.update(slug="", name=f"{hall.name}, week {week}", date=date.isoformat())
            small["hall"] = hall.name
            import_evening_data(small, published=True)
        self.after_the_backups()
        self.kept["week"] = week
        self.save()

    def after_the_backups(self) -> None:
        """What the backup thread does after the backup that follows each
        evening's last game (cardnight.backup `after_each_backup`): the
        evenings changed since are checked. Its CPU is kept (`checks`)."""
        from scoring.exchange.integrity import check_changed

        cpu = time.thread_time()
        while checked := check_changed():
            self.checked += checked
        self.checking += time.thread_time() - cpu

    def tonight(self):
        """The hall's next evening, open at the door (made once)."""
        from tables.models import Evening

        evening, _created = Evening.objects.get_or_create(
            hall=self.hall,
            slug="next-card-night",
            defaults={"name": "Next card night", "date": datetime.date.today(), "published": True},
        )
        return evening


def requests_for(year: Year) -> dict:
    """(client, path) of each page measured."""
    from django.test import Client
    from django.urls import reverse

    from tables.models import Player
    from tables.names import fold_name

    organizer, admin, visitor = Client(), Client(), Client()
    organizer.force_login(year.organizer)
    admin.force_login(year.admin)
    hall = year.hall
    regular = Player.objects.get(hall=hall, folded=fold_name(year.regular))
    suggest = reverse("door-suggest", args=[year.tonight().slug])
    first, last = year.regular.split(" ", 1)
    typed = f"{first} {last[:3]}"  # the regular player, as the door starts typing them
    return {
        "healthz": (visitor, "/healthz"),
        "hall page": (visitor, reverse("hall-page", args=[hall.slug])),
        "season": (organizer, reverse("season", args=[hall.pk])),
        "player line": (organizer, reverse("season-player", args=[hall.pk, regular.pk])),
        "players": (organizer, reverse("players", args=[hall.pk])),
        "door 'ma'": (organizer, f"{suggest}?q=ma"),
        "door, a name": (organizer, f"{suggest}?q={quote_plus(typed)}"),
        "evenings": (organizer, reverse("evening-list")),
        "evenings, admin": (admin, reverse("evening-list")),
    }


def one(client, path: str) -> tuple[float, int, int]:
    """The thread's CPU seconds for one request, its queries and its bytes."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        cpu = time.thread_time()
        response = client.get(path)
        spent = time.thread_time() - cpu
    assert response.status_code == 200, (path, response.status_code)
    return spent, len(queries), len(response.content)


def measure(year: Year, rounds: int, only: list[str] | None = None) -> dict:
    """{page: (CPU ms, x /healthz, queries, KB)}, medians over the rounds."""
    kinds = {
        kind: asked
        for kind, asked in requests_for(year).items()
        if kind == "healthz" or not only or any(word in kind for word in only)
    }
    for client, path in kinds.values():
        one(client, path)
    times: dict[str, list[float]] = {k: [] for k in kinds}
    ratios: dict[str, list[float]] = {k: [] for k in kinds}
    seen: dict[str, tuple[int, int]] = {}
    for _ in range(rounds):
        medians = {}
        for kind, (client, path) in kinds.items():
            spent = []
            for _n in range(20 if kind == "healthz" else 5):
                cpu, queries, size = one(client, path)
                spent.append(cpu)
            seen[kind] = (queries, size)
            medians[kind] = statistics.median(spent)
            times[kind].append(medians[kind])
        for kind in kinds:
            ratios[kind].append(medians[kind] / medians["healthz"])
    return {
        kind: (
            statistics.median(times[kind]) * 1000,
            statistics.median(ratios[kind]),
            seen[kind][0],
            seen[kind][1] / 1024,
        )
        for kind in kinds
    }


def restore_check(*options: str) -> tuple[float, float]:
    """CPU seconds of one backup of the database and of `check_evenings`
    on it (the check a restore runs on its copy), with `options`."""
    from django.core.management import call_command

    from cardnight.backup import take_backup

    cpu = time.thread_time()
    take_backup("bench")
    backup = time.thread_time() - cpu
    with open(os.devnull, "w") as quiet:
        cpu = time.thread_time()
        call_command("check_evenings", *options, stdout=quiet)
        check = time.thread_time() - cpu
    return backup, check


def profile(year: Year, page: str) -> None:
    """`page` asked 20 times under cProfile (after one unprofiled)."""
    import cProfile
    import pstats

    client, path = requests_for(year)[page]
    one(client, path)
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(20):
        one(client, path)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weeks", type=int, nargs="+", default=[1, 52])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--var", help="build in this folder and keep it (given again, go on from its week)"
    )
    parser.add_argument("--profile", help="the page to profile at the last week, instead")
    parser.add_argument("--pages", nargs="+", help="only the pages whose name has one of these")
    parser.add_argument("--no-check", action="store_true", help="leave out the restore check")
    parser.add_argument(
        "--again", action="store_true", help="also time check_evenings --again (every evening)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardnight-year-bench-") as scratch:
        var = args.var or scratch
        Path(var).mkdir(parents=True, exist_ok=True)
        setup(var)
        started = time.perf_counter()
        year = Year(var)
        print(f"set up in {time.perf_counter() - started:.0f} s (at week {year.week})", flush=True)
        results: dict[int, dict] = {}
        for week in sorted(args.weeks):
            if week < year.week:
                print(f"week {week}: the folder is at week {year.week} already", flush=True)
                continue
            started = time.perf_counter()
            while year.week < week:
                year.add_week()
            built = time.perf_counter() - started
            if args.profile:
                continue
            print(f"week {week}: built in {built:.0f} s", flush=True)
            results[week] = measure(year, args.rounds, args.pages)
            if year.checked:
                print(
                    f"  after the backups, {year.checked} evenings checked in the background: "
                    f"{year.checking / year.checked * 1000:.0f} ms CPU each, once",
                    flush=True,
                )
            if not args.no_check:
                backup, check = restore_check()
                results[week]["restore check"] = (check * 1000, check / backup, 0, 0.0)
                print(
                    f"week {week}: backup {backup * 1000:.0f} ms, "
                    f"check_evenings {check * 1000:.0f} ms CPU",
                    flush=True,
                )
            if args.again:
                backup, check = restore_check("--again")
                results[week]["check, --again"] = (check * 1000, check / backup, 0, 0.0)
                print(f"week {week}: check_evenings --again {check * 1000:.0f} ms CPU", flush=True)
        if args.profile:
            profile(year, args.profile)
        elif results:
            report(results)
    return 0


def report(results: dict[int, dict]) -> None:
    weeks = sorted(results)
    print("\ntest client, SQLite; CPU of one request (median) as x /healthz, queries, KB")
    print("the restore check: check_evenings' CPU as x one backup's")
    later = weeks[1:]
    header = f"{'page':<18}" + "".join(f"{'week ' + str(w):>24}" for w in weeks)
    print(header + "".join(f"{f'{w}/{weeks[0]}':>9}" for w in later))
    for kind in results[weeks[0]]:
        if kind == "healthz":
            continue
        cells = "".join(
            f"{results[w][kind][1]:>10.1f}x {results[w][kind][2]:>4}q {results[w][kind][3]:>5.0f}K"
            if results[w][kind][3]
            else f"{results[w][kind][1]:>10.2f}x{'':>12}"  # the restore check: no page
            for w in weeks
        )
        growth = "".join(
            f"{results[w][kind][1] / results[weeks[0]][kind][1]:>8.2f}x" for w in later
        )
        print(f"{kind:<18}{cells}{growth}")
    base = " ".join(f"week {w} {results[w]['healthz'][0]:.2f} ms" for w in weeks)
    print(f"/healthz: {base}")


if __name__ == "__main__":
    sys.exit(main())
