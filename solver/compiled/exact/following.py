"""The compiled exact search following a transition into the information states it leads to
(`follow`), grouped by what the viewer observes (`group`), for a viewer's play and an opponent's
turn (`expand_viewer`, `expand_opponent`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import GUARD, HAND, MAXACTS, MAXP
from solver.compiled.u128 import U0, U1, add, divmod128
from solver.compiled.exact.packing import (APPLIED, ARENA, BUDGET, CONF, CTR, ED, ERR, FOL, FREST, F_SLOTS,
                                           L_SLOTS, NONE, N_ENTRIES, N_EXPAND, N_FOL, N_FOLLOW, N_FREST,
                                           N_TLIN, ONE, OUTS, OVERFLOW, POBS, PSTATE, SCR, STAMP0, STAMP1,
                                           STATES, TLIN, TOO_LARGE, TRANS, VALUES, W8, W8_OPPONENT, WORK, WU8,
                                           WU8_OPPONENT, ZERO, decode)
from solver.compiled.exact.tables import (acc_add, fail, get_value, lcm, mul2, pair_add, pair_find, room,
                                          unpacked)
from solver.compiled.exact.transitions import lin_done, lin_sum_full, linear_full, opponent_acts, step


# --- following a transition into the information states it leads to ------------------------------
@njit(cache=True, inline="always")
def follow(ctx, sid, code, wh, wl, d0, direct, dens, nd, ne):
    """`_follow`: the outcomes of `code` in `sid` (weight w / d0): those without a decision added to
    `direct`, the others appended to the scratch rows (observation, state, weight hi, lo, denominator)
    from `ne`; returns (the scratch rows, the distinct denominators in `dens`)."""
    ctr = ctx[CTR]
    ctr[N_FOLLOW] += 1
    fid = pair_find(ctx[F_SLOTS], ctx[FOL], sid, code)
    if fid < 0:
        tid = step(ctx, sid, code)
        if ctr[ERR]:
            return ne, nd
        r = pair_find(ctx[L_SLOTS], ctx[TLIN], sid, code)
        if r >= 0:
            lv = ctx[TLIN][r, 2]
        else:
            lv = lin_sum_full(ctx, tid)
            r = pair_add(ctx[CTR], ctx[L_SLOTS], ctx[TLIN], np.int64(N_TLIN), sid, code)
            ctx[TLIN][r, 2] = lv
        fid = pair_add(ctx[CTR], ctx[F_SLOTS], ctx[FOL], np.int64(N_FOL), sid, code)
        fol = ctx[FOL]
        if lv != NONE:
            fol[fid, 2] = 0
            fol[fid, 3] = lv
            fol[fid, 4] = 0
            fol[fid, 5] = 0
            fol[fid, 6] = 1
        else:
            t = ctx[TRANS]
            off = t[tid, 4]
            cnt = t[tid, 5]
            dx = np.uint64(t[tid, 3])
            acc = np.zeros(6, dtype=np.uint64)
            roff = ctr[N_FREST]
            rn = 0
            for i in range(cnt):
                outs = ctx[OUTS]
                c = outs[off + i, 0]
                ways = outs[off + i, 1]
                oid = outs[off + i, 2]
                v = linear_full(ctx, c)
                if v == NONE:
                    fr = ctx[FREST]
                    if not room(ctr, fr, roff + rn + 1):
                        return ne, nd
                    fr[roff + rn, 0] = c
                    fr[roff + rn, 1] = ways
                    fr[roff + rn, 2] = oid
                    rn += 1
                else:
                    x = get_value(ctx[VALUES], v)
                    uw = np.uint64(ways)
                    a = mul2(ctr, U0, uw, x[0], x[1])
                    b = mul2(ctr, U0, uw, x[2], x[3])
                    d = mul2(ctr, U0, dx, x[4], x[5])
                    acc_add(ctr, acc, a[0], a[1], b[0], b[1], d[0], d[1])
            ctr[N_FREST] = roff + rn
            lvid = NONE
            if acc[4] != U0 or acc[5] != U0:
                lvid = lin_done(ctx, acc)
            fol = ctx[FOL]
            fol[fid, 2] = ctx[TRANS][tid, 2]
            fol[fid, 3] = lvid
            fol[fid, 4] = roff
            fol[fid, 5] = rn
            fol[fid, 6] = ctx[TRANS][tid, 3]
    else:
        n = ctx[FOL][fid, 2]
        if n:
            ctr[APPLIED] += 1
            ctr[WORK] += n
            if ctr[WORK] > ctr[BUDGET]:
                fail(ctr, TOO_LARGE)
    fol = ctx[FOL]
    lv = fol[fid, 3]
    if lv != NONE:
        x = get_value(ctx[VALUES], lv)
        a = mul2(ctr, wh, wl, x[0], x[1])
        b = mul2(ctr, wh, wl, x[2], x[3])
        d = mul2(ctr, U0, np.uint64(d0), x[4], x[5])
        acc_add(ctr, direct, a[0], a[1], b[0], b[1], d[0], d[1])
    rn = fol[fid, 5]
    if rn:
        d = d0 * fol[fid, 6]
        roff = fol[fid, 4]
        scr = ctx[SCR]
        if not room(ctr, scr, ne + rn):
            return ne, nd
        fr = ctx[FREST]
        for i in range(rn):
            ways = np.uint64(fr[roff + i, 1])
            h, l = mul2(ctr, wh, wl, U0, ways)
            scr[ne, 0] = fr[roff + i, 2]
            scr[ne, 1] = fr[roff + i, 0]
            scr[ne, 2] = np.int64(h)
            scr[ne, 3] = np.int64(l)
            scr[ne, 4] = d
            ne += 1
    return ne, nd


@njit(cache=True)
def group(ctx, ne, top):
    """The scratch rows grouped by observation (first seen first), each group's states merged (first
    seen first) with their weights over the lcm of that group's denominators, written to the arena from
    `top`: [number of groups, (start, length, scale hi, scale lo) per group, then (state, weight hi,
    weight lo) per world]. (`_combine` puts every group over one scale, the lcm of all the
    denominators; a group's mass over its own scale is the same number, with smaller integers.)
    Returns the arena's new top."""
    ctr = ctx[CTR]
    ctr[N_EXPAND] += 1
    ctr[N_ENTRIES] += ne
    scr = ctx[SCR]
    pobs = ctx[POBS]
    ps = ctx[PSTATE]
    ctr[STAMP0] += 1
    stamp = ctr[STAMP0]
    ng = 0
    order = np.empty(ne, dtype=np.int64)
    gsize = np.zeros(ne + 1, dtype=np.int64)
    for i in range(ne):
        o = scr[i, 0]
        if pobs[o, 0] != stamp:
            pobs[o, 0] = stamp
            pobs[o, 1] = ng
            ng += 1
        order[i] = pobs[o, 1]
        gsize[pobs[o, 1]] += 1
    arena = ctx[ARENA]
    if not room(ctr, arena, top + 1 + 4 * ng + 3 * ne + 8):
        return top
    arena[top] = ng
    gstart = np.empty(ng + 1, dtype=np.int64)
    pos = top + 1 + 4 * ng
    for g in range(ng):
        gstart[g] = pos
        pos += 3 * gsize[g]
    first = np.zeros(ng + 1, dtype=np.int64)
    for g in range(ng):
        first[g + 1] = first[g] + gsize[g]
    fill = first[:ng].copy()
    sorted_e = np.empty(ne, dtype=np.int64)
    for i in range(ne):
        g = order[i]
        sorted_e[fill[g]] = i
        fill[g] += 1
    glen = np.zeros(ng, dtype=np.int64)
    for g in range(ng):
        # the group's scale: the lcm of its entries' denominators
        sh, sl = U0, U1
        last = np.int64(-1)
        for q in range(first[g], first[g + 1]):
            d = scr[sorted_e[q], 4]
            if d != last:
                sh, sl = lcm(ctr, sh, sl, U0, np.uint64(d))
                last = d
        ctr[STAMP1] += 1
        gst = ctr[STAMP1]
        for q in range(first[g], first[g + 1]):
            i = sorted_e[q]
            s = scr[i, 1]
            fh, fl, _, _ = divmod128(sh, sl, U0, np.uint64(scr[i, 4]))
            wh, wl = mul2(ctr, np.uint64(scr[i, 2]), np.uint64(scr[i, 3]), fh, fl)
            if ps[s, 2] == gst:
                k = ps[s, 3]
                h, l, ok = add(np.uint64(arena[k + 1]), np.uint64(arena[k + 2]), wh, wl)
                if not ok:
                    fail(ctr, OVERFLOW)
                arena[k + 1] = np.int64(h)
                arena[k + 2] = np.int64(l)
            else:
                ps[s, 2] = gst
                k = gstart[g] + 3 * glen[g]
                ps[s, 3] = k
                arena[k] = s
                arena[k + 1] = np.int64(wh)
                arena[k + 2] = np.int64(wl)
                glen[g] += 1
        arena[top + 1 + 4 * g] = gstart[g]
        arena[top + 2 + 4 * g] = glen[g]
        arena[top + 3 + 4 * g] = np.int64(sh)
        arena[top + 4 + 4 * g] = np.int64(sl)
    return pos


@njit(cache=True)
def expand_viewer(ctx, ioff, nitems, code, top, direct):
    """`_q`'s children: every world of the information state (items in the arena from `ioff`: state,
    weight hi, weight lo) followed by the viewer's action `code`; the groups at `top`, the outcomes
    without a decision in `direct`; returns the arena's new top."""
    direct[:] = 0
    dens = np.empty(64, dtype=np.int64)
    nd = ZERO
    ne = ZERO
    for i in range(nitems):
        arena = ctx[ARENA]
        sid = arena[ioff + 3 * i]
        wh = np.uint64(arena[ioff + 3 * i + 1])
        wl = np.uint64(arena[ioff + 3 * i + 2])
        ne, nd = follow(ctx, sid, code, wh, wl, ONE, direct, dens, nd, ne)
        if ctx[CTR][ERR]:
            return top
    return group(ctx, ne, top)


@njit(cache=True)
def expand_opponent(ctx, ioff, nitems, top, direct):
    """`_value`'s children for an opponent to move: every world, every action of its type's model with
    its integer weight (an opponent's Guard guesses that do the same in every world evaluated once:
    `_guess_classes`), followed; as `expand_viewer`."""
    ctr = ctx[CTR]
    direct[:] = 0
    st = ctx[W8][W8_OPPONENT]
    buf = ctx[WU8][WU8_OPPONENT]
    codes = np.empty((nitems, MAXACTS), dtype=np.int64)
    weights = np.empty((nitems, MAXACTS), dtype=np.int64)
    counts = np.empty(nitems, dtype=np.int64)
    dens_a = np.empty(nitems, dtype=np.int64)
    hands = np.empty((nitems, MAXP), dtype=np.int64)
    for i in range(nitems):
        sid = ctx[ARENA][ioff + 3 * i]
        typ, _, _ = unpacked(ctx[CONF], ctx[STATES], sid, st, buf)
        counts[i], dens_a[i] = opponent_acts(ctx[CONF], ctx[ED], st, typ, codes[i], weights[i])
        for t in range(MAXP):
            hands[i, t] = st[HAND + t]
    # guess classes: guess codes in order of first appearance, each with its profile over the worlds
    gcodes = np.empty(MAXACTS * 4, dtype=np.int64)
    ng = 0
    for i in range(nitems):
        for j in range(counts[i]):
            c = codes[i, j]
            kind, a0, a1, a2, a3 = decode(c)
            if kind == 0 and a0 == GUARD and a2 >= 0:
                seen = False
                for x in range(ng):
                    if gcodes[x] == c:
                        seen = True
                        break
                if not seen:
                    gcodes[ng] = c
                    ng += 1
    share = np.ones(max(ng, 1), dtype=np.int64)
    if ng:
        pw = np.zeros((ng, nitems), dtype=np.int64)
        ph = np.zeros((ng, nitems), dtype=np.int64)
        for x in range(ng):
            kind, a0, a1, a2, a3 = decode(gcodes[x])
            for i in range(nitems):
                for j in range(counts[i]):
                    if codes[i, j] == gcodes[x]:
                        pw[x, i] = weights[i, j]
                        ph[x, i] = 1 if hands[i, a1] == a2 else 0
                        break
        leader = np.full(ng, -1, dtype=np.int64)
        for x in range(ng):
            t = decode(gcodes[x])[2]
            for y in range(x):
                if leader[y] != y or decode(gcodes[y])[2] != t:
                    continue
                same = True
                for i in range(nitems):
                    if pw[x, i] != pw[y, i] or (pw[x, i] and ph[x, i] != ph[y, i]):
                        same = False
                        break
                if same:
                    leader[x] = y
                    break
            if leader[x] < 0:
                leader[x] = x
        for x in range(ng):
            share[x] = 0
        for x in range(ng):
            share[leader[x]] += 1
    dens = np.empty(MAXACTS * 8, dtype=np.int64)
    nd = ZERO
    ne = ZERO
    for i in range(nitems):
        arena = ctx[ARENA]
        sid = arena[ioff + 3 * i]
        w_hi = np.uint64(arena[ioff + 3 * i + 1])
        w_lo = np.uint64(arena[ioff + 3 * i + 2])
        for j in range(counts[i]):
            c = codes[i, j]
            na = np.uint64(weights[i, j])
            if ng:
                gi = -1
                for x in range(ng):
                    if gcodes[x] == c:
                        gi = x
                        break
                if gi >= 0:
                    if share[gi] == 0:
                        continue
                    na = na * np.uint64(share[gi])
            wh, wl = mul2(ctr, w_hi, w_lo, U0, na)
            ne, nd = follow(ctx, sid, c, wh, wl, dens_a[i], direct, dens, nd, ne)
            if ctx[CTR][ERR]:
                return top
    return group(ctx, ne, top)
