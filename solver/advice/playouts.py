"""The estimate's play-outs: the reference written on the engine (`Playouts`), which the compiled
runner (`solver.compiled.make_playouts`, `solver.compiled.playouts`) equals play-out for play-out;
`make_playouts` gives the one of the path in use.

One play-out evaluates one of the viewer's plays on one sampled deal (`Playouts.run`): the play
is applied, the round is followed on the public engine to the viewer's next decision that has a
choice (opponents play their type's model, drawing from the pair's generator), and there:

* a **leaf** — the exact value of the viewer's information state (what they have observed, never
  the deal's hidden cards), when `leaf` can compute it (`LeafTable`); or
* the **next decision** — taken per information state by `NextDecision` from the records of earlier
  deals (the viewer's default action until another leads it by more than two standard errors over at
  least `MIN` visits), every action played out on this deal with one random stream; the rest of the
  round on the fast path (opponents by their model).

The viewer's later turns (the default action at the next decision, and every turn after it) are
played on the viewer's **belief** about the opponents' hands (`solver.policies.belief`: what the
viewer would infer from their plays under the model, started from the exact posterior at the
decision advised), or, without a belief, by the card counter's heuristic.

An information state's key is the play and the viewer's observations since
(`solver.rules.events.observation`). Results: (win, tokens, an opponent knocked out now, the viewer
out before their next turn, valued exactly).
"""

from __future__ import annotations

import math
from typing import Callable, Optional

from solver.compiled import belief_playout, fast_playout, make_playouts as compiled_make_playouts
from solver.policies.belief import observe, viewer_choice as belief_choice
from solver.rules.events import KnockedOut, observation
from solver.rules.game import apply, legal_actions
from solver.rules.rng import SplitMix64
from solver.rules.state import OVER, PLAY, Round
from solver.policies.heuristics import card_counter_choices

#: What a leaf computation gets: the events since the evaluated state (as the viewer would tell
#: them, told in full) and the cards left in the deck; it returns (value or None, work spent).
LeafCompute = Callable[[list, int], tuple]


class LeafTable:
    """The exact values of the viewer's information states at their next decision, remembered per
    key, with one work budget for all of them: a key is valued when the budget is not spent, its
    deck holds at most `max_deck` cards and fewer than `max_leaves` keys have been seen at a
    decision (every key seen counts, valued or not); otherwise it is remembered as not valued."""

    def __init__(self, compute: LeafCompute, budget: int, max_deck: int, max_leaves: int):
        self.compute = compute
        self.left = budget
        self.max_deck = max_deck
        self.max_leaves = max_leaves
        self.memo: dict = {}

    def wants(self, deck: int) -> bool:
        return self.left > 0 and deck <= self.max_deck and len(self.memo) < self.max_leaves

    def add(self, key, trail: list, deck: int):
        """Value the key (its trail of events) now: the value or None, remembered."""
        value, cost = self.compute(trail, deck)
        self.left -= cost
        self.memo[key] = value
        return value

    def value(self, key, trail: list, deck: int):
        if key in self.memo:
            return self.memo[key]
        if self.wants(deck):
            return self.add(key, trail, deck)
        self.memo[key] = None
        return None


