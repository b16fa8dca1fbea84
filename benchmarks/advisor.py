"""Exact-mode time of the advisor for 2-player positions at the viewer's turn, by cards left.

Random seeded games (uniformly random play) are stopped at the viewer's turn with k cards
left in the deck; `advise` in exact mode (random opponents) is timed on up to 6 positions per
row, with the transitions it counted (the work budget's unit). Positions over the exact
budget (300,000 transitions or 10 s here; `--budget`, `--seconds`) are counted, not timed (the
advisor then estimates).
Usage: python benchmarks/advisor.py [--save FILE] [--positions FILE] [--cards 1,...,6] [--count 6]
                                    [--model random|card-counter]

`--save FILE` writes the positions (one line each: edition, cards left, the record's text
notation, tab-separated) and `--positions FILE` times those instead of dealing new ones, so
that two versions of the code are compared on the same positions even if the seeded deal
changes. `--cards` chooses the rows (cards left; 1 to 6 by default, e.g. `--cards 7`) and
`--count` the positions dealt per row (6 by default; benchmarks/exact_positions.tsv has 20).
`--each` prints every position's time and work. `--model` is the opponent model of the exact
search (`random` by default); benchmarks/exact_positions_counter.tsv holds 30 positions a row of 5
cards from seeded rounds of card counters (seeds from 20,000, the viewer's turns with a choice), for
`--model card-counter`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver import apply, deal_round, legal_actions  # noqa: E402
from solver.advice.advisor import TooLargeError  # noqa: E402
from solver.advice.exact import advise_exact  # noqa: E402
from solver.records.notation import format_record, parse_record  # noqa: E402
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


def load(path: str) -> dict:
    """{(edition, cards left): [record, ...]} from a file written by --save."""
    rows: dict = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                edition, left, text = line.rstrip("\n").split("\t")
                rows.setdefault((edition, int(left)), []).append(parse_record(text))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", help="time the positions of this file (written by --save)")
    parser.add_argument("--save", help="write the positions timed to this file")
    parser.add_argument("--budget", type=int, default=300_000, help="transitions before a position counts as over")
    parser.add_argument("--seconds", type=float, default=10.0, help="wall-clock safety cap per position")
    parser.add_argument("--cards", default="1,2,3,4,5,6", help="rows: cards left in the deck, comma-separated")
    parser.add_argument("--count", type=int, default=6, help="positions dealt per row (without --positions)")
    parser.add_argument("--each", action="store_true", help="print every position's time and work")
    parser.add_argument("--model", default="random", choices=("random", "card-counter"),
                        help="the opponents' model in the exact search")
    args = parser.parse_args()
    fixed = load(args.positions) if args.positions else None
    saved = open(args.save, "w", encoding="utf-8") if args.save else None
    print(f"{'edition':<9}{'cards left':>11}{'timed':>7}{'median s':>10}{'worst s':>9}"
          f"{'median work':>13}{'worst work':>12}{'over budget':>13}")
    for edition in ("classic", "2019"):
        for left in (int(c) for c in args.cards.split(",")):
            times, work, over = [], [], 0
            records = fixed.get((edition, left), []) if fixed is not None else positions(edition, left, args.count)
            for k, record in enumerate(records):
                if saved:
                    saved.write(f"{edition}\t{left}\t{format_record(record)}\n")
                stats: dict = {}
                t0 = time.perf_counter()
                try:
                    advise_exact(record, args.model, args.budget, deadline=time.perf_counter() + args.seconds,
                                 stats=stats)
                except TooLargeError:
                    over += 1
                    if args.each:
                        print(f"  {edition} {left} #{k}: over, work {stats.get('work', 0):,}", flush=True)
                    continue
                times.append(time.perf_counter() - t0)
                work.append(stats["work"])
                if args.each:
                    print(f"  {edition} {left} #{k}: {times[-1]:.3f} s, work {stats['work']:,}", flush=True)
            if not times and not over:
                continue
            med = f"{statistics.median(times):.2f}" if times else "-"
            worst = f"{max(times):.2f}" if times else "-"
            mw = f"{statistics.median(work):,.0f}" if work else "-"
            ww = f"{max(work):,}" if work else "-"
            print(f"{edition:<9}{left:>11}{len(times):>7}{med:>10}{worst:>9}{mw:>13}{ww:>12}{over:>13}", flush=True)
    if saved:
        saved.close()


if __name__ == "__main__":
    main()
