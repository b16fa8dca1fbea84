"""The compiled exact search following a transition into the information states it leads to
(`follow`), grouped by what the viewer observes (`group`), for a viewer's play and an opponent's
turn (`expand_viewer`, `expand_opponent`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import GUARD, HAND, MAXACTS, MAXP
from solver.compiled.u128 import U0, U1, add, divmod128
from solver.compiled.exact.packing import (APPLIED, W64_ACC, W64, ARENA, BUDGET, CONF, CTR, ED, ERR, FOL, FREST, F_SLOTS,
                                           L_SLOTS, NONE, N_ENTRIES, N_EXPAND, N_FOL, N_FOLLOW, N_FREST,
                                           N_TLIN, ONE, OUTS, OVERFLOW, POBS, PSTATE, SCR, STAMP0, STAMP1,
                                           STATES, TLIN, TOO_LARGE, TRANS, VALUES, W8, W8_OPPONENT, WORK, WU8,
                                           WU8_OPPONENT, ZERO, decode)
from solver.compiled.exact.tables import (acc_add, fail, get_value, lcm, mul2, pair_add, pair_find, room,
                                          tnum, typed, unpacked)
from solver.compiled.exact.linear import lin_done, lin_sum_full, linear_full
from solver.compiled.exact.opponents import opponent_acts
from solver.compiled.exact.transitions import step


# --- following a transition into the information states it leads to ------------------------------
@njit(cache=True, inline="always")
def follow(ctx, sid, code, wh, wl, d0, direct, ne):
    """`_follow`: the outcomes of `code` in `sid` (weight w / d0): those without a decision added to
    `direct`, the others appended to the scratch rows (observation, state, weight hi, lo, denominator)
    from `ne`; returns the number of scratch rows."""
    ctr = ctx[CTR]
    ctr[N_FOLLOW] += 1
    fid = pair_find(ctx[F_SLOTS], ctx[FOL], sid, code)
    if fid < 0:
        tid = step(ctx, sid, code)
        if ctr[ERR]:
            return ne
        r = pair_find(ctx[L_SLOTS], ctx[TLIN], sid, code)
        if r >= 0:
            lv = ctx[TLIN][r, 2]
        else:
            lv = lin_sum_full(ctx, tid, tnum(ctx[CONF], sid))
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
            acc = ctx[W64][W64_ACC, :6].view(np.uint64)
            acc[:] = 0
            roff = ctr[N_FREST]
            rn = 0
            opponent_type = tnum(ctx[CONF], sid)
            for i in range(cnt):
                outs = ctx[OUTS]
                c = typed(ctx[CONF], outs[off + i, 0], opponent_type)
                ways = outs[off + i, 1]
                oid = outs[off + i, 2]
                v = linear_full(ctx, c)
                if v == NONE:
                    fr = ctx[FREST]
                    if not room(ctr, fr, roff + rn + 1):
                        return ne
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
            return ne
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
    return ne


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
    arena = ctx[ARENA]
    # working space in the arena past the groups' largest extent (1 + 7 * ne words)
    tmp = top + 7 * ne + 16
    if not room(ctr, arena, tmp + 7 * ne + 16):
        return top
    order = arena[tmp:tmp + ne]
    gsize = arena[tmp + ne:tmp + 2 * ne + 1]
    gsize[:] = 0
    ng = 0
    for i in range(ne):
        o = scr[i, 0]
        if pobs[o, 0] != stamp:
            pobs[o, 0] = stamp
            pobs[o, 1] = ng
            ng += 1
        order[i] = pobs[o, 1]
        gsize[pobs[o, 1]] += 1
    arena[top] = ng
    base = tmp + 2 * ne + 1
    gstart = arena[base:base + ng + 1]
    first = arena[base + ng + 1:base + 2 * ng + 2]
    fill = arena[base + 2 * ng + 2:base + 3 * ng + 2]
    sorted_e = arena[base + 3 * ng + 2:base + 3 * ng + 2 + ne]
    glen = arena[base + 3 * ng + 2 + ne:base + 4 * ng + 2 + ne]
    pos = top + 1 + 4 * ng
    for g in range(ng):
        gstart[g] = pos
        pos += 3 * gsize[g]
    first[0] = 0
    for g in range(ng):
        first[g + 1] = first[g] + gsize[g]
    for g in range(ng):
        fill[g] = first[g]
    for i in range(ne):
        g = order[i]
        sorted_e[fill[g]] = i
        fill[g] += 1
    glen[:] = 0
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
    ne = ZERO
    for i in range(nitems):
        arena = ctx[ARENA]
        sid = arena[ioff + 3 * i]
        wh = np.uint64(arena[ioff + 3 * i + 1])
        wl = np.uint64(arena[ioff + 3 * i + 2])
        ne = follow(ctx, sid, code, wh, wl, ONE, direct, ne)
        if ctx[CTR][ERR]:
            return top
    return group(ctx, ne, top)


@njit(cache=True)
def expand_opponent(ctx, ioff, nitems, top, direct):
    """`_value`'s children for an opponent to move: every world, every action of its type's model with
    its integer weight (an opponent's Guard guesses that do the same in every world evaluated once:
    `_guess_classes`), followed; as `expand_viewer`. (Its working arrays lie in the arena from `top`,
    where the groups are written once every world is followed.)"""
    ctr = ctx[CTR]
    direct[:] = 0
    st = ctx[W8][W8_OPPONENT]
    buf = ctx[WU8][WU8_OPPONENT]
    arena = ctx[ARENA]
    if not room(ctr, arena, top + nitems * (2 * MAXACTS + 2 + MAXP) + 4 * MAXACTS + 256):
        return top
    codes = arena[top:top + nitems * MAXACTS]
    weights = arena[top + nitems * MAXACTS:top + 2 * nitems * MAXACTS]
    at = top + 2 * nitems * MAXACTS
    counts = arena[at:at + nitems]
    dens_a = arena[at + nitems:at + 2 * nitems]
    hands = arena[at + 2 * nitems:at + nitems * (2 + MAXP)]
    at += nitems * (2 + MAXP)
    gindex = arena[at:at + 128]  # (target, guess) -> its guess class's index + 1
    gindex[:] = 0
    gcodes = arena[at + 128:at + 128 + 4 * MAXACTS]
    at += 128 + 4 * MAXACTS
    for i in range(nitems):
        sid = arena[ioff + 3 * i]
        opponent_type, _, _ = unpacked(ctx[CONF], ctx[STATES], sid, st, buf)
        counts[i], dens_a[i] = opponent_acts(ctx, st, opponent_type, codes[i * MAXACTS:(i + 1) * MAXACTS],
                                             weights[i * MAXACTS:(i + 1) * MAXACTS])
        for t in range(MAXP):
            hands[i * MAXP + t] = st[HAND + t]
    # guess classes: guess codes in order of first appearance, each with its profile over the worlds
    ng = 0
    for i in range(nitems):
        for j in range(counts[i]):
            c = codes[i * MAXACTS + j]
            kind, a0, a1, a2, a3 = decode(c)
            if kind == 0 and a0 == GUARD and a2 >= 0 and gindex[a1 * 16 + a2] == 0:
                gcodes[ng] = c
                ng += 1
                gindex[a1 * 16 + a2] = ng
    if ng:
        if not room(ctr, arena, at + ng * (2 * nitems + 3) + 8):
            return top
        pw = arena[at:at + ng * nitems]
        ph = arena[at + ng * nitems:at + 2 * ng * nitems]
        leader = arena[at + 2 * ng * nitems:at + 2 * ng * nitems + ng]
        share = arena[at + 2 * ng * nitems + ng:at + 2 * ng * nitems + 2 * ng]
        pw[:] = 0
        ph[:] = 0
        for i in range(nitems):
            for j in range(counts[i]):
                c = codes[i * MAXACTS + j]
                kind, a0, a1, a2, a3 = decode(c)
                if kind == 0 and a0 == GUARD and a2 >= 0:
                    x = gindex[a1 * 16 + a2] - 1
                    pw[x * nitems + i] = weights[i * MAXACTS + j]
                    ph[x * nitems + i] = 1 if hands[i * MAXP + a1] == a2 else 0
        for x in range(ng):
            leader[x] = -1
            t = decode(gcodes[x])[2]
            for y in range(x):
                if leader[y] != y or decode(gcodes[y])[2] != t:
                    continue
                same = True
                for i in range(nitems):
                    if pw[x * nitems + i] != pw[y * nitems + i] or (pw[x * nitems + i] and
                                                                  ph[x * nitems + i] != ph[y * nitems + i]):
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
    ne = ZERO
    for i in range(nitems):
        arena = ctx[ARENA]
        sid = arena[ioff + 3 * i]
        w_hi = np.uint64(arena[ioff + 3 * i + 1])
        w_lo = np.uint64(arena[ioff + 3 * i + 2])
        for j in range(counts[i]):
            c = codes[i * MAXACTS + j]
            na = np.uint64(weights[i * MAXACTS + j])
            if ng:
                kind, a0, a1, a2, a3 = decode(c)
                if kind == 0 and a0 == GUARD and a2 >= 0:
                    k = share[gindex[a1 * 16 + a2] - 1]
                    if k == 0:
                        continue
                    na = na * np.uint64(k)
            wh, wl = mul2(ctr, w_hi, w_lo, U0, na)
            ne = follow(ctx, sid, c, wh, wl, dens_a[i], direct, ne)
            if ctx[CTR][ERR]:
                return top
    return group(ctx, ne, top)
