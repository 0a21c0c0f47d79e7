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
