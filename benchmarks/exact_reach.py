"""The exact answer's reach by players and cards left (issue 48, point 5): hold-out positions
(`benchmarks/positions.py`: seeded rounds of card counters, seat 0's turn, seeds from --start), per edition,
players, cards left in the deck and opponent model, the answer `advise()` gives by default (exact when the
position is in the exact search's reach, `advisor.exact_budget`, and fits its work budget) and, with --deep,
the longer answer `advise_deeper()` (its budget `DEEP_WORK`): how many positions are exact, the CPU seconds
of the exact answers (median / worst) and of the attempts that did not fit (the time lost before the
estimate). The budgets are work, so which positions fit is the same on any machine; the seconds are this
machine's (a shared 2-core machine: indicative).

Usage: python benchmarks/exact_reach.py [--players 2,3,4] [--lefts 1,2,3,4,5,6] [--editions classic,2019]
       [--models mixture,card-counter,random] [--count 6] [--start 70000] [--deep]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from benchmarks.positions import position_at  # noqa: E402
from solver.advice.advisor import DEEP_WORK, exact_budget  # noqa: E402
from solver.advice.exact import exact_answer  # noqa: E402
from solver.advice.worlds import TooLargeError  # noqa: E402
from solver.compiled import warm  # noqa: E402
from solver.policies.models import get_model  # noqa: E402

MAX_PLAYERS = {"classic": 4, "2019": 6}


def _attempt(record, model, budget: int):
    """(exact or not, CPU seconds, work) of the exact answer with this budget."""
    stats: dict = {}
    t0 = time.process_time()
    try:
        exact_answer(record, model, budget, stats=stats)
        ok = True
    except TooLargeError:
        ok = False
    return ok, time.process_time() - t0, stats.get("work")


def _cell(found: list) -> str:
    cpu = [c for ok, c, _ in found if ok]
    lost = [c for ok, c, _ in found if not ok]
    return (f"{len(cpu):>3}/{len(found):<3}{statistics.median(cpu or [0]):>7.2f}{max(cpu or [0]):>7.2f}"
            f"{max(lost or [0]):>7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", default="2")
    parser.add_argument("--lefts", default="6,7")
    parser.add_argument("--editions", default="classic,2019")
    parser.add_argument("--models", default="mixture,card-counter,random")
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--start", type=int, default=70_000)
    parser.add_argument("--deep", action="store_true", help="also the longer answer (advise_deeper's budget)")
    args = parser.parse_args()
    warm()
    head = f"{'exact':>7}{'median':>7}{'worst':>7}{'lost':>7}"
    print(f"{'edition':<9}{'players':>8}{'left':>5} {'model':<14}{'default: ' + head:>37}"
          + (f"{'deep: ' + head:>34}" if args.deep else ""), flush=True)
    for edition in args.editions.split(","):
        for n in (int(x) for x in args.players.split(",")):
            if n > MAX_PLAYERS[edition]:
                continue
            for left in (int(x) for x in args.lefts.split(",")):
                records = []
                for seed in range(args.start, args.start + 400 * args.count):
                    record = position_at(edition, n, left, seed)
                    if record is not None:
                        records.append(record)
                        if len(records) == args.count:
                            break
                for name in args.models.split(","):
                    model = get_model(name, playing=True)
                    default, deep = [], []
                    for record in records:
                        budget = exact_budget(n, left, len(model.types))
                        default.append(_attempt(record, model, budget) if budget else (False, 0.0, None))
                        if args.deep:
                            deep.append(_attempt(record, model, DEEP_WORK * len(model.types)))
                    print(f"{edition:<9}{n:>8}{left:>5} {name:<14}{'':>9}{_cell(default)}"
                          + (f"{'':>6}{_cell(deep)}" if args.deep else ""), flush=True)


if __name__ == "__main__":
    main()
