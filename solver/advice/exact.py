"""Exact values of the viewer's legal plays for small positions (method "exact").

Enumerate every concrete world consistent with the record, with its exact posterior weight
under the opponent model; then evaluate each action by expectimax over the viewer's
*information states*: worlds are grouped by what the viewer observes, the viewer maximises per
group (never per world, which would overstate the value), opponents act by the model's policy.
Every figure is an exact Fraction (docs/advisor.md).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache
from typing import Optional
import time

from solver.rules.actions import ChancellorChoice
from solver.rules.cards import Card
from solver.rules.events import KnockedOut
from solver.rules.game import apply, legal_actions
from solver.records.record import Record
from solver.rules.state import OVER, Round

from solver.advice.result import Advice, RankedAction, sort_key
from solver.advice.worlds import OPPONENT_MODELS, TooLargeError, observation, opponent_distribution, root_worlds


def _draws(r: Round, action) -> int:
    """How many cards from the top of the deck `action` can draw (its own draw and the next
    player's): resolving one more than used is harmless (it goes back, canonically)."""
    from solver.rules.actions import Play

    if isinstance(action, Play) and action.card in (Card.PRINCE, Card.CHANCELLOR):
        return 2
    return 1


@lru_cache(maxsize=50_000)
def _draw_orders(free: tuple, k: int) -> tuple:
    """Every way to draw k cards in order from the multiset `free` (sorted): (drawn, rest, p)."""
    if k == 0:
        return (((), free, Fraction(1)),)
    out = []
    for c, m in sorted(Counter(free).items()):
        rest = list(free)
        rest.remove(c)
        for top, rest2, p in _draw_orders(tuple(rest), k - 1):
            out.append(((c,) + top, rest2, Fraction(m, len(free)) * p))
    return tuple(out)


class ExactSolver:
    """Expectimax over the viewer's information states. A state is (round, tail): the last
    `tail` cards of the deck are fixed (Chancellor returns, or everything in the reference
    mode); the cards above them — and the set-aside card when `sa_free` — are exchangeable and
    kept sorted, and a draw from them is resolved when it happens, each distinct card with
    probability (copies left) / (cards left)."""

    def __init__(self, viewer: int, budget: int, deadline: float | None = None, model: str = "random",
                 sa_free: bool = False):
        self.model = model
        self.memo: dict = {}
        self.viewer = viewer
        self.budget = budget
        self.deadline = deadline
        self.nodes = 0
        self.work = 0
        self.applied = 0
        self.sa_free = sa_free

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % 128 == 0:
            self.check_time()

    def check_time(self) -> None:
        if self.deadline is not None:
            if time.perf_counter() > self.deadline:
                raise TooLargeError("the exact answer needs more time than its budget")

    # --- exchangeable cards -------------------------------------------------------------------

    def _free(self, r: Round, tail: int) -> list:
        exch = list(r.deck[:len(r.deck) - tail])
        if self.sa_free and r.set_aside is not None:
            exch.append(r.set_aside)
        return exch

    def _rebuild(self, r: Round, tail: int, top: tuple, free: list) -> Round:
        free = sorted(free)
        if self.sa_free and r.set_aside is not None:
            sa, free = free[-1], free[:-1]
        else:
            sa = r.set_aside
        return r._replace(deck=tuple(top) + tuple(free) + r.deck[len(r.deck) - tail:], set_aside=sa)

    def canon(self, r: Round, tail: int) -> Round:
        if tail >= len(r.deck) and not (self.sa_free and r.set_aside is not None):
            return r
        return self._rebuild(r, tail, (), self._free(r, tail))

    def expand(self, r: Round, tail: int, k: int) -> list:
        """The round with its top k exchangeable cards resolved in every way, with probabilities."""
        n_exch = len(r.deck) - tail
        k = min(k, n_exch)
        if k == 0:
            return [(r, Fraction(1))]
        return [(self._rebuild(r, tail, top, list(rest)), p)
                for top, rest, p in _draw_orders(tuple(sorted(self._free(r, tail))), k)]

    def step(self, state, action) -> list:
        """Every outcome of `action` in `state`: (next state, probability, events)."""
        r, tail = state
        self.applied += 1
        if self.applied % 512 == 0:  # one information state can hold many deals: watch the clock here too
            self.check_time()
        out = []
        returned = len(action.bottom) if isinstance(action, ChancellorChoice) else 0
        expanded = self.expand(r, tail, _draws(r, action))
        # The work budget counts the transitions the search applies (its real cost), not nodes.
        self.work += len(expanded)
        if self.work > self.budget:
            raise TooLargeError(f"more than {self.budget:,} transitions: too large for an exact answer")
        for rx, px in expanded:
            r2, ev = apply(rx, action)
            t2 = min(tail + returned, len(r2.deck))
            out.append(((self.canon(r2, t2), t2), px, ev))
        return out

    # --- the search ---------------------------------------------------------------------------

    def value(self, worlds) -> tuple[Fraction, Fraction]:
        """Probability *mass* of winning (and of tokens) over these states, whose weights are
        unnormalised probabilities: at the viewer's turns every action is compared on the same
        mass, so the maximum is the best choice for this information state. Memoised: plays
        that lead to the same states (a Guard naming a card nobody can hold) are solved once."""
        total = sum(p for _, p in worlds)
        key = frozenset((w, p / total) for w, p in worlds)
        found = self.memo.get(key)
        if found is None:
            win, tokens = self._value([(w, p / total) for w, p in worlds])
            found = self.memo[key] = (win, tokens)
        return found[0] * total, found[1] * total

    def _value(self, worlds) -> tuple[Fraction, Fraction]:
        self.tick()
        r0 = worlds[0][0][0]
        v = self.viewer
        if r0.phase == OVER:
            win = sum(p for (r, _), p in worlds if v in r.winners)
            spy = sum(p for (r, _), p in worlds if r.spy_bonus == v)
            return win, win + spy
        if r0.current == v:
            return max((self.q(worlds, a) for a in legal_actions(r0)), key=lambda x: (x[0], x[1]))
        children: dict = defaultdict(list)
        for state, p in worlds:
            for a, pa in opponent_distribution(state[0], self.model):
                if pa:
                    for s2, px, ev in self.step(state, a):
                        children[observation(ev, v)].append((s2, p * pa * px))
        return self._combine(children)

    def q(self, worlds, action) -> tuple[Fraction, Fraction]:
        children: dict = defaultdict(list)
        for state, p in worlds:
            for s2, px, ev in self.step(state, action):
                children[observation(ev, self.viewer)].append((s2, p * px))
        return self._combine(children)

    def _combine(self, children) -> tuple[Fraction, Fraction]:
        win = tokens = 0
        for group in children.values():
            merged: dict = {}
            for w, p in group:
                merged[w] = merged.get(w, 0) + p
            w, t = self.value(list(merged.items()))
            win += w
            tokens += t
        return win, tokens


def advise_exact(record: Record, model: str, budget: int, deadline: float | None = None,
                  lazy: bool = True) -> Advice:
    worlds, deals, sa_free = root_worlds(record, OPPONENT_MODELS[model], limit=5_000, lazy=lazy,
                                          deadline=deadline)
    v = record.viewer
    solver = ExactSolver(v, budget, deadline, model, sa_free=sa_free)
    rounds = [(r, p) for (r, _), p in worlds]
    ranked = []
    for action in legal_actions(rounds[0][0]):
        win, tokens = solver.q(worlds, action)  # masses over worlds whose weights sum to 1
        win, tokens = Fraction(win), Fraction(tokens)
        ko = Fraction(0)
        for state, p in worlds:
            for _, px, ev in solver.step(state, action):
                if any(isinstance(e, KnockedOut) and e.player != v for e in ev):
                    ko += p * px
        # What a Priest, King or Baron shows does not depend on the order of undrawn cards.
        ranked.append(RankedAction(action, win, tokens, ko, _out_before_next_turn(solver, worlds, action, model),
                                   learn=learn_from(rounds, action, v)))
    ranked.sort(key=lambda a: (-a.win, -a.tokens, sort_key(a.action)))
    return Advice(record, model, "exact", exact_ranking(ranked), deals, solver.nodes,
                  resolved=len(ranked) < 2 or ranked[1].win < ranked[0].win)


def exact_ranking(ranked: list) -> tuple:
    """Exact values: the difference to the best is a point; plays with the best win rate
    exactly are equally good (each with an equal share of P(best))."""
    from dataclasses import replace

    top = ranked[0].win
    ties = sum(1 for a in ranked if a.win == top)
    return tuple(replace(a, diff=float(a.win - top), diff_interval=(float(a.win - top),) * 2,
                         p_best=(1 / ties) if a.win == top else 0.0, equal_to_best=a.win == top)
                 for a in ranked)


def learn_from(worlds, action, viewer: int) -> Optional[dict]:
    """The distribution of what the play shows the viewer (exact over the given worlds)."""
    from solver.rules.events import BaronCompared, HandsTraded, PriestSaw

    sees: dict = defaultdict(Fraction)
    baron: dict = defaultdict(Fraction)
    total = sum(p for _, p in worlds)
    for r, p in worlds:
        _, events = apply(r, action)
        for ev in events:
            if isinstance(ev, PriestSaw) and ev.player == viewer:
                sees[ev.card] += p / total
            elif isinstance(ev, HandsTraded) and ev.player == viewer:
                sees[ev.received] += p / total
            elif isinstance(ev, BaronCompared) and ev.player == viewer:
                value = r.edition.value_of
                a, b = value[ev.player_card], value[ev.target_card]
                baron["win" if a > b else "tie" if a == b else "lose"] += p / total
    if sees:
        return {"sees": dict(sorted(sees.items()))}
    if baron:
        return {"baron": dict(baron)}
    return None


def _out_before_next_turn(solver: ExactSolver, worlds, action, model: str = "random") -> Fraction:
    """Play `action`, then let opponents play the model until the viewer's next turn."""
    viewer = solver.viewer
    total = Fraction(0)
    frontier: dict = defaultdict(Fraction)
    for state, p in worlds:
        for s2, px, _ in solver.step(state, action):
            frontier[s2] += p * px
    while frontier:
        nxt: dict = defaultdict(Fraction)
        for state, p in frontier.items():
            r = state[0]
            if r.out[viewer]:
                total += p
            elif r.phase == OVER or r.current == viewer:
                continue
            else:
                for a, pa in opponent_distribution(r, model):
                    if pa:
                        for s2, px, _ in solver.step(state, a):
                            nxt[s2] += p * pa * px
        frontier = nxt
    return total

