"""The suite runs on its own settings module (cardnight/settings_test.py),
which differs from the hall's only where a test run must."""

import os

import pytest
from django.conf import settings

from cardnight import settings as hall


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
