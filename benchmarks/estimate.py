"""The advisor's estimates with the default budget on 2-player positions beyond the exact
horizon: how many deals the contenders got, how many plays were dropped by the racing, how
often a single best play was resolved, and the wall time (one process; the machine may be
shared, so times are indicative — the budget itself is work, not time).

Positions: seeded games of card counters (10% random), stopped at seat 0's turns.
Usage: python benchmarks/estimate.py [positions-per-row]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver import apply, deal_round, legal_actions  # noqa: E402
from solver.advice.advisor import advise  # noqa: E402
from solver.policies.heuristics import card_counter_policy  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402


def positions(edition: str, count: int):
    found = 0
    for seed in range(10_000):
        rng = random.Random(seed)
        r, ev = deal_round(edition, 2, seed % 2, seed)
        events = list(ev)
        while r.phase != "over":
            if r.current == 0 and r.phase == "play" and len(r.deck) >= 7 and rng.random() < 0.5:
                yield record_from_events(r.edition, 2, events, 0)
                found += 1
                if found >= count:
                    return
                break
            a = card_counter_policy(r, rng) if rng.random() < 0.9 else rng.choice(legal_actions(r))
            r, e2 = apply(r, a)
            events += e2


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    print(f"{'edition':<9}{'model':<14}{'positions':>10}{'estimates':>10}{'min deals':>10}{'resolved':>9}"
          f"{'plays':>7}{'dropped':>8}{'median s':>9}{'worst s':>8}")
    for edition in ("classic", "2019"):
        for model in ("random", "card-counter"):
            times, deals, resolved, plays, dropped, est = [], [], 0, 0, 0, 0
            for record in positions(edition, count):
                t0 = time.perf_counter()
                adv = advise(record, model)
                times.append(time.perf_counter() - t0)
                if adv.method != "estimate":
                    continue
                est += 1
                sampled = [a.samples for a in adv.actions if not a.exact]
                deals.append(max(sampled))
                resolved += adv.resolved
                plays += len(adv.actions)
                dropped += sum(1 for k in sampled if k < max(sampled))
            print(f"{edition:<9}{model:<14}{len(times):>10}{est:>10}{min(deals) if deals else '-':>10}{resolved:>9}"
                  f"{plays:>7}{dropped:>8}{statistics.median(times):>9.2f}{max(times):>8.2f}", flush=True)


if __name__ == "__main__":
    main()
