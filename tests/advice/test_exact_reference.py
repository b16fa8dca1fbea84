"""The exact search (integer weights, numbered states, remembered transitions, only the drawn
cards resolved, canonical states, shared Guard guesses, values remembered where the viewer has
no decision left) against a straightforward reference: the same expectimax over information
states with `Fraction` probabilities, every draw resolved and every transition applied anew.
Every figure must be the same Fraction; the search counts at most the reference's work and
information states (what it shares it does not count again)."""

from collections import Counter, defaultdict
from fractions import Fraction

import pytest

from solver import apply, legal_actions
from solver.advice.exact import advise_exact
from solver.advice.worlds import (
    TooLargeError,
    observation,
    opponent_distribution,
    root_worlds,
)
from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.events import KnockedOut
from solver.policies.models import get_model
from solver.rules.state import OVER

from .test_advisor import find


def draw_orders(free: tuple, k: int) -> list:
    if k == 0:
        return [((), free, Fraction(1))]
    out = []
    for c, m in sorted(Counter(free).items()):
        rest = list(free)
        rest.remove(c)
        for top, rest2, p in draw_orders(tuple(rest), k - 1):
            out.append(((c,) + top, rest2, Fraction(m, len(free)) * p))
    return out


class Reference:
    """The search as first written: Fractions everywhere, nothing remembered but the values."""

    def __init__(self, viewer, budget, model, sa_free):
        self.viewer, self.budget, self.model, self.sa_free = viewer, budget, model, sa_free
        self.types = get_model(model).types  # a state's third element: its opponents' type
        self.memo, self.nodes, self.work = {}, 0, 0

    def free(self, r, tail):
        exch = list(r.deck[:len(r.deck) - tail])
        if self.sa_free and r.set_aside is not None:
            exch.append(r.set_aside)
        return exch

    def rebuild(self, r, tail, top, free):
        free = sorted(free)
        if self.sa_free and r.set_aside is not None:
            sa, free = free[-1], free[:-1]
        else:
            sa = r.set_aside
        return r._replace(deck=tuple(top) + tuple(free) + r.deck[len(r.deck) - tail:], set_aside=sa)

    def canon(self, r, tail):
        if tail >= len(r.deck) and not (self.sa_free and r.set_aside is not None):
            return r
        return self.rebuild(r, tail, (), self.free(r, tail))

    def step(self, state, action):
        r, tail, kind = state
        k = 2 if isinstance(action, Play) and action.card in (Card.PRINCE, Card.CHANCELLOR) else 1
        k = min(k, len(r.deck) - tail)
        expanded = [(r, Fraction(1))] if k == 0 else [
            (self.rebuild(r, tail, top, list(rest)), p)
            for top, rest, p in draw_orders(tuple(sorted(self.free(r, tail))), k)]
        self.work += len(expanded)
        if self.work > self.budget:
            raise TooLargeError("too large")
        returned = len(action.bottom) if isinstance(action, ChancellorChoice) else 0
        out = []
        for rx, px in expanded:
            r2, ev = apply(rx, action)
            t2 = min(tail + returned, len(r2.deck))
            out.append(((self.canon(r2, t2), t2, kind), px, ev))
        return out

    def value(self, worlds):
        total = sum(p for _, p in worlds)
        key = frozenset((w, p / total) for w, p in worlds)
        if key not in self.memo:
            self.memo[key] = self._value([(w, p / total) for w, p in worlds])
        win, tokens = self.memo[key]
        return win * total, tokens * total

    def _value(self, worlds):
        self.nodes += 1
        r0, v = worlds[0][0][0], self.viewer
        if r0.phase == OVER:
            win = sum(p for (r, _, _), p in worlds if v in r.winners)
            return win, win + sum(p for (r, _, _), p in worlds if r.spy_bonus == v)
        if r0.current == v:
            return max((self.q(worlds, a) for a in legal_actions(r0)), key=lambda x: (x[0], x[1]))
        children = defaultdict(list)
        for state, p in worlds:
            for a, pa in opponent_distribution(state[0], self.types[state[2]]):
                if pa:
                    for s2, px, ev in self.step(state, a):
                        children[observation(ev, v)].append((s2, p * pa * px))
        return self.combine(children)

    def q(self, worlds, action):
        children = defaultdict(list)
        for state, p in worlds:
            for s2, px, ev in self.step(state, action):
                children[observation(ev, self.viewer)].append((s2, p * px))
        return self.combine(children)

    def combine(self, children):
        win = tokens = Fraction(0)
        for group in children.values():
            merged = defaultdict(Fraction)
            for w, p in group:
                merged[w] += p
            w, t = self.value(list(merged.items()))
            win, tokens = win + w, tokens + t
        return win, tokens

    def out_before_next_turn(self, worlds, action):
        total, frontier = Fraction(0), defaultdict(Fraction)
        for state, p in worlds:
            for s2, px, _ in self.step(state, action):
                frontier[s2] += p * px
        while frontier:
            nxt = defaultdict(Fraction)
            for state, p in frontier.items():
                r = state[0]
                if r.out[self.viewer]:
                    total += p
                elif r.phase != OVER and r.current != self.viewer:
                    for a, pa in opponent_distribution(r, self.types[state[2]]):
                        if pa:
                            for s2, px, _ in self.step(state, a):
                                nxt[s2] += p * pa * px
            frontier = nxt
        return total


