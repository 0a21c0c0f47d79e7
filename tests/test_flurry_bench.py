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
    # The last six CPU readings bracket the phones alone, the flurry, then
    # /healthz measured again.
    counted_from = [n for n, event in enumerate(events) if event == "cpu"][-6]
    assert events[counted_from:] == ["cpu"] * 6, events


def test_the_yardstick_is_healthz_before_and_after_the_flurry_averaged(capsys):
    """The machine's speed drifts during a run on a shared machine: the CPU
    per result is stated in /healthz requests' worth measured before and
    after the flurry, averaged."""
    run = {
        "db": "sqlite", "servers": 1, "rate": 1000.0, "rate_after": 500.0,
        "healthz_cpu": 0.001, "healthz_cpu_after": 0.003, "alone_ms": 1.0,
        "idle_rate": 0.0, "taken": 10, "elapsed": 10.0, "spent": 4.0,
        "stats": flurry_bench.Stats(),
    }  # fmt: skip
    args = flurry_bench.parse_args(["--tables", "10"])
    flurry_bench.report(run, args)
    said = capsys.readouterr().out
    assert "0.400 CPU-s per result (200 /healthz" in said  # 0.4 / 0.002
    assert "1.00 and 3.00 CPU-ms each" in said
