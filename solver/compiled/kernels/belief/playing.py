"""The viewer's turns on its belief and the belief play-out (`solver.policies.belief.playing`, on arrays)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels.round_array import (BARON, CARD_COUNTER, CUR, DECKN, DRAWN, E_VALUE, EXPLORE_P, EXPLORE_Q, GUARD,
                                          HAND, MAXACTS, MAXP, N_, OUT, PHASE, PRIEST, PRINCE, PRINCESS, SETASIDE,
                                          SIZE, SPYB, WIN, below)
from solver.compiled.kernels.round_rules import apply_row, chancellor_choices, legal_actions, legal_plays
from solver.compiled.kernels.outcomes import B_LOSE, B_WIN, baron_outcome
from solver.compiled.kernels.card_counter import card_counter_choices
from solver.compiled.kernels.belief.offsets import (NC, I_POOL, I_SEEN, I_HAS, I_OPTS, I_INOPT, IW_SIZE, F_DIST,
                                                   F_VALS, FW_SIZE)
from solver.compiled.kernels.belief.weights import unknown_pool, pool_of, hand_of
from solver.compiled.kernels.belief.observing import observe


@njit(cache=True)
def _put(out, m, acts, i):
    for j in range(4):
        out[m, j] = acts[i, j]
    return m + 1


@njit(cache=True, inline="always")
def _surest(dist, t):
    """The largest chance of one card in `t`'s row of `dist` (how sure the viewer is of its card)."""
    mx = 0.0
    for c in range(NC):
        if dist[t, c] > mx:
            mx = dist[t, c]
    return mx


@njit(cache=True)
def belief_choices(st, ed, bw, bc, nt, acts, out, iw, fw):
    """`solver.policies.belief.belief_choices` as rows of `out` (their number); `acts`: a buffer."""
    m = legal_actions(st, ed, acts)
    if m == 1:
        return _put(out, 0, acts, 0)
    seat = st[CUR]
    if st[PHASE] == 1:
        k = card_counter_choices(st, ed, out)  # (the Chancellor's keep: the highest card)
        return k
    a = st[HAND + seat]
    b = st[DRAWN]
    # the cards of the legal plays, by value; the options (no Princess unless she is all)
    has = iw[I_HAS:I_HAS + NC]
    for c in range(NC):
        has[c] = 0
    for i in range(m):
        has[acts[i, 0]] = 1
    opts = iw[I_OPTS:I_OPTS + NC]
    no = 0
    for c in range(NC):
        if has[c] and c != PRINCESS:
            opts[no] = c
            no += 1
    if no == 0:
        for c in range(NC):
            if has[c]:
                opts[no] = c
                no += 1
    # (cards by number: the same order as by value in every edition)
    in_opts = iw[I_INOPT:I_INOPT + NC]
    for c in range(NC):
        in_opts[c] = 0
    for i in range(no):
        in_opts[opts[i]] = 1
    dist = fw[F_DIST:F_DIST + MAXP * NC].reshape((MAXP, NC))
    n = st[N_]
    for s in range(n):
        if s != seat:
            hand_of(bw, bc, nt, s, dist[s])
    k = 0
    if in_opts[GUARD]:
        top = -1.0
        any_named = False
        for i in range(m):
            if acts[i, 0] == GUARD and acts[i, 2] >= 0:
                p = dist[acts[i, 1], acts[i, 2]]
                if not any_named or p > top:
                    top = p
                any_named = True
        if any_named:
            for i in range(m):
                if acts[i, 0] == GUARD and acts[i, 2] >= 0 and dist[acts[i, 1], acts[i, 2]] == top:
                    k = _put(out, k, acts, i)
            return k
    if in_opts[PRINCE]:
        top = -1.0
        for i in range(m):
            t = acts[i, 1]
            if acts[i, 0] == PRINCE and t >= 0 and t != seat and dist[t, PRINCESS] > 0.5:
                if dist[t, PRINCESS] > top:
                    top = dist[t, PRINCESS]
        if top >= 0.0:
            for i in range(m):
                t = acts[i, 1]
                if acts[i, 0] == PRINCE and t >= 0 and t != seat and dist[t, PRINCESS] > 0.5 \
                        and dist[t, PRINCESS] == top:
                    k = _put(out, k, acts, i)
            return k
    if in_opts[BARON]:
        other = b if a == BARON else a
        best_edge = 0.0
        for i in range(m):
            t = acts[i, 1]
            if acts[i, 0] != BARON or t < 0:
                continue
            win = 0.0
            lose = 0.0
            for c in range(NC):
                if ed[E_VALUE + c] < 0:
                    continue
                outcome = baron_outcome(ed, other, c)
                if outcome == B_WIN:
                    win += dist[t, c]
                elif outcome == B_LOSE:
                    lose += dist[t, c]
            edge = win - lose
            if edge > best_edge:
                best_edge = edge
                k = _put(out, 0, acts, i)
            elif edge == best_edge and k > 0:
                k = _put(out, k, acts, i)
        if k > 0:
            return k
    card = -1
    for i in range(no):
        if opts[i] != BARON:
            card = opts[i]
            break
    if card < 0:
        card = opts[0]
    if card == PRINCE:
        for i in range(m):
            if acts[i, 0] == PRINCE and acts[i, 1] != seat:
                k = _put(out, k, acts, i)
        if k > 0:
            return k
        for i in range(m):
            if acts[i, 0] == PRINCE:
                k = _put(out, k, acts, i)
        return k
    if card == PRIEST:
        least = 2.0
        for i in range(m):
            t = acts[i, 1]
            if acts[i, 0] == PRIEST and t >= 0:
                least = min(least, _surest(dist, t))
        if least <= 1.0:
            for i in range(m):
                t = acts[i, 1]
                if acts[i, 0] == PRIEST and t >= 0 and _surest(dist, t) == least:
                    k = _put(out, k, acts, i)
            return k
    for i in range(m):
        if acts[i, 0] == card:
            k = _put(out, k, acts, i)
    return k


