"""How good is the estimate where the exact answer is known? 2-player positions with 3–5 cards
left in the deck (seeded games of card counters, 10% random), both editions, both opponent
models: the exact ranking (large work budget) against the estimate with the viewer's next
decision chosen by information state (the advisor's method) and against the plain counting-
heuristic continuation (the earlier method).

Prints, per method: how often the estimate's top play is an exact best play, the mean and
worst regret (exact value of the best play minus exact value of the estimate's top play), how
often a single best play was named although it is not exactly best (a wrong "Best play"), and
the mean bias (estimate minus exact value) of the plays by card, and by edition, opponent model
and cards left in the deck.

Usage: python benchmarks/estimate_vs_exact.py [positions-per-row] [deals]
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver import Play  # noqa: E402
from solver.advice.estimate import advise_estimate  # noqa: E402
from solver.advice.exact import advise_exact  # noqa: E402
from solver.advice.worlds import TooLargeError  # noqa: E402
from benchmarks.positions import position_at  # noqa: E402


def positions(edition: str, count: int, lefts=(3, 4, 5)):
    found = 0
    for seed in range(20_000):
        want = lefts[seed % len(lefts)]
        record = position_at(edition, 2, want, seed)
        if record is not None:
            yield want, record
            found += 1
            if found >= count:
                return



def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    stats = {m: {"n": 0, "match": 0, "regret": [], "wrong_best": 0, "bias": defaultdict(list),
                 "by_row": defaultdict(list)} for m in ("next-decision", "heuristic")}
    for edition in ("classic", "2019"):
        for model in ("random", "card-counter"):
            for left, record in positions(edition, count):
                try:
                    exact = advise_exact(record, model, 3_000_000)
                except TooLargeError:
                    continue
                value = {a.action: float(a.win) for a in exact.actions}
                best = max(value.values())
                for method, flag in (("next-decision", True), ("heuristic", False)):
                    est = advise_estimate(record, model, deals=deals, seed=1, next_decision=flag)
                    s = stats[method]
                    top = est.actions[0].action
                    s["n"] += 1
                    s["match"] += value[top] >= best - 1e-12
                    s["regret"].append(best - value[top])
                    if est.resolved and value[top] < best - 1e-12:
                        s["wrong_best"] += 1
                    for a in est.actions:
                        if not a.exact and isinstance(a.action, Play):
                            s["bias"][a.action.card.name].append(float(a.win) - value[a.action])
                        if not a.exact:
                            s["by_row"][(edition, model, left)].append(float(a.win) - value[a.action])
    print(f"{'method':<15}{'positions':>10}{'top = best':>11}{'mean regret':>12}{'worst':>7}{'wrong best':>11}")
    for method, s in stats.items():
        print(f"{method:<15}{s['n']:>10}{s['match'] / max(s['n'], 1):>11.3f}"
              f"{statistics.mean(s['regret'] or [0]):>12.4f}{max(s['regret'] or [0]):>7.3f}{s['wrong_best']:>11}")
    cards = sorted(set().union(*(s["bias"] for s in stats.values())))
    print("mean bias (estimate - exact) by card: " + ", ".join(cards))
    for method, s in stats.items():
        print(f"{method:<15}" + "  ".join(f"{c} {statistics.mean(s['bias'][c]):+.3f}" if s["bias"][c] else f"{c} -"
                                         for c in cards))
    print("mean bias by edition, opponent model and cards left (plays estimated):")
    rows = sorted(set().union(*(s["by_row"] for s in stats.values())))
    for method, s in stats.items():
        print(f"{method:<15}" + "  ".join(f"{e} {m} {k}: {statistics.mean(s['by_row'][(e, m, k)]):+.3f}"
                                         for e, m, k in rows if s["by_row"][(e, m, k)]))


if __name__ == "__main__":
    main()
