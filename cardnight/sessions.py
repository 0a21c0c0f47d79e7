"""Django's database sessions, their one read per request compiled once.

Every volunteer's and organizer's request reads its session row first; the
ORM builds and compiles that read afresh each time, which costs more than
SQLite takes to answer it. The same read, prepared (cardnight/prepared.py):
by the key alone, the expiry checked here rather than in the SQL (a
datetime is not a prepared read's argument), with the same outcome as
Django's `SessionStore._get_session_from_db`: a missing or expired session
is no session, and its key is dropped. Settings: SESSION_ENGINE.
"""

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.utils import timezone

from cardnight.prepared import Prepared

# The model is looked up when first read, as Django's store does (it may be
# imported before the apps are ready).
_SESSION = Prepared(
    lambda key: DatabaseSessionStore.get_model_class().objects.filter(session_key=key)[:1]
)


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self):
        found = _SESSION.one(self.session_key) if isinstance(self.session_key, str) else None
        if found is not None and found.expire_date > timezone.now():
            return found
        self._session_key = None
        return None