@njit(cache=True)
def final_choice(st, ed, bw, bc, bi, nt, viewer, acts, work, out, iw, fw):
    """`solver.policies.belief.final_values`: in a 2-player round with the deck empty, the viewer's legal
    action with the best chance under the belief (the first of the best) written to out[0]; False
    elsewhere (nothing written)."""
    if st[N_] != 2 or st[PHASE] != 0 or st[DECKN] != 0 or st[CUR] != viewer:
        return False
    o = 1 - viewer
    if st[OUT + o]:
        return False
    m = legal_actions(st, ed, acts)
    seen = iw[I_SEEN:I_SEEN + NC]
    pool = iw[I_POOL:I_POOL + NC]
    pool_of(st, ed, viewer, seen)
    unknown_pool(seen, bi, pool)
    n = 0
    for c in range(NC):
        n += pool[c]
    dist = fw[F_DIST:F_DIST + NC]
    hand_of(bw, bc, nt, o, dist)
    values = fw[F_VALS:F_VALS + m]
    for i in range(m):
        values[i] = 0.0
    for c in range(NC):
        if dist[c] <= 0.0 or pool[c] <= 0:
            continue
        aside = st[SETASIDE] >= 0 and n > 1
        for x in range(NC if aside else 1):
            if aside:
                left = pool[x] - (1 if x == c else 0)
                if left <= 0:
                    continue
                ps = left / (n - 1)
            else:
                ps = 1.0
            for i in range(m):
                work[:] = st
                work[HAND + o] = c
                if aside:
                    work[SETASIDE] = x
                apply_row(work, ed, acts, i)
                if (work[WIN] >> viewer) & 1:
                    values[i] += dist[c] * ps
    best = 0
    for i in range(1, m):
        if values[i] > values[best]:
            best = i
    for j in range(4):
        out[0, j] = acts[best, j]
    return True


@njit(cache=True)
def choice_row(st, ed, bw, bc, bi, nt, viewer, acts, work, out, iw, fw):
    """`solver.policies.belief.viewer_choice`: the viewer's action on its belief, written to out[0]."""
    if not final_choice(st, ed, bw, bc, bi, nt, viewer, acts, work, out, iw, fw):
        belief_choices(st, ed, bw, bc, nt, acts, out, iw, fw)


@njit(cache=True)
def belief_play_on(st, ed, rs, viewer, model, watch, bw, bc, bi, nt, tcodes):
    """`solver.policies.belief.belief_playout`'s loop on the array (changed in place), the belief (bw,
    bc) with it: the viewer by the first of `belief_choices`, the others by `model` (RANDOM or
    CARD_COUNTER, `play_on`'s draws). With `watch`, stop when that seat is out before its next turn
    has started and return True."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    choice = np.empty((MAXACTS, 4), dtype=np.int64)
    ties = np.empty((MAXACTS, 4), dtype=np.int64)
    work = np.empty(SIZE, dtype=np.int8)
    before = np.empty(SIZE, dtype=np.int8)
    scratch = np.empty((4, NC), dtype=np.float64)
    row = np.empty(4, dtype=np.int64)
    iw = np.empty(IW_SIZE, dtype=np.int64)
    fw = np.empty(FW_SIZE, dtype=np.float64)
    seen_turn = False
    while st[PHASE] != 2:
        p = st[CUR]
        phase = st[PHASE]
        if watch >= 0:
            if p == watch and phase == 0:
                seen_turn = True
            if st[OUT + watch] and not seen_turn:
                return True
        if p == viewer:
            choice_row(st, ed, bw, bc, bi, nt, viewer, acts, work, choice, iw, fw)
            for j in range(4):
                row[j] = choice[0, j]
        else:
            by_card_counter = False
            if model == CARD_COUNTER:
                by_card_counter = below(rs, EXPLORE_Q) >= EXPLORE_P
            if by_card_counter:
                mm = card_counter_choices(st, ed, acts)
            elif phase == 1:
                mm = chancellor_choices(st, acts)
            else:
                mm = legal_plays(st, ed, acts)
            i = below(rs, mm)
            for j in range(4):
                row[j] = acts[i, j]
        before[:] = st
        for j in range(4):
            choice[0, j] = row[j]
        apply_row(st, ed, choice, 0)
        if st[PHASE] != 2:
            observe(before, row, st, ed, bw, bc, bi, nt, tcodes, viewer, scratch, work, acts, ties, iw, fw)
    return watch >= 0 and st[OUT + watch] == 1 and not seen_turn


@njit(cache=True)
def belief_playout(st, ed, rs, viewer, model, finish, bw, bc, bi, nt, tcodes):
    """`fast_playout` with the viewer's turns on the belief: (winners bits, Spy-bonus seat, viewer out
    before their next turn)."""
    stopped = belief_play_on(st, ed, rs, viewer, model, viewer, bw, bc, bi, nt, tcodes)
    if stopped and st[PHASE] != 2:
        if not finish:
            return 0, -1, True
        belief_play_on(st, ed, rs, viewer, model, -1, bw, bc, bi, nt, tcodes)
    return np.int64(st[WIN]), np.int64(st[SPYB]), stopped
