"""The board's poll skips Django's connection health check (its query is the
check): a PostgreSQL connection cut between two polls must still give the
phone its answer at once, on a new connection, not a 503."""

import pytest
from django.db import connection

from tests.support.hall import Browser, Server, manage, server_env
from tests.support.tcp_proxy import proxied_postgres

pytestmark = pytest.mark.postgres

SETUP = (
    "import datetime\n"
    "from tables.models import Evening, Hall\n"
    "h = Hall.objects.create(name='Hall')\n"
    "Evening.objects.create(hall=h, name='Friday', slug='friday', published=True,"
    " date=datetime.date(2026, 11, 27))\n"
)


def test_a_poll_after_the_database_connection_was_cut_is_answered(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL")
    with proxied_postgres(connection.settings_dict, "cn_poll") as (proxy, url):
        env = server_env(tmp_path, url)
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "shell", "--no-imports", "-c", SETUP)
        # One worker, one thread: the next poll reuses the connection that was cut.
        with Server(env, workers=1, threads=1) as server:
            phone = Browser(server.url)
            status, headers, _ = phone.fetch("GET", "/e/friday/", headers={"HX-Request": "true"})
            assert status == 200
            etag = headers["ETag"]
            proxy.stop()  # every open connection to the database is cut
            proxy.start()
            poll = {"HX-Request": "true", "If-None-Match": etag}
            assert phone.fetch("GET", "/e/friday/", headers=poll)[0] == 304
            assert phone.fetch("GET", "/e/friday/board.json")[0] == 200
