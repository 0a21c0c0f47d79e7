"""WSGI entry point, served by the server of cardnight/server.py (`cardnight serve`)."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from cardnight.backup import hold_while_serving

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardnight.settings")

application = get_wsgi_application()


def _settle() -> None:
    """What the worker loaded to start (Django, the apps, every view through
    the URLs, which the first request would load anyway) lives as long as the
    process: moved out of the garbage collector's sight (`gc.freeze`), so a
    full collection during the night walks only what requests made. Without
    it, each full collection walked some 100,000 objects (30 ms holding the
    interpreter, every thread of the worker waiting) and came every few
    board rebuilds."""
    get_resolver().url_patterns  # noqa: B018 - imports the views now
    gc.freeze()


# While this worker lives, a restore of its SQLite database is refused: it
# would swap the data under requests that were already answered.
hold_while_serving()
_settle()
