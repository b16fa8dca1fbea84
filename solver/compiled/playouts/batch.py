"""The compiled play-outs' batch (`run_items`): (deal, play) pairs played out in order as
`solver.advice.playouts.Playouts.run` does, each to a leaf, the next decision or the round's end,
stopping at a key the leaf table wants valued (`NEED_LEAF`); the leaf table's entries set in compiled
code (`put_leaf`)."""

from __future__ import annotations

import math

import numpy as np
from numba import njit
from solver.compiled.kernels import (CUR, DECKN, MAXACTS, N_, OUT, PHASE, SIZE, SPYB, WIN, apply_row, choice_row,
                                     card_counter_choices, legal_actions, below, next64, observe)
from solver.compiled.kernels.belief import FW_SIZE, IW_SIZE
from solver.compiled.playouts.keys import action_hash, hash_in, view_hash
from solver.compiled.playouts.finishing import finish, finish_after, finish_from
from solver.compiled.playouts.decisions import FULL, MIN, catch_up, played, record

#: Kernel statuses.
DONE = 0
NEED_LEAF = 1


@njit(cache=True)
def run_items(deals, types, seeds, roots, items, start, viewer, decisions, ed,
              nd_index, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, nd_ltail, rows, s1, s2, kk,
              def_state, def_taken, def_seed, def_type, def_mine, def_next,
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
        opponent_type = types[di]
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
        h = hash_in(np.uint64(0x1234567), ai)
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
                h = action_hash(h, st, acts, 0, viewer)
                i = 0
            else:
                if st[OUT + viewer] and not seen_turn:
                    how = 2
                    break
                by_card_counter = False
                if opponent_type == 1:
                    by_card_counter = below(rs, 10) >= 1
                if by_card_counter:
                    k = card_counter_choices(st, ed, acts)
                else:
                    k = legal_actions(st, ed, acts)
                i = below(rs, k)
                h = action_hash(h, st, acts, i, viewer)
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
                        card_counter_choices(st, ed, choice)
                    for j in range(4):
                        row[j] = choice[0, j]
                    stopped = finish_after(st, ed, row, rs, viewer, opponent_type, work, bw, bc, bi, nt, tcodes, use_belief)[2]
                out[pos, 0] = leaf_win[found]
                out[pos, 1] = leaf_tokens[found]
                out[pos, 2] = 1.0 if ko else 0.0
                out[pos, 3] = 1.0 if stopped else 0.0
                out[pos, 4] = 1.0
                out[pos, 5] = 1.0
                continue
        if not decisions:
            win, tokens, stopped = finish(st, ed, rs, viewer, opponent_type, bw, bc, bi, nt, tcodes, use_belief)
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
                card_counter_choices(st, ed, choice)
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
            catch_up(node, ed, viewer, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, rows, s1, s2, kk,
                      def_state, def_taken, def_seed, def_type, def_mine, def_next, work, nd_bw, nd_bc, nd_bi, nt,
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
        win, tokens, stopped = finish_from(st, ed, row, seed2, viewer, opponent_type, work, nd_bw[node], nd_bc[node],
                                            nd_bi[node], nt, tcodes, use_belief)
        if nd_n[node] + nd_lcount[node] < FULL:
            if nd_n[node] + nd_lcount[node] < MIN:
                j = len(def_taken)
                def_state.append(st.copy())
                def_taken.append(taken)
                def_seed.append(seed2)
                def_type.append(opponent_type)
                def_mine.append(win)
                def_next.append(-1)
                if nd_lhead[node] < 0:
                    nd_lhead[node] = j
                else:
                    def_next[nd_ltail[node]] = j
                nd_ltail[node] = j
                nd_lcount[node] += 1
            else:
                catch_up(node, ed, viewer, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, rows, s1, s2, kk,
                          def_state, def_taken, def_seed, def_type, def_mine, def_next, work, nd_bw, nd_bc, nd_bi, nt,
                          tcodes, use_belief)
                wins = played(st, ed, node, taken, seed2, opponent_type, win, viewer, nd_m, nd_off, rows, work, nd_bw[node],
                               nd_bc[node], nd_bi[node], nt, tcodes, use_belief)
                record(node, nd_n, nd_h, nd_m, nd_off, s1, s2, kk, wins)
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
