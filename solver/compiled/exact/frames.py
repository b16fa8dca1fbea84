"""The compiled exact search's frames, one per information state on the explicit stack: a frame
pushed (`push_frame`), entered (its group normalised and looked up, or its iterations set up:
`enter_frame`), its next iteration's children grouped (`next_iteration`), an iteration's children
summed and the viewer's best kept (`done_iteration`), and its value remembered (`finish_frame`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import CUR, GUARD, PHASE, legal_actions
from solver.compiled.u128 import U0, U1, add, divmod128, gcd, mul_cmp
from solver.compiled.exact.packing import (ARENA, B_BOUND, B_DIRECT, B_GROUPS, CONF, CTR, CUT, C_VIEWER, DEPTH, ED,
                                           FRAMES, FRAMEU, F_ACTS, F_ATOP, F_BEND, F_BK, F_BOUNDED, F_CAND, F_CODE, F_G,
                                           F_GLEN, F_GOFF, F_HAVE, F_HKEY, F_IOFF, F_IT, F_MODE, F_N, F_NCAND, F_NG,
                                           F_NITER, F_NTOP, F_PC, F_SIDX, F_SINGLE, F_VNODE, NODES, NONE, OVERFLOW,
                                           PSTATE, P_BNEXT, P_CHILD, P_ENTER, P_NEXT, STATES, UNKNOWN, U_BW, U_DIR,
                                           U_MW, U_NT, U_TH, VALUES, W8, W8_ENTER, WACTS, WU8, WU8_ENTER, decode)
from solver.compiled.exact.tables import (combine_into, fail, get_value, mix, mul2, put_value, reduce3, rnum, room,
                                          unpacked)
from solver.compiled.exact.opponents import row_code
from solver.compiled.exact.following import expand_opponent, expand_viewer
from solver.compiled.exact.memo import memo_find, memo_store


@njit(cache=True, inline="always")
def key_byte(key, b):
    return (key[b >> 3] >> ((b & 7) * 8)) & 0xFF


@njit(cache=True, inline="always")
def push_frame(ctx, mode, code, goff, glen, top):
    ctr = ctx[CTR]
    d = ctr[DEPTH]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    if not room(ctr, fr, d + 1):
        return
    fr[d, :] = 0
    fu[d, :] = 0
    fr[d, F_PC] = P_ENTER
    fr[d, F_MODE] = mode
    fr[d, F_CODE] = code
    fr[d, F_GOFF] = goff
    fr[d, F_GLEN] = glen
    fr[d, F_IOFF] = top  # where the frame's own arena starts
    ctr[DEPTH] = d + 1


@njit(cache=True, inline="always")
def enter_frame(ctx, d):
    """A frame's start: for mode 0 the group normalised (its weights over their gcd) and looked up; on a
    hit the frame's mass is ready (returns True); otherwise its iterations are set up."""
    ctr = ctx[CTR]
    conf = ctx[CONF]
    viewer = conf[C_VIEWER]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    mode = fr[d, F_MODE]
    goff = fr[d, F_GOFF]
    glen = fr[d, F_GLEN]
    base = fr[d, F_IOFF]
    if mode == 1:
        ioff = goff
        top = base
        fu[d, U_TH] = U0
        fu[d, U_TH + 1] = U1
        fu[d, U_NT] = U0
        fu[d, U_NT + 1] = U1
        vid = NONE
    else:
        arena = ctx[ARENA]
        if not room(ctr, arena, base + 4 * glen + 8):
            return False
        th, tl = U0, U0
        gh, gl = U0, U0
        for i in range(glen):
            wh = np.uint64(arena[goff + 3 * i + 1])
            wl = np.uint64(arena[goff + 3 * i + 2])
            th, tl, ok = add(th, tl, wh, wl)
            if not ok:
                fail(ctr, OVERFLOW)
                return False
            gh, gl = gcd(gh, gl, wh, wl)
        ioff = base
        for i in range(glen):
            qh, ql, _, _ = divmod128(np.uint64(arena[goff + 3 * i + 1]), np.uint64(arena[goff + 3 * i + 2]), gh, gl)
            arena[ioff + 3 * i] = arena[goff + 3 * i]
            arena[ioff + 3 * i + 1] = np.int64(qh)
            arena[ioff + 3 * i + 2] = np.int64(ql)
        sidx = ioff + 3 * glen
        top = sidx + glen
        nth, ntl, _, _ = divmod128(th, tl, gh, gl)
        fu[d, U_TH] = th
        fu[d, U_TH + 1] = tl
        fu[d, U_NT] = nth
        fu[d, U_NT + 1] = ntl
        if glen == 1:
            vid = ctx[PSTATE][arena[ioff], 1] - 2
            if vid == UNKNOWN:
                vid = NONE
            fr[d, F_SINGLE] = 1
        else:
            for q in range(glen):  # the items' order by state (an insertion sort: the groups are small)
                x = arena[ioff + 3 * q]
                p = q
                while p > 0 and arena[ioff + 3 * arena[sidx + p - 1]] > x:
                    arena[sidx + p] = arena[sidx + p - 1]
                    p -= 1
                arena[sidx + p] = q
            h = np.uint64(glen)
            for q in range(glen):
                i = arena[sidx + q]
                h = mix(h, arena[ioff + 3 * i])
                h = mix(h, arena[ioff + 3 * i + 1])
                h = mix(h, arena[ioff + 3 * i + 2])
            fr[d, F_HKEY] = np.int64(h)
            fr[d, F_SIDX] = sidx
            vid = memo_find(ctx, ioff, glen, np.int64(h), sidx)
    fr[d, F_IOFF] = ioff
    fr[d, F_N] = glen
    if vid != NONE:
        _mass(ctx, d, vid)
        return True
    if mode == 0:
        ctr[NODES] += 1
    # who is to move: the viewer's legal actions, or one iteration for the opponents (or mode 1)
    st = ctx[W8][W8_ENTER]
    buf = ctx[WU8][WU8_ENTER]
    unpacked(ctx[CONF], ctx[STATES], ctx[ARENA][ioff], st, buf)
    vnode = mode == 0 and st[CUR] == viewer and st[PHASE] != 2
    fr[d, F_VNODE] = 1 if vnode else 0
    niter = 1
    fr[d, F_BOUNDED] = 0
    if vnode:
        acts = ctx[WACTS][0]
        m = legal_actions(st, ctx[ED], acts)
        arena = ctx[ARENA]
        if not room(ctr, arena, top + 4 * m + 8):
            return False
        for j in range(m):
            arena[top + j] = row_code(st[PHASE], acts, j)
        fr[d, F_ACTS] = top
        # the candidates: every action, but one of the Guard guesses that hit in no world per target
        cand = top + m
        nc = 0
        missed = 0
        states = ctx[STATES]
        conf = ctx[CONF]
        for j in range(m):
            kind, a0, a1, a2, a3 = decode(arena[top + j])
            if kind == 0 and a0 == GUARD and a2 >= 0:
                hit = False
                for i in range(glen):
                    if key_byte(states[rnum(conf, arena[ioff + 3 * i])], 15 + a1) - 1 == a2:
                        hit = True
                        break
                if not hit:
                    if (missed >> a1) & 1:
                        continue
                    missed |= 1 << a1
            arena[cand + nc] = j
            nc += 1
        fr[d, F_CAND] = cand
        fr[d, F_NCAND] = nc
        top = cand + 3 * m  # (the candidates, their blocks' starts, their order)
        niter = nc
        if nc > 1:  # bounds first (`_best`): the first action's block
            fr[d, F_BOUNDED] = 1
            fr[d, F_BK] = 0
            fr[d, F_ATOP] = top
            fr[d, F_IT] = 0
            fr[d, F_HAVE] = 0
            fr[d, F_PC] = P_BNEXT
            return False
    else:
        fr[d, F_CAND] = -1
    fr[d, F_ATOP] = top
    fr[d, F_NITER] = niter
    fr[d, F_IT] = 0
    fr[d, F_HAVE] = 0
    fr[d, F_PC] = P_NEXT
    return False


