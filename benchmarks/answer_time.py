"""Wall time of `advise()` with its default work budgets (`DEFAULT_WORK`, 20,000 transitions for
the exact search; `DEFAULT_DEALS`, 2,000 deals for the contenders of an estimate), exact or estimate, the three opponent
models. The budget is work, so the answer is the same on any machine; this measures what it
costs here.

Seeded games of card counters (10% random play); at about half of seat 0's turns the position
is advised. Prints positions, median and worst seconds, and how many answers were exact.
The compiled core is compiled (or loaded from its disk cache) before the first answer is timed: a
process's first use is measured by `benchmarks/first_use.py`.

Usage: python benchmarks/answer_time.py [games-per-row] [rows, e.g. classic:2,2019:4] [--against DIR]

With `--against DIR` (an older checkout, e.g. `git worktree add /tmp/before 3445ebe`), each row is
measured in this tree and in DIR in turn, in fresh processes, the order alternating from row to row
("after" first on even rows): the same games, the same positions, before and after on the same
machine at nearly the same time.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver import LoveLetterError, apply, deal_round, legal_actions  # noqa: E402
from solver.advice.advisor import advise  # noqa: E402
from solver.advice.worlds import types_of  # noqa: E402
from solver.inference.beliefs import shared_belief  # noqa: E402
from solver.policies.heuristics import card_counter_policy  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402

ROWS = [("classic", 2), ("2019", 2), ("2019", 4), ("2019", 6)]
MODELS = ("mixture", "card-counter", "random")


def main() -> None:
    args = sys.argv[1:]
    against = None
    if "--against" in args:
        i = args.index("--against")
        against = args[i + 1]
        del args[i:i + 2]
    games = int(args[0]) if args else 12
    rows = ROWS if len(args) <= 1 else [(k, int(n)) for k, n in (x.split(":") for x in args[1].split(","))]
    if against:
        return alternate(games, rows, against)
    try:  # the compiled core ready before the first answer is timed
        from solver.compiled import warm

        warm()
    except ImportError:
        pass
    print(f"{'edition':<9}{'players':>8}{'model':>14}{'answers':>9}{'median s':>10}{'p90 s':>8}{'worst s':>9}"
          f"{'exact':>7}{'refused':>9}")
    for key, n in rows:
        times = {m: [] for m in MODELS}
        exact = {m: 0 for m in MODELS}
        refused = {m: 0 for m in MODELS}
        for seed in range(games):
            rng = random.Random(seed)
            r, ev = deal_round(key, n, 0, seed)
            events = list(ev)
            while r.phase != "over":
                if r.current == 0 and r.phase == "play" and rng.random() < 0.5:
                    record = record_from_events(r.edition, n, events, 0)
                    for model in MODELS:
                        shared_belief.cache_clear()  # each answer from scratch, as for a new position
                        types_of.cache_clear()
                        t0 = time.process_time()
                        try:
                            exact[model] += advise(record, model).method == "exact"
                        except LoveLetterError:
                            refused[model] += 1
                        times[model].append(time.process_time() - t0)
                action = card_counter_policy(r, rng) if rng.random() < 0.9 else rng.choice(legal_actions(r))
                r, e2 = apply(r, action)
                events += e2
        for model in MODELS:
            ts = sorted(times[model])
            print(f"{key:<9}{n:>8}{model:>14}{len(ts):>9}{ts[len(ts) // 2]:>10.2f}{ts[int(0.9 * len(ts))]:>8.2f}"
                  f"{ts[-1]:>9.2f}{exact[model]:>7}{refused[model]:>9}", flush=True)


def alternate(games: int, rows: list, other: str) -> None:
    """Each row measured in this tree and in `other`, alternately, in fresh processes."""
    import subprocess

    here = Path(__file__).resolve().parent.parent
    for i, (key, n) in enumerate(rows):
        order = [("after", here), ("before", Path(other))]
        if i % 2:
            order.reverse()
        for label, root in order:
            out = subprocess.run([sys.executable, str(root / "benchmarks" / "answer_time.py"), str(games), f"{key}:{n}"],
                                 capture_output=True, text=True, cwd=root).stdout.strip().splitlines()
            for line in out[1:]:
                print(f"{label:<7}{line}", flush=True)


if __name__ == "__main__":
    main()
