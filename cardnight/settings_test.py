"""Settings for the test suite (pyproject.toml's DJANGO_SETTINGS_MODULE).

The hall's settings (cardnight/settings.py), changed only where a test run
must differ. Everything else is what a hall runs; a test that needs another
value sets it itself. A server
or command a test starts in its own process runs the hall's settings
(tests/support/hall.py sets DJANGO_SETTINGS_MODULE for it).
"""

import os
import tempfile
from pathlib import Path

from cardnight.settings import *  # noqa: F403
from cardnight.settings import DATABASES, FRAGMENT_CACHE, LOCAL_CACHE, STORAGES

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # The tests' SQLite database is a file, as the hall's is, not Django's
    # default shared in-memory one: the browser tests' server answers each
    # request in a thread of its own, and with an in-memory database all those
    # threads share ONE connection, so two phones reporting at the same moment
    # ran inside each other's transaction (both reports "pending", neither
    # confirming the other). With a file, every thread has its own connection
    # and BEGIN IMMEDIATE queues them, as in the hall. One file per process,
    # so two test runs on one machine never share a database.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"cardnight-test-{os.getpid()}.sqlite3")
    }

# Real password hashing costs most of a second per test user.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The test suite runs without collectstatic.
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# The shared cache is never taken from the environment: a test that needs
# Redis starts a server with it (tests/test_two_servers.py). Each test
# process keeps the board's values in its own memory, emptied between tests
# (tests/conftest.py): ids come back after a test's rollback.
REDIS_URL = ""
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "fragments": FRAGMENT_CACHE,
    "local": LOCAL_CACHE,
}
