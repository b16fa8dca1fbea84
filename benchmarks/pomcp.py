"""POMCP (Silver & Veness, "Monte-Carlo Planning in Large POMDPs", NIPS 2010) for the viewer,
with the opponents as part of the environment: an experiment of `benchmarks/strength.py
--pomcp`, measured against the advisor and not used by the app (docs/advisor.md, Strength).

Against a known kind of opponent the round is a POMDP for the viewer: the opponents play the
advisor's opponent model (`random`, or `card-counter`: the card counter's heuristic 90% of the time),
not a search of their own. One tree of the viewer's *histories* (its actions and what it observed
of every event since the root: `solver.advice.worlds.observation`); each iteration draws a deal
from the exact posterior of the model (`deal_sampler`), walks the tree with UCB1 at the viewer's
decisions, draws the opponents' plays from the model, adds one node, and plays the round out
the way the advisor's estimate does (`fast_playout`: the viewer with the card counter's heuristic,
opponents with the model). The reward is 1 when the viewer wins the round. The move played is
the most visited at the root. Iterations are the budget; the random stream is seeded.
"""

from __future__ import annotations

import math
import random

from solver.policies.models import get_model
from solver.advice.worlds import deal_sampler, observation
from solver.policies.heuristics import card_counter_policy
from solver.compiled import fast_playout
from solver.policies.models import CardCounterModel

EPSILON = float(CardCounterModel.EPSILON)
from solver.rules.game import apply, legal_actions
from solver.rules.state import OVER

class _Node:
    """A history (the viewer's decision or an opponent's turn) or, in `acts`, the viewer's action
    taken there; `obs` leads on by what the viewer observed."""

    __slots__ = ("visits", "reward", "acts", "obs")

    def __init__(self):
        self.visits = 0
        self.reward = 0.0
        self.acts: dict = {}
        self.obs: dict = {}


def _opponent(r, model: str, rng: random.Random):
    acts = legal_actions(r)
    if len(acts) == 1:
        return acts[0]
    if model == "card-counter" and rng.random() >= EPSILON:
        return card_counter_policy(r, rng)
    return acts[rng.randrange(len(acts))]


def pomcp_action(record, model: str = "card-counter", iterations: int = 1500, seed: int = 0,
                 exploration: float = 0.7):
    """The viewer's move (it is the viewer's turn in `record`)."""
    rng = random.Random(seed)
    draw = deal_sampler(record, model)
    me = record.viewer
    fast = get_model(model)
    first = draw(rng)
    moves = legal_actions(first)
    if len(moves) == 1:
        return moves[0]
    root = _Node()
    for i in range(iterations):
        r = first if i == 0 else draw(rng)
        node, path, new = root, [], False
        while r.phase != OVER:
            if r.current == me:
                acts = legal_actions(r)
                untried = [a for a in acts if a not in node.acts]
                if len(acts) == 1:  # a forced play is not a decision: no expansion stops here
                    a = acts[0]
                    child = node.acts.setdefault(a, _Node())
                elif untried:
                    a = untried[rng.randrange(len(untried))]
                    child = node.acts[a] = _Node()
                    new = True
                else:
                    log_n = math.log(max(node.visits, 1))
                    a = max(acts, key=lambda x: node.acts[x].reward / node.acts[x].visits
                            + exploration * math.sqrt(log_n / node.acts[x].visits))
                    child = node.acts[a]
                node.visits += 1
                path.append(child)
                r, events = apply(r, a)
                if new:
                    break
                node = child.obs.setdefault(observation(events, me), _Node())
            else:
                r, events = apply(r, _opponent(r, model, rng))
                node = node.obs.setdefault(observation(events, me), _Node())
        win = me in (r.winners if r.phase == OVER else fast_playout(r, me, fast, rng, finish=True)[0])
        for n in path:
            n.visits += 1
            n.reward += win
    return max(root.acts.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]
