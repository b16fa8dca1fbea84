"""The compiled runner of the estimate's play-outs (`CompiledPlayouts`): the interface of the
reference `solver.advice.playouts.Playouts`, the work done by `solver.compiled.playouts.run_items`
(a batch of (deal, play) pairs in one call). Its next-decision statistics and leaf table persist in
compiled structures between batches; a leaf the table wants valued is computed in Python from the
pair's events on the reference engine (`replay`: the same play-out replayed, the same draws), and the
batch goes on from that pair. Also the compiled layout of the estimate's deals (`assemble_deals`)."""

from __future__ import annotations

import numpy as np
from numba import types
from numba.typed import Dict, List

from solver.compiled import playouts as sk
from solver.compiled.arrays import edition_array
from solver.compiled.choice import compiled_kernels
from solver.rules.actions import Play
from solver.rules.rng import SplitMix64


def action_row(action) -> tuple:
    """A play or a Chancellor choice as a kernel's action row."""
    if isinstance(action, Play):
        return (int(action.card), -1 if action.target is None else action.target,
                -1 if action.guess is None else int(action.guess), 0)
    bottom = tuple(int(c) for c in action.bottom)
    return (int(action.keep), bottom[0], bottom[1] if len(bottom) > 1 else -1, len(bottom))


def assemble_deals(base, ints, values, pools, states_rng):
    """Deals as compiled state rows (`solver.compiled.playouts.assemble_deals`): the fixed part `base` (a state
    row, `to_array`), the layout's row `ints` (`solver.compiled.layout`), each deal's
    tracked cards (`values`), untouched cards (`pools`: copies of each card) and generator state
    (`states_rng`, advanced in place)."""
    out = np.empty((len(values), compiled_kernels().SIZE), dtype=np.int8)
    sk.assemble_deals(base, ints, values, pools, states_rng, out)
    return out


class CompiledPlayouts:
    """`solver.advice.playouts.Playouts` on the compiled path: the same results, pair for pair. `replay`:
    (deal, action, viewer, opponents' type, generator) -> the reference play-out to the viewer's next
    decision (`solver.advice.playouts.prefix`), for the leaves."""

    def __init__(self, viewer: int, actions: list, decisions: bool = True, leaves=None, replay=None, belief=None):
        from solver.compiled.rollout import belief_arrays

        k = compiled_kernels()
        self.replay = replay
        self.viewer = viewer
        self.actions = actions
        self.decisions = decisions
        self.leaves = leaves
        self.roots = np.array([action_row(a) for a in actions], dtype=np.int64).reshape(-1, 4)
        self.ed = None
        i64 = types.int64
        self.nd_index = Dict.empty(i64, i64)
        self.nd = [List.empty_list(i64) for _ in range(7)]  # n, h, m, off, later count, head, tail
        self.rows = List.empty_list(i64)
        self.s1 = List.empty_list(types.float64)
        self.s2 = List.empty_list(types.float64)
        self.kk = List.empty_list(i64)
        self.def_state = List.empty_list(types.int8[::1])
        self.def_taken = List.empty_list(i64)
        self.def_seed = List.empty_list(types.uint64)
        self.def_kind = List.empty_list(i64)
        self.def_mine = List.empty_list(types.float64)
        self.def_next = List.empty_list(i64)
        self.leaf_index = Dict.empty(i64, i64)
        self.leaf_win = np.zeros(0, dtype=np.float64)
        self.leaf_tokens = np.zeros(0, dtype=np.float64)
        self.leaf_values: list = []
        self.leaf_ctl = np.zeros(5, dtype=np.int64)
        self.use_belief = belief is not None
        if belief is not None:
            self.bw, self.bc, self.bi, self.nt, self.tcodes = belief_arrays(belief)
        else:
            from solver.compiled.kernels.belief import BI_SIZE

            self.bw, self.bc = np.zeros(2, dtype=np.float64), np.zeros((k.MAXP, 2, 10), dtype=np.float64)
            self.bi = np.zeros(BI_SIZE, dtype=np.int64)
            self.nt, self.tcodes = np.int64(1), np.zeros(2, dtype=np.int64)
        self.nd_bw = List.empty_list(types.float64[::1])
        self.nd_bc = List.empty_list(types.float64[:, :, ::1])
        self.nd_bi = List.empty_list(types.int64[::1])
        if leaves is not None:
            self.leaf_ctl[:] = (1, 1 if leaves.left > 0 else 0, 0, leaves.max_leaves, leaves.max_deck)

    def run_many(self, items, deals) -> list:
        """Play out each (deal number, action number) of `items` on `deals` (`solver.compiled.deals.CompiledDeals`:
        its `states`, `codes`, `seed_array`, `edition`), in order."""
        if self.ed is None:
            self.ed = edition_array(deals.edition)
        arr = np.array(items, dtype=np.int64).reshape(-1, 2)
        out = np.zeros((len(items), 6), dtype=np.float64)
        start = 0
        nd = self.nd
        while True:
            status, start, key = sk.run_items(
                deals.states, deals.codes, deals.seed_array, self.roots, arr, start, self.viewer, self.decisions,
                self.ed, self.nd_index, nd[0], nd[1], nd[2], nd[3], nd[4], nd[5], nd[6], self.rows, self.s1, self.s2,
                self.kk, self.def_state, self.def_taken, self.def_seed, self.def_kind, self.def_mine, self.def_next,
                self.leaf_index, self.leaf_win, self.leaf_tokens, self.leaf_ctl, out, self.bw, self.bc, self.bi,
                self.nt, self.tcodes, self.use_belief, self.nd_bw, self.nd_bc, self.nd_bi)
            if status == sk.DONE:
                break
            self._leaf(int(key), items[start], deals)
        return [(_num(r[0], r[5]), _num(r[1], r[5]), bool(r[2]), bool(r[3]), bool(r[4])) for r in out]

    def _leaf(self, key: int, item, deals) -> None:
        """Value a new leaf: the pair's play-out replayed on the public engine to its decision."""
        i, a = item
        r, _, _, trail, _, _, _, _ = self.replay(deals.round(i), self.actions[a], self.viewer, deals.types[i],
                                                 SplitMix64(deals.seeds[i]))
        value = self.leaves.add(key, trail, len(r.deck))
        if value is None:
            sk.put_leaf(self.leaf_index, np.int64(key), np.int64(-1))
        else:
            j = len(self.leaf_values)
            self.leaf_values.append(value)
            self.leaf_win = np.array([v[0] for v in self.leaf_values], dtype=np.float64)
            self.leaf_tokens = np.array([v[1] for v in self.leaf_values], dtype=np.float64)
            sk.put_leaf(self.leaf_index, np.int64(key), np.int64(j))
        self.leaf_ctl[1] = 1 if self.leaves.left > 0 else 0
        self.leaf_ctl[2] += 1


def _num(x: float, leaf: float):
    """A result as the Python path gives it: an int for a play-out's 0/1, the float of a leaf."""
    return float(x) if leaf else int(x)
