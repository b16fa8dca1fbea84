"""What the advisor's verdicts say, on fresh positions (issue 41): how often an answer names a
single best play, a group proved close to the best (every difference within ±3 points), or leaves
a play not yet told apart from the best.

Positions: seeded games of card counters (10% random play) up to seat 0's turn with a given number
of cards left in the deck: 2 players at 6–9 cards (both editions), 4 players (2019) at 8–12; the
three opponent models; the app's default answer (`advise(record, model)`). Seeds from 300,000 by
default (no other benchmark uses them; `--start N` for others).

Each answer is read the same way whatever the code that made it: a play is *close* when its
difference to the best has a 95% interval inside ±3 points (a point for exact answers), *worse*
when that interval lies below 0, *not yet told apart* otherwise. An answer is

- **single** — every other play is worse;
- **close group** — no play is not yet told apart, at least one is close;
- **open** — at least one play is not yet told apart.

It also prints how many answers said "equally good" of a play that was not proved close (what the
verdict said before issue 41) and the median width of the best play's 95% range (in points).

Usage: python benchmarks/verdicts.py [positions-per-row] [--rows 2:6,2:7,...] [--start N]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver.advice.advisor import advise  # noqa: E402
from benchmarks.positions import position_at  # noqa: E402
from solver.rules.errors import LoveLetterError  # noqa: E402

CLOSE = 0.03
MODELS = ("mixture", "card-counter", "random")
ROWS = [("classic", 2, left) for left in (6, 7, 8, 9)] + [("2019", 2, left) for left in (6, 7, 8, 9)] + \
       [("2019", 4, left) for left in (8, 9, 10, 11, 12)]


def positions(edition: str, n: int, left: int, count: int, start: int):
    """Records at seat 0's turn with `left` cards in the deck and at least two legal plays."""
    found = 0
    for seed in range(start, start + 50_000):
        record = position_at(edition, n, left, seed)
        if record is not None:
            yield record
            found += 1
            if found >= count:
                return



def kinds(adv) -> dict:
    """{play: "best" | "close" | "worse" | "open"} read from each play's difference interval."""
    rows = [a for a in adv.actions if getattr(a, "same_as", None) is None]
    out = {}
    for i, a in enumerate(rows):
        if i == 0:
            out[a.action] = "best"
            continue
        low, high = a.diff_interval
        if low >= -CLOSE - 1e-12 and high <= CLOSE + 1e-12:
            out[a.action] = "close"
        elif high < 0:
            out[a.action] = "worse"
        else:
            out[a.action] = "open"
    return out


def said_equal(adv) -> set:
    """The plays the verdict called equally good (the old `equal_to_best`, or the new "close")."""
    standing = {a.action: getattr(a, "standing", None) for a in adv.actions}
    if any(s is not None for s in standing.values()):
        return {x for x, s in standing.items() if s == "close"}
    return {a.action for a in adv.actions[1:] if getattr(a, "equal_to_best", False) and a.same_as is None}


def main() -> None:
    args = sys.argv[1:]
    start = 300_000
    rows = ROWS
    if "--start" in args:
        i = args.index("--start")
        start = int(args[i + 1])
        del args[i:i + 2]
    if "--rows" in args:
        i = args.index("--rows")
        wanted = [tuple(int(x) for x in r.split(":")) for r in args[i + 1].split(",")]
        rows = [r for r in ROWS if (r[1], r[2]) in wanted]
        del args[i:i + 2]
    count = int(args[0]) if args else 4
    try:
        from solver.compiled import warm

        warm()
    except ImportError:
        pass
    print(f"{'edition':<9}{'pl':>3}{'left':>5}{'answers':>8}{'exact':>6}{'single':>7}{'close':>6}{'open':>5}"
          f"{'eq-not-close':>13}{'best width':>11}{'cpu s':>7}", flush=True)
    total = {"answers": 0, "exact": 0, "single": 0, "close": 0, "open": 0, "wrong_equal": 0}
    for edition, n, left in rows:
        answers = exact = single = close = opened = wrong_equal = 0
        widths, seconds = [], []
        for model in MODELS:
            for record in positions(edition, n, left, count, start):
                t0 = time.process_time()
                try:
                    adv = advise(record, model)
                except LoveLetterError:
                    continue
                seconds.append(time.process_time() - t0)
                answers += 1
                exact += adv.method == "exact"
                k = kinds(adv)
                values = set(k.values())
                if "open" in values:
                    opened += 1
                elif "close" in values:
                    close += 1
                else:
                    single += 1
                wrong_equal += any(k.get(x) != "close" for x in said_equal(adv))
                top = adv.actions[0]
                if top.interval is not None:
                    widths.append(100 * (top.interval[1] - top.interval[0]))
        for key, v in (("answers", answers), ("exact", exact), ("single", single), ("close", close),
                       ("open", opened), ("wrong_equal", wrong_equal)):
            total[key] += v
        print(f"{edition:<9}{n:>3}{left:>5}{answers:>8}{exact:>6}{single:>7}{close:>6}{opened:>5}{wrong_equal:>13}"
              f"{statistics.median(widths) if widths else 0:>11.1f}{statistics.median(seconds or [0]):>7.2f}",
              flush=True)
    a = max(total["answers"], 1)
    print(f"# all: {total['answers']} answers ({total['exact']} exact): single best {total['single'] / a:.2f}, "
          f"close group {total['close'] / a:.2f}, a play not yet told apart {total['open'] / a:.2f}; "
          f"'equally good' said of a play not proved close in {total['wrong_equal']}")


if __name__ == "__main__":
    main()