def reference(record, model, budget=10**6):
    worlds, deals, sa_free = root_worlds(record, get_model(model), limit=5_000, lazy=True)
    ref = Reference(record.viewer, budget, model, sa_free)
    rows = {}
    for action in legal_actions(worlds[0][0][0]):
        win, tokens = ref.q(worlds, action)
        ko = sum((p * px for state, p in worlds for _, px, ev in ref.step(state, action)
                  if any(isinstance(e, KnockedOut) and e.player != record.viewer for e in ev)), Fraction(0))
        rows[action] = (win, tokens, ko, ref.out_before_next_turn(worlds, action))
    return rows, deals, ref


def assert_same_as_reference(record, model, budget=10**6) -> dict:
    """The exact search's figures equal the reference's, value by value (Fractions), over the
    same deals, with never more work or information states; the search's stats."""
    stats: dict = {}
    advice = advise_exact(record, model, budget, stats=stats)
    rows, deals, ref = reference(record, model, budget=budget)
    got = {a.action: (a.win, a.tokens, a.knock_out_now, a.out_before_next_turn) for a in advice.actions}
    assert got == rows
    assert all(isinstance(x, Fraction) for row in got.values() for x in row)
    assert advice.worlds == deals
    # Shared evaluations only ever save work: never more transitions or information states than the reference.
    assert stats["work"] <= ref.work and stats["nodes"] <= ref.nodes
    return stats


CASES = [(edition, model, left, start) for edition in ("classic", "2019")
         for model in ("random", "card-counter", "mixture")
         for left, start in ((1, 0), (2, 40), (3, 0), (3, 120))]


@pytest.mark.parametrize("edition,model,left,start", CASES)
def test_the_exact_search_gives_every_figure_of_the_reference(edition, model, left, start):
    record, _ = find(edition, left, start)
    assert_same_as_reference(record, model)


@pytest.mark.parametrize("edition,left,start", [("classic", 3, 0), ("2019", 3, 120), ("2019", 2, 40)])
def test_the_mixtures_figures_by_type_are_each_single_types_exact_answer(edition, left, start):
    """The mixture searches the worlds of both types together (the viewer cannot tell them
    apart); its per-type figures are the exact answers had the viewer known the type."""
    record, _ = find(edition, left, start)
    mixed = advise_exact(record, "mixture", 10**6)
    singles = {name: {a.action: a.win for a in advise_exact(record, name, 10**6).actions}
               for name in ("card-counter", "random")}
    weights = mixed.types
    assert sum(weights.values()) == 1 and set(weights) == set(singles)
    for a in mixed.actions:
        assert a.by_type == {name: singles[name][a.action] for name in singles}
        # Not knowing the type is never worth more than knowing it.
        assert a.win <= sum(weights[name] * a.by_type[name] for name in weights)


def test_the_work_budget_refuses_exactly_beyond_the_work_counted():
    record, _ = find("2019", 3, 0)
    stats: dict = {}
    advise_exact(record, "random", 10**6, stats=stats)
    work = stats["work"]
    advise_exact(record, "random", work)  # exactly enough
    with pytest.raises(TooLargeError):
        advise_exact(record, "random", work - 1)
    with pytest.raises(TooLargeError):
        reference(record, "random", work - 1)
