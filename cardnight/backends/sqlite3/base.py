"""Django's SQLite backend, with writers that take turns promptly.

SQLite lets one writer in at a time. A writer that finds the lock taken
waits in SQLite's busy handler, which sleeps and looks again: 1, 2, 5, 10,
15, 20, 25 ms, then up to 100 ms between looks. While 100 tables report in a
few seconds, a result's transaction holds the lock for 10-100 ms (its few
milliseconds of work share the CPU with the phones' polls), so the writers
behind it slept past the moment it was free, and a newcomer could slip in
ahead of them: results waited 0.1-0.2 s at the 95th percentile and up to
1.4 s, while the lock itself was free part of that time.

Here a writer queues for it instead of sleeping blind:

- inside one server process, on a lock of the process: the next thread in
  line is woken the moment the one before commits or rolls back;
- between processes, by asking SQLite again every millisecond (SQLite's own
  handler is switched off for that one statement). Only one thread of each
  process asks, so there are as many askers as server processes.

The lock of the process only decides who asks SQLite next: SQLite's lock is
what keeps writes apart, as before, so a mistake here could make a writer
wait, never write at the same time as another. The same timeout applies
(OPTIONS "timeout"): past it, the writer gets SQLite's "database is locked"
and the page answers 503, as before. Every Django process of the site (the
server's workers, a manage.py command) takes turns this way; a connection
that is not Django's (the sqlite3 command line) meets SQLite's own handler.

Transactions are the ones Django opens for `transaction.atomic` (BEGIN
IMMEDIATE here: settings.py); a single statement outside them (a session
saved) still meets SQLite's handler.
"""

from __future__ import annotations

import os
import threading
import time

from django.db import OperationalError
from django.db.backends.sqlite3 import base

# The process's turn to write; see the module's docstring.
_TURN = threading.Lock()
# How long a writer waits between two looks at SQLite's lock.
LOOK_EVERY = 0.001


def _new_turn() -> None:
    """A child forked while some thread held the turn starts with it free."""
    global _TURN
    _TURN = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_turn)


def _look_again_later() -> None:
    time.sleep(LOOK_EVERY)


def _locked(error: BaseException) -> bool:
    return "database is locked" in str(error) or "database table is locked" in str(error)


class DatabaseWrapper(base.DatabaseWrapper):
    holds_turn = False

    def _timeout(self) -> float:
        return float(self.settings_dict["OPTIONS"].get("timeout", 5))

    def _start_transaction_under_autocommit(self) -> None:
        timeout = self._timeout()
        deadline = time.monotonic() + timeout
        if not _TURN.acquire(timeout=timeout):
            raise OperationalError("database is locked")
        self.holds_turn = True
        try:
            self._begin_before(deadline, round(timeout * 1000))
        except BaseException:
            self._end_turn()
            raise

    def _begin_before(self, deadline: float, busy_ms: int) -> None:
        """BEGIN (IMMEDIATE), asking SQLite again every LOOK_EVERY until it
        lets this writer in or `deadline` passes."""
        raw = self.connection
        raw.execute("PRAGMA busy_timeout = 0")
        try:
            while True:
                try:
                    super()._start_transaction_under_autocommit()
                    return
                except OperationalError as error:
                    if not _locked(error) or time.monotonic() >= deadline:
                        raise
                _look_again_later()
        finally:
            raw.execute(f"PRAGMA busy_timeout = {busy_ms}")

    def _end_turn(self) -> None:
        if self.holds_turn:
            self.holds_turn = False
            _TURN.release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._end_turn()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_turn()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._end_turn()
