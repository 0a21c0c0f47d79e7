"""Shared test helpers, in one package: the tests and the bench scripts import
them; they import neither `tests` (outside this package) nor `bench`.

- `hall`: the production server in a real process, an HTTP client, page parsers.
- `board`: evenings built in code (bulk ORM writes) for the scoreboard tests and bench.
- `locks`: another process holding the SQLite write lock.
- `source`: Python files read as syntax trees (`parse`), for the tests that scan the code.
- `tcp_proxy`: a TCP proxy to cut the database connection.
"""
