"""The compiled exact search's bounds at a viewer's decision (`_best`, `_bound`): each candidate
action's outcomes followed into a block of its own (`bound_next`), its bound summed part by part
(`bound_part`); after the last, the candidates ordered by their bounds, highest first, to be valued in
that order (`frames.next_iteration` passes over one whose bound is below the best found so far)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.u128 import U0, U1, mul_cmp
from solver.compiled.exact.packing import (ARENA, B_BOUND, B_DIRECT, B_END, B_GROUPS, CONF, CTR, C_NTYPES, ERR, FRAMES,
                                           FRAMEU, F_ACTS, F_ATOP, F_BEND, F_BK, F_CAND, F_G, F_IOFF, F_IT, F_N,
                                           F_NCAND, F_NITER, F_PART, F_PC, ONE, PSTATE, P_BNEXT, P_BPART, P_NEXT, U_DIR,
                                           U_MW, VALUES, ZERO)
from solver.compiled.exact.tables import combine_into, get_value, mul2, room, tnum
from solver.compiled.exact.following import expand_viewer
from solver.compiled.exact.frames import push_frame


@njit(cache=True)
def bound_next(ctx, d):
    """A bounded decision (`_best`): the next candidate action's outcomes followed into its block (its
    groups, its outcomes without a decision), its bound to be summed from its parts (P_BPART); after the
    last, the candidates ordered by their bounds, highest first (ties in their order), and valued (P_NEXT)."""
    fr = ctx[FRAMES]
    arena = ctx[ARENA]
    k = fr[d, F_BK]
    nc = fr[d, F_NCAND]
    cand = fr[d, F_CAND]
    m = cand - fr[d, F_ACTS]
    b = fr[d, F_ATOP]  # this block's start
    if k == nc:
        fr[d, F_BEND] = b
        order = cand + 2 * m
        for i in range(nc):  # an insertion sort, stable: the highest bound first
            x = arena[cand + m + i]
            p = i
            while p > 0:
                y = arena[cand + m + arena[order + p - 1]]
                if mul_cmp(np.uint64(arena[x + B_BOUND]), np.uint64(arena[x + B_BOUND + 1]),
                           np.uint64(arena[y + B_BOUND + 2]), np.uint64(arena[y + B_BOUND + 3]),
                           np.uint64(arena[y + B_BOUND]), np.uint64(arena[y + B_BOUND + 1]),
                           np.uint64(arena[x + B_BOUND + 2]), np.uint64(arena[x + B_BOUND + 3])) <= 0:
                    break
                arena[order + p] = arena[order + p - 1]
                p -= 1
            arena[order + p] = i
        fr[d, F_IT] = 0
        fr[d, F_NITER] = nc
        fr[d, F_PC] = P_NEXT
        return
    ctr = ctx[CTR]
    if not room(ctr, arena, b + B_GROUPS + 8):
        return
    arena[cand + m + k] = b
    code = arena[fr[d, F_ACTS] + arena[cand + k]]
    direct = ctx[FRAMEU][d, U_DIR:U_DIR + 6]
    ntop = expand_viewer(ctx, fr[d, F_IOFF], fr[d, F_N], code, b + B_GROUPS, direct)
    if ctr[ERR]:
        return
    arena = ctx[ARENA]
    arena[b + B_END] = ntop
    direct = ctx[FRAMEU][d, U_DIR:U_DIR + 6]
    for q in range(6):
        arena[b + B_DIRECT + q] = np.int64(direct[q])
    fr = ctx[FRAMES]
    fr[d, F_ATOP] = b + B_GROUPS
    fr[d, F_G] = 0
    fr[d, F_PART] = 0
    fu = ctx[FRAMEU]
    fu[d, U_MW:U_MW + 5] = 0
    fu[d, U_MW + 5] = U1
    fr[d, F_PC] = P_BPART


@njit(cache=True)
def bound_part(ctx, d):
    """The bound of a bounded decision's action (`_bound`): the next part of its next information state
    valued — its worlds of one opponent type when it holds more than one, else one world (in a mixture a
    world's value only when known, else its weight) — in a frame of its own (its mass then added to the
    frame's MW over its group's scale, as a child's); after the last, the bound (win, denominator) in the
    block and the next action (P_BNEXT)."""
    ctr = ctx[CTR]
    fr = ctx[FRAMES]
    g0 = fr[d, F_ATOP]
    b = g0 - B_GROUPS
    ng = ctx[ARENA][g0]
    mixture = ctx[CONF][C_NTYPES] > 1
    while fr[d, F_G] < ng:
        arena = ctx[ARENA]
        g = fr[d, F_G]
        start = arena[g0 + 1 + 4 * g]
        glen = arena[g0 + 2 + 4 * g]
        sh = np.uint64(arena[g0 + 3 + 4 * g])
        sl = np.uint64(arena[g0 + 4 + 4 * g])
        conf = ctx[CONF]
        typ0 = tnum(conf, arena[start])
        several = False
        for i in range(1, glen):
            if tnum(conf, arena[start + 3 * i]) != typ0:
                several = True
                break
        end = arena[b + B_END]
        if several:
            while fr[d, F_PART] < 4:
                t = fr[d, F_PART]
                fr[d, F_PART] = t + 1
                cnt = 0
                last = -1
                for i in range(glen):
                    if tnum(conf, arena[start + 3 * i]) == t:
                        cnt += 1
                        last = i
                if cnt == 0:
                    continue
                if cnt == 1 and mixture:
                    _lazy_part(ctx, d, arena[start + 3 * last], np.uint64(arena[start + 3 * last + 1]),
                               np.uint64(arena[start + 3 * last + 2]), sh, sl)
                    continue
                if not room(ctr, arena, end + 3 * cnt + 8):
                    return
                q = end
                for i in range(glen):
                    if tnum(conf, arena[start + 3 * i]) == t:
                        arena[q] = arena[start + 3 * i]
                        arena[q + 1] = arena[start + 3 * i + 1]
                        arena[q + 2] = arena[start + 3 * i + 2]
                        q += 3
                push_frame(ctx, ZERO, ZERO, end, np.int64(cnt), q)
                return
        else:
            while fr[d, F_PART] < glen:
                j = fr[d, F_PART]
                fr[d, F_PART] = j + 1
                s = arena[start + 3 * j]
                if mixture or ctx[PSTATE][s, 1] != 0:  # (a known value: added here, as its frame would)
                    _lazy_part(ctx, d, s, np.uint64(arena[start + 3 * j + 1]), np.uint64(arena[start + 3 * j + 2]),
                               sh, sl)
                    continue
                push_frame(ctx, ZERO, ZERO, start + 3 * j, ONE, end)
                return
        fr[d, F_G] = g + 1
        fr[d, F_PART] = 0
    # every part summed: the bound, with the outcomes without a decision
    fu = ctx[FRAMEU]
    mw = fu[d, U_MW:U_MW + 6]
    arena = ctx[ARENA]
    dw = np.uint64(arena[b + B_DIRECT])
    dl = np.uint64(arena[b + B_DIRECT + 1])
    dh4 = np.uint64(arena[b + B_DIRECT + 4])
    dl5 = np.uint64(arena[b + B_DIRECT + 5])
    if (dh4 != U0 or dl5 != U0) and (dw != U0 or dl != U0):
        combine_into(ctr, mw, dw, dl, U0, U0, dh4, dl5)
    arena[b + B_BOUND] = np.int64(mw[0])
    arena[b + B_BOUND + 1] = np.int64(mw[1])
    arena[b + B_BOUND + 2] = np.int64(mw[4])
    arena[b + B_BOUND + 3] = np.int64(mw[5])
    fr[d, F_BK] += 1
    fr[d, F_ATOP] = arena[b + B_END]
    fr[d, F_PC] = P_BNEXT


@njit(cache=True, inline="always")
def _lazy_part(ctx, d, s, wh, wl, sh, sl):
    """A mixture's one-world part of a bound: the world's value times its weight when its value is known,
    else its weight (a value is at most 1), over the group's scale, added to the frame's MW."""
    ctr = ctx[CTR]
    mw = ctx[FRAMEU][d, U_MW:U_MW + 6]
    vid = ctx[PSTATE][s, 1] - 2
    if vid >= 0:
        v = get_value(ctx[VALUES], vid)
        xh, xl = mul2(ctr, wh, wl, v[0], v[1])
        dh, dl = mul2(ctr, sh, sl, v[4], v[5])
        if xh != U0 or xl != U0:
            combine_into(ctr, mw, xh, xl, U0, U0, dh, dl)
    elif wh != U0 or wl != U0:
        combine_into(ctr, mw, wh, wl, U0, U0, sh, sl)
