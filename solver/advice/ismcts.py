"""A single-observer information-set MCTS bot (SO-ISMCTS; Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), the strong reference opponent.

One tree of the bot's information sets: a node is a sequence of moves as the bot sees them.
Each iteration draws a *determinization* — a deal consistent with everything the bot has
seen, uniformly among such deals (the exact "uniform" posterior of `solver.inference`) — and
walks down the tree with UCB1 restricted to the moves legal in that deal, counting each
child's *availability* (how often it was legal when its parent was visited) in place of the
parent's visits. A move of another player is labelled by what the bot sees of it (card, target,
named card; a Chancellor's hidden keep is one label), so the tree never branches on what the
bot cannot see. Expansion adds one node per iteration; the play-out is uniformly random; each
node on the path is rewarded 1 if the player who moved into it won the round. The bot plays the
most visited move at the root.

The budget is a number of iterations (work, not time), and the random stream is seeded.
"""

from __future__ import annotations

import math
import random

from solver.rules.actions import ChancellorChoice
from solver.rules.game import apply, legal_actions
from solver.rules.state import OVER, Round
from solver.advice.worlds import deal_sampler
from solver.policies.models import MODELS

EXPLORATION = 0.7


class _Node:
    __slots__ = ("player", "children", "visits", "reward", "avail")

    def __init__(self, player: int):
        self.player = player  # who made the move into this node
        self.children: dict = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def label(r: Round, action, observer: int):
    """A move as the observer sees it."""
    if r.current != observer and isinstance(action, ChancellorChoice):
        return "chancellor-choice"
    return action


def _concrete(r: Round, chosen, acts, rng: random.Random):
    if chosen == "chancellor-choice":
        return rng.choice([a for a in acts if isinstance(a, ChancellorChoice)])
    return chosen


def ismcts_action(record, iterations: int = 1000, seed: int = 0, exploration: float = EXPLORATION,
                  sampler=None):
    """The bot's move for the viewer of `record` (whose turn it is)."""
    rng = random.Random(seed)
    draw = sampler or deal_sampler(record, MODELS["uniform"])
    me = record.viewer
    root = _Node(-1)
    first = draw(rng)
    root_moves = legal_actions(first)
    if len(root_moves) == 1:
        return root_moves[0]
    for i in range(iterations):
        r = first if i == 0 else draw(rng)
        node = root
        path = [root]
        # Selection and expansion.
        while r.phase != OVER:
            acts = legal_actions(r)
            labels = {}
            for a in acts:
                labels.setdefault(label(r, a, me), a)
            untried = [lb for lb in labels if lb not in node.children]
            for lb in labels:
                child = node.children.get(lb)
                if child is not None:
                    child.avail += 1
            if untried:
                lb = untried[rng.randrange(len(untried))]
                child = node.children[lb] = _Node(r.current)
                child.avail = 1
                r, _ = apply(r, _concrete(r, lb, acts, rng))
                path.append(child)
                break
            best, best_score = None, -1.0
            for lb in labels:
                child = node.children[lb]
                score = child.reward / child.visits + exploration * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = lb, score
            node = node.children[best]
            r, _ = apply(r, _concrete(r, best, acts, rng))
            path.append(node)
        # Play-out: uniformly random.
        while r.phase != OVER:
            acts = legal_actions(r)
            r, _ = apply(r, acts[rng.randrange(len(acts))])
        winners = r.winners
        for n in path:
            n.visits += 1
            if n.player in winners:
                n.reward += 1.0
    return max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]
