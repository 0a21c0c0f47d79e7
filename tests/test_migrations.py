"""Migrations are reversible: down to zero and up again, on a real database file."""

from tests.support.hall import manage, server_env


def test_every_migration_can_be_undone_and_redone(tmp_path):
    env = server_env(tmp_path)  # SQLite in tmp_path
    for args in (
        ["migrate"],
        ["migrate", "scoring", "zero"],
        ["migrate", "tables", "zero"],
        ["migrate"],
        ["migrate", "--check"],
    ):
        manage(env, *args, "--noinput", "-v0")
