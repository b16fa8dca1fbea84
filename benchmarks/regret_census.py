"""Which later decisions does a continuation policy lose on? (issue 47, point 3)

For 2-player positions (seeded rounds of card counters; seeds from 410,000), the viewer's later
decisions are played by a policy (`--policy heuristic` or `posterior`, from `benchmarks/shortfall.py`)
on sampled deals; at each of them the exact values of every action of the viewer's information state
are computed (the record extended by what the viewer saw), and the decision's regret (the best
action's exact value minus the value of the action the policy took) is booked to the decision's kind:
(the policy's card, the best action's card, same card or not). Prints, per kind, the regret summed
over the play-outs, divided by the play-outs (points of the root play's value it costs, to first order).

Usage: python benchmarks/regret_census.py [positions-per-row] [deals] [--lefts 6,7] [--models a,b]
       [--editions classic,2019] [--policy heuristic] [--start N]
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver.advice.exact import exact_answer  # noqa: E402
from solver.advice.worlds import TooLargeError, TypedSampler  # noqa: E402
from solver.policies.models import get_model  # noqa: E402
from solver.rules.actions import Play  # noqa: E402
from solver.rules.errors import LoveLetterError  # noqa: E402
from solver.rules.events import observation  # noqa: E402
from solver.rules.game import apply, legal_actions  # noqa: E402
from solver.rules.rng import SplitMix64  # noqa: E402
from solver.rules.state import OVER  # noqa: E402
from benchmarks.positions import grid, positions, taker  # noqa: E402
from benchmarks.shortfall import Oracle, belief_start, make_policy  # noqa: E402
from solver.policies.belief import belief_choices, observe  # noqa: E402


def kind_of(a) -> str:
    if isinstance(a, Play):
        return a.card.name
    return "CHANCELLOR-KEEP"


def main() -> None:
    argv = sys.argv[1:]

    opt = taker(argv)

    lefts, models, editions, start = grid(opt, "6,7", 410000)
    policy_name = opt("--policy", "heuristic")
    count = int(argv[0]) if argv else 2
    n_deals = int(argv[1]) if len(argv) > 1 else 100
    regret = defaultdict(float)
    seen = defaultdict(int)
    total_playouts = 0
    for edition in editions:
        for left in lefts:
            for seed, record in positions(edition, left, count, start):
                for model_name in models:
                    model = get_model(model_name, playing=True)
                    draw = TypedSampler(record, model)
                    rng = random.Random(seed)
                    oracle = Oracle(record, model)
                    q: dict = {}
                    use_belief = policy_name == "belief"
                    pol = None if use_belief else make_policy(policy_name, oracle, 1 - record.viewer)
                    rb = belief_start(record, model) if use_belief else None
                    roots = legal_actions(draw(rng)[0])
                    for _ in range(n_deals):
                        deal, kind = draw(rng)
                        for root in roots:
                            total_playouts += 1
                            prng = SplitMix64(rng.getrandbits(64))
                            b = rb.copy() if use_belief else None
                            r, ev = apply(deal, root)
                            if use_belief and r.phase != OVER:
                                observe(b, deal, root, r)
                            key = (root, observation(ev, record.viewer))
                            trail = list(ev)
                            depth = 0
                            while r.phase != OVER:
                                if r.current == record.viewer:
                                    acts = legal_actions(r)
                                    if len(acts) > 1:
                                        a = belief_choices(r, b)[0] if use_belief else pol(depth, key, trail, r, acts)
                                        if key not in q:
                                            try:
                                                adv = exact_answer(oracle.extended(trail), model, 2_000_000)
                                                q[key] = {x.action: float(x.win) for x in adv.actions}
                                            except (TooLargeError, LoveLetterError):
                                                q[key] = None
                                        if q[key] is not None and a in q[key]:
                                            best = max(q[key], key=q[key].get)
                                            k = (f"d{min(depth, 2)}", kind_of(a), kind_of(best),
                                                 "same" if a == best else ("guess/target" if kind_of(a) == kind_of(best) else "card"))
                                            regret[k] += q[key][best] - q[key][a]
                                            seen[k] += 1
                                        depth += 1
                                    else:
                                        a = acts[0]
                                else:
                                    a = kind.choose(r, prng)
                                r0 = r
                                r, ev = apply(r, a)
                                if use_belief and r.phase != OVER:
                                    observe(b, r0, a, r)
                                trail.extend(ev)
                                key = key + (observation(ev, record.viewer),)
                    print(f"{edition} {left} {model_name} seed {seed}: {len(q)} information states", flush=True)
    print(f"\n{total_playouts} play-outs; regret in points per play-out, by (depth, policy's card, best card, how)")
    print("| depth | policy plays | best is | differs by | decisions | regret (points per play-out) |")
    print("|---|---|---|---|---|---|")
    for k, v in sorted(regret.items(), key=lambda kv: -kv[1]):
        if v <= 0:
            continue
        print(f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | {seen[k]} | {100 * v / total_playouts:.2f} |")
    by_depth = defaultdict(float)
    for k, v in regret.items():
        by_depth[k[0]] += v
    print("by depth:", {d: round(100 * v / total_playouts, 2) for d, v in sorted(by_depth.items())})


if __name__ == "__main__":
    main()
