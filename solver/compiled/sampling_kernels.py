"""The estimate's play-outs compiled (numba): `solver.advice.playouts` line by line on the
compiled round (`solver.compiled.kernels`), the next-decision statistics and the leaf table kept
in compiled structures between calls. One call plays a whole batch of (deal, play) pairs.

An information state's key is a 64-bit hash of what the viewer has observed since the deal:
the play, then after every action the public part of the action (the whole action for the
viewer's own) and the viewer's view of the state it leads to (who is to move and the phase,
the deck's size, whether the set-aside card is still there, who is out or protected, every
discard pile in order, the viewer's own cards, what the viewer remembers). That view changes
exactly where the events the viewer sees say something (`solver.rules.events.observation`),
so the keys split the play-outs as the Python path's keys do.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from solver.rules.rng import GAMMA, MIX1, MIX2
from solver.compiled.layout import (HAND_NONE, HAND_STRIDE, HAND_TRACKED, HAND_UNTOUCHED, L_EXCHANGED, L_HANDS,
                                    L_KNOWN, L_KNOWN_PAIRS, L_MISSING_UP, L_PHASE, L_PLAYERS, L_SET_ASIDE,
                                    L_SET_ASIDE_VAR, L_TAIL, L_TAIL_VARS, L_UP)
from solver.compiled.kernels import (CH, CUR, DECK, DECKN, DISC, DLEN, DRAWN, HAND, KNOWN, MAXACTS, MAXD, MAXP, N_,
                                     NCH, NUP, OUT, PHASE, PROT, SETASIDE, SIZE, SPYB, UP, WIN, apply_row,
                                     belief_playout, choice_row, counting_choices, fast_playout, legal_actions,
                                     below, next64, observe)
from solver.compiled.kernels.belief import FW_SIZE, IW_SIZE

_M1 = np.uint64(MIX1)
_M2 = np.uint64(MIX2)
_G = np.uint64(GAMMA)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)

MIN = 8
FULL = 60
#: Kernel statuses.
DONE = 0
NEED_LEAF = 1


@njit(cache=True, inline="always")
def _h(h, x):
    z = h ^ (np.uint64(x + 17) * _G)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def view_hash(h, st, viewer):
    """The key `h` extended by the viewer's view of the state `st` (the module docstring)."""
    n = st[N_]
    h = _h(h, st[CUR] * 4 + st[PHASE])
    h = _h(h, st[DECKN] * 2 + (1 if st[SETASIDE] >= 0 else 0))
    for i in range(n):
        h = _h(h, 100 + st[OUT + i] * 2 + st[PROT + i])
        d = st[DLEN + i]
        h = _h(h, 200 + d)
        for j in range(d):
            h = _h(h, st[DISC + i * MAXD + j])
    h = _h(h, 300 + st[HAND + viewer])
    if st[CUR] == viewer:
        if st[PHASE] == 0:
            h = _h(h, 400 + st[DRAWN])
        elif st[PHASE] == 1:
            for j in range(st[NCH]):
                h = _h(h, 500 + st[CH + j])
    for j in range(n):
        h = _h(h, 600 + st[KNOWN + viewer * MAXP + j])
    if st[PHASE] == 2:
        h = _h(h, 700 + st[WIN])
        h = _h(h, 800 + st[SPYB])
    return h


@njit(cache=True)
def _action_hash(h, st, acts, i, viewer):
    """The key extended by the public part of action row i of the player to move (all of it for
    the viewer; only the fact of an opponent's Chancellor choice)."""
    if st[PHASE] == 1:
        if st[CUR] == viewer:
            h = _h(h, 900 + acts[i, 0])
            h = _h(h, 910 + acts[i, 1])
            h = _h(h, 920 + acts[i, 2])
            return h
        return _h(h, 930)
    h = _h(h, 1000 + acts[i, 0])
    h = _h(h, 1100 + acts[i, 1])
    return _h(h, 1200 + acts[i, 2])