class NextDecision:
    """The viewer's next decision after the evaluated play, chosen on what the viewer has
    observed since (the key: the play and the viewer's observations, never a hidden card).

    At a visit, every legal action there is played out on this deal (the same random stream
    for each, the heuristic continuing) and recorded as its paired difference to the
    heuristic's action; the action *taken* is decided from the records of earlier deals only:
    the heuristic's, until another action is ahead of it by more than two standard errors over
    at least `MIN` visits. So no exploration enters a value and no hidden card steers the
    choice: the value is that of a policy of the viewer's own information, at least as good as
    the heuristic where the data say so. After `FULL` visits only the taken action is played.

    Deferred: until a key has been visited `MIN` times its records cannot change a decision, so a
    visit then plays out only the action taken and keeps what the others need (the state, the
    play-out's seed, the opponents' type); the other actions are played out when the key is
    visited once more (`decide`), in the order of the visits, each with its own seed. The figures
    are those of playing every action at every visit."""

    MIN = 8
    FULL = 60

    def __init__(self):
        self.stats: dict = {}

    def decide(self, key, actions, heuristic, belief=None):
        """The action taken at the key's information state and its node; `heuristic()`: the default
        action; `belief`: the viewer's belief there (the same for every visit of the key), kept with it."""
        node = self.stats.get(key)
        if node is None:
            node = self.stats[key] = {"h": heuristic(), "n": 0, "d": {}, "later": [], "b": belief}
        h = node["h"]
        if node["n"] + len(node["later"]) < self.MIN:
            return h, node
        self.catch_up(node)
        best, best_mean = h, 0.0
        for a, (s1, s2, k) in node["d"].items():
            if k < self.MIN:
                continue
            mean = s1 / k
            var = max(s2 / k - mean * mean, 0.0)
            if mean - 2.0 * math.sqrt(var / k) > 0 and mean > best_mean:
                best, best_mean = a, mean
        return best, node

    def wants_all(self, node) -> bool:
        return node["n"] + len(node["later"]) < self.FULL

    def visit(self, node, r: Round, actions, taken, viewer: int, model, seed: int) -> tuple:
        """This visit's result of the action `taken` (win, tokens, out before the next turn), every
        action played out with the same seed; the others' results recorded now, or deferred while
        the key has fewer than `MIN` visits (their records cannot matter before)."""
        mine = finish_after(r, taken, viewer, model, SplitMix64(seed), node["b"])
        if not self.wants_all(node):
            return mine
        if node["n"] + len(node["later"]) < self.MIN:
            node["later"].append((r, actions, taken, viewer, model, seed, mine))
        else:
            self.catch_up(node)
            self.record(node, self.played(r, actions, taken, viewer, model, seed, mine, node["b"]))
        return mine

    def played(self, r, actions, taken, viewer, model, seed, mine, belief=None) -> dict:
        return {a: mine if a == taken else finish_after(r, a, viewer, model, SplitMix64(seed), belief)
                for a in actions}

    def catch_up(self, node) -> None:
        """Play out and record the deferred visits of a key, in their order."""
        later, node["later"] = node["later"], []
        for visit in later:
            self.record(node, self.played(*visit, node["b"]))

    def record(self, node, results: dict) -> None:
        node["n"] += 1
        base = results[node["h"]][0]
        for a, res in results.items():
            if a == node["h"]:
                continue
            d = res[0] - base
            s = node["d"].setdefault(a, [0.0, 0.0, 0])
            s[0] += d
            s[1] += d * d
            s[2] += 1


def finish(r: Round, viewer: int, model, rng: SplitMix64, belief=None) -> tuple:
    """(win, tokens, viewer out before their next turn) of the round played on from `r` on the path in
    use, the opponents of one type (`model`), the viewer on `belief` (changed; the card counter's heuristic
    without one)."""
    if r.phase == OVER:
        win = int(viewer in r.winners)
        return win, win + int(r.spy_bonus == viewer), False
    if belief is None:
        winners, spy, stopped = fast_playout(r, viewer, model, rng)
    else:
        winners, spy, stopped = belief_playout(r, viewer, model, rng, belief)
    win = int(viewer in winners)
    return win, win + int(spy == viewer), stopped


def finish_after(r: Round, action, viewer: int, model, rng: SplitMix64, belief=None) -> tuple:
    """`finish` after the viewer's `action` at `r` (the belief copied, then told the action)."""
    r1, _ = apply(r, action)
    if belief is None:
        return finish(r1, viewer, model, rng)
    b = belief.copy()
    if r1.phase != OVER:
        observe(b, r, action, r1)
    return finish(r1, viewer, model, rng, b)


def viewer_choice(r: Round, belief=None):
    """The viewer's default action at `r`: its belief's (`solver.policies.belief.viewer_choice`), or the
    first of the card counter's heuristic's."""
    return belief_choice(r, belief) if belief is not None else card_counter_choices(r)[0]


