"""Restoring a backup on the hall's laptop: never while a server uses the
database (writes it acknowledged would be lost), always brought up to this
version, and whatever characters the data folder's path holds."""

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardnight import in_use
from tests.support.hall import ROOT, Server, run_manage, server_env

SHELL_COUNT = "from tables.models import Evening; print(Evening.objects.count())"
SHELL_ADD = (
    "import datetime; from tables.models import Evening, Hall; "
    "h, _ = Hall.objects.get_or_create(name='Hall'); "
    "n = Evening.objects.count(); "
    "Evening.objects.create(hall=h, name=f'Friday {n}', slug=f'friday-{n}', "
    "date=datetime.date(2026, 11, 27))"
)


def manage(var_dir: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """On SQLite in `var_dir`, whatever database the suite runs on."""
    return run_manage(server_env(var_dir), *args, check=check)


def count(var_dir: Path) -> int:
    return int(manage(var_dir, "shell", "--no-imports", "-c", SHELL_COUNT).stdout)


def new_site(var_dir: Path, evenings: int) -> Path:
    manage(var_dir, "migrate", "--noinput", "-v0")
    for _ in range(evenings):
        manage(var_dir, "shell", "--no-imports", "-c", SHELL_ADD)
    return var_dir


def test_a_restore_is_refused_while_a_server_serves_the_data_and_works_once_it_stops(tmp_path):
    var_dir = new_site(tmp_path / "var", 1)
    backup = Path(manage(var_dir, "backup").stdout.strip())
    manage(var_dir, "shell", "--no-imports", "-c", SHELL_ADD)  # acknowledged after the backup
    with Server(server_env(var_dir), workers=1):
        refused = manage(var_dir, "restore", str(backup), check=False)
        assert refused.returncode == 1
        assert "The server is still running on this data folder: stop it first" in refused.stderr
        assert "Traceback" not in refused.stderr
        assert count(var_dir) == 2  # nothing was changed
    manage(var_dir, "restore", str(backup))
    assert count(var_dir) == 1


WAITS_FOR_THE_RESTORE = """
import sys, time
from pathlib import Path
from cardnight import in_use
database = Path(sys.argv[1])
try:
    in_use.hold_for_serving(database, timeout=float(sys.argv[2]))
except in_use.InUse as error:
    print("refused:", error)
else:
    print("serving")
"""


def test_a_server_that_starts_during_a_restore_waits_for_it(tmp_path):
    database = tmp_path / "cardnight.sqlite3"

    def start_serving(timeout: float) -> str:
        return subprocess.run(
            [sys.executable, "-c", WAITS_FOR_THE_RESTORE, str(database), str(timeout)],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        ).stdout  # fmt: skip

    with in_use.only_user(database):
        assert start_serving(0.2).startswith("refused: ")
        assert "is being restored" in start_serving(0.2)
    assert start_serving(0.2).strip() == "serving"


def test_two_servers_may_share_the_data_and_a_restore_waits_for_both_to_stop(tmp_path):
    database = tmp_path / "cardnight.sqlite3"
    in_use.hold_for_serving(database)
    in_use.hold_for_serving(database)  # again: harmless
    try:
        with pytest.raises(in_use.InUse, match="still running"), in_use.only_user(database):
            pass
    finally:
        in_use.release(database)
    with in_use.only_user(database):
        pass


@pytest.mark.parametrize("folder", ["Hall #2", "Hall ?2", "100% Hall", "Salle Saint-Éloi"])
def test_a_backup_in_a_folder_whose_path_has_uri_characters_holds_its_rows(tmp_path, folder):
    var_dir = new_site(tmp_path / folder, 2)
    backup = Path(manage(var_dir, "backup").stdout.strip())
    assert backup.parent == var_dir / "backups"
    db = sqlite3.connect(backup)
    try:
        assert db.execute("SELECT count(*) FROM tables_evening").fetchone() == (2,)
    finally:
        db.close()
    manage(var_dir, "shell", "--no-imports", "-c", "from tables.models import Evening; "
           "Evening.objects.all().delete()")  # fmt: skip
    manage(var_dir, "restore", str(backup))
    assert count(var_dir) == 2


LATEST = """
from django.db.migrations.loader import MigrationLoader
loader = MigrationLoader(None)
print(sorted(name for app, name in loader.graph.leaf_nodes() if app == "tables")[-1])
"""
PREVIOUS = """
from django.db.migrations.loader import MigrationLoader
loader = MigrationLoader(None)
leaf = [key for key in loader.graph.leaf_nodes() if key[0] == "tables"][0]
print(sorted(name for app, name in loader.graph.node_map[leaf].parents if app == "tables")[0])
"""


def older_version(var_dir: Path) -> str:
    """Take the database in `var_dir` back to the schema of an earlier
    CardNight (its last migration of the tables app undone); the migration undone."""
    latest = manage(var_dir, "shell", "--no-imports", "-c", LATEST).stdout.strip()
    previous = manage(var_dir, "shell", "--no-imports", "-c", PREVIOUS).stdout.strip()
    manage(var_dir, "migrate", "tables", previous, "--noinput", "-v0")
    return latest


def applied(var_dir: Path, name: str) -> bool:
    plan = manage(var_dir, "showmigrations", "tables").stdout
    return f"[X] {name}" in plan


def test_a_backup_made_by_an_older_version_is_brought_up_to_date_when_restored(tmp_path):
    old = new_site(tmp_path / "old", 2)
    undone = older_version(old)
    backup = Path(manage(old, "backup", "--label", "older").stdout.strip())

    var_dir = new_site(tmp_path / "var", 0)
    result = manage(var_dir, "restore", str(backup))
    assert "Restored" in result.stdout
    assert applied(var_dir, undone)  # the restored database is this version's
    assert manage(var_dir, "check_evenings", check=False).returncode == 0
    assert count(var_dir) == 2
    # The backup file itself is never changed.
    db = sqlite3.connect(backup)
    try:
        names = {name for (name,) in db.execute("SELECT name FROM django_migrations")}
    finally:
        db.close()
    assert undone not in names


UPGRADE = "from cardnight.backup import backup_before_upgrade; print(backup_before_upgrade())"


def test_an_upgrade_takes_a_backup_before_it_migrates_and_says_where(tmp_path):
    var_dir = new_site(tmp_path / "var", 1)
    assert manage(var_dir, "shell", "--no-imports", "-c", UPGRADE).stdout.strip() == "None"
    older_version(var_dir)
    kept = Path(manage(var_dir, "shell", "--no-imports", "-c", UPGRADE).stdout.strip())
    assert kept.parent == var_dir / "backups" and kept.name.endswith("-before-upgrade.sqlite3")
    db = sqlite3.connect(kept)
    try:
        assert db.execute("SELECT count(*) FROM tables_evening").fetchone() == (1,)
    finally:
        db.close()


SERVE_SAYS = textwrap.dedent(
    """
    import sys
    from cardnight import cli
    cli._setup(None)
    cli._upgrade()
    """
)


def test_serve_says_where_the_backup_before_an_upgrade_is(tmp_path):
    var_dir = new_site(tmp_path / "var", 1)
    older_version(var_dir)
    said = subprocess.run(
        [sys.executable, "-c", SERVE_SAYS], cwd=ROOT, env=server_env(var_dir),
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout  # fmt: skip
    assert "The database was backed up before this version changes it: " in said
    assert str(var_dir / "backups") in said
