"""After every game an online backup of the SQLite database is kept."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_playing_games_leaves_the_last_few_backups(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(CARDNIGHT_VAR_DIR=str(tmp_path), CARDNIGHT_BACKUP_KEEP="3")

    def manage(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
            capture_output=True, text=True, timeout=120,
        ).stdout  # fmt: skip

    manage("migrate", "--noinput", "-v0")
    manage("simulate_evening", "--couples", "6", "--games", "5", "--seed", "1")
    backups = sorted(p.name for p in (tmp_path / "backups").iterdir())
    # Five games: four advances and the finish each took one; three are kept.
    assert len(backups) == 3
    assert backups[-1].endswith("-after-game-5.sqlite3")
    assert backups[0].endswith("-after-game-3.sqlite3")
