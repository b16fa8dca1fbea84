"""The compiled exact search's loop: an explicit stack of information-state frames (`run`; numba
cannot load a recursive function from its disk cache), the memo of values, and the entry points the
Python driver calls (`root_intern`, `root_search`, `root_outcomes`, `root_opponents`, `root_flags_many`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import CUR, GUARD, MAXACTS, PHASE, SIZE, legal_actions
from solver.compiled.u128 import U0, U1, add, divmod128, gcd, mul_cmp
from solver.compiled.exact.packing import (ARENA, B_BOUND, B_DIRECT, B_END, B_GROUPS, CONF, CTR, CUT, C_MEMORY,
                                           C_N, C_NTYPES, C_SAFREE, C_VIEWER, DEPTH, ED, ERR, FRAMES, FRAMEU,
                                           F_ACTS, F_ATOP, F_BEND, F_BK, F_BOUNDED, F_CAND, F_CODE, F_G, F_GLEN,
                                           F_GOFF, F_HAVE, F_HKEY, F_IOFF, F_IT, F_MODE, F_N, F_NCAND, F_NG,
                                           F_NITER, F_NTOP, F_PART, F_PC, F_SIDX, F_SINGLE, F_VNODE, KW, MENT,
                                           MKEYS, M_SLOTS, NODES, NONE, N_MENT, N_MHASH, N_MKEYS, ONE, OUTS,
                                           OVERFLOW, PSTATE, P_BNEXT, P_BPART, P_CHILD, P_ENTER, P_FINISH,
                                           P_NEXT, STATES, S_SLOTS, TRANS, UNKNOWN, U_BW, U_DIR, U_MW, U_NT,
                                           U_TH, VALUES, ZERO, W8, W8_ENTER, WACTS, WU8, WU8_ENTER, decode, pack)
from solver.compiled.exact.tables import (borrowed, combine_into, fail, get_value, mix, mul2, put_value, reduce3,
                                          rnum, room, state_id, tnum, typed, unpacked)
from solver.compiled.exact.opponents import opponent_acts, row_code
from solver.compiled.exact.transitions import step
from solver.compiled.exact.following import expand_opponent, expand_viewer


# --- the search: an explicit stack of information states -------------------------------------------
@njit(cache=True, inline="always")
def key_byte(key, b):
    return (key[b >> 3] >> ((b & 7) * 8)) & 0xFF



@njit(cache=True, inline="always")
def _push(ctx, mode, code, goff, glen, top):
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


@njit(cache=True)
def _memo_find(ctx, ioff, nitems, hkey, sidx):
    """The value of a multi-world information state (items sorted by state at `sidx` in the arena), or
    NONE."""
    slots = ctx[M_SLOTS]
    e = _probe_hash(slots, hkey)
    arena = ctx[ARENA]
    keys = ctx[MKEYS]
    ment = ctx[MENT]
    while e >= 0:
        if ment[e, 2] == nitems:
            off = ment[e, 1]
            same = True
            for q in range(nitems):
                i = arena[sidx + q]
                if keys[off + 3 * q] != arena[ioff + 3 * i] or keys[off + 3 * q + 1] != arena[ioff + 3 * i + 1] or \
                        keys[off + 3 * q + 2] != arena[ioff + 3 * i + 2]:
                    same = False
                    break
            if same:
                return ment[e, 3]
        e = ment[e, 0]
    return NONE


@njit(cache=True)
def _probe_hash(slots, hkey):
    """The first memo entry of a hash (slots hold (hash, entry + 1) pairs), or -1."""
    cap = len(slots) // 2
    mask = np.uint64(cap - 1)
    i = np.int64(np.uint64(hkey) & mask)
    while True:
        e = slots[2 * i + 1]
        if e == 0:
            return -1
        if slots[2 * i] == hkey:
            return e - 1
        i = np.int64((np.uint64(i) + U1) & mask)


@njit(cache=True)
def _memo_store(ctx, ioff, nitems, hkey, sidx, vid):
    ctr = ctx[CTR]
    e = ctr[N_MENT]
    ment = ctx[MENT]
    ko = ctr[N_MKEYS]
    keys = ctx[MKEYS]
    if not room(ctr, ment, e + 1) or not room(ctr, keys, ko + 3 * nitems):
        return
    arena = ctx[ARENA]
    for q in range(nitems):
        i = arena[sidx + q]
        keys[ko + 3 * q] = arena[ioff + 3 * i]
        keys[ko + 3 * q + 1] = arena[ioff + 3 * i + 1]
        keys[ko + 3 * q + 2] = arena[ioff + 3 * i + 2]
    ctr[N_MKEYS] = ko + 3 * nitems
    ment[e, 1] = ko
    ment[e, 2] = nitems
    ment[e, 3] = vid
    ment[e, 4] = hkey
    ctr[N_MENT] = e + 1
    # the hash's chain: the new entry first
    slots = ctx[M_SLOTS]
    cap = len(slots) // 2
    mask = np.uint64(cap - 1)
    i = np.int64(np.uint64(hkey) & mask)
    while True:
        if slots[2 * i + 1] == 0:
            slots[2 * i] = hkey
            slots[2 * i + 1] = e + 1
            ment[e, 0] = -1
            ctr[N_MHASH] += 1  # distinct hashes
            break
        if slots[2 * i] == hkey:
            ment[e, 0] = slots[2 * i + 1] - 1
            slots[2 * i + 1] = e + 1
            break
        i = np.int64((np.uint64(i) + U1) & mask)


@njit(cache=True, inline="always")
def _enter(ctx, d):
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
            vid = _memo_find(ctx, ioff, glen, np.int64(h), sidx)
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
def _next(ctx, d):
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


@njit(cache=True)
def _bound_next(ctx, d):
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
def _bound_part(ctx, d):
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
                _push(ctx, ZERO, ZERO, end, np.int64(cnt), q)
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
                _push(ctx, ZERO, ZERO, start + 3 * j, ONE, end)
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


@njit(cache=True, inline="always")
def _done_iteration(ctx, d):
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
def _finish(ctx, d):
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
        _memo_store(ctx, fr[d, F_IOFF], fr[d, F_N], fr[d, F_HKEY], fr[d, F_SIDX], vid)
    _mass(ctx, d, vid)


@njit(cache=True, inline="always")
def run(ctx):
    """Run the stack until the bottom frame is done (its result in its MW), or an error."""
    ctr = ctx[CTR]
    while ctr[DEPTH] > 0:
        if ctr[ERR]:
            return
        d = ctr[DEPTH] - 1
        fr = ctx[FRAMES]
        pc = fr[d, F_PC]
        if pc == P_ENTER:
            if _enter(ctx, d):
                fr = ctx[FRAMES]
                fr[d, F_PC] = P_FINISH + 1  # done: deliver
        elif pc == P_NEXT:
            if not _next(ctx, d):
                _finish(ctx, d)
                ctx[FRAMES][d, F_PC] = P_FINISH + 1
        elif pc == P_CHILD:
            g = fr[d, F_G]
            if g == fr[d, F_NG]:
                _done_iteration(ctx, d)
                ctx[FRAMES][d, F_PC] = P_NEXT
            else:
                arena = ctx[ARENA]
                top = fr[d, F_ATOP]
                cs = arena[top + 1 + 4 * g]
                cl = arena[top + 2 + 4 * g]
                _push(ctx, ZERO, ZERO, cs, cl, fr[d, F_NTOP])
        elif pc == P_BNEXT:
            _bound_next(ctx, d)
        elif pc == P_BPART:
            _bound_part(ctx, d)
        if ctr[ERR]:
            return
        d = ctr[DEPTH] - 1
        if ctx[FRAMES][d, F_PC] == P_FINISH + 1:
            if d == 0:
                return
            # deliver the child's mass to its parent and pop it
            fu = ctx[FRAMEU]
            r0, r1, r2, r3, r4, r5 = fu[d, U_MW], fu[d, U_MW + 1], fu[d, U_MW + 2], fu[d, U_MW + 3], \
                fu[d, U_MW + 4], fu[d, U_MW + 5]
            ctr[DEPTH] = d
            p = d - 1
            # over the parent's group's scale (`_combine`'s `den *= scale`, group by group)
            pf = ctx[FRAMES]
            at = pf[p, F_ATOP] + 1 + 4 * pf[p, F_G]
            arena = ctx[ARENA]
            dh, dl = mul2(ctr, r4, r5, np.uint64(arena[at + 2]), np.uint64(arena[at + 3]))
            if pf[p, F_PC] == P_BPART:  # a part of a bound: its win mass (the bound's part advances itself)
                combine_into(ctr, ctx[FRAMEU][p, U_MW:U_MW + 6], r0, r1, U0, U0, dh, dl)
            else:
                combine_into(ctr, ctx[FRAMEU][p, U_MW:U_MW + 6], r0, r1, r2, r3, dh, dl)
                pf[p, F_G] += 1


# --- entry points -------------------------------------------------------------------------------------
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
    _push(ctx, mode, code, ZERO, m, 3 * m)
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
        typ = tnum(ctx[CONF], sids[i])
        for j in range(t[tids[i], 5]):
            o = ctx[OUTS]
            out[k, 0] = i
            out[k, 1] = typed(ctx[CONF], o[off + j, 0], typ)
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
        typ, _, _ = unpacked(ctx[CONF], ctx[STATES], sids[i], st, buf)
        m, den = opponent_acts(ctx, st, typ, codes, weights)
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
