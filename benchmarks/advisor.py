"""Exact-mode time of the advisor for 2-player positions at the viewer's turn, by cards left.

Random seeded games (uniformly random play) are stopped at the viewer's turn with k cards
left in the deck; `advise` in exact mode (random opponents) is timed on up to 6 positions per
row, with the transitions it counted (the work budget's unit). Positions over the exact
budget (300,000 transitions or 10 s here) are counted, not timed (the advisor then estimates).
Usage: python benchmarks/advisor.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import apply, deal_round, legal_actions  # noqa: E402
from solver.advice.advisor import TooLargeError  # noqa: E402
from solver.advice.exact import advise_exact  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402


def positions(edition: str, left: int, count: int):
    found = 0
    for seed in range(2000):
        r, ev = deal_round(edition, 2, 0, seed)
        events = list(ev)
        rng = random.Random(seed)
        while r.phase != "over":
            if r.current == 0 and r.phase == "play" and len(r.deck) == left:
                yield record_from_events(r.edition, 2, events, 0)
                found += 1
                break
            r, e2 = apply(r, rng.choice(legal_actions(r)))
            events.extend(e2)
        if found >= count:
            return


def main() -> None:
    print(f"{'edition':<9}{'cards left':>11}{'timed':>7}{'median s':>10}{'worst s':>9}"
          f"{'median work':>13}{'worst work':>12}{'over budget':>13}")
    for edition in ("classic", "2019"):
        for left in (1, 2, 3, 4, 5, 6):
            times, work, over = [], [], 0
            for record in positions(edition, left, 6):
                stats: dict = {}
                t0 = time.perf_counter()
                try:
                    advise_exact(record, "random", 300_000, deadline=time.perf_counter() + 10, stats=stats)
                except TooLargeError:
                    over += 1
                    continue
                times.append(time.perf_counter() - t0)
                work.append(stats["work"])
            med = f"{statistics.median(times):.2f}" if times else "-"
            worst = f"{max(times):.2f}" if times else "-"
            mw = f"{statistics.median(work):,.0f}" if work else "-"
            ww = f"{max(work):,}" if work else "-"
            print(f"{edition:<9}{left:>11}{len(times):>7}{med:>10}{worst:>9}{mw:>13}{ww:>12}{over:>13}", flush=True)


if __name__ == "__main__":
    main()
