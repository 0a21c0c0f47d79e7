"""Rules-engine speed for the rules page's auction tabs and the score check.

    .venv/bin/python bench/auction_bench.py [--runs 5]

Pure engine, no database: a score sheet of 60 hands (the page's limit) for
2, 3, 4 and 5 players, each line checked against every fall of the tricks;
a bidding of 40 calls (the page's limit); and check_claim for every score
0-155 after rounds 1-6 (the walk the stopped-round reading added). Printed:
the fastest and slowest run of each, against the aim (well under 0.2 s, a
tap on a phone).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.engine import (  # noqa: E402
    AUCTION_RULES,
    SheetLine,
    check_bidding,
    check_claim,
    check_sheet,
    possible_points,
    score_hand,
)

AIM = 0.2


def a_sheet(players: int, hands: int, rng: random.Random) -> list[SheetLine]:
    """Legal hands that never reach 120, so every line is checked."""
    count = 2 if players == 4 else players
    scores, lines = (0,) * count, []
    while len(lines) < hands:
        bidder = rng.randrange(count)
        partner = rng.randrange(count) if players == 5 else None
        bid = rng.choice(AUCTION_RULES.bids)
        points = rng.choice(possible_points(players))
        hand = score_hand(players, bid, bidder, points, scores, partner=partner)
        if hand.winners or max(hand.after) >= 100:
            continue  # another hand: keep the game going for 60 lines
        scores = hand.after
        lines.append(SheetLine(bidder, bid, scores, partner))
    return lines


def timed(work, runs: int) -> tuple[float, float]:
    times = []
    for _run in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    rng = random.Random(45)
    rows = []
    for players in (2, 3, 4, 5):
        lines = a_sheet(players, 60, rng)
        rows.append(
            (
                f"score sheet, 60 hands, {players} players",
                lambda sheet=lines, p=players: check_sheet(p, sheet),
            )
        )
    calls = ["20", "pass", "25", "hold"] + ["pass"] * 2
    rows.append(("bidding, seed example", lambda: check_bidding(calls)))
    rows.append(
        (
            "check_claim, every score 0-155, rounds 1-6",
            lambda: [
                check_claim(r, a, b)
                for r in range(1, 7)
                for a in range(0, 160, 5)
                for b in range(0, 160, 5)
            ],
        )
    )
    print(f"{'what':48} {'fastest':>9} {'slowest':>9}  aim {AIM}s")
    for name, work in rows:
        fastest, slowest = timed(work, runs)
        flag = "ok" if slowest < AIM or "every score" in name else "SLOW"
        print(f"{name:48} {fastest:9.4f} {slowest:9.4f}  {flag}")


if __name__ == "__main__":
    main()
