"""The compiled exact search's transitions: the opponents' choices by type (`opponent_acts`), the
observation code (`obs_id`), the deck's draw orders (`deck_orders`), a transition's outcomes
(`step`) and the values where the viewer has no decision left (`linear_over`, `linear_full`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import (BARON, CH, CHANCELLOR, CUR, DECK, DECKN, DISC, DLEN, DRAWN, GUARD, HAND,
                                     KNOWN, MAXACTS, MAXD, MAXP, NCH, OUT, PHASE, PRINCE, PROT, SETASIDE,
                                     SPYB, WIN, EXPLORE_P, EXPLORE_Q, apply_row, counting_choices,
                                     legal_actions)
from solver.compiled.u128 import U0, U1, gcd64
from solver.compiled.exact.packing import (APPLIED, BUDGET, CONF, CTR, C_MEMORY, C_N, C_SAFREE, C_TYPES,
                                           C_VIEWER, ED, ERR, L_SLOTS, NO, NONE, N_OBS, N_OUTS, N_TLIN,
                                           N_TRANS, OBS, OUTS, OW, O_SLOTS, PAIRS, PSTATE, STATES, S_SLOTS,
                                           TLIN, TOO_LARGE, TRANS, T_SLOTS, VALUES, WORK, YES, ZERO, acode,
                                           W64, W64_ACC, W64_DECK, W64_LIN, W64_OPP, W64_PACK, W64_PAIR, W64_STEP,
                                           W64_TRANS, WACTS, WACTS_APPLY, WACTS_OPP, WACTS_TIES, W8, W8_FIRST, W8_LINEAR, W8_RESOLVE,
                                           W8_TRANS, WDECKS, WU8, WU8_LINEAR, WU8_OBS, WU8_RESOLVE, WU8_TRANS,
                                           decode, nib, nib_set, pack)
from solver.compiled.exact.tables import (acc_add, fail, get_value, intern, mul2, pair_add, pair_find,
                                          put_value, reduce3, rnum, room, state_id, tnum, typed, unpacked,
                                          unpacked_round)


# --- the opponents' choices -----------------------------------------------------------------------
@njit(cache=True)
def row_code(phase, acts, j):
    if phase == 1:
        return acode(1, acts[j, 0], acts[j, 1], acts[j, 2], acts[j, 3])
    return acode(0, acts[j, 0], acts[j, 1], acts[j, 2], 0)


@njit(cache=True)
def opponent_acts(ctx, st, typ, codes, weights):
    """The model's distribution at the state (the player to move an opponent): its actions' codes
    and integer weights (in the engine's order; after a Chancellor, an opponent's two equally likely
    orders of one returned pair as one pair of twice the weight) and their denominator."""
    conf = ctx[CONF]
    ed = ctx[ED]
    acts = ctx[WACTS][WACTS_OPP]
    m = legal_actions(st, ed, acts)
    phase = st[PHASE]
    if conf[C_TYPES + typ] == 0 or m == 1:
        for j in range(m):
            codes[j] = row_code(phase, acts, j)
            weights[j] = 1
        den = m
    else:
        ties = ctx[WACTS][WACTS_TIES]
        t = counting_choices(st, ed, ties)
        best = (EXPLORE_Q - EXPLORE_P) * m + EXPLORE_P * t  # `CardCounterModel.integer_weights`
        other = EXPLORE_P * t
        den = EXPLORE_Q * m * t
        for j in range(m):
            codes[j] = row_code(phase, acts, j)
            tied = False
            for i in range(t):
                same = ties[i, 0] == acts[j, 0] and ties[i, 1] == acts[j, 1] and ties[i, 2] == acts[j, 2]
                if same:
                    tied = True
                    break
            weights[j] = best if tied else other
    if phase != 1:
        return m, den
    # pairs: the same keep, the two different returned cards in either order, the same weight
    w = ctx[W64]
    oc = w[W64_OPP]
    ow = w[W64_OPP + 1]
    taken = w[W64_OPP + 2]
    taken[:m] = 0
    out = 0
    for j in range(m):
        if taken[j]:
            continue
        merged = False
        if acts[j, 3] == 2 and acts[j, 1] != acts[j, 2]:
            for i in range(m):
                if i != j and acts[i, 3] == 2 and acts[i, 0] == acts[j, 0] and acts[i, 1] == acts[j, 2] \
                        and acts[i, 2] == acts[j, 1] and weights[i] == weights[j]:
                    taken[i] = 1
                    oc[out] = acode(2, acts[j, 0], acts[j, 1], acts[j, 2], 2)
                    ow[out] = 2 * weights[j]
                    out += 1
                    merged = True
                    break
        if not merged:
            oc[out] = codes[j]
            ow[out] = weights[j]
            out += 1
    for j in range(out):
        codes[j] = oc[j]
        weights[j] = ow[j]
    return out, den


# --- transitions ----------------------------------------------------------------------------------
@njit(cache=True)
def obs_id(ctx, pre, kind, a0, a1, a2, a3, post):
    """The number of what the viewer observes of one action (the module docstring), exactly."""
    conf = ctx[CONF]
    n = conf[C_N]
    viewer = conf[C_VIEWER]
    b = ctx[WU8][WU8_OBS]
    b[:] = 0
    actor = pre[CUR]
    b[0] = actor
    if kind != 0 and actor != viewer:
        b[1] = 0xFE
    else:
        b[1] = a0 + 1
        b[2] = a1 + 1
        b[3] = a2 + 1
        b[4] = a3
    if kind == 0 and a0 == BARON and a1 >= 0 and (actor == viewer or a1 == viewer):
        if actor == viewer:
            b[5] = pre[HAND + a1] + 1
        else:
            x = pre[HAND + actor]
            b[5] = (pre[DRAWN] if x == BARON else x) + 1
    b[6] = post[CUR] | (post[PHASE] << 3)
    om = 0
    pm = 0
    for i in range(n):
        if post[OUT + i]:
            om |= 1 << i
        if post[PROT + i]:
            pm |= 1 << i
    b[7] = om
    b[8] = pm
    b[9] = post[DECKN]
    b[10] = 1 if post[SETASIDE] >= 0 else 0
    b[11] = post[HAND + viewer] + 1
    if post[CUR] == viewer and post[PHASE] == 0:
        b[12] = post[DRAWN] + 1
    if post[CUR] == viewer and post[PHASE] == 1:
        for j in range(post[NCH]):
            b[13 + j] = post[CH + j] + 1
    if post[PHASE] == 2:
        b[15] = post[WIN]
        b[16] = post[SPYB] + 1
    for h in range(n):
        b[17 + h] = post[KNOWN + viewer * MAXP + h] + 1
    disc = b[23:53]
    for i in range(n):
        base = DISC + i * MAXD
        for j in range(post[DLEN + i]):
            k = 10 * i + post[base + j]
            nib_set(disc, k, nib(disc, k) + 1)
    oid, added = intern(ctx[CTR], ctx[O_SLOTS], ctx[OBS], np.int64(N_OBS), b.view(np.int64), np.int64(OW))
    return oid


@njit(cache=True)
def _apply_code(ctx, st, kind, a0, a1, a2, a3):
    ed = ctx[ED]
    acts = ctx[WACTS][WACTS_APPLY]
    acts[0, 0] = a0
    acts[0, 1] = a1
    acts[0, 2] = a2
    acts[0, 3] = a3
    apply_row(st, ed, acts, 0)


@njit(cache=True)
def draw_orders(cards, nc, j, tops, ways, rest1):
    """Every way to draw j (1 or 2) cards in order from the sorted multiset cards[:nc]: rows of
    `tops` (the drawn cards then the rest, sorted) with their ways; their number."""
    m = 0
    i = 0
    while i < nc:
        c1 = cards[i]
        m1 = 0
        while i + m1 < nc and cards[i + m1] == c1:
            m1 += 1
        # the rest without one c1
        r1 = 0
        skipped = False
        for x in range(nc):
            if not skipped and cards[x] == c1:
                skipped = True
                continue
            rest1[r1] = cards[x]
            r1 += 1
        if j == 1:
            tops[m, 0] = c1
            for x in range(r1):
                tops[m, 1 + x] = rest1[x]
            ways[m] = m1
            m += 1
        else:
            k = 0
            while k < r1:
                c2 = rest1[k]
                m2 = 0
                while k + m2 < r1 and rest1[k + m2] == c2:
                    m2 += 1
                tops[m, 0] = c1
                tops[m, 1] = c2
                r = 2
                skipped = False
                for x in range(r1):
                    if not skipped and rest1[x] == c2:
                        skipped = True
                        continue
                    tops[m, r] = rest1[x]
                    r += 1
                ways[m] = m1 * m2
                m += 1
                k += m2
        i += m1
    return m


@njit(cache=True)
def deck_orders(ctx, st, ng, pairs, k, decks, sas, ways):
    """`solver.advice.exact.packing.deck_orders`: every way to draw the top k cards of the state's deck (its groups: the free
    cards, with the set-aside card when it is exchangeable, then the tail's groups), as rows of
    `decks` (the whole deck, top first), `sas` (the set-aside card, or -2 to keep the state's) and
    `ways`; returns (their number, the denominator)."""
    sa_free = ctx[CONF][C_SAFREE]
    d = st[DECKN]
    w = ctx[W64]
    top = w[W64_DECK]
    for i in range(d):
        top[i] = st[DECK + d - 1 - i]
    tail = 0
    for g in range(ng):
        tail += 2 if (pairs >> g) & 1 else 1
    nfree = d - tail
    # the groups: (start in top, cards on the deck, has the set-aside card)
    n_groups = 1 + ng
    gstart = w[W64_DECK + 1]
    gsize = w[W64_DECK + 2]
    gstart[0] = 0
    gsize[0] = nfree
    pos = nfree
    for g in range(ng):
        s = 2 if (pairs >> g) & 1 else 1
        gstart[1 + g] = pos
        gsize[1 + g] = s
        pos += s
    has_sa = sa_free and st[SETASIDE] >= 0
    m = 1
    decks[0, :d] = top[:d]
    sas[0] = -2
    ways[0] = 1
    den = 1
    placed = 0  # deck cards already placed (the groups before)
    tops = ctx[WDECKS][2]
    tw = w[W64_DECK + 4]
    cards = w[W64_DECK + 3]
    rest1 = w[W64_DECK + 5]
    for g in range(n_groups):
        n = gsize[g]
        nc = n
        for x in range(n):
            cards[x] = top[gstart[g] + x]
        aside = g == 0 and has_sa
        if aside:
            cards[n] = st[SETASIDE]
            nc = n + 1
        j = k if k < n else n
        k -= j
        if j and nc > 1:
            no = draw_orders(cards, nc, j, tops, tw, rest1)
            f = 1
            for x in range(j):
                f *= nc - x
            den *= f
        else:
            no = 1
            for x in range(nc):
                tops[0, x] = cards[x]
            tw[0] = 1
        if no == 1:
            for r in range(m):
                for x in range(n):
                    decks[r, placed + x] = tops[0, x]
                if aside:
                    sas[r] = tops[0, nc - 1]
                ways[r] *= tw[0]
        else:
            new = m * no
            # expand in place from the end: row r * no + o
            for r in range(m - 1, -1, -1):
                for o in range(no - 1, -1, -1):
                    t = r * no + o
                    if t != r:
                        decks[t, :d] = decks[r, :d]
                    sas[t] = sas[r]
                    ways[t] = ways[r]
            for r in range(m):
                for o in range(no):
                    t = r * no + o
                    for x in range(n):
                        decks[t, placed + x] = tops[o, x]
                    if aside:
                        sas[t] = tops[o, nc - 1]
                    ways[t] *= tw[o]
            m = new
        placed += n
    return m, den


@njit(cache=True)
def _outcome(ctx, pre, kind, a0, a1, a2, a3, post, n_deck, ng, pairs, typ, returned, k, block, buf):
    """(next state, observation, an opponent knocked out) of one applied resolution (`_outcome`)."""
    conf = ctx[CONF]
    n = conf[C_N]
    viewer = conf[C_VIEWER]
    d2 = post[DECKN]
    drawn = n_deck + returned - d2
    if not block and pairs == 0:
        ng2 = ng + returned
        if d2 < ng2:
            ng2 = d2
        pairs2 = 0
    else:
        sizes = ctx[W64][W64_PACK + 1]
        ns = 0
        tail = 0
        for g in range(ng):
            sizes[ns] = 2 if (pairs >> g) & 1 else 1
            tail += sizes[ns]
            ns += 1
        if block:
            sizes[ns] = 2
            ns += 1
        else:
            for _ in range(returned):
                sizes[ns] = 1
                ns += 1
        over = drawn - (n_deck - tail)
        first = 0
        while over > 0:
            if sizes[first] <= over:
                over -= sizes[first]
                first += 1
            else:
                sizes[first] -= over
                over = 0
        ng2 = ns - first
        pairs2 = 0
        for g in range(ng2):
            if sizes[first + g] == 2:
                pairs2 |= 1 << g
    pack(post, n, typ, ng2, pairs2, conf[C_MEMORY], conf[C_SAFREE], buf, ctx[W64][W64_PACK])
    sid = state_id(ctx[CTR], ctx[S_SLOTS], ctx[STATES], buf.view(np.int64))
    oid = obs_id(ctx, pre, kind, a0, a1, a2, a3, post)
    ko = 0
    for i in range(n):
        if i != viewer and post[OUT + i] and not pre[OUT + i]:
            ko = 1
    return sid, oid, ko


@njit(cache=True)
def _transition(ctx, rid, code, block, osid, oways, ooid, oko):
    """Apply action `code` in round `rid` in every resolution of its draws (`_transition`): writes the
    outcomes (next round, integer weight, observation, knocked out) and returns (their number, the
    resolutions counted as work, the denominator). The opponents' type does not change a transition:
    the types' states share it (the round's numbers; `typed` gives the states')."""
    ed = ctx[ED]
    kind, a0, a1, a2, a3 = decode(code)
    buf = ctx[WU8][WU8_TRANS]
    st = ctx[W8][W8_TRANS]
    ng, pairs = unpacked_round(ctx[CONF], ctx[STATES], rid, st, buf)
    typ = ZERO
    returned = a3 if kind == 1 else 0
    n_deck = np.int64(st[DECKN])
    draws = 2 if (kind == 0 and (a0 == PRINCE or a0 == CHANCELLOR)) else 1
    k = draws if draws < n_deck else n_deck
    first = ctx[W8][W8_FIRST]
    first[:] = st
    _apply_code(ctx, first, kind, a0, a1, a2, a3)
    if k == 0:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, typ, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, 1, 1
    decks = ctx[WDECKS][0]
    sas = ctx[W64][W64_TRANS]
    ways = ctx[W64][W64_TRANS + 1]
    m, den = deck_orders(ctx, st, ng, pairs, k, decks, sas, ways)
    if m == 1:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, typ, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, 1, 1
    drawn = n_deck + returned - first[DECKN]
    if drawn == 0:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, typ, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, m, 1
    if drawn < k:
        decks2 = ctx[WDECKS][1]
        sas2 = ctx[W64][W64_TRANS + 2]
        ways2 = ctx[W64][W64_TRANS + 3]
        m2, den2 = deck_orders(ctx, st, ng, pairs, drawn, decks2, sas2, ways2)
        c = _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks2, sas2, ways2, m2, drawn, returned, YES, block,
                     ng, pairs, typ, osid, oways, ooid, oko)
        if c >= 0:
            return c, m, den2
    c = _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks, sas, ways, m, k, returned, NO, block,
                 ng, pairs, typ, osid, oways, ooid, oko)
    return c, m, den


