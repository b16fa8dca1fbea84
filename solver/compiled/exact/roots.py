"""The compiled exact search's entry points, the ones the Python driver (`answer.CompiledSolver`) calls:
the root states interned (`root_intern`), a query searched (`root_search`), states' outcomes
(`root_outcomes`), their opponents' weights (`root_opponents`) and flags (`root_flags_many`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import MAXACTS, SIZE
from solver.compiled.u128 import U0, U1, add
from solver.compiled.exact.packing import (ARENA, CONF, CTR, C_MEMORY, C_N, C_SAFREE, C_VIEWER, DEPTH, ERR, FRAMEU, KW,
                                           OUTS, OVERFLOW, STATES, S_SLOTS, TRANS, U_MW, ZERO, pack)
from solver.compiled.exact.tables import borrowed, fail, rnum, room, state_id, tnum, typed, unpacked
from solver.compiled.exact.opponents import opponent_acts
from solver.compiled.exact.transitions import step
from solver.compiled.exact.frames import push_frame
from solver.compiled.exact.search import run


@njit(cache=True)
def root_intern(ctx, states, tails, pairs, typs):
    """The root states' numbers: `states` rows of round arrays with their tail groups and types."""
    ctx = borrowed(ctx)
    conf = ctx[CONF]
    buf = np.empty(8 * KW, dtype=np.uint8)
    scratch = np.empty(256, dtype=np.int64)
    out = np.empty(states.shape[0], dtype=np.int64)
    for i in range(states.shape[0]):
        pack(states[i], conf[C_N], ZERO, tails[i], pairs[i], conf[C_MEMORY], conf[C_SAFREE], buf, scratch)
        out[i] = typed(conf, state_id(ctx[CTR], ctx[S_SLOTS], ctx[STATES], buf.view(np.int64)), typs[i])
    return out


@njit(cache=True)
def root_search(ctx, sids, whi, wlo, mode, code):
    """The root's query: with mode 1 `_q` (the mass of the viewer's action `code` over the (state,
    integer weight) pairs, in their order, unmerged), with mode 0 `value` (the mass of the information
    state of the pairs, merged by state, first seen first): (win, tokens, den) as 6 words and the
    error code (0 for none)."""
    ctx = borrowed(ctx)
    ctr = ctx[CTR]
    n = len(sids)
    arena = ctx[ARENA]
    if not room(ctr, arena, 3 * n + 8):
        return (U0, U0, U0, U0, U0, U1), ctr[ERR]
    m = 0
    for i in range(n):
        found = -1
        if mode == 0:  # `value`: the pairs merged by state, first seen first
            for j in range(m):
                if arena[3 * j] == sids[i]:
                    found = j
                    break
        if found >= 0:
            h, l, ok = add(np.uint64(arena[3 * found + 1]), np.uint64(arena[3 * found + 2]), whi[i], wlo[i])
            if not ok:
                fail(ctr, OVERFLOW)
            arena[3 * found + 1] = np.int64(h)
            arena[3 * found + 2] = np.int64(l)
        else:
            arena[3 * m] = sids[i]
            arena[3 * m + 1] = np.int64(whi[i])
            arena[3 * m + 2] = np.int64(wlo[i])
            m += 1
    ctr[DEPTH] = 0
    push_frame(ctx, mode, code, ZERO, m, 3 * m)
    run(ctx)
    ctr[DEPTH] = 0
    mw = ctx[FRAMEU][0, U_MW:U_MW + 6]
    return (mw[0], mw[1], mw[2], mw[3], mw[4], mw[5]), ctr[ERR]


@njit(cache=True, inline="always")
def root_flags(ctx, sid):
    """(the viewer is out, the round is over, the player to move) of a state."""
    key = ctx[STATES][rnum(ctx[CONF], sid)]
    viewer = ctx[CONF][C_VIEWER]
    b0 = key[0] & 0xFF
    out = (key[0] >> 8) & 0xFF
    return (out >> viewer) & 1, ((b0 >> 3) & 3) == 2, b0 & 7


@njit(cache=True)
def counters(ctx):
    return ctx[CTR].copy()


@njit(cache=True)
def set_counter(ctx, i, value):
    ctx[CTR][i] = value


@njit(cache=True)
def root_outcomes(ctx, sids, codes):
    """Each (state, action) pair stepped in order (counted as work, as `_step`): rows (pair number,
    next state, ways, an opponent knocked out), each pair's denominator, and the error code."""
    ctx = borrowed(ctx)
    total = 0
    tids = np.empty(len(sids), dtype=np.int64)
    for i in range(len(sids)):
        tids[i] = step(ctx, sids[i], codes[i])
        total += ctx[TRANS][tids[i], 5]
    out = np.empty((total, 4), dtype=np.int64)
    dens = np.empty(len(sids), dtype=np.int64)
    k = 0
    for i in range(len(sids)):
        t = ctx[TRANS]
        off = t[tids[i], 4]
        dens[i] = t[tids[i], 3]
        opponent_type = tnum(ctx[CONF], sids[i])
        for j in range(t[tids[i], 5]):
            o = ctx[OUTS]
            out[k, 0] = i
            out[k, 1] = typed(ctx[CONF], o[off + j, 0], opponent_type)
            out[k, 2] = o[off + j, 1]
            out[k, 3] = o[off + j, 3]
            k += 1
    return out, dens, ctx[CTR][ERR]


@njit(cache=True)
def root_opponents(ctx, sids):
    """Each state's opponents' model: rows (state number, action code, integer weight) and each state's
    denominator."""
    st = np.empty(SIZE, dtype=np.int8)
    buf = np.empty(8 * KW, dtype=np.uint8)
    codes = np.empty(MAXACTS, dtype=np.int64)
    weights = np.empty(MAXACTS, dtype=np.int64)
    out = np.empty((len(sids) * MAXACTS, 3), dtype=np.int64)
    dens = np.empty(len(sids), dtype=np.int64)
    k = 0
    for i in range(len(sids)):
        opponent_type, _, _ = unpacked(ctx[CONF], ctx[STATES], sids[i], st, buf)
        m, den = opponent_acts(ctx, st, opponent_type, codes, weights)
        dens[i] = den
        for j in range(m):
            out[k, 0] = i
            out[k, 1] = codes[j]
            out[k, 2] = weights[j]
            k += 1
    return out[:k].copy(), dens


@njit(cache=True)
def root_flags_many(ctx, sids):
    """Rows (the viewer is out, the round is over, the player to move) of states."""
    out = np.empty((len(sids), 3), dtype=np.int64)
    for i in range(len(sids)):
        a, b, c = root_flags(ctx, sids[i])
        out[i, 0] = a
        out[i, 1] = 1 if b else 0
        out[i, 2] = c
    return out
