"""Online SQLite backups and restoring one, through the real commands."""

import subprocess
from pathlib import Path

import pytest

from cardnight.backup import copy_database, prune
from tests.support.hall import run_manage, server_env


def manage(var_dir: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """On SQLite in `var_dir`, whatever database the suite runs on."""
    return run_manage(server_env(var_dir, CARDNIGHT_BACKUP_KEEP="3"), *args, check=check)


SHELL_COUNT = "from tables.models import Evening; print(Evening.objects.count())"
SHELL_ADD = (
    "import datetime; from tables.models import Evening, Hall; "
    "h = Hall.objects.create(name='Hall'); "
    "Evening.objects.create(hall=h, name='Friday', slug='friday', date=datetime.date(2026, 11, 27))"
)
SHELL_DELETE = "from tables.models import Evening; Evening.objects.all().delete()"


@pytest.fixture(scope="module")
def var_dir(tmp_path_factory) -> Path:
    var_dir = tmp_path_factory.mktemp("var")
    manage(var_dir, "migrate", "--noinput", "-v0")
    return var_dir


def test_a_backup_brings_back_what_was_deleted(var_dir):
    manage(var_dir, "shell", "--no-imports", "-c", SHELL_ADD)
    backup = Path(manage(var_dir, "backup", "--label", "after-game-3").stdout.strip())
    assert backup.parent == var_dir / "backups"
    assert backup.name.endswith("-after-game-3.sqlite3")
    manage(var_dir, "shell", "--no-imports", "-c", SHELL_DELETE)
    assert manage(var_dir, "shell", "--no-imports", "-c", SHELL_COUNT).stdout.strip() == "0"

    result = manage(var_dir, "restore", str(backup))
    assert "Restored" in result.stdout
    assert "before-restore" in result.stdout  # the replaced database is kept too
    assert manage(var_dir, "shell", "--no-imports", "-c", SHELL_COUNT).stdout.strip() == "1"


def test_restoring_a_file_that_is_not_a_database_changes_nothing(var_dir, tmp_path):
    before = manage(var_dir, "shell", "--no-imports", "-c", SHELL_COUNT).stdout
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database")
    result = manage(var_dir, "restore", str(junk), check=False)
    assert result.returncode == 1
    assert "is not an SQLite database" in result.stderr
    missing = manage(var_dir, "restore", str(tmp_path / "missing.sqlite3"), check=False)
    assert missing.returncode == 1
    assert "does not exist" in missing.stderr
    assert manage(var_dir, "shell", "--no-imports", "-c", SHELL_COUNT).stdout == before


def test_only_the_newest_backups_are_kept(tmp_path):
    for n in range(5):
        (tmp_path / f"cardnight-2026112{n}-x.sqlite3").write_text("")
    removed = prune(tmp_path, keep=3)
    assert [p.name for p in removed] == [
        "cardnight-20261120-x.sqlite3",
        "cardnight-20261121-x.sqlite3",
    ]
    assert len(list(tmp_path.iterdir())) == 3


def test_a_copy_is_atomic_and_complete(tmp_path):
    import sqlite3

    source = tmp_path / "source.sqlite3"
    db = sqlite3.connect(source)
    db.execute("CREATE TABLE t (x)")
    db.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1000)])
    db.commit()
    db.close()
    copy_database(source, tmp_path / "copy.sqlite3")
    assert not list(tmp_path.glob("*.partial"))
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("SELECT count(*) FROM t").fetchone() == (1000,)


def crafted(path: Path, migrations) -> Path:
    """An SQLite file with the right table names and nothing else right."""
    import sqlite3

    db = sqlite3.connect(path)
    db.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app, name, applied)")
    db.executemany(
        "INSERT INTO django_migrations (app, name, applied) VALUES (?, ?, '2026-01-01')",
        migrations,
    )
    db.execute("CREATE TABLE tables_evening (id INTEGER PRIMARY KEY, junk)")
    db.commit()
    db.close()
    return path


def test_a_crafted_file_with_the_right_table_names_is_refused(var_dir, tmp_path):
    before = manage(var_dir, "shell", "--no-imports", "-c", SHELL_COUNT).stdout
    newer = crafted(tmp_path / "newer.sqlite3", [("tables", "0999_from_the_future")])
    result = manage(var_dir, "restore", str(newer), check=False)
    assert result.returncode == 1
    assert "was made by a newer version of CardNight" in result.stderr
    assert "upgrade CardNight first" in result.stderr
    faked = crafted(tmp_path / "faked.sqlite3", [("tables", "0001_initial")])
    result = manage(var_dir, "restore", str(faked), check=False)
    assert result.returncode == 1
    assert "fails the check before restoring" in result.stderr
    assert "Nothing was changed." in result.stderr
    assert manage(var_dir, "shell", "--no-imports", "-c", SHELL_COUNT).stdout == before
    assert manage(var_dir, "check_evenings", check=False).returncode == 0


SHELL_REGISTER = (
    "import datetime; from tables import services; from tables.models import Evening, Hall; "
    "h = Hall.objects.create(name='Register hall'); "
    "e = Evening.objects.create(hall=h, name='Friday', slug='register-friday', "
    "date=datetime.date(2026, 11, 27)); "
    "services.register_couple(e, \"Theresa O'Brien\", 'Frank')"
)
SHELL_PLAYERS = (
    "from tables.models import Player; print(sorted(Player.objects.values_list('name', flat=True)))"
)
SHELL_FORGET = "from tables.models import Player; Player.objects.all().delete()"


def test_the_player_register_is_in_the_backup_and_comes_back_with_it(tmp_path):
    var_dir = tmp_path  # its own database: the module's is shared by the tests above
    manage(var_dir, "migrate", "--noinput", "-v0")
    manage(var_dir, "shell", "--no-imports", "-c", SHELL_REGISTER)
    backup = Path(manage(var_dir, "backup", "--label", "register").stdout.strip())
    manage(var_dir, "shell", "--no-imports", "-c", SHELL_FORGET)
    assert manage(var_dir, "shell", "--no-imports", "-c", SHELL_PLAYERS).stdout.strip() == "[]"
    manage(var_dir, "restore", str(backup))
    players = manage(var_dir, "shell", "--no-imports", "-c", SHELL_PLAYERS).stdout.strip()
    assert players == str(["Frank", "Theresa O'Brien"])
