"""Where does an estimate's shortfall come from? (issue 47, point 3)

2-player positions at 6–8 cards (seeded rounds of card counters, 10% random; seeds from 400,000,
used by no other benchmark), both editions, the three models. For each play of a position, its
exact value (`advise_deeper`: best play from here) against the value of continuation policies
played on the same sampled deals (the estimate's deals, one random stream per deal):

* ``heuristic``: every later decision of the viewer by the card counter's heuristic;
* ``posterior``: the heuristic, but its Guard guesses, Baron and Priest read the model's exact
  posterior of the opponent's hand at that decision (what the viewer would infer from the
  opponent's plays under the model), not plain counting;
* ``exact-1``: the viewer's next decision is the exact best action of its information state, the
  later ones the heuristic's;
* ``exact-2``: the next two decisions exact, the later ones the heuristic's;
* ``estimate``: the estimate as shipped (its own deals and play-outs: the next decision by its
  statistics, the later turns on the viewer's belief);
* ``estimate-h``: the same with the later turns by the card counter's heuristic (``belief=False``);
* ``belief``: every later decision on the viewer's belief (`solver.policies.belief`); ``belief-K``: the
  same, but every decision with at most K cards in the deck the exact best action of its information
  state (what exact endgames would buy).

The shortfall of a policy is exact minus its value. Prints the mean and median of the shortfall of
each policy over plays (all plays, and the first play of the exact answer), by edition, model, cards
and by the card of the root play, so that the parts can be read as differences: the next decision
(heuristic - exact-1), the decisions after it (exact-1 - 0), the inference (heuristic - posterior).

Usage: python benchmarks/shortfall.py [positions-per-row] [deals] [--lefts 6,7] [--models a,b]
       [--editions classic,2019] [--start N] [--policies a,b] [--dump FILE]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver.advice.advisor import advise_deeper  # noqa: E402
from solver.advice.estimate import advise_estimate  # noqa: E402
from solver.advice.exact import exact_answer  # noqa: E402
from solver.advice.worlds import TooLargeError, TypedSampler  # noqa: E402
from solver.inference.posterior import posterior_of  # noqa: E402
from solver.policies.heuristics import card_counter_choices  # noqa: E402
from solver.policies.models import get_model  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402
from solver.rules.actions import Play  # noqa: E402
from solver.rules.cards import Card  # noqa: E402
from solver.rules.errors import LoveLetterError  # noqa: E402
from solver.rules.events import observation  # noqa: E402
from solver.rules.game import apply, legal_actions  # noqa: E402
from solver.rules.rng import SplitMix64  # noqa: E402
from solver.rules.state import OVER  # noqa: E402
from benchmarks.positions import grid, positions, taker  # noqa: E402


class Oracle:
    """Per information state of the viewer (its key), the exact best action and the posterior of
    the opponent's hand, from the record extended by what the viewer saw."""

    def __init__(self, record, model):
        self.record = record
        self.model = model
        self.best: dict = {}
        self.post: dict = {}
        self.failed = 0

    def extended(self, trail):
        return record_from_events(self.record.edition, self.record.seats, trail, self.record.viewer,
                                  base=self.record)

    def best_action(self, key, trail, acts):
        if key not in self.best:
            try:
                adv = exact_answer(self.extended(trail), self.model, 2_000_000)
                self.best[key] = adv.actions[0].action
            except (TooLargeError, LoveLetterError):
                self.failed += 1
                self.best[key] = None
        a = self.best[key]
        return a if a in acts else None

    def hand(self, key, trail, seat):
        if key not in self.post:
            try:
                self.post[key] = posterior_of(self.extended(trail), self.model).hand(seat)
            except LoveLetterError:
                self.post[key] = None
        return self.post[key]


