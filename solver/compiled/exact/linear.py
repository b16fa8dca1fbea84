"""The compiled exact search's values where the viewer has no decision left: an ended round
(`linear_over`), an opponent's play with the deck empty (`lin_trans_over`, `linear_full`), and a
transition whose outcomes are all such (`lin_sum_over`, `lin_sum_full`), remembered per state and per
transition."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import CUR, DECKN, GUARD, HAND, MAXP, PHASE
from solver.compiled.u128 import U0, U1
from solver.compiled.exact.packing import (CONF, CTR, C_VIEWER, L_SLOTS, NONE, N_TLIN, OUTS, PSTATE, STATES, TLIN,
                                           TRANS, VALUES, W64, W64_ACC, W64_LIN, W8, W8_LINEAR, WU8, WU8_LINEAR, decode)
from solver.compiled.exact.tables import (acc_add, get_value, mul2, pair_add, pair_find, put_value, reduce3, rnum, tnum,
                                          typed, unpacked)
from solver.compiled.exact.opponents import opponent_acts
from solver.compiled.exact.transitions import step


@njit(cache=True)
def linear_over(ctx, sid):
    """The value of an ended round (`_linear` of a state that is over), else NONE."""
    ps = ctx[PSTATE]
    if ps[sid, 0] != 0:
        return ps[sid, 0] - 2
    key = ctx[STATES][rnum(ctx[CONF], sid)]
    b0 = key[0] & 0xFF
    if ((b0 >> 3) & 3) != 2:
        return NONE
    viewer = ctx[CONF][C_VIEWER]
    win_mask = key[1] & 0xFF  # byte 8
    spy = ((key[1] >> 8) & 0xFF) - 1  # byte 9
    win = U1 if (win_mask >> viewer) & 1 else U0
    tok = win + (U1 if spy == viewer else U0)
    vid = put_value(ctx[CTR], ctx[VALUES], U0, win, U0, tok, U0, U1)
    ctx[PSTATE][sid, 0] = vid + 2
    return vid


@njit(cache=True, inline="always")
def _lin_acc(ctx, acc, tid, i, lv):
    ctr = ctx[CTR]
    t = ctx[TRANS]
    x = get_value(ctx[VALUES], lv)
    ways = np.uint64(ctx[OUTS][t[tid, 4] + i, 1])
    dx = np.uint64(t[tid, 3])
    wh, wl = mul2(ctr, U0, ways, x[0], x[1])
    th, tl = mul2(ctr, U0, ways, x[2], x[3])
    dh, dl = mul2(ctr, U0, dx, x[4], x[5])
    acc_add(ctr, acc, wh, wl, th, tl, dh, dl)


@njit(cache=True, inline="always")
def lin_done(ctx, acc):
    ctr = ctx[CTR]
    r = reduce3(ctr, acc[0], acc[1], acc[2], acc[3], acc[4], acc[5])
    return put_value(ctx[CTR], ctx[VALUES], r[0], r[1], r[2], r[3], r[4], r[5])


@njit(cache=True)
def lin_sum_over(ctx, tid, opponent_type):
    """`_lin_sum` of a transition whose outcomes can only be over (an opponent's last play), for the
    opponents' type `opponent_type`."""
    acc = ctx[W64][W64_ACC + 1, :6].view(np.uint64)
    acc[:] = 0
    t = ctx[TRANS]
    off = t[tid, 4]
    for i in range(t[tid, 5]):
        lv = linear_over(ctx, typed(ctx[CONF], ctx[OUTS][off + i, 0], opponent_type))
        if lv == NONE:
            return NONE
        _lin_acc(ctx, acc, tid, i, lv)
    return lin_done(ctx, acc)


@njit(cache=True)
def lin_trans_over(ctx, sid, code):
    """`_lin_trans` for an opponent's play with the deck empty (every outcome is over)."""
    r = pair_find(ctx[L_SLOTS], ctx[TLIN], sid, code)
    if r >= 0:
        return ctx[TLIN][r, 2]
    tid = step(ctx, sid, code)
    v = lin_sum_over(ctx, tid, tnum(ctx[CONF], sid))
    r = pair_add(ctx[CTR], ctx[L_SLOTS], ctx[TLIN], np.int64(N_TLIN), sid, code)
    ctx[TLIN][r, 2] = v
    return v


@njit(cache=True)
def linear_full(ctx, sid):
    """`_linear`: the value of a state in which the viewer has no decision left (over, or an opponent
    plays with the deck empty), else NONE; remembered per state."""
    ctr = ctx[CTR]
    ps = ctx[PSTATE]
    if ps[sid, 0] != 0:
        return ps[sid, 0] - 2
    v = linear_over(ctx, sid)
    if v != NONE:
        return v
    viewer = ctx[CONF][C_VIEWER]
    st = ctx[W8][W8_LINEAR]
    buf = ctx[WU8][WU8_LINEAR]
    opponent_type, _, _ = unpacked(ctx[CONF], ctx[STATES], sid, st, buf)
    found = NONE
    if st[PHASE] == 0 and st[DECKN] == 0 and st[CUR] != viewer:
        w = ctx[W64]
        codes = w[W64_LIN]
        weights = w[W64_LIN + 1]
        m, da = opponent_acts(ctx, st, opponent_type, codes, weights)
        acc = w[W64_ACC + 2, :6].view(np.uint64)
        acc[:] = 0
        misses = w[W64_LIN + 2]
        misses[:MAXP] = -3
        found = 0
        for j in range(m):
            kind, a0, a1, a2, a3 = decode(codes[j])
            if kind == 0 and a0 == GUARD and a2 >= 0 and st[HAND + a1] != a2:
                lv = misses[a1]
                if lv == -3:
                    lv = lin_trans_over(ctx, sid, codes[j])
                    misses[a1] = lv
            else:
                lv = lin_trans_over(ctx, sid, codes[j])
            if lv == NONE:
                found = NONE
                break
            x = get_value(ctx[VALUES], lv)
            na = np.uint64(weights[j])
            wh, wl = mul2(ctr, U0, na, x[0], x[1])
            th, tl = mul2(ctr, U0, na, x[2], x[3])
            dh, dl = mul2(ctr, U0, np.uint64(da), x[4], x[5])
            acc_add(ctr, acc, wh, wl, th, tl, dh, dl)
        if found != NONE:
            found = lin_done(ctx, acc)
    ctx[PSTATE][sid, 0] = found + 2
    return found


@njit(cache=True)
def lin_sum_full(ctx, tid, opponent_type):
    """`_lin_sum`: the value of a transition's outcomes (for the opponents' type `opponent_type`) if none leaves the
    viewer a decision, else NONE."""
    acc = ctx[W64][W64_ACC + 3, :6].view(np.uint64)
    acc[:] = 0
    t = ctx[TRANS]
    off = t[tid, 4]
    for i in range(t[tid, 5]):
        lv = linear_full(ctx, typed(ctx[CONF], ctx[OUTS][off + i, 0], opponent_type))
        if lv == NONE:
            return NONE
        _lin_acc(ctx, acc, tid, i, lv)
    return lin_done(ctx, acc)
