"""The load test's crowd: request statistics, and the phones that poll the
public scoreboard, in processes of their own (bench/load.py)."""

import http.client
import multiprocessing
import random
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


# --- Phones: a separate process, so that 300 polling threads do not steal ---
# --- the volunteers' client time (the GIL) and distort their latencies.   ---


def _phone(phone: tuple, poll: float, stop: threading.Event, stats: Stats) -> None:
    port, slug, couples, seed = phone
    rng = random.Random(seed)
    # Half the phones keep the board open, half their couple's own card (the
    # cue card's QR code opens it): both poll with If-None-Match.
    card = seed % 2 == 1
    path = f"/e/{slug}/couple/{1 + seed % couples}/" if card else f"/e/{slug}/"
    what = "card" if card else "board"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    etag = ""

    def get(headers):
        nonlocal conn
        for attempt in (1, 2):
            try:
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                response.read()
                return response.status, response.getheader("ETag") or ""
            except (OSError, http.client.HTTPException):
                # The server closed an idle keep-alive connection: like a
                # browser, open a new one and send the request again, once.
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    stop.wait(rng.uniform(0, poll))  # phones arrive spread over one interval
    while not stop.is_set():
        headers = {"HX-Request": "true"} if etag else {}
        if etag:
            headers["If-None-Match"] = etag
        started = time.perf_counter()
        try:
            status, new_etag = get(headers)
        except (OSError, http.client.HTTPException):
            stats.add(f"phone: {what}", time.perf_counter() - started, False)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            stop.wait(poll)
            continue
        if not etag:
            kind = f"phone: {what}, first load"
        elif status == 304:
            kind = f"phone: {what} poll, 304"
        else:
            kind = f"phone: {what} poll, changed"
        stats.add(kind, time.perf_counter() - started, status in (200, 304))
        etag = new_etag or etag
        stop.wait(poll * rng.uniform(0.9, 1.1))
    conn.close()


def phones_process(phones: list[tuple], poll, stop_event, results) -> None:
    """One process of phones, each (port, evening slug, couples, seed)."""
    stats, stop = Stats(), threading.Event()
    threads = [
        threading.Thread(target=_phone, args=(phone, poll, stop, stats), daemon=True)
        for phone in phones
    ]
    for thread in threads:
        thread.start()
    stop_event.wait()
    stop.set()
    for thread in threads:
        thread.join(timeout=35)
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
