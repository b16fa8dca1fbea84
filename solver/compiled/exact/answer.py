"""The compiled exact search's Python side (`CompiledSolver`): the interface of
`solver.advice.exact.ExactSolver` that the exact answer uses, the work done by
the kernels of `solver.compiled.exact` (the same values, the same work counted).

The root's worlds arrive as (round, tail, type) states with their weights, as the Python search
takes them; the values leave as the Python search gives them (integers (win, tokens, denominator)
over the root's scale). A search the kernels cannot finish raises as the Python one does:
`TooLargeError` beyond the work budget, `OverflowError` when a number would not fit 128 bits (the
caller then answers with the Python search or an estimate)."""

from __future__ import annotations

import time
from fractions import Fraction
from math import lcm

import numpy as np

from solver.compiled.arrays import edition_array, model_code, to_array
from solver.compiled.errors import (
    CompiledNeedMore,
    CompiledOutOfTime,
    CompiledOverflow,
    CompiledTooLarge,
)
from solver.compiled.exact.packing import (
    CTR,
    CUT,
    NEED_MORE,
    NODES,
    OVERFLOW,
    PAIRS,
    TOO_LARGE,
    WORK,
    acode,
)
from solver.compiled.exact.roots import (
    root_flags_many,
    root_intern,
    root_opponents,
    root_outcomes,
    root_search,
)
from solver.compiled.exact.tables import new_context
from solver.rules.actions import ChancellorChoice, Play

MASK = (1 << 64) - 1
#: The tables' first size (log2 of their rows) when none is given; None: from the budget. (The tests set
#: a small one to take the path of a search that runs out of room and starts again, larger.)
FIRST_SIZE = None


def _join(h, l) -> int:
    return (int(h) << 64) | int(l)


def action_code(action) -> int:
    """A play, a Chancellor choice or an opponent's pair of choices as the kernels' action code."""
    if isinstance(action, Play):
        return int(acode(0, int(action.card), -1 if action.target is None else action.target,
                            -1 if action.guess is None else int(action.guess), 0))
    if isinstance(action, ChancellorChoice):
        b = tuple(int(c) for c in action.bottom)
        return int(acode(1, int(action.keep), b[0], b[1] if len(b) > 1 else -1, len(b)))
    first = action.first  # an opponent's pair (`solver.advice.exact.packing.Pair`)
    b = tuple(int(c) for c in first.bottom)
    return int(acode(2, int(first.keep), b[0], b[1], 2))


def tail_bits(tail) -> tuple[int, int]:
    """A tail (a number of fixed cards, or group sizes from its top) as (groups, pair bits)."""
    if isinstance(tail, int):
        return tail, 0
    pairs = 0
    for i, s in enumerate(tail):
        if s == 2:
            pairs |= 1 << i
    return len(tail), pairs


