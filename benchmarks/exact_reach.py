"""How far from the end of a round does `advise()` (default work budget) answer exactly, by
number of players? Seeded 2019 rounds of card counters; at each of seat 0's turns with a choice
and at most 8 cards left in the deck, the advisor's method (random opponents). Prints, per
players and cards left: exact answers / positions.

Usage: python benchmarks/exact_reach.py [rounds-per-player-count] [players,...]
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver import apply, deal_round, legal_actions  # noqa: E402
from solver.advice.advisor import advise  # noqa: E402
from solver.policies.heuristics import counting_policy  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    counts = [int(x) for x in sys.argv[2].split(",")] if len(sys.argv) > 2 else [2, 3, 4]
    found: dict = defaultdict(lambda: [0, 0])
    for n in counts:
        for seed in range(rounds):
            rng = random.Random(seed)
            r, ev = deal_round("2019", n, seed % n, seed)
            events = list(ev)
            while r.phase != "over":
                if r.current == 0 and r.phase == "play" and len(legal_actions(r)) > 1 and len(r.deck) <= 8:
                    adv = advise(record_from_events(r.edition, n, events, 0), "random")
                    cell = found[(n, len(r.deck))]
                    cell[0] += adv.method == "exact"
                    cell[1] += 1
                r, more = apply(r, counting_policy(r, rng))
                events += more
    print("players  " + "  ".join(f"{k:>6}" for k in range(9)) + "   (cards left: exact / positions)")
    for n in counts:
        cells = [found.get((n, k)) for k in range(9)]
        print(f"{n:>7}  " + "  ".join(f"{c[0]:>2}/{c[1]:<3}" if c else "     -" for c in cells))


if __name__ == "__main__":
    main()
