"""bench/flurry_bench.py counts as the results' cost only what the results
cost: the sign-ins (a password hash each) and the pages of table links (a QR
code per table) come before the servers' CPU is counted.

A small real run: one server, a few tables, two phones."""

from pathlib import Path

from bench import flurry_bench

ROOT = Path(__file__).resolve().parent.parent


def test_sign_ins_and_table_links_are_not_counted_as_the_results_cpu(monkeypatch):
    monkeypatch.chdir(ROOT)
    for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"):
        monkeypatch.delenv(name, raising=False)
    events: list[str] = []
    signed_in, cpu_seconds, get = (
        flurry_bench.signed_in,
        flurry_bench.cpu_seconds,
        flurry_bench.Browser.get,
    )

    def noting_sign_in(url, username):
        events.append("sign-in")
        return signed_in(url, username)

    def noting_cpu(servers):
        events.append("cpu")
        return cpu_seconds(servers)

    def noting_get(browser, path, *args, **kwargs):
        if "/tables/" in path:
            events.append("table links")
        return get(browser, path, *args, **kwargs)

    monkeypatch.setattr(flurry_bench, "signed_in", noting_sign_in)
    monkeypatch.setattr(flurry_bench, "cpu_seconds", noting_cpu)
    monkeypatch.setattr(flurry_bench.Browser, "get", noting_get)
    args = flurry_bench.parse_args(
        ["--tables", "3", "--phones", "2", "--poll", "0.5", "--seconds", "1"]
        + ["--volunteers", "2", "--healthz-seconds", "0.3"]
    )

    run = flurry_bench.run_on("sqlite", args)

    assert run["taken"] == 3
    assert run["stats"].checks["every table's result is in"] == [1, 1]
    assert events.count("sign-in") >= 3 and "table links" in events
    # The last four CPU readings bracket the phones alone, then the flurry.
    counted_from = [n for n, event in enumerate(events) if event == "cpu"][-4]
    assert events[counted_from:] == ["cpu"] * 4, events