@njit(cache=True)
def _finish(st, ed, rs, viewer, kind, bw, bc, bi, nt, tcodes, use_belief):
    """(win, tokens, viewer out before their next turn) of the round played on from `st` (changed), the
    viewer on the belief (bw, bc: changed) when `use_belief`, else by the counting heuristic."""
    if st[PHASE] == 2:
        win = 1.0 if (st[WIN] >> viewer) & 1 else 0.0
        return win, win + (1.0 if st[SPYB] == viewer else 0.0), False
    if use_belief:
        w, spy, stopped = belief_playout(st, ed, rs, viewer, kind, False, bw, bc, bi, nt, tcodes)
    else:
        w, spy, stopped = fast_playout(st, ed, rs, viewer, kind, False)
    win = 1.0 if (w >> viewer) & 1 else 0.0
    return win, win + (1.0 if spy == viewer else 0.0), stopped


@njit(cache=True)
def _after(st, ed, row, rs, viewer, kind, work, bw, bc, bi, nt, tcodes, use_belief):
    """`_finish` after applying the viewer's action `row` to a copy of `st` (the belief copied, then
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
    return _finish(work, ed, rs, viewer, kind, bw2, bc2, bi2, nt, tcodes, use_belief)


@njit(cache=True)
def _finish_from(st, ed, row, seed, viewer, kind, work, bw, bc, bi, nt, tcodes, use_belief):
    """`_after` from a fresh generator `seed`."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    return _after(st, ed, row, rs, viewer, kind, work, bw, bc, bi, nt, tcodes, use_belief)


class NextDecisionState:
    """(Documentation only.) The compiled next-decision statistics live in typed lists passed to
    `run_items`: per node its heuristic action, visits, actions, deferred visits; per action of a
    node its paired sums; per deferred visit its state, taken action, seed, kind and result."""


@njit(cache=True)
def _record(node, nd_n, nd_h, nd_m, nd_off, s1, s2, kk, wins):
    nd_n[node] += 1
    off = nd_off[node]
    hh = nd_h[node]
    base = wins[hh]
    for j in range(nd_m[node]):
        if j == hh:
            continue
        d = wins[j] - base
        s1[off + j] += d
        s2[off + j] += d * d
        kk[off + j] += 1


@njit(cache=True)
def _played(st, ed, node, taken, seed, kind, mine, viewer, nd_m, nd_off, rows, work, bw, bc, bi, nt, tcodes,
            use_belief):
    m = nd_m[node]
    off = nd_off[node]
    wins = np.empty(m, dtype=np.float64)
    row = np.empty(4, dtype=np.int64)
    for j in range(m):
        if j == taken:
            wins[j] = mine
        else:
            for c in range(4):
                row[c] = rows[4 * (off + j) + c]
            wins[j] = _finish_from(st, ed, row, seed, viewer, kind, work, bw, bc, bi, nt, tcodes, use_belief)[0]
    return wins


@njit(cache=True)
def _catch_up(node, ed, viewer, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, rows, s1, s2, kk,
              def_state, def_taken, def_seed, def_kind, def_mine, def_next, work, nd_bw, nd_bc, nd_bi, nt, tcodes,
              use_belief):
    j = nd_lhead[node]
    while j >= 0:
        wins = _played(def_state[j], ed, node, def_taken[j], def_seed[j], def_kind[j], def_mine[j], viewer,
                       nd_m, nd_off, rows, work, nd_bw[node], nd_bc[node], nd_bi[node], nt, tcodes, use_belief)
        _record(node, nd_n, nd_h, nd_m, nd_off, s1, s2, kk, wins)
        j = def_next[j]
    nd_lhead[node] = -1
    nd_lcount[node] = 0