def posterior_choice(r, acts, dist):
    """The heuristic's choice with the opponent's hand read from `dist` (card -> probability) for
    its Guard guesses, its Baron and its Priest."""
    seat = r.current
    value = r.edition.value_of
    h = card_counter_choices(r)[0]
    if dist is None or not isinstance(h, Play):
        return h
    hand = r.hands[seat]
    options = {a.card for a in acts} - {Card.PRINCESS} or {a.card for a in acts}
    guards = [a for a in acts if a.card == Card.GUARD and a.guess is not None]
    if Card.GUARD in options and guards:
        return max(guards, key=lambda a: dist.get(a.guess, 0))
    if Card.BARON in options:
        other = hand[1] if hand[0] == Card.BARON else hand[0]
        mine = value[other]
        win = sum(p for c, p in dist.items() if value[c] < mine)
        lose = sum(p for c, p in dist.items() if value[c] > mine)
        barons = [a for a in acts if a.card == Card.BARON and a.target is not None and a.target != seat]
        if barons and win > lose:
            return barons[0]
        if h.card == Card.BARON:
            rest = [a for a in acts if a.card not in (Card.BARON, Card.PRINCESS)]
            if rest:
                low = min(rest, key=lambda a: value[a.card])
                return low
    return h


def play_out(deal, kind, action, viewer, policy, seed):
    rng = SplitMix64(seed)
    r, ev = apply(deal, action)
    key = (action, observation(ev, viewer))
    trail = list(ev)
    depth = 0
    while r.phase != OVER:
        if r.current == viewer:
            acts = legal_actions(r)
            if len(acts) > 1:
                a = policy(depth, key, trail, r, acts)
                depth += 1
            else:
                a = acts[0]
        else:
            a = kind.choose(r, rng)
        r, ev = apply(r, a)
        trail.extend(ev)
        key = key + (observation(ev, viewer),)
    return int(viewer in r.winners)


def belief_start(record, model):
    """The viewer's belief at the record's decision (`solver.policies.belief.Belief`), as the estimate starts it."""
    from solver.advice.estimate import start_belief

    deal = TypedSampler(record, model)(__import__("random").Random(0))[0]
    return start_belief(record, model, deal, posterior_of(record, model))


def belief_play_out(deal, kind, action, viewer, root_belief, seed, oracle=None, end=-1):
    """A play-out with the viewer on its belief; with `oracle`, its decisions with at most `end` cards in
    the deck are the exact best action of its information state instead."""
    from solver.policies.belief import observe, viewer_choice

    rng = SplitMix64(seed)
    b = root_belief.copy()
    r = deal
    a = action
    key = None
    trail: list = []
    if oracle is not None:
        key = (action,)
    while True:
        r1, ev = apply(r, a)
        if oracle is not None:
            trail.extend(ev)
            key = key + (observation(ev, viewer),)
        if r1.phase == OVER:
            return int(viewer in r1.winners)
        observe(b, r, a, r1)
        r = r1
        if r.current == viewer:
            a = None
            if oracle is not None and len(r.deck) <= end and len(legal_actions(r)) > 1:
                a = oracle.best_action(key, trail, legal_actions(r))
            if a is None:
                a = viewer_choice(r, b)
        else:
            a = kind.choose(r, rng)


def make_policy(name, oracle, opponent):
    def heuristic(depth, key, trail, r, acts):
        return card_counter_choices(r)[0]

    def posterior(depth, key, trail, r, acts):
        return posterior_choice(r, acts, oracle.hand(key, trail, opponent))

    def exact(k):
        def pol(depth, key, trail, r, acts):
            if depth < k:
                a = oracle.best_action(key, trail, acts)
                if a is not None:
                    return a
            return card_counter_choices(r)[0]
        return pol

    return {"heuristic": heuristic, "posterior": posterior, "exact-1": exact(1), "exact-2": exact(2),
            "exact-all": exact(99)}[name]


