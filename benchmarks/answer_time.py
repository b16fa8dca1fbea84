"""Wall time of `advise()` with its default work budgets (`DEFAULT_WORK`, 20,000 transitions for
the exact search; `DEFAULT_DEALS`, 2,000 deals for the contenders of an estimate), exact or estimate, both opponent
models. The budget is work, so the answer is the same on any machine; this measures what it
costs here.

Seeded games of card counters (10% random play); at about half of seat 0's turns the position
is advised. Prints positions, median and worst seconds, and how many answers were exact.
Usage: python benchmarks/answer_time.py [games-per-row]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import LoveLetterError, apply, deal_round, legal_actions  # noqa: E402
from solver.advice.advisor import advise  # noqa: E402
from solver.policies.heuristics import counting_policy  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402

ROWS = [("classic", 2), ("2019", 2), ("2019", 4), ("2019", 6)]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    print(f"{'edition':<9}{'players':>8}{'answers':>9}{'median s':>10}{'worst s':>9}{'exact':>7}{'refused':>9}")
    for key, n in ROWS:
        times, exact, refused = [], 0, 0
        for seed in range(games):
            rng = random.Random(seed)
            r, ev = deal_round(key, n, 0, seed)
            events = list(ev)
            while r.phase != "over":
                if r.current == 0 and r.phase == "play" and rng.random() < 0.5:
                    record = record_from_events(r.edition, n, events, 0)
                    for model in ("random", "card-counter", "mixture"):
                        t0 = time.perf_counter()
                        try:
                            exact += advise(record, model).method == "exact"
                        except LoveLetterError:
                            refused += 1
                        times.append(time.perf_counter() - t0)
                action = counting_policy(r, rng) if rng.random() < 0.9 else rng.choice(legal_actions(r))
                r, e2 = apply(r, action)
                events += e2
        times.sort()
        print(f"{key:<9}{n:>8}{len(times):>9}{times[len(times) // 2]:>10.2f}{times[-1]:>9.2f}{exact:>7}{refused:>9}",
              flush=True)


if __name__ == "__main__":
    main()
