"""Random complete rounds per second, per edition and player count.

Each round: a seeded deal (`deal_round`), then uniformly random legal play through the public
API (`legal_actions` + `apply`, every event produced) until the round ends. One process, one
core. Usage: python benchmarks/engine.py [seconds-per-row]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import apply, deal_round, get_edition, legal_actions  # noqa: E402

ROWS = [("classic", n) for n in (2, 3, 4)] + [("classic-2019", n) for n in (2, 3, 4)] + [
    ("2019", n) for n in (2, 3, 4, 5, 6)
]


def measure(key: str, n: int, seconds: float) -> tuple[float, float, float]:
    edition = get_edition(key)
    rng = random.Random(1)
    choice = rng.choice
    rounds = turns = events = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        r, ev = deal_round(edition, n, rounds % n, rounds)
        events += len(ev)
        while r.phase != "over":
            r, ev = apply(r, choice(legal_actions(r)))
            turns += 1
            events += len(ev)
        rounds += 1
        if rounds % 64 == 0 and time.perf_counter() > deadline:
            break
    elapsed = time.perf_counter() - start
    return rounds / elapsed, turns / rounds, events / rounds


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    print(f"{'edition':<14}{'players':>8}{'rounds/s':>12}{'actions/round':>15}{'events/round':>14}")
    for key, n in ROWS:
        rate, per_round, events = measure(key, n, seconds)
        print(f"{key:<14}{n:>8}{rate:>12,.0f}{per_round:>15.1f}{events:>14.1f}")


if __name__ == "__main__":
    main()