@njit(cache=True, inline="always")
def _mass(ctx, d, vid):
    """The frame's result for its group's own weights: value * total, reduced by gcd(total, den)
    (`_val`'s return), in the frame's MW."""
    ctr = ctx[CTR]
    fu = ctx[FRAMEU]
    v = get_value(ctx[VALUES], vid)
    th, tl = fu[d, U_TH], fu[d, U_TH + 1]
    g2h, g2l = gcd(th, tl, v[4], v[5])
    fh, fl, _, _ = divmod128(th, tl, g2h, g2l)
    dh, dl, _, _ = divmod128(v[4], v[5], g2h, g2l)
    wh, wl = mul2(ctr, v[0], v[1], fh, fl)
    kh, kl = mul2(ctr, v[2], v[3], fh, fl)
    fu = ctx[FRAMEU]
    fu[d, U_MW] = wh
    fu[d, U_MW + 1] = wl
    fu[d, U_MW + 2] = kh
    fu[d, U_MW + 3] = kl
    fu[d, U_MW + 4] = dh
    fu[d, U_MW + 5] = dl


@njit(cache=True, inline="always")
def next_iteration(ctx, d):
    """The frame's next iteration: the viewer's next candidate action (with bounds: the next in the order
    of the bounds, passed over when its bound is below the best found so far), or the opponents' one; its
    children grouped; False when there is none left."""
    fr = ctx[FRAMES]
    while fr[d, F_IT] < fr[d, F_NITER]:
        it = fr[d, F_IT]
        ioff = fr[d, F_IOFF]
        nitems = fr[d, F_N]
        direct = ctx[FRAMEU][d, U_DIR:U_DIR + 6]
        if fr[d, F_BOUNDED]:
            arena = ctx[ARENA]
            nc = fr[d, F_NCAND]
            m = fr[d, F_CAND] - fr[d, F_ACTS]
            k = arena[fr[d, F_CAND] + 2 * m + it]
            b = arena[fr[d, F_CAND] + m + k]
            if fr[d, F_HAVE]:
                bw = ctx[FRAMEU][d, U_BW:U_BW + 6]
                if mul_cmp(np.uint64(arena[b + B_BOUND]), np.uint64(arena[b + B_BOUND + 1]), bw[4], bw[5], bw[0], bw[1],
                           np.uint64(arena[b + B_BOUND + 2]), np.uint64(arena[b + B_BOUND + 3])) < 0:
                    ctx[CTR][CUT] += 1
                    fr[d, F_IT] = it + 1
                    continue
            for q in range(6):
                direct[q] = np.uint64(arena[b + B_DIRECT + q])
            fr[d, F_ATOP] = b + B_GROUPS
            fr[d, F_NTOP] = fr[d, F_BEND]
            fr[d, F_NG] = arena[b + B_GROUPS]
            fr[d, F_G] = 0
            fu = ctx[FRAMEU]
            fu[d, U_MW:U_MW + 5] = 0
            fu[d, U_MW + 5] = U1
            fr[d, F_PC] = P_CHILD
            return True
        top = fr[d, F_ATOP]
        if fr[d, F_MODE] == 1:
            ntop = expand_viewer(ctx, ioff, nitems, fr[d, F_CODE], top, direct)
        elif fr[d, F_VNODE]:
            code = ctx[ARENA][fr[d, F_ACTS] + ctx[ARENA][fr[d, F_CAND] + it]]
            ntop = expand_viewer(ctx, ioff, nitems, code, top, direct)
        else:
            ntop = expand_opponent(ctx, ioff, nitems, top, direct)
        fr = ctx[FRAMES]
        fu = ctx[FRAMEU]
        fr[d, F_NTOP] = ntop
        fr[d, F_NG] = ctx[ARENA][top]
        fr[d, F_G] = 0
        fu[d, U_MW:U_MW + 5] = 0
        fu[d, U_MW + 5] = U1
        fr[d, F_PC] = P_CHILD
        return True
    return False


