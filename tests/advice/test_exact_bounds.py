"""The bounds at the viewer's inner decisions (`ExactSolver._best`, `_bound`): every action's bound is at
least its exact win mass, so the actions it passes over cannot be the best; the search with them gives the
figures of the search without them."""

from fractions import Fraction

import pytest

from solver.advice.exact import answer as exact_answer_module
from solver.advice.exact import advise_exact
from solver.advice.exact.search import ExactSolver
from solver.compiled import forced
from solver.records.notation import parse_record

from .test_exact_sharing import POSITIONS


class Checked(ExactSolver):
    """The search, checking at each bounded decision that every action's bound holds its exact value."""

    checked = 0

    def _best(self, worlds, r0):
        acts = [a for a in self._legal(worlds[0][0])]
        if len(acts) > 1:
            for a in acts:
                children: dict = {}
                dens: dict = {}
                direct: dict = {}
                for sid, w in worlds:
                    self._follow(sid, a, w, 1, children, dens, direct)
                bound = self._bound(children, dens, direct)
                win, _, den = self._combine(children, dens, direct)
                assert Fraction(win, den) <= bound
                Checked.checked += 1
        return super()._best(worlds, r0)


class Unbounded(ExactSolver):
    """The search valuing every action of every decision (no bound passes one over)."""

    def _best(self, worlds, r0):
        win = tokens = den = None
        for a in dict.fromkeys(self._legal(worlds[0][0])):
            w2, t2, d2 = self.masses(worlds, a)
            if win is None or (w2 * den, t2 * den) > (win * d2, tokens * d2):
                win, tokens, den = w2, t2, d2
        return win, tokens, den


@pytest.mark.parametrize("model", ["card-counter", "random", "mixture"])
def test_every_bound_holds_the_actions_exact_win_mass(monkeypatch, model):
    monkeypatch.setattr(exact_answer_module, "ExactSolver", Checked)
    Checked.checked = 0
    with forced("reference"):
        for text in POSITIONS[:3] + POSITIONS[6:9]:
            advise_exact(parse_record(text), model, 10**7)
    assert Checked.checked > 100


@pytest.mark.parametrize("model", ["card-counter", "mixture"])
def test_the_bounds_cut_actions_and_change_no_figure(monkeypatch, model):
    cut = 0
    for text in POSITIONS[:2] + POSITIONS[6:8]:
        record = parse_record(text)
        stats: dict = {}
        with forced("reference"):
            bounded = advise_exact(record, model, 10**7, stats=stats)
            monkeypatch.setattr(exact_answer_module, "ExactSolver", Unbounded)
            plain = advise_exact(record, model, 10**7)
            monkeypatch.undo()
        assert [(a.action, a.win, a.tokens, a.by_type) for a in bounded.actions] == \
            [(a.action, a.win, a.tokens, a.by_type) for a in plain.actions]
        cut += stats["cut"]
    assert cut > 0