@njit(cache=True)
def run_items(deals, kinds, seeds, roots, items, start, viewer, decisions, ed,
              nd_index, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, nd_ltail, rows, s1, s2, kk,
              def_state, def_taken, def_seed, def_kind, def_mine, def_next,
              leaf_index, leaf_win, leaf_tokens, leaf_ctl, out, bw0, bc0, bi0, nt, tcodes, use_belief, nd_bw, nd_bc,
              nd_bi):
    """Play out items[start:] ((deal number, root action number) pairs) in order, writing
    (win, tokens, knocked out now, out before the next turn, valued exactly, valued by a leaf) to
    `out`. Returns
    (DONE, len(items), 0), or (NEED_LEAF, position, key) when item `position` reaches a decision
    whose key the leaf table has not seen and wants valued (`leaf_ctl`: [use leaves, budget left,
    keys seen, most keys, most cards in the deck]): the caller values it and calls again from
    `position`. The viewer's later turns on the belief (`bw0`, `bc0`: at the decision advised; `nt` types of
    codes `tcodes`) when `use_belief`; each node keeps the belief at its information state (`nd_bw`,
    `nd_bc`)."""
    st = np.empty(SIZE, dtype=np.int8)
    work = np.empty(SIZE, dtype=np.int8)
    prev = np.empty(SIZE, dtype=np.int8)
    spare = np.empty(SIZE, dtype=np.int8)
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    obs_acts = np.empty((MAXACTS, 4), dtype=np.int64)
    ties = np.empty((MAXACTS, 4), dtype=np.int64)
    choice = np.empty((MAXACTS, 4), dtype=np.int64)
    row = np.empty(4, dtype=np.int64)
    scratch = np.empty((4, 10), dtype=np.float64)
    iw = np.empty(IW_SIZE, dtype=np.int64)
    fw = np.empty(FW_SIZE, dtype=np.float64)
    bw = bw0.copy()
    bc = bc0.copy()
    bi = bi0.copy()
    rs = np.empty(1, dtype=np.uint64)
    for pos in range(start, items.shape[0]):
        out[pos, 5] = 0.0
        di = items[pos, 0]
        ai = items[pos, 1]
        kind = kinds[di]
        st[:] = deals[di]
        rs[0] = seeds[di]
        n = st[N_]
        before = 0
        for i in range(n):
            before |= st[OUT + i] << i
        bw[:] = bw0
        bc[:] = bc0
        bi[:] = bi0
        prev[:] = st
        apply_row(st, ed, roots, ai)
        if use_belief and st[PHASE] != 2:
            observe(prev, roots[ai], st, ed, bw, bc, bi, nt, tcodes, viewer, scratch, spare, obs_acts, ties, iw, fw)
        ko = False
        for i in range(n):
            if i != viewer and st[OUT + i] and not (before >> i) & 1:
                ko = True
        h = _h(np.uint64(0x1234567), ai)
        h = view_hash(h, st, viewer)
        seen_turn = False
        how = 0  # 0 over, 1 decision, 2 out
        m = 0
        while st[PHASE] != 2:
            if st[CUR] == viewer:
                if st[PHASE] == 0:
                    seen_turn = True
                m = legal_actions(st, ed, acts)
                if m > 1:
                    how = 1
                    break
                h = _action_hash(h, st, acts, 0, viewer)
                i = 0
            else:
                if st[OUT + viewer] and not seen_turn:
                    how = 2
                    break
                counting = False
                if kind == 1:
                    counting = below(rs, 10) >= 1
                if counting:
                    k = counting_choices(st, ed, acts)
                else:
                    k = legal_actions(st, ed, acts)
                i = below(rs, k)
                h = _action_hash(h, st, acts, i, viewer)
            for j in range(4):
                row[j] = acts[i, j]
            prev[:] = st
            apply_row(st, ed, acts, i)
            if use_belief and st[PHASE] != 2:
                observe(prev, row, st, ed, bw, bc, bi, nt, tcodes, viewer, scratch, spare, obs_acts, ties, iw, fw)
            h = view_hash(h, st, viewer)
        if how == 2:
            out[pos, 0] = 0.0
            out[pos, 1] = 0.0
            out[pos, 2] = 1.0 if ko else 0.0
            out[pos, 3] = 1.0
            out[pos, 4] = 1.0
            continue
        if how == 0:
            win = 1.0 if (st[WIN] >> viewer) & 1 else 0.0
            out[pos, 0] = win
            out[pos, 1] = win + (1.0 if st[SPYB] == viewer else 0.0)
            out[pos, 2] = 1.0 if ko else 0.0
            out[pos, 3] = 1.0 if (not seen_turn and st[OUT + viewer]) else 0.0
            out[pos, 4] = 1.0
            continue
        key = np.int64(h)
        if leaf_ctl[0]:
            found = leaf_index[key] if key in leaf_index else -2
            if found == -2:
                if leaf_ctl[1] > 0 and st[DECKN] <= leaf_ctl[4] and leaf_ctl[2] < leaf_ctl[3]:
                    return NEED_LEAF, pos, key
                leaf_index[key] = -1
                leaf_ctl[2] += 1
                found = -1
            if found >= 0:
                stopped = False
                if not seen_turn:
                    if use_belief:
                        choice_row(st, ed, bw, bc, bi, nt, viewer, obs_acts, spare, choice, iw, fw)
                    else:
                        counting_choices(st, ed, choice)
                    for j in range(4):
                        row[j] = choice[0, j]
                    stopped = _after(st, ed, row, rs, viewer, kind, work, bw, bc, bi, nt, tcodes, use_belief)[2]
                out[pos, 0] = leaf_win[found]
                out[pos, 1] = leaf_tokens[found]
                out[pos, 2] = 1.0 if ko else 0.0
                out[pos, 3] = 1.0 if stopped else 0.0
                out[pos, 4] = 1.0
                out[pos, 5] = 1.0
                continue
        if not decisions:
            win, tokens, stopped = _finish(st, ed, rs, viewer, kind, bw, bc, bi, nt, tcodes, use_belief)
            out[pos, 0] = win
            out[pos, 1] = tokens
            out[pos, 2] = 1.0 if ko else 0.0
            out[pos, 3] = 1.0 if (not seen_turn and stopped) else 0.0
            out[pos, 4] = 0.0
            continue
        # --- the next decision (NextDecision.decide, then .visit)
        node = nd_index[key] if key in nd_index else -1
        if node < 0:
            node = len(nd_n)
            nd_index[key] = node
            if use_belief:
                choice_row(st, ed, bw, bc, bi, nt, viewer, obs_acts, spare, choice, iw, fw)
            else:
                counting_choices(st, ed, choice)
            hrow0, hrow1, hrow2, hrow3 = choice[0, 0], choice[0, 1], choice[0, 2], choice[0, 3]
            nd_bw.append(bw.copy())
            nd_bc.append(bc.copy())
            nd_bi.append(bi.copy())
            m = legal_actions(st, ed, acts)
            hh = 0
            for j in range(m):
                if st[PHASE] == 1:
                    same = acts[j, 0] == hrow0 and acts[j, 1] == hrow1 and acts[j, 2] == hrow2 and acts[j, 3] == hrow3
                else:
                    same = acts[j, 0] == hrow0 and acts[j, 1] == hrow1 and acts[j, 2] == hrow2
                if same:
                    hh = j
                    break
            nd_n.append(0)
            nd_h.append(hh)
            nd_m.append(m)
            nd_off.append(len(s1))
            nd_lcount.append(0)
            nd_lhead.append(-1)
            nd_ltail.append(-1)
            for j in range(m):
                for cc in range(4):
                    rows.append(acts[j, cc])
                s1.append(0.0)
                s2.append(0.0)
                kk.append(0)
        hh = nd_h[node]
        mm = nd_m[node]
        off = nd_off[node]
        taken = hh
        if nd_n[node] + nd_lcount[node] >= MIN:
            _catch_up(node, ed, viewer, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, rows, s1, s2, kk,
                      def_state, def_taken, def_seed, def_kind, def_mine, def_next, work, nd_bw, nd_bc, nd_bi, nt,
                      tcodes, use_belief)
            best_mean = 0.0
            for j in range(mm):
                if j == hh:
                    continue
                k = kk[off + j]
                if k < MIN:
                    continue
                mean = s1[off + j] / k
                var = s2[off + j] / k - mean * mean
                if var < 0.0:
                    var = 0.0
                if mean - 2.0 * math.sqrt(var / k) > 0 and mean > best_mean:
                    taken = j
                    best_mean = mean
        seed2 = next64(rs)
        for cc in range(4):
            row[cc] = rows[4 * (off + taken) + cc]
        win, tokens, stopped = _finish_from(st, ed, row, seed2, viewer, kind, work, nd_bw[node], nd_bc[node],
                                            nd_bi[node], nt, tcodes, use_belief)
        if nd_n[node] + nd_lcount[node] < FULL:
            if nd_n[node] + nd_lcount[node] < MIN:
                j = len(def_taken)
                def_state.append(st.copy())
                def_taken.append(taken)
                def_seed.append(seed2)
                def_kind.append(kind)
                def_mine.append(win)
                def_next.append(-1)
                if nd_lhead[node] < 0:
                    nd_lhead[node] = j
                else:
                    def_next[nd_ltail[node]] = j
                nd_ltail[node] = j
                nd_lcount[node] += 1
            else:
                _catch_up(node, ed, viewer, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, rows, s1, s2, kk,
                          def_state, def_taken, def_seed, def_kind, def_mine, def_next, work, nd_bw, nd_bc, nd_bi, nt,
                          tcodes, use_belief)
                wins = _played(st, ed, node, taken, seed2, kind, win, viewer, nd_m, nd_off, rows, work, nd_bw[node],
                               nd_bc[node], nd_bi[node], nt, tcodes, use_belief)
                _record(node, nd_n, nd_h, nd_m, nd_off, s1, s2, kk, wins)
        out[pos, 0] = win
        out[pos, 1] = tokens
        out[pos, 2] = 1.0 if ko else 0.0
        out[pos, 3] = 1.0 if (not seen_turn and stopped) else 0.0
        out[pos, 4] = 0.0
    return DONE, items.shape[0], np.int64(0)