@njit(cache=True, inline="always")
def done_iteration(ctx, d):
    """The iteration's children all valued: `_combine`'s end (the scale, the outcomes without a
    decision), then the viewer's best so far kept (win mass, then tokens)."""
    ctr = ctx[CTR]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    mw = fu[d, U_MW:U_MW + 6]
    direct = fu[d, U_DIR:U_DIR + 6]
    if fr[d, F_NG] == 0:
        mw[:] = 0
        mw[5] = U1
        if direct[4] != U0 or direct[5] != U0:
            mw[:] = direct
    else:
        if (direct[4] != U0 or direct[5] != U0) and (direct[0] != U0 or direct[1] != U0 or
                                                    direct[2] != U0 or direct[3] != U0):
            combine_into(ctr, mw, direct[0], direct[1], direct[2], direct[3], direct[4], direct[5])
    if fr[d, F_MODE] == 1 or not fr[d, F_VNODE]:
        fu[d, U_BW:U_BW + 6] = mw
        fr[d, F_HAVE] = 1
        fr[d, F_IT] = fr[d, F_NITER]
        return
    bw = fu[d, U_BW:U_BW + 6]
    better = fr[d, F_HAVE] == 0
    if not better:
        c1 = mul_cmp(mw[0], mw[1], bw[4], bw[5], bw[0], bw[1], mw[4], mw[5])
        if c1 > 0:
            better = True
        elif c1 == 0:
            better = mul_cmp(mw[2], mw[3], bw[4], bw[5], bw[2], bw[3], mw[4], mw[5]) > 0
    if better:
        bw[:] = mw
        fr[d, F_HAVE] = 1
    fr[d, F_IT] += 1


@njit(cache=True, inline="always")
def finish_frame(ctx, d):
    """The frame's value: the best mass over its normalised total, reduced, remembered; then its mass
    for its group's own weights (mode 1: the mass as it is)."""
    ctr = ctx[CTR]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    if fr[d, F_MODE] == 1:
        fu[d, U_MW:U_MW + 6] = fu[d, U_BW:U_BW + 6]
        return
    bw = fu[d, U_BW:U_BW + 6]
    dh, dl = mul2(ctr, bw[4], bw[5], fu[d, U_NT], fu[d, U_NT + 1])
    r = reduce3(ctr, bw[0], bw[1], bw[2], bw[3], dh, dl)
    vid = put_value(ctx[CTR], ctx[VALUES], r[0], r[1], r[2], r[3], r[4], r[5])
    if fr[d, F_SINGLE]:
        ctx[PSTATE][ctx[ARENA][fr[d, F_IOFF]], 1] = vid + 2
    else:
        memo_store(ctx, fr[d, F_IOFF], fr[d, F_N], fr[d, F_HKEY], fr[d, F_SIDX], vid)
    _mass(ctx, d, vid)
