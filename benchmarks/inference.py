"""Time to analyze a record after every turn of generated games, per edition and player count.

For each (edition, players): seeded random games (uniformly random legal play); after every
turn, the record as one seat saw it (seats in rotation) is parsed from its text notation and
analyzed (`infer` + the Guard table), once per opponent model (card-counter: card counters with
memory). Prints median / 90th percentile / worst milliseconds, and how many records the exact
inference refused as too large. Usage: python benchmarks/inference.py [games-per-row]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver import LoveLetterError, apply, deal_round, get_edition, legal_actions  # noqa: E402
from solver.inference.posterior import guard_table, infer  # noqa: E402
from solver.records.notation import format_record, parse_record  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402

ROWS = [("classic", 2), ("classic", 3), ("classic", 4), ("classic-2019", 2), ("classic-2019", 4),
        ("2019", 2), ("2019", 3), ("2019", 4), ("2019", 5), ("2019", 6)]


def records(key: str, n: int, games: int):
    edition = get_edition(key)
    for g in range(games):
        rng = random.Random(g)
        r, events = deal_round(edition, n, g % n, g)
        events = list(events)
        viewer = g % n
        yield record_from_events(edition, n, events, viewer)
        while r.phase != "over":
            r, ev = apply(r, rng.choice(legal_actions(r)))
            events.extend(ev)
            if r.phase == "over":
                break
            yield record_from_events(edition, n, events, viewer)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{'edition':<14}{'players':>8}{'model':>14}{'records':>9}{'median ms':>11}{'p90 ms':>9}{'worst ms':>10}"
          f"{'refused':>9}")
    for key, n in ROWS:
        texts = [format_record(r) for r in records(key, n, games)]
        for model in ("uniform", "random", "card-counter"):
            times = []
            refused = 0
            for text in texts:
                t0 = time.perf_counter()
                try:
                    post = infer(parse_record(text), model)
                    guard_table(post)
                except LoveLetterError:
                    refused += 1
                times.append((time.perf_counter() - t0) * 1000)
            times.sort()
            p90 = times[int(0.9 * (len(times) - 1))]
            print(f"{key:<14}{n:>8}{model:>14}{len(times):>9}{statistics.median(times):>11.1f}"
                  f"{p90:>9.1f}{times[-1]:>10.1f}{refused:>9}", flush=True)


if __name__ == "__main__":
    main()
