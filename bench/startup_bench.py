"""Start-up: a worker's first answer, against a bare app's.

    .venv/bin/python bench/startup_bench.py [--rounds 9] [--path /healthz]

What a server worker does when it starts (`make run` does not preload the
app: each worker imports it): a new Python process imports
`cardnight.wsgi` and answers one GET --path through the WSGI callable (on a
throwaway SQLite database, migrated beforehand, and the site's bytecode
compiled beforehand, as `cardnight serve` does before its workers start). Timed from spawning the
process to reading its answer. Beside it, in the same rounds and
alternating:

- a bare Django app: `settings.configure` with no apps and no middleware,
  one view in its URLconf, `get_wsgi_application()`, one GET (the aim's
  baseline: at most 3 times its time);
- a bare WSGI function (plain Python, no framework): the floor, Python's own
  start-up.

With `--before DIR` (another checkout, e.g. `git archive main | tar -x -C
DIR`), that code's first answer is timed in the same rounds too.

Printed: the medians over --rounds (wall clock, and CPU time of the whole
process, which other work on the machine disturbs less), and the ratios. Wall-clock times on a
shared machine: read the ratios. `python -X importtime` shows what the
remaining time is spent on.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardnight.server import compile_site  # noqa: E402

AIM = 3.0

REQUEST = """
import io, sys
environ = {{"REQUEST_METHOD": "GET", "PATH_INFO": {path!r}, "QUERY_STRING": "",
    "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
    "HTTP_HOST": "127.0.0.1", "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(),
    "wsgi.errors": sys.stderr}}
status = []
body = b"".join(application(environ, lambda s, h, e=None: status.append(s)))
print(status[0], len(body), flush=True)
"""

SITE = "import sys; sys.path.insert(0, {root!r})\nfrom cardnight.wsgi import application\n"

BARE_DJANGO = """
from django.conf import settings
from django.http import HttpResponse
from django.urls import path
settings.configure(DEBUG=False, SECRET_KEY="bench", ALLOWED_HOSTS=["*"], ROOT_URLCONF=__name__,
    INSTALLED_APPS=[], MIDDLEWARE=[], DATABASES={{}})
urlpatterns = [path({route!r}, lambda request: HttpResponse("ok"))]
from django.core.wsgi import get_wsgi_application
application = get_wsgi_application()
"""

BARE_WSGI = """
def application(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"ok"]
"""


def first_answer(code: str, env: dict) -> tuple[float, float]:
    """Seconds from spawning `python -c code` to its printed answer, and the
    CPU seconds (user + system) the process used in all."""
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code], env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    line = child.stdout.readline()
    elapsed = time.perf_counter() - started
    _pid, _status, usage = os.wait4(child.pid, 0)
    child.returncode = 0
    child.stdout.close()
    if not line.startswith("200"):
        raise SystemExit(f"no 200 answer: {line!r}")
    return elapsed, usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--path", default="/healthz")
    parser.add_argument("--before", help="another checkout to time beside this one")
    args = parser.parse_args(argv)
    request = REQUEST.format(path=args.path)
    with tempfile.TemporaryDirectory(prefix="cardnight-startup-bench-") as var:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        env.update(
            CARDNIGHT_VAR_DIR=var,
            DJANGO_SETTINGS_MODULE="cardnight.settings",
            CARDNIGHT_PLAIN_STATIC="true",
        )
        manage = [sys.executable, "manage.py"]
        for step in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run([*manage, *step], env=env, cwd=ROOT, check=True)
        env.pop("CARDNIGHT_PLAIN_STATIC")
        compile_site()  # as `cardnight serve` does
        if args.before:
            compile_site(Path(args.before))
        bare_env = {k: v for k, v in env.items() if k != "DJANGO_SETTINGS_MODULE"}
        codes = {
            "site": (SITE.format(root=str(ROOT)) + request, env),
            "bare Django": (BARE_DJANGO.format(route=args.path.lstrip("/")) + request, bare_env),
            "bare WSGI": (BARE_WSGI + request, bare_env),
        }
        if args.before:
            codes["site before"] = (SITE.format(root=args.before) + request, env)
        for code, child_env in codes.values():  # warm the file cache once
            first_answer(code, child_env)
        wall: dict[str, list[float]] = {name: [] for name in codes}
        cpu: dict[str, list[float]] = {name: [] for name in codes}
        for _ in range(args.rounds):
            for name, (code, child_env) in codes.items():
                elapsed, used = first_answer(code, child_env)
                wall[name].append(elapsed)
                cpu[name].append(used)
        w = {name: statistics.median(values) * 1000 for name, values in wall.items()}
        c = {name: statistics.median(values) * 1000 for name, values in cpu.items()}
        print(f"first answer to GET {args.path}, medians of {args.rounds} alternating rounds")
        print(f"{'':<14} {'wall ms':>8} {'CPU ms':>8} {'wall ratio':>11} {'CPU ratio':>10}")
        for name in codes:
            print(
                f"{name:<14} {w[name]:>8.0f} {c[name]:>8.0f} "
                f"{w[name] / w['bare Django']:>11.2f} {c[name] / c['bare Django']:>10.2f}"
            )
        ratio = w["site"] / w["bare Django"]
        print(
            f"site / bare Django: {ratio:.2f} wall, {c['site'] / c['bare Django']:.2f} CPU "
            f"({'ok' if ratio <= AIM else 'MISSED'}: aim <= {AIM}); "
            f"site / bare WSGI {w['site'] / w['bare WSGI']:.1f} wall"
        )
        return 0 if ratio <= AIM else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
