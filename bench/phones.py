"""The load test's crowd: request statistics, and the phones that poll the
public scoreboard, in processes of their own (bench/load.py)."""

import asyncio
import multiprocessing
import random
import resource
import threading
import time
from collections import defaultdict


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        # Correctness checks (e.g. another hall's page must be "not found"):
        # kind -> [asked, answered as expected]. Not requests' errors.
        self.checks: dict[str, list[int]] = defaultdict(lambda: [0, 0])

    def check(self, kind: str, as_expected: bool) -> None:
        with self.lock:
            self.checks[kind][0] += 1
            self.checks[kind][1] += as_expected

    def add(self, kind: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.latency[kind].append(seconds)
            if not ok:
                self.errors[kind] += 1

    def merge(self, latency: dict, errors: dict, checks: dict | None = None) -> None:
        with self.lock:
            for kind, values in latency.items():
                self.latency[kind].extend(values)
            for kind, count in errors.items():
                self.errors[kind] += count
            for kind, (asked, expected) in (checks or {}).items():
                self.checks[kind][0] += asked
                self.checks[kind][1] += expected

    def results(self) -> tuple:
        """What a worker process sends back (plain dicts, picklable)."""
        return dict(self.latency), dict(self.errors), {k: list(v) for k, v in self.checks.items()}


def timed(stats: Stats, kind: str, call, ok=lambda status: status < 400):
    started = time.perf_counter()
    try:
        result = call()
    except OSError:
        stats.add(kind, time.perf_counter() - started, False)
        return None
    stats.add(kind, time.perf_counter() - started, ok(result[0]))
    return result


# --- Phones: an event loop in a process of its own ------------------------
# Each phone is a coroutine with one keep-alive connection, speaking plain
# HTTP/1.1 as a phone's browser does (gzip accepted, If-None-Match on every
# poll). One event loop carries thousands of them for a few percent of one
# CPU, so the phones do not take the CPU the server is being measured on
# (a thread per phone with http.client took about as much CPU as the server).

REQUEST_TIMEOUT = 30.0


class _Closed(Exception):
    """The server closed the keep-alive connection (as gunicorn does after
    its keep-alive seconds): open a new one, as a browser does."""


async def _read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> None:
    """Read the answer's body off the connection (the phone only needs it gone)."""
    if headers.get("transfer-encoding", "").lower() == "chunked":
        chunk = None
        while chunk != 0:
            line = await reader.readuntil(b"\r\n")
            chunk = int(line.split(b";")[0], 16)
            await reader.readexactly(chunk + 2)  # the chunk and its CRLF
        return
    await reader.readexactly(int(headers.get("content-length", "0")))


async def _exchange(connection: list, port: int, request: bytes) -> tuple[int, dict[str, str]]:
    """Send `request` on the phone's connection (opened when there is none)
    and read the answer: (status, headers with lower-case names)."""
    if connection[0] is None or connection[0].at_eof():
        _close(connection)
        connection[:] = await asyncio.open_connection("127.0.0.1", port)
    reader, writer = connection
    writer.write(request)
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as closed:
        raise _Closed from closed
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name:
            headers[name.strip().lower()] = value.strip()
    if status != 304 and status >= 200:
        await _read_body(reader, headers)
    if headers.get("connection", "").lower() == "close":
        _close(connection)
    return status, headers


def _close(connection: list) -> None:
    if connection[1] is not None:
        connection[1].close()
    connection[:] = [None, None]


async def _phone(phone: tuple, poll: float, stopped, stats: Stats) -> None:
    port, slug, couples, seed = phone
    rng = random.Random(seed)
    # Half the phones keep the board open, half their couple's own card (the
    # cue card's QR code opens it): both poll with If-None-Match.
    card = seed % 2 == 1
    path = f"/e/{slug}/couple/{1 + seed % couples}/" if card else f"/e/{slug}/"
    what = "card" if card else "board"
    connection: list = [None, None]
    etag = ""
    await asyncio.sleep(rng.uniform(0, poll))  # phones arrive spread over one interval
    while not stopped():
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Accept-Encoding: gzip"]
        if etag:
            lines += ["HX-Request: true", f"If-None-Match: {etag}"]
        request = ("\r\n".join(lines) + "\r\n\r\n").encode()
        started = time.perf_counter()
        try:
            try:
                status, headers = await asyncio.wait_for(
                    _exchange(connection, port, request), REQUEST_TIMEOUT
                )
            except (_Closed, ConnectionError):
                _close(connection)  # a closed keep-alive connection: once more, on a new one
                status, headers = await asyncio.wait_for(
                    _exchange(connection, port, request), REQUEST_TIMEOUT
                )
        except (OSError, TimeoutError, ValueError, _Closed, asyncio.IncompleteReadError):
            stats.add(f"phone: {what}", time.perf_counter() - started, False)
            _close(connection)
            await asyncio.sleep(poll)
            continue
        if not etag:
            kind = f"phone: {what}, first load"
        elif status == 304:
            kind = f"phone: {what} poll, 304"
        else:
            kind = f"phone: {what} poll, changed"
        stats.add(kind, time.perf_counter() - started, status in (200, 304))
        etag = headers.get("etag") or etag
        await asyncio.sleep(poll * rng.uniform(0.9, 1.1))
    _close(connection)


async def _crowd(phones: list[tuple], poll: float, stop_event) -> Stats:
    stats = Stats()
    tasks = [asyncio.ensure_future(_phone(p, poll, stop_event.is_set, stats)) for p in phones]
    while not stop_event.is_set():
        await asyncio.sleep(0.1)
    # Every phone ends after the poll it is waiting for (at most one interval).
    await asyncio.wait(tasks, timeout=poll * 1.1 + REQUEST_TIMEOUT)
    for task in tasks:
        task.cancel()
    return stats


def phones_process(phones: list[tuple], poll, stop_event, results) -> None:
    """One process of phones, each (port, evening slug, couples, seed)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, len(phones) + 256)), hard))
    stats = asyncio.run(_crowd(phones, poll, stop_event))
    results.put(stats.results())


def start_phones(phones: list[tuple], processes: int, poll: float):
    """The phones spread over `processes` processes: (processes, stop, results)."""
    stop = multiprocessing.Event()
    results: multiprocessing.Queue = multiprocessing.Queue()
    share = -(-len(phones) // processes)
    crowds = [
        multiprocessing.Process(
            target=phones_process, args=(phones[first : first + share], poll, stop, results)
        )
        for first in range(0, len(phones), share)
    ]
    for crowd in crowds:
        crowd.start()
    return crowds, stop, results


def stop_phones(crowds, stop, results, stats: Stats) -> None:
    stop.set()
    for _ in crowds:
        stats.merge(*results.get(timeout=60))
    for crowd in crowds:
        crowd.join(timeout=30)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