class CompiledSolver:
    """`ExactSolver`'s search on the compiled path (the same constructor; `model` a model object): an
    `ExactSearch` (`solver.compiled.protocol`)."""

    def __init__(self, viewer: int, budget: int, deadline=None, model=None, sa_free: bool = False, edition=None,
                 n_players: int = 2, size: int | None = None):
        self.model = model
        self.types = model.types
        self.viewer = viewer
        self.budget = budget
        self.deadline = deadline
        self.type_work = 0
        if size is None:  # tables for about an eighth of the budget (untouched rows cost no memory): a
            # search that fills them starts again larger
            size = FIRST_SIZE if FIRST_SIZE is not None else min(max(budget.bit_length() - 3, 16), 20)
        self.size = size
        self._args = (n_players, viewer, edition_array(edition), [model_code(t) for t in model.types],
                      sa_free, model.uses_memory, budget)
        self.ctx = new_context(*self._args[:3], (), *self._args[3:], size=size)
        self.face_up = None  # the face-up cards, the same in every world (they are not in the packed state)
        self._known: dict = {}

    # counters, as the Python search's attributes
    @property
    def work(self) -> int:
        return int(self.ctx[CTR][WORK])

    @work.setter
    def work(self, value: int) -> None:
        self.ctx[CTR][WORK] = value

    @property
    def nodes(self) -> int:
        return int(self.ctx[CTR][NODES])

    @nodes.setter
    def nodes(self, value: int) -> None:
        self.ctx[CTR][NODES] = value

    @property
    def pairs(self) -> int:
        return int(self.ctx[CTR][PAIRS])

    @property
    def cut(self) -> int:
        return int(self.ctx[CTR][CUT])

    def release(self) -> None:
        self.ctx = None
        self._known.clear()

    def _check(self, err: int) -> None:
        if err == TOO_LARGE:
            raise CompiledTooLarge(f"more than {self.budget:,} transitions: too large for an exact answer")
        if err == OVERFLOW:
            raise CompiledOverflow("a number of the exact search would not fit in 128 bits")
        if err == NEED_MORE:
            raise CompiledNeedMore(self.size)

    def _sids(self, states) -> list:
        """The numbers of root states (round, tail, type), interned in one call."""
        new = [s for s in dict.fromkeys((r, t, opponent_type[0] if opponent_type else 0) for r, t, *opponent_type in states) if s not in self._known]
        if new:
            if self.face_up is None:
                self.face_up = new[0][0].face_up
                a = self._args
                self.ctx = new_context(a[0], a[1], a[2], tuple(int(c) for c in self.face_up), a[3], a[4], a[5],
                                          a[6], size=self.size)
            if any(r.face_up != self.face_up for r, _, _ in new):
                raise CompiledOverflow("root worlds with different face-up cards")
            bits = [tail_bits(t) for _, t, _ in new]
            sts = np.stack([to_array(r) for r, _, _ in new])
            ids = root_intern(self.ctx, sts, np.array([b[0] for b in bits], dtype=np.int64),
                                      np.array([b[1] for b in bits], dtype=np.int64),
                                      np.array([t for _, _, t in new], dtype=np.int64))
            for key, sid in zip(new, ids):
                self._known[key] = int(sid)
        return [self._known[(r, t, opponent_type[0] if opponent_type else 0)] for r, t, *opponent_type in states]

    def _sid(self, state) -> int:
        return self._sids([state])[0]

    def to_int(self, worlds) -> tuple[list, int]:
        sids = self._sids([s for s, _ in worlds])
        ps = [(sid, Fraction(p)) for sid, (_, p) in zip(sids, worlds)]
        scale = lcm(*(p.denominator for _, p in ps))
        return [(sid, p.numerator * (scale // p.denominator)) for sid, p in ps], scale

    @staticmethod
    def _arrays(pairs):
        sids = np.array([s for s, _ in pairs], dtype=np.int64)
        if any(w >> 128 for _, w in pairs):
            raise CompiledOverflow("a root weight would not fit in 128 bits")
        whi = np.array([w >> 64 for _, w in pairs], dtype=np.uint64)
        wlo = np.array([w & MASK for _, w in pairs], dtype=np.uint64)
        return sids, whi, wlo

    def _clock(self) -> None:
        """The wall-clock safety cap, checked between calls (a call runs to its end or its work budget)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise CompiledOutOfTime("the exact answer needs more time than its safety cap")

    def masses(self, pairs, action) -> tuple:
        self._clock()
        sids, whi, wlo = self._arrays(pairs)
        r, err = root_search(self.ctx, sids, whi, wlo, 1, action_code(action))
        self._check(int(err))
        return _join(r[0], r[1]), _join(r[2], r[3]), _join(r[4], r[5])

    def value(self, worlds) -> tuple[Fraction, Fraction]:
        pairs, scale = self.to_int(worlds)
        sids, whi, wlo = self._arrays(pairs)
        r, err = root_search(self.ctx, sids, whi, wlo, 0, 0)
        self._check(int(err))
        den = _join(r[4], r[5])
        return Fraction(_join(r[0], r[1]), den * scale), Fraction(_join(r[2], r[3]), den * scale)

    # what the exact answer reads besides the values (the Python search's `_step`, `_opponent`, states),
    # each for many states in one call
    def outcomes_many(self, pairs) -> list:
        """For each (state, action) in order, counted as work as `_step` counts it: ([(next state, ways,
        an opponent knocked out)], denominator)."""
        if not pairs:
            return []
        sids = np.array([s for s, _ in pairs], dtype=np.int64)
        codes = np.array([a if isinstance(a, int) else action_code(a) for _, a in pairs], dtype=np.int64)
        rows, dens, err = root_outcomes(self.ctx, sids, codes)
        self._check(int(err))
        out = [([], int(d)) for d in dens]
        for i, c, ways, ko in rows.tolist():
            out[i][0].append((c, ways, bool(ko)))
        return out

    def opponent_many(self, sids) -> list:
        """Each state's opponents' model: ([(action code, integer weight)], denominator)."""
        if not sids:
            return []
        rows, dens = root_opponents(self.ctx, np.array(sids, dtype=np.int64))
        out = [([], int(d)) for d in dens]
        for i, c, w in rows.tolist():
            out[i][0].append((c, w))
        return out

    def flags_many(self, sids) -> list:
        """Each state's (the viewer is out, the round is over, the player to move)."""
        if not sids:
            return []
        return [(bool(a), bool(b), int(c)) for a, b, c in root_flags_many(self.ctx, np.array(sids, dtype=np.int64)).tolist()]
