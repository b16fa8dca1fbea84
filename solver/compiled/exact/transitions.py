"""The compiled exact search's transitions: an action applied in every resolution of the cards it
draws (`_transition`), an opponent's pair of Chancellor orders merged (`_pair`), each outcome a
(next state, observation, knocked out) triple (`_outcome`), and the remembered table of them (`step`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import CHANCELLOR, DECK, DECKN, OUT, PRINCE, SETASIDE, apply_row
from solver.compiled.u128 import gcd64
from solver.compiled.exact.packing import (APPLIED, BUDGET, CONF, CTR, C_MEMORY, C_N, C_SAFREE, C_VIEWER, ED, ERR, NO,
                                           N_OUTS, N_TRANS, OUTS, PAIRS, STATES, S_SLOTS, TOO_LARGE, TRANS, T_SLOTS,
                                           WORK, YES, ZERO, acode, W64, W64_PACK, W64_PAIR, W64_STEP, W64_TRANS, WACTS,
                                           WACTS_APPLY, W8, W8_FIRST, W8_RESOLVE, W8_TRANS, WDECKS, WU8, WU8_RESOLVE,
                                           WU8_TRANS, decode, pack)
from solver.compiled.exact.tables import fail, pair_add, pair_find, rnum, room, state_id, unpacked_round
from solver.compiled.exact.observation import obs_id
from solver.compiled.exact.draws import deck_orders


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
def _outcome(ctx, pre, kind, a0, a1, a2, a3, post, n_deck, ng, pairs, opponent_type, returned, k, block, buf):
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
    pack(post, n, opponent_type, ng2, pairs2, conf[C_MEMORY], conf[C_SAFREE], buf, ctx[W64][W64_PACK])
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
    opponent_type = ZERO
    returned = a3 if kind == 1 else 0
    n_deck = np.int64(st[DECKN])
    draws = 2 if (kind == 0 and (a0 == PRINCE or a0 == CHANCELLOR)) else 1
    k = draws if draws < n_deck else n_deck
    first = ctx[W8][W8_FIRST]
    first[:] = st
    _apply_code(ctx, first, kind, a0, a1, a2, a3)
    if k == 0:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, opponent_type, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, 1, 1
    decks = ctx[WDECKS][0]
    sas = ctx[W64][W64_TRANS]
    ways = ctx[W64][W64_TRANS + 1]
    m, den = deck_orders(ctx, st, ng, pairs, k, decks, sas, ways)
    if m == 1:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, opponent_type, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, 1, 1
    drawn = n_deck + returned - first[DECKN]
    if drawn == 0:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, opponent_type, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, m, 1
    if drawn < k:
        decks2 = ctx[WDECKS][1]
        sas2 = ctx[W64][W64_TRANS + 2]
        ways2 = ctx[W64][W64_TRANS + 3]
        m2, den2 = deck_orders(ctx, st, ng, pairs, drawn, decks2, sas2, ways2)
        c = _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks2, sas2, ways2, m2, drawn, returned, YES, block,
                     ng, pairs, opponent_type, osid, oways, ooid, oko)
        if c >= 0:
            return c, m, den2
    c = _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks, sas, ways, m, k, returned, NO, block,
                 ng, pairs, opponent_type, osid, oways, ooid, oko)
    return c, m, den


@njit(cache=True)
def _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks, sas, ways, m, k, returned, check, block, ng, pairs, opponent_type,
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
        osid[i], ooid[i], oko[i] = _outcome(ctx, st, kind, a0, a1, a2, a3, res, n_deck, ng, pairs, opponent_type, returned,
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
