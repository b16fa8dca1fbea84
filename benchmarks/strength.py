"""The advisor as a player: seeded rounds against random and counting bots.

Seat 0 is the advisor (its opponent model matching the bots, a time budget per decision); the
other seats are bots.
For comparison the same seeds are also played with seat 0 as the counting bot and as a random
bot. Prints round win rates with 95% Wilson intervals and the advisor's time per decision.
Usage: python benchmarks/strength.py [rounds-per-row] [seconds-per-decision]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import apply, deal_round  # noqa: E402
from solver.advice.advisor import advise, wilson  # noqa: E402
from solver.policies.heuristics import counting_policy, random_policy  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402

ROWS = [("classic", 2), ("2019", 2), ("2019", 4)]


def play_round(edition, n, seed, seat0, bots, seconds, times, model="random"):
    rng = random.Random(seed)
    r, ev = deal_round(edition, n, seed % n, seed)
    events = list(ev)
    while r.phase != "over":
        if r.current == 0 and seat0 == "advisor":
            record = record_from_events(r.edition, n, events, 0)
            t0 = time.perf_counter()
            action = advise(record, model, seconds=seconds, seed=seed).actions[0].action
            times.append(time.perf_counter() - t0)
        elif r.current == 0:
            action = (counting_policy if seat0 == "card-counter" else random_policy)(r, rng)
        else:
            action = bots(r, rng)
        r, ev = apply(r, action)
        events.extend(ev)
    return 0 in r.winners


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 0.25
    print(f"{'edition':<9}{'players':>8}{'opponents':>11}{'seat 0':>10}{'win rate':>10}{'95% interval':>17}"
          f"{'s/decision':>12}")
    for edition, n in ROWS:
        for bot_name, bot in (("random", random_policy), ("card-counter", counting_policy)):
            for seat0 in ("advisor", "card-counter", "random"):
                times: list = []
                wins = sum(play_round(edition, n, s, seat0, bot, seconds, times, model=bot_name)
                           for s in range(rounds))
                low, high = wilson(wins, rounds)
                per = f"{statistics.median(times):.3f}" if times else "-"
                print(f"{edition:<9}{n:>8}{bot_name:>11}{seat0:>10}{wins / rounds:>10.2f}"
                      f"{f'{low:.2f}–{high:.2f}':>17}{per:>12}", flush=True)


if __name__ == "__main__":
    main()