@njit(cache=True)
def put_leaf(leaf_index, key, j):
    """`leaf_index[key] = j` in compiled code: a typed dict's item set from Python compiles its method on a
    process's first leaf (about 5 s, not kept in numba's disk cache); this one is."""
    leaf_index[key] = j


@njit(cache=True)
def assemble_deals(base, ints, values, pools, states_rng, out):
    """Deals laid out as `solver.advice.deals.DealLayout` says (`ints`, around the fixed part `base`): for
    each row, the untouched cards (`pools`: copies of each card) shuffled from the row's generator
    (`states_rng`, advanced in place) as `SplitMix64.shuffle` does, then dealt in slot order, the tracked
    cards (`values`) where the layout names them. Writes the states to `out`."""
    n = ints[L_PLAYERS]
    phase = ints[L_PHASE]
    n_up = ints[L_UP]
    missing_up = ints[L_MISSING_UP]
    exch = ints[L_EXCHANGED]
    n_tail = ints[L_TAIL]
    sa_kind = ints[L_SET_ASIDE]
    sa_var = ints[L_SET_ASIDE_VAR]
    n_known = ints[L_KNOWN]
    rs = np.empty(1, dtype=np.uint64)
    pool = np.empty(32, dtype=np.int64)
    for r in range(values.shape[0]):
        st = out[r]
        st[:] = base
        m = 0
        for c in range(10):
            for _ in range(pools[r, c]):
                pool[m] = c
                m += 1
        rs[0] = states_rng[r]
        for i in range(m - 1, 0, -1):
            j = below(rs, i + 1)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        states_rng[r] = rs[0]
        pos = 0
        for i in range(n):
            b = L_HANDS + HAND_STRIDE * i
            kind = ints[b]
            if kind == HAND_NONE:
                st[HAND + i] = -1
            elif kind == HAND_TRACKED:
                st[HAND + i] = values[r, ints[b + 1]]
            elif kind == HAND_UNTOUCHED:
                st[HAND + i] = pool[pos]
                pos += 1
            else:
                st[HAND + i] = values[r, ints[b + 1]]
                if phase == 0:
                    st[DRAWN] = values[r, ints[b + 2]]
                else:
                    k = 0
                    for j in range(2):
                        if ints[b + 2 + j] >= 0:
                            st[CH + j] = values[r, ints[b + 2 + j]]
                            k += 1
                    st[NCH] = k
        if sa_kind == 0:
            st[SETASIDE] = -1
        elif sa_kind == 1:
            st[SETASIDE] = pool[pos]
            pos += 1
        else:
            st[SETASIDE] = values[r, sa_var]
        d = exch + n_tail
        st[DECKN] = d
        for k in range(exch):
            st[DECK + d - 1 - k] = pool[pos]
            pos += 1
        for k in range(n_tail):
            st[DECK + d - 1 - exch - k] = values[r, ints[L_TAIL_VARS + k]]
        for k in range(missing_up):
            st[UP + n_up + k] = pool[pos]
            pos += 1
        st[NUP] = n_up + missing_up
        for k in range(MAXP * MAXP):
            st[KNOWN + k] = -1
        for k in range(n_known):
            o = ints[L_KNOWN_PAIRS + 2 * k]
            h = ints[L_KNOWN_PAIRS + 2 * k + 1]
            st[KNOWN + o * MAXP + h] = st[HAND + h]
