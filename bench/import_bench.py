"""Import speed: an evening of 400 couples read back from its JSON.

    .venv/bin/python bench/import_bench.py [--couples 400] [--runs 5]

On a throwaway SQLite database (a temporary CARDNIGHT_VAR_DIR): an evening of
--couples couples played through all 25 games (`simulate_evening`), exported
with `export_evening_data`, then imported again --runs times through
`import_evening_data`, exactly as `manage.py import_evening` does (each
import in a transaction rolled back afterwards, so every run writes the
same rows).

Measured in CPU time of this process (`time.process_time`, so other work on
the machine does not count), alternating in the same run:

- the whole import, as the code is;
- the same import with the schema checked by plain `jsonschema`
  (Draft202012Validator.iter_errors + best_match on every file: how the
  importer checked before), the baseline;
- the schema check alone, both ways.

Printed: each median, and the ratios new / old. Aim: the whole import of a
400-couple evening under one second of CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AIM_CPU_SECONDS = 1.0


class _Rollback(Exception):
    pass


def cpu(function) -> float:
    started = time.process_time()
    function()
    return time.process_time() - started


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--couples", type=int, default=400)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardnight-import-bench-") as var:
        os.environ.pop("DATABASE_URL", None)
        os.environ.pop("REDIS_URL", None)
        os.environ["CARDNIGHT_VAR_DIR"] = var
        os.environ["CARDNIGHT_BACKUP_KEEP"] = "1"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from django.core.management import call_command
        from django.db import transaction
        from jsonschema.exceptions import best_match

        from scoring.exchange import export, load, problems
        from tables.models import Evening

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        with open(os.devnull, "w") as quiet:
            call_command("simulate_evening", couples=args.couples, seed=45, stdout=quiet)
        evening = Evening.objects.get()
        text = json.dumps(export.export_evening_data(evening))
        print(
            f"{args.couples} couples, 25 games: {len(text) / 1024:.0f} KB of JSON "
            f"(played in {time.perf_counter() - started:.0f} s); "
            f"medians of {args.runs} alternating runs, CPU time"
        )

        def old_check(data) -> None:  # the importer's check before: jsonschema, every file
            error = best_match(problems.jsonschema_validator().iter_errors(data))
            if error is not None:
                raise problems.ImportProblem(*problems._message(error))

        new_check = problems.check_schema

        def import_once() -> None:
            data = json.loads(text, parse_float=Decimal)
            try:
                with transaction.atomic():
                    load.import_evening_data(data)
                    raise _Rollback
            except _Rollback:
                pass

        def with_check(check):
            def run():
                load.check_schema = check
                try:
                    import_once()
                finally:
                    load.check_schema = new_check

            return run

        data = json.loads(text, parse_float=Decimal)
        old_check(data), new_check(data)  # warm: both validators built once
        import_once()
        times: dict[str, list[float]] = {k: [] for k in ("new", "old", "check new", "check old")}
        for _ in range(args.runs):
            times["old"].append(cpu(with_check(old_check)))
            times["new"].append(cpu(with_check(new_check)))
            times["check old"].append(cpu(lambda: old_check(data)))
            times["check new"].append(cpu(lambda: new_check(data)))
        median = {k: statistics.median(v) for k, v in times.items()}
        print(f"{'':<40} {'now':>8} {'before':>8} {'now/before':>10}")
        print(
            f"{'whole import (CPU s)':<40} {median['new']:>8.3f} {median['old']:>8.3f} "
            f"{median['new'] / median['old']:>10.2f}"
        )
        print(
            f"{'schema check alone (CPU s)':<40} {median['check new']:>8.3f} "
            f"{median['check old']:>8.3f} {median['check new'] / median['check old']:>10.2f}"
        )
        print(
            f"schema check's share of the import: now {median['check new'] / median['new']:.0%}, "
            f"before {median['check old'] / median['old']:.0%}"
        )
        ok = median["new"] < AIM_CPU_SECONDS
        print(f"import of {args.couples} couples: {'ok' if ok else 'MISSED'} (aim < 1 s of CPU)")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
