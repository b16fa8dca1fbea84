"""How far does the longer exact answer (`advise_deeper`, the `DEEP_WORK` budget a person may ask for)
reach? 2-player positions with 7–9 cards in the deck (`benchmarks/positions.py`, seeds from 70,000),
both editions, the app's default model (the mixture) and the card counter: per position the CPU
seconds and the work (transitions) of the answer, or "too large" when it does not fit the budget.
Prints per row (edition, model, cards left): positions, answered, the median and worst CPU seconds of
the answers, the most work. The budget is work, so which positions fit is the same on any machine;
the seconds are this machine's.

Usage: python benchmarks/deeper_reach.py [positions-per-row] [lefts, e.g. 7,8] [models]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from benchmarks.positions import position_at  # noqa: E402
from solver.advice.advisor import DEEP_WORK  # noqa: E402
from solver.advice.exact import advise_exact  # noqa: E402
from solver.advice.worlds import TooLargeError  # noqa: E402
from solver.compiled import warm  # noqa: E402
from solver.policies.models import get_model  # noqa: E402


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    lefts = [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else [7, 8, 9]
    models = sys.argv[3].split(",") if len(sys.argv) > 3 else ["mixture", "card-counter"]
    warm()
    print(f"{'edition':<9}{'model':<14}{'left':>5}{'positions':>10}{'answered':>9}{'median s':>9}{'worst s':>8}"
          f"{'most work':>12}", flush=True)
    for edition in ("classic", "2019"):
        for model in models:
            types = len(get_model(model, playing=True).types)
            for left in lefts:
                n = answered = 0
                seconds, works = [], []
                for seed in range(70_000, 90_000):
                    record = position_at(edition, 2, left, seed)
                    if record is None:
                        continue
                    n += 1
                    stats: dict = {}
                    t0 = time.process_time()
                    try:
                        advise_exact(record, model, DEEP_WORK * types, stats=stats)
                        answered += 1
                        seconds.append(time.process_time() - t0)
                        works.append(stats["work"])
                    except TooLargeError:
                        pass
                    if n >= count:
                        break
                print(f"{edition:<9}{model:<14}{left:>5}{n:>10}{answered:>9}"
                      f"{statistics.median(seconds or [0]):>9.2f}{max(seconds or [0]):>8.2f}{max(works or [0]):>12,}",
                      flush=True)


if __name__ == "__main__":
    main()
