"""`make bench`: run every benchmark in bench/ and print its numbers.

Each bench/*_bench.py is a standalone script that prints its own figures;
this runner only runs them one after the other, so one slow or broken
benchmark does not hide the others' numbers."""

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(names: list[str]) -> int:
    scripts = sorted(HERE.glob("*_bench.py"))
    if names:
        scripts = [s for s in scripts if any(n in s.stem for n in names)]
    failures = 0
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent, check=False)
        print(f"({script.stem} took {time.perf_counter() - started:.1f} s)", flush=True)
        failures += result.returncode != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
