"""Migrations are reversible: down to zero and up again, on a real database file."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_migration_can_be_undone_and_redone(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["CARDNIGHT_VAR_DIR"] = str(tmp_path)
    for args in (
        ["migrate"],
        ["migrate", "scoring", "zero"],
        ["migrate", "tables", "zero"],
        ["migrate"],
        ["migrate", "--check"],
    ):
        subprocess.run(
            [sys.executable, "manage.py", *args, "--noinput", "-v0"],
            cwd=ROOT, env=env, check=True, capture_output=True, timeout=120,
        )  # fmt: skip
