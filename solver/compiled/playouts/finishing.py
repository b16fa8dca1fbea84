"""The compiled play-outs' end: the round played on from a state to its end, the viewer's turns on
its belief (or by the card counter's heuristic), opponents by their type (`finish`), after one of the viewer's
actions (`finish_after`, `finish_from`: `solver.advice.playouts.finish`, `finish_after`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import MAXACTS, PHASE, SIZE, SPYB, WIN, apply_row, belief_playout, fast_playout, observe
from solver.compiled.kernels.belief import FW_SIZE, IW_SIZE


@njit(cache=True)
def finish(st, ed, rs, viewer, opponent_type, bw, bc, bi, nt, tcodes, use_belief):
    """(win, tokens, viewer out before their next turn) of the round played on from `st` (changed), the
    viewer on the belief (bw, bc: changed) when `use_belief`, else by the card counter's heuristic."""
    if st[PHASE] == 2:
        win = 1.0 if (st[WIN] >> viewer) & 1 else 0.0
        return win, win + (1.0 if st[SPYB] == viewer else 0.0), False
    if use_belief:
        w, spy, stopped = belief_playout(st, ed, rs, viewer, opponent_type, False, bw, bc, bi, nt, tcodes)
    else:
        w, spy, stopped = fast_playout(st, ed, rs, viewer, opponent_type, False)
    win = 1.0 if (w >> viewer) & 1 else 0.0
    return win, win + (1.0 if spy == viewer else 0.0), stopped


@njit(cache=True)
def finish_after(st, ed, row, rs, viewer, opponent_type, work, bw, bc, bi, nt, tcodes, use_belief):
    """`finish` after applying the viewer's action `row` to a copy of `st` (the belief copied, then
    told the action: `solver.advice.playouts.finish_after`), drawing from `rs`."""
    work[:] = st
    acts = np.empty((1, 4), dtype=np.int64)
    for j in range(4):
        acts[0, j] = row[j]
    apply_row(work, ed, acts, 0)
    bw2 = bw.copy()
    bc2 = bc.copy()
    bi2 = bi.copy()
    if use_belief and work[PHASE] != 2:
        obs_acts = np.empty((MAXACTS, 4), dtype=np.int64)
        ties = np.empty((MAXACTS, 4), dtype=np.int64)
        scratch = np.empty((4, 10), dtype=np.float64)
        spare = np.empty(SIZE, dtype=np.int8)
        iw = np.empty(IW_SIZE, dtype=np.int64)
        fw = np.empty(FW_SIZE, dtype=np.float64)
        observe(st, acts[0], work, ed, bw2, bc2, bi2, nt, tcodes, viewer, scratch, spare, obs_acts, ties, iw, fw)
    return finish(work, ed, rs, viewer, opponent_type, bw2, bc2, bi2, nt, tcodes, use_belief)


@njit(cache=True)
def finish_from(st, ed, row, seed, viewer, opponent_type, work, bw, bc, bi, nt, tcodes, use_belief):
    """`finish_after` from a fresh generator `seed`."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    return finish_after(st, ed, row, rs, viewer, opponent_type, work, bw, bc, bi, nt, tcodes, use_belief)