@njit(cache=True)
def _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks, sas, ways, m, k, returned, check, block, ng, pairs, typ,
             osid, oways, ooid, oko):
    ed = ctx[ED]
    n_deck = np.int64(st[DECKN])
    buf = ctx[WU8][WU8_RESOLVE]
    work = ctx[W8][W8_RESOLVE]
    for i in range(m):
        if i == 0:
            res = first
        else:
            work[:] = st
            for x in range(n_deck):
                work[DECK + n_deck - 1 - x] = decks[i, x]
            if sas[i] != -2:
                work[SETASIDE] = sas[i]
            _apply_code(ctx, work, kind, a0, a1, a2, a3)
            if check and n_deck + returned - work[DECKN] != k:
                return -1
            res = work
        osid[i], ooid[i], oko[i] = _outcome(ctx, st, kind, a0, a1, a2, a3, res, n_deck, ng, pairs, typ, returned,
                                            k, block, buf)
        oways[i] = ways[i]
    return m


@njit(cache=True)
def _pair(ctx, rid, keep, x, y, osid, oways, ooid, oko):
    """An opponent's two equally likely orders of one returned pair (`_pair`): both applied, the pair
    one exchangeable group, their outcomes merged by (state, observation), twice the denominator."""
    ctx[CTR][PAIRS] += 1
    w = ctx[W64]
    s1, w1, o1, k1 = w[W64_PAIR], w[W64_PAIR + 1], w[W64_PAIR + 2], w[W64_PAIR + 3]
    s2, w2, o2, k2 = w[W64_PAIR + 4], w[W64_PAIR + 5], w[W64_PAIR + 6], w[W64_PAIR + 7]
    c1, n1, d1 = _transition(ctx, rid, acode(1, keep, x, y, 2), YES, s1, w1, o1, k1)
    c2, n2, d2 = _transition(ctx, rid, acode(1, keep, y, x, 2), YES, s2, w2, o2, k2)
    g = gcd64(np.uint64(d1), np.uint64(d2))
    d = d1 // np.int64(g) * d2
    m = 0
    for part in range(2):
        cnt = c1 if part == 0 else c2
        for i in range(cnt):
            s = s1[i] if part == 0 else s2[i]
            o = o1[i] if part == 0 else o2[i]
            wv = (w1[i] * (d // d1)) if part == 0 else (w2[i] * (d // d2))
            kv = k1[i] if part == 0 else k2[i]
            found = -1
            for j in range(m):
                if osid[j] == s and ooid[j] == o:
                    found = j
                    break
            if found >= 0:
                oways[found] += wv
            else:
                osid[m] = s
                ooid[m] = o
                oways[m] = wv
                oko[m] = kv
                m += 1
    return m, n1 + n2, 2 * d


@njit(cache=True)
def step(ctx, sid, code):
    """The remembered transition (`_step`) of state `sid`: its row in the transitions table (round
    number, code, work counted, denominator, outcomes' offset, number; the outcomes' rounds, to be typed
    with the state's type, `typed`); counted as work every time it is used."""
    ctr = ctx[CTR]
    ctr[APPLIED] += 1
    rid = rnum(ctx[CONF], sid)
    tid = pair_find(ctx[T_SLOTS], ctx[TRANS], rid, code)
    if tid < 0:
        w = ctx[W64]
        osid, oways, ooid, oko = w[W64_STEP], w[W64_STEP + 1], w[W64_STEP + 2], w[W64_STEP + 3]
        kind, a0, a1, a2, a3 = decode(code)
        if kind == 2:  # an opponent's pair of Chancellor choices
            c, nw, den = _pair(ctx, rid, a0, a1, a2, osid, oways, ooid, oko)
        else:
            c, nw, den = _transition(ctx, rid, code, NO, osid, oways, ooid, oko)
        if ctr[ERR]:
            return 0
        tid = pair_add(ctx[CTR], ctx[T_SLOTS], ctx[TRANS], np.int64(N_TRANS), rid, code)
        off = ctr[N_OUTS]
        outs = ctx[OUTS]
        if ctr[ERR] or not room(ctr, outs, off + c):
            return 0
        for i in range(c):
            outs[off + i, 0] = osid[i]
            outs[off + i, 1] = oways[i]
            outs[off + i, 2] = ooid[i]
            outs[off + i, 3] = oko[i]
        ctr[N_OUTS] = off + c
        t = ctx[TRANS]
        t[tid, 2] = nw
        t[tid, 3] = den
        t[tid, 4] = off
        t[tid, 5] = c
    ctr[WORK] += ctx[TRANS][tid, 2]
    if ctr[WORK] > ctr[BUDGET]:
        fail(ctr, TOO_LARGE)
    return tid


# --- values where the viewer has no decision left --------------------------------------------------
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
def lin_sum_over(ctx, tid, typ):
    """`_lin_sum` of a transition whose outcomes can only be over (an opponent's last play), for the
    opponents' type `typ`."""
    acc = ctx[W64][W64_ACC + 1, :6].view(np.uint64)
    acc[:] = 0
    t = ctx[TRANS]
    off = t[tid, 4]
    for i in range(t[tid, 5]):
        lv = linear_over(ctx, typed(ctx[CONF], ctx[OUTS][off + i, 0], typ))
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
    typ, _, _ = unpacked(ctx[CONF], ctx[STATES], sid, st, buf)
    found = NONE
    if st[PHASE] == 0 and st[DECKN] == 0 and st[CUR] != viewer:
        w = ctx[W64]
        codes = w[W64_LIN]
        weights = w[W64_LIN + 1]
        m, da = opponent_acts(ctx, st, typ, codes, weights)
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
def lin_sum_full(ctx, tid, typ):
    """`_lin_sum`: the value of a transition's outcomes (for the opponents' type `typ`) if none leaves the
    viewer a decision, else NONE."""
    acc = ctx[W64][W64_ACC + 3, :6].view(np.uint64)
    acc[:] = 0
    t = ctx[TRANS]
    off = t[tid, 4]
    for i in range(t[tid, 5]):
        lv = linear_full(ctx, typed(ctx[CONF], ctx[OUTS][off + i, 0], typ))
        if lv == NONE:
            return NONE
        _lin_acc(ctx, acc, tid, i, lv)
    return lin_done(ctx, acc)