def prefix(deal: Round, action, viewer: int, model, rng: SplitMix64, belief=None) -> tuple:
    """`action` applied on `deal`, then the round followed on the public engine to the viewer's next
    decision with a choice (the viewer's forced plays made, opponents playing `model` from `rng`):
    (state, its legal actions or None, key, events since the deal, an opponent knocked out by the
    play, the viewer's turn seen since, how it stopped: "decision", "out" — the viewer knocked out
    before their next turn — or "over", and the viewer's belief there: a copy of `belief` told what
    the viewer saw on the way, or None)."""
    b = belief.copy() if belief is not None else None
    r, ev = apply(deal, action)
    if b is not None and r.phase != OVER:
        observe(b, deal, action, r)
    ko = any(isinstance(x, KnockedOut) and x.player != viewer for x in ev)
    key: tuple = (action, observation(ev, viewer))
    trail = list(ev)
    seen_turn = False
    while r.phase != OVER:
        if r.current == viewer:
            if r.phase == PLAY:
                seen_turn = True
            acts = legal_actions(r)
            if len(acts) > 1:
                return r, acts, key, trail, ko, seen_turn, "decision", b
            a = acts[0]
        else:
            if r.out[viewer] and not seen_turn:
                return r, None, key, trail, ko, seen_turn, "out", b
            a = model.choose(r, rng)
        r0 = r
        r, ev = apply(r, a)
        if b is not None and r.phase != OVER:
            observe(b, r0, a, r)
        trail.extend(ev)
        key = key + (observation(ev, viewer),)
    return r, None, key, trail, ko, seen_turn, "over", b


class Playouts:
    """The estimate's play-outs of the viewer's plays on sampled deals (the module docstring), on
    the reference path. `decisions`: the next decision taken by `NextDecision` (else the heuristic's
    continuation from there); `leaves`: a `LeafTable`, or None for no leaf."""

    def __init__(self, viewer: int, actions: list, decisions: bool = True, leaves: Optional[LeafTable] = None,
                 belief=None):
        self.viewer = viewer
        self.actions = actions
        self.decisions = NextDecision() if decisions else None
        self.leaves = leaves
        self.belief = belief

    def run(self, deal: Round, opponent_type, a: int, seed: int) -> tuple:
        """Play out action number `a` on `deal` (opponents of type `opponent_type`) from `seed`."""
        viewer = self.viewer
        rng = SplitMix64(seed)
        r, acts, key, trail, ko, seen_turn, how, b = prefix(deal, self.actions[a], viewer, opponent_type, rng, self.belief)
        if how == "out":
            return 0, 0, ko, True, True
        if how == "over":
            win = int(viewer in r.winners)
            return win, win + int(r.spy_bonus == viewer), ko, not seen_turn and bool(r.out[viewer]), True
        if self.leaves is not None:
            value = self.leaves.value(key, trail, len(r.deck))
            if value is not None:
                stopped = False
                if not seen_turn:  # (a Chancellor's keep: whether the viewer is out before their turn)
                    stopped = finish_after(r, viewer_choice(r, b), viewer, opponent_type, rng, b)[2]
                return value[0], value[1], ko, stopped, True
        if self.decisions is None:  # the plain continuation
            win, tokens, stopped = finish(r, viewer, opponent_type, rng, b)
            return win, tokens, ko, not seen_turn and stopped, False
        taken, node = self.decisions.decide(key, acts, lambda: viewer_choice(r, b), b)
        win, tokens, stopped = self.decisions.visit(node, r, acts, taken, viewer, opponent_type, rng.next64())
        return win, tokens, ko, not seen_turn and stopped, False

    def run_many(self, items, deals) -> list:
        """`run` for each (deal number, action number) of `items` on `deals` (`solver.advice.deals.Deals`),
        in order."""
        return [self.run(deals.round(i), deals.types[i], a, deals.seeds[i]) for i, a in items]


def make_playouts(viewer: int, actions: list, decisions: bool = True, leaves: Optional[LeafTable] = None,
                  belief=None):
    """The estimate's play-outs of the viewer's `actions` on sampled deals (`run_many(items, deals)`), on
    the path in use: the same results on both. `belief`: the viewer's belief at the decision (its later
    turns played on it), or None (the card counter's heuristic)."""
    return compiled_make_playouts(Playouts, viewer, actions, decisions, leaves, prefix, belief)
