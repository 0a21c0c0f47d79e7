"""The suite runs on its own settings module (cardnight/settings_test.py),
which differs from the hall's only where a test run must."""

import os
import subprocess
import sys

import pytest
from django.conf import settings

from cardnight import settings as hall
from tests.support.hall import server_env


def test_the_suite_runs_on_the_test_settings():
    assert os.environ["DJANGO_SETTINGS_MODULE"] == "cardnight.settings_test"
    assert not hasattr(hall, "TESTING")  # the hall's settings never guess


def test_the_board_polls_coalesce_as_in_the_hall():
    assert settings.BOARD_MIN_REBUILD_SECONDS == hall.BOARD_MIN_REBUILD_SECONDS
    assert settings.BOARD_MIN_REBUILD_SECONDS > 0


def test_the_hall_hashes_passwords_for_real_and_the_tests_fast():
    assert not hasattr(hall, "PASSWORD_HASHERS")  # Django's default, PBKDF2
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.skipif(not hall.DATABASES["default"]["ENGINE"].endswith("sqlite3"), reason="SQLite")
def test_the_test_database_is_a_file_of_this_process():
    name = settings.DATABASES["default"]["TEST"]["NAME"]
    assert name.endswith(f"cardnight-test-{os.getpid()}.sqlite3")


def test_the_tests_take_no_shared_cache_from_the_environment(tmp_path, monkeypatch):
    """A REDIS_URL in the environment (a developer's shell, a hall's server)
    reaches neither the tests in this process nor the servers they start
    unless a test gives it: otherwise every run shares Redis with the runs
    before it."""
    code = "from django.conf import settings; print(settings.REDIS_URL or '-', settings.CACHES)"
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:6379/3"}
    env["DJANGO_SETTINGS_MODULE"] = "cardnight.settings_test"
    result = subprocess.run(  # noqa: S603 - a fixed command line
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert result.stdout.startswith("- ") and "LocMemCache" in result.stdout
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/3")
    assert "REDIS_URL" not in server_env(tmp_path)
    assert server_env(tmp_path, REDIS_URL="redis://x")["REDIS_URL"] == "redis://x"


def hall_setting(tmp_path, name: str, **env: str):
    """`name` from the hall's settings imported afresh with `env`, or the error."""
    code = f"from cardnight import settings; print(settings.{name})"
    environment = {
        k: v for k, v in server_env(tmp_path, **env).items()
        if k in env or not k.startswith("CARDNIGHT_BOARD_")
    }  # fmt: skip
    # S603: a fixed command line; the interpreter is the one running the tests.
    result = subprocess.run(  # noqa: S603
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=False
    )
    return result.stdout.strip() if result.returncode == 0 else result.stderr


def test_the_rebuild_window_stays_below_the_poll_interval(tmp_path):
    """Each poll in a flurry then shows a newer board than the one before."""
    assert hall_setting(tmp_path, "BOARD_MIN_REBUILD_SECONDS") == "1"
    polls_every_second = {"CARDNIGHT_BOARD_POLL_SECONDS": "1"}
    assert hall_setting(tmp_path, "BOARD_MIN_REBUILD_SECONDS", **polls_every_second) == "0"
    too_long = hall_setting(
        tmp_path, "BOARD_MIN_REBUILD_SECONDS", CARDNIGHT_BOARD_MIN_REBUILD_SECONDS="5"
    )
    assert "must be at least 0 and less than CARDNIGHT_BOARD_POLL_SECONDS (5), not 5" in too_long
    assert (
        hall_setting(tmp_path, "BOARD_MIN_REBUILD_SECONDS", CARDNIGHT_BOARD_MIN_REBUILD_SECONDS="0")
        == "0"
    )
