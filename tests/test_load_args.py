"""bench/load.py's arguments: the default mode keeps its figures' settings,
--halls gets a many-halls evening's, and impossible combinations are refused
before anything starts."""

import pytest

from bench.load import parse_args


def test_the_default_mode_is_unchanged():
    args = parse_args([])
    assert (args.games, args.tables, args.phones, args.volunteers) == (10, 100, 300, 4)
    assert (args.phone_processes, args.halls, args.db) == (1, 0, "both")


def test_halls_mode_plays_thirty_tables_per_hall_for_a_bounded_time():
    args = parse_args(["--halls", "10"])
    assert (args.halls, args.tables, args.phones, args.volunteers) == (10, 30, 300, 2)
    assert args.games == 25 and 0 < args.seconds <= 300
    assert args.redis_url.startswith("redis://")


def test_a_capacity_run_plays_each_number_of_phones_once_unless_asked():
    assert parse_args(["--capacity", "1000,2000"]).repeat == 1
    assert parse_args(["--capacity", "1000,2000", "--repeat", "3"]).repeat == 3


def test_a_run_takes_the_whole_machine_unless_given_a_share_of_it():
    assert parse_args(["--capacity", "100"]).cpu_share == 0
    assert parse_args(["--capacity", "100", "--cpu-share", "0.6"]).cpu_share == 0.6


def test_given_values_win_over_the_halls_defaults():
    args = parse_args(["--halls", "3", "--tables", "5", "--volunteers", "1", "--seconds", "20"])
    assert (args.tables, args.volunteers, args.seconds) == (5, 1, 20)


@pytest.mark.parametrize(
    "argv",
    [
        ["--halls", "2", "--capacity", "100,200"],
        ["--halls", "-1"],
        ["--halls", "2", "--servers", "0"],
        ["--halls", "2", "--seconds", "0"],
        ["--capacity", "100,200", "--repeat", "0"],
        ["--capacity", "100,200", "--cpu-share", "-0.5"],
        ["--capacity", "100,200", "--cpu-share", "1000"],
        ["--capacity", "100", "--server-cpus", "first"],
        ["--capacity", "100", "--server-cpus", "3-1"],
    ],
)
def test_impossible_runs_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    assert "error" in capsys.readouterr().err


def test_the_server_can_have_processors_of_its_own_and_the_load_the_others(monkeypatch):
    """--server-cpus: a slower laptop for the server (taskset), the phones,
    volunteers and wrk kept off its processors so they never take its CPU."""
    from bench import load

    assert parse_args(["--capacity", "1000", "--server-cpus", "0"]).server_cpus == "0"
    kept = []
    monkeypatch.setattr(load.os, "sched_getaffinity", lambda pid: {0, 1, 2, 3})
    monkeypatch.setattr(load.os, "sched_setaffinity", lambda pid, cpus: kept.append(cpus))
    load.keep_off("0,2-3")
    assert kept == [{1}]
    with pytest.raises(SystemExit, match="no processor"):
        load.keep_off("0-3")


def test_the_server_starts_as_make_run_would_on_the_processors_it_has(monkeypatch):
    """One worker per processor the server may use, at most three (the
    launcher's rule): pinned to one processor, one worker."""
    from bench import load

    monkeypatch.setattr(load, "processors", lambda: 2)
    assert load.as_make_run(parse_args(["--capacity", "100"]))["workers"] == 2
    pinned = parse_args(["--capacity", "100", "--server-cpus", "0"])
    assert load.as_make_run(pinned)["workers"] == 1
    assert load.as_make_run(parse_args(["--server-cpus", "0-5"]))["workers"] == 3
    assert load.as_make_run(pinned)["threads"] == 4