def main() -> None:
    argv = sys.argv[1:]

    opt = taker(argv)

    lefts, models, editions, start = grid(opt, "6,7", 400000)
    policies = tuple(opt("--policies", "heuristic,posterior,exact-1,estimate").split(","))
    dump = opt("--dump", None)
    count = int(argv[0]) if argv else 2
    n_deals = int(argv[1]) if len(argv) > 1 else 300
    rows = []
    times: dict = {}
    out = open(dump, "w") if dump else None
    for edition in editions:
        for left in lefts:
            for seed, record in positions(edition, left, count, start):
                for model_name in models:
                    model = get_model(model_name, playing=True)
                    t0 = time.process_time()
                    try:
                        exact = advise_deeper(record, model_name)
                    except TooLargeError:
                        print(f"{edition} {left} {model_name} seed {seed}: no exact answer", flush=True)
                        continue
                    t_exact = time.process_time() - t0
                    truth = {x.action: float(x.win) for x in exact.actions}
                    first = exact.actions[0].action
                    draw = TypedSampler(record, model)
                    rng = __import__("random").Random(seed)
                    deals = [draw(rng) for _ in range(n_deals)]
                    seeds = [rng.getrandbits(64) for _ in range(n_deals)]
                    oracle = Oracle(record, model)
                    opponent = 1 - record.viewer if record.n_players == 2 else None
                    values = {}
                    t1 = time.process_time()
                    for p in policies:
                        if p in ("estimate", "estimate-h"):
                            t2 = time.process_time()
                            est = advise_estimate(record, model_name, belief=p == "estimate")
                            times.setdefault(p, []).append(time.process_time() - t2)
                            values[p] = {x.action: float(x.win) for x in est.actions}
                            continue
                        values[p] = {}
                        if p.startswith("belief"):
                            rb = belief_start(record, model)
                            end = int(p.split("-")[1]) if "-" in p else -1
                            for a in truth:
                                wins = sum(belief_play_out(d, k, a, record.viewer, rb, s, oracle if end >= 0 else None,
                                                           end) for (d, k), s in zip(deals, seeds))
                                values[p][a] = wins / n_deals
                            continue
                        pol = make_policy(p, oracle, opponent)
                        for a in truth:
                            wins = sum(play_out(d, k, a, record.viewer, pol, s) for (d, k), s in zip(deals, seeds))
                            values[p][a] = wins / n_deals
                    row = {"edition": edition, "left": left, "model": model_name, "seed": seed,
                           "exact_s": round(t_exact, 2), "policy_s": round(time.process_time() - t1, 1),
                           "plays": [{"action": str(a), "card": int(a.card) if isinstance(a, Play) else -1,
                                      "first": a == first, "exact": truth[a],
                                      **{p: values[p].get(a) for p in policies}} for a in truth]}
                    rows.append(row)
                    if out:
                        out.write(json.dumps(row) + "\n")
                        out.flush()
                    fp = [x for x in row["plays"] if x["first"]][0]
                    print(f"{edition} {left} {model_name} seed {seed}: exact {t_exact:.1f}s, first {fp['action']} "
                          + " ".join(f"{p} {100 * (fp['exact'] - fp[p]):+.1f}" for p in policies if fp[p] is not None),
                          flush=True)
    summarise(rows, policies)
    for p, ts in times.items():
        ts = sorted(ts)
        print(f"{p}: CPU median {statistics.median(ts):.2f} s, worst {ts[-1]:.2f} s over {len(ts)} answers")


def summarise(rows, policies):
    def show(title, group):
        print(f"\n{title}")
        print("| group | plays | " + " | ".join(f"{p}: mean / median" for p in policies) + " |")
        print("|---|---|" + "---|" * len(policies))
        for g, plays in sorted(group.items(), key=lambda kv: str(kv[0])):
            cells = []
            for p in policies:
                d = [100 * (x["exact"] - x[p]) for x in plays if x.get(p) is not None]
                cells.append(f"{statistics.mean(d):.1f} / {statistics.median(d):.1f}" if d else "-")
            print(f"| {g} | {len(plays)} | " + " | ".join(cells) + " |")

    by_row, by_card, first = defaultdict(list), defaultdict(list), defaultdict(list)
    for row in rows:
        for x in row["plays"]:
            by_row[(row["edition"], row["model"], row["left"])].append(x)
            by_card[x["card"]].append(x)
            if x["first"]:
                first[(row["edition"], row["model"])].append(x)
    show("Shortfall (points), all plays, by edition, model, cards", by_row)
    show("Shortfall (points), all plays, by the root play's card", by_card)
    show("Shortfall (points), the exact first play, by edition and model", first)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--summary":
        rows = [json.loads(line) for line in open(sys.argv[2])]
        pols = [k for k in rows[0]["plays"][0] if k not in ("action", "card", "first", "exact")]
        summarise(rows, pols)
    else:
        main()
