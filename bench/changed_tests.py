"""`make test-fast`: the test files that cover what changed.

Prints, one per line, the test files changed since the branch left main (or,
on main, in the last 10 commits), plus the tests/ files whose name or
imports mention a changed module of cardnight, tables or scoring. Browser
tests are left to `make test`; `make test-fast` runs these with
`-m "not browser"`."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("cardnight", "tables", "scoring")


def git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout


def changed_files() -> list[str]:
    base = git("merge-base", "HEAD", "main").strip()
    head = git("rev-parse", "HEAD").strip()
    if not base or base == head:
        base = "HEAD~1"
    names = git("diff", "--name-only", base).splitlines()
    names += git("diff", "--name-only").splitlines()  # and what is not committed yet
    return sorted({n for n in names if n.endswith(".py") and (ROOT / n).exists()})


def main() -> int:
    changed = changed_files()
    tests = {n for n in changed if n.startswith("tests/") and Path(n).name.startswith("test_")}
    modules = {
        n[:-3].replace("/", ".").removesuffix(".__init__")
        for n in changed
        if n.split("/")[0] in APPS and "/migrations/" not in n
    }
    if modules:
        pattern = re.compile(
            r"^\s*(?:from|import)\s+(" + "|".join(map(re.escape, sorted(modules))) + r")\b", re.M
        )
        for path in (ROOT / "tests").rglob("test_*.py"):
            if pattern.search(path.read_text()):
                tests.add(str(path.relative_to(ROOT)))
    print("\n".join(sorted(tests)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
