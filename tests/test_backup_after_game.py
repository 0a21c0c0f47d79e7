"""After every game an online backup of the SQLite database is kept."""

from tests.support.hall import manage, server_env


def test_playing_games_leaves_the_last_few_backups(tmp_path):
    env = server_env(tmp_path, CARDNIGHT_BACKUP_KEEP="3")  # SQLite in tmp_path
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "simulate_evening", "--couples", "6", "--games", "5", "--seed", "1")
    backups = sorted(p.name for p in (tmp_path / "backups").iterdir())
    # Five games: four advances and the finish each took one; three are kept.
    assert len(backups) == 3
    assert backups[-1].endswith("-after-game-5.sqlite3")
    assert backups[0].endswith("-after-game-3.sqlite3")
