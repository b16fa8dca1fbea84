"""Do the estimate's intervals hold the truth? (issue 26, point 3)

2-player positions with 4–7 cards left in the deck (seeded games of card counters, 10% random;
seeds from 70,000, used by no other benchmark), both editions, the single-type models and the
mixture: the exact answer (`advise_exact`, a large work budget; positions it refuses are passed
over and counted) against the default estimate (`advise_estimate`, the app's deals).

Prints per row (edition, model, cards left): positions, plays estimated, the share of plays
whose 95% interval holds the exact value, the share of "Best play" verdicts that are exactly
best, the number of verdicts, and the mean and 90th percentile of the shortfall (exact minus
estimate: what the later decisions made by the heuristic and the next-decision statistics miss).
(The measured widening these rows once set, `WIDEN`, was removed in issue 47: the intervals are
the sampling intervals of the estimate's own quantity, not ranges for the exact value.)

`--dump FILE` writes one line per estimated play (edition, model, cards left, estimate, interval,
exact value).

`--start N`: the first seed (70,000 by default).

Also printed per row: the median width of the plays' 95% ranges (in points).

Usage: python benchmarks/coverage.py [positions-per-row] [deals] [--lefts 4,5,6,7] [--models a,b]
       [--dump FILE] [--start N]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver.advice.estimate import advise_estimate  # noqa: E402
from solver.advice.exact import advise_exact  # noqa: E402
from solver.advice.worlds import TooLargeError  # noqa: E402
from benchmarks.positions import position_at  # noqa: E402


def positions(edition: str, left: int, count: int, start: int = 70_000):
    found = 0
    for seed in range(start, start + 20_000):
        record = position_at(edition, 2, left, seed)
        if record is not None:
            yield record
            found += 1
            if found >= count:
                return



def quantile(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main() -> None:
    argv = sys.argv[1:]
    lefts, models = (4, 5, 6, 7), ("random", "card-counter", "mixture")
    if "--lefts" in argv:
        i = argv.index("--lefts")
        lefts = tuple(int(x) for x in argv[i + 1].split(","))
        del argv[i:i + 2]
    if "--models" in argv:
        i = argv.index("--models")
        models = tuple(argv[i + 1].split(","))
        del argv[i:i + 2]
    dump = None
    if "--dump" in argv:
        i = argv.index("--dump")
        dump = open(argv[i + 1], "w")
        del argv[i:i + 2]
    start = 70_000
    if "--start" in argv:
        i = argv.index("--start")
        start = int(argv[i + 1])
        del argv[i:i + 2]
    count = int(argv[0]) if argv else 8
    deals = int(argv[1]) if len(argv) > 1 else 2000
    try:
        from solver.compiled import warm

        warm()
    except ImportError:
        pass
    print(f"{'edition':<9}{'model':<14}{'left':>5}{'positions':>10}{'refused':>8}{'plays':>7}{'covered':>9}"
          f"{'verdicts':>9}{'exact best':>11}{'shortfall':>10}{'q90':>7}{'width':>7}{'est s':>7}",
          flush=True)
    totals = {"plays": 0, "covered": 0, "verdicts": 0, "right": 0}
    for edition in ("classic", "2019"):
        for model in models:
            for left in lefts:
                n = refused = plays = covered = verdicts = right = 0
                shortfall, seconds, widths = [], [], []
                for record in positions(edition, left, count, start):
                    try:
                        exact = advise_exact(record, model, 3_000_000)
                    except TooLargeError:
                        refused += 1
                        continue
                    value = {a.action: a.win for a in exact.actions}
                    best = max(value.values())
                    t0 = time.process_time()
                    est = advise_estimate(record, model, deals=deals, seed=1)
                    seconds.append(time.process_time() - t0)
                    n += 1
                    for a in est.actions:
                        if a.exact or a.same_as is not None:
                            continue
                        plays += 1
                        low, high = a.interval
                        widths.append(100 * (high - low))
                        covered += low - 1e-12 <= float(value[a.action]) <= high + 1e-12
                        shortfall.append(float(value[a.action] - a.win))
                        if dump:
                            print(edition, model, left, float(a.win), low, high, float(value[a.action]),
                                  sep="\t", file=dump, flush=True)
                    if est.resolved:
                        verdicts += 1
                        right += value[est.actions[0].action] == best
                for k, v in (("plays", plays), ("covered", covered), ("verdicts", verdicts), ("right", right)):
                    totals[k] += v
                print(f"{edition:<9}{model:<14}{left:>5}{n:>10}{refused:>8}{plays:>7}"
                      f"{covered / max(plays, 1):>9.3f}{verdicts:>9}{right / max(verdicts, 1):>11.3f}"
                      f"{statistics.mean(shortfall or [0]):>+10.3f}{quantile(shortfall, 0.9):>+7.3f}"
                      f"{statistics.median(widths or [0]):>7.1f}"
                      f"{statistics.median(seconds or [0]):>7.2f}", flush=True)
    print(f"# all rows: {totals['covered']}/{totals['plays']} plays covered "
          f"({totals['covered'] / max(totals['plays'], 1):.3f}); {totals['right']}/{totals['verdicts']} "
          f"'Best play' verdicts exactly best ({totals['right'] / max(totals['verdicts'], 1):.3f})")


if __name__ == "__main__":
    main()
