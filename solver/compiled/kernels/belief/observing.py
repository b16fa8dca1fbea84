"""The belief updated by what the viewer observes (`solver.policies.belief.observing.observe`, on arrays)."""

from __future__ import annotations

from numba import njit
from solver.compiled.kernels.round_array import (BARON, CH, CHANCELLOR, CARD_COUNTER, CUR, DECKN, DISC, DLEN, DRAWN, E_VALUE,
                                          EXPLORE_P, EXPLORE_Q, GUARD, HAND, KING, KNOWN, MAXD, MAXP, NCH, N_, OUT,
                                          PHASE, PRINCE)
from solver.compiled.kernels.round_rules import legal_actions
from solver.compiled.kernels.outcomes import B_WIN, baron_outcome
from solver.compiled.kernels.card_counter import card_counter_choices
from solver.compiled.kernels.belief.offsets import (NC, EPS, I_POOL, I_UNK, I_SEEN, I_DSEAT, I_DHOW, I_GOT, I_HAND,
                                                   F_MASS, SRC, CHSRC)
from solver.compiled.kernels.belief.weights import (unknown_pool, draw_source, pool_of, normalise_row, reweigh, point,
                                                  fresh, drawn_by_viewer)


@njit(cache=True)
def likelihood(work, ed, seat, held, drawn, c, t, g, code, acts, ties):
    """P(the play (c, t, g) | `seat` holds {held, drawn}) under the opponent type `code`, at `work` (a copy
    of the state, whose hand of `seat` is set here)."""
    lo = held if held <= drawn else drawn
    hi = drawn if held <= drawn else held
    work[HAND + seat] = lo
    work[DRAWN] = hi
    m = legal_actions(work, ed, acts)
    found = False
    for i in range(m):
        if acts[i, 0] == c and acts[i, 1] == t and acts[i, 2] == g:
            found = True
            break
    if not found:
        return 0.0
    if code != CARD_COUNTER:
        return 1.0 / float(m)
    if m == 1:
        return 1.0
    k = card_counter_choices(work, ed, ties)
    tied = False
    for i in range(k):
        if ties[i, 0] == c and ties[i, 1] == t and ties[i, 2] == g:
            tied = True
            break
    p = EXPLORE_P
    q = EXPLORE_Q
    den = q * m * k
    if tied:
        return float((q - p) * m + p * k) / float(den)
    return float(p * k) / float(den)


@njit(cache=True)
def _opponent_played(st, ed, bw, bc, bi, nt, tcodes, viewer, seat, c0, t0, g0, pool, work, acts, ties, new, like, iw,
                     fw):
    """`solver.policies.belief.observing._opponent_played`: the opponent at `st` played (c0, t0, g0). `like[t, x]`:
    the play's likelihood from the hand {c0, x} (computed once, when first needed)."""
    seen = iw[I_SEEN:I_SEEN + NC]
    pool_of(st, ed, viewer, seen)
    unknown_pool(seen, bi, pool)
    src = bi[SRC + seat]
    n = 0
    for c in range(NC):
        n += pool[c]
    work[:] = st
    for t in range(nt):
        for x in range(NC):
            like[t, x] = -1.0
    masses = fw[F_MASS:F_MASS + 2]
    for t in range(nt):
        for c in range(NC):
            new[t, c] = 0.0
        for c in range(NC):
            bcv = bc[seat, t, c]
            if bcv <= 0.0:
                continue
            for d in range(NC):
                if src >= 0:
                    if d != src:
                        continue
                    chance = 1.0
                else:
                    left = pool[d] - (1 if c == d else 0)
                    if left <= 0:
                        continue
                    chance = left / (n - 1)
                if c != c0 and d != c0:
                    continue
                kept = d if c == c0 else c
                lk = like[t, kept]
                if lk < 0.0:
                    lk = likelihood(work, ed, seat, c0, kept, c0, t0, g0, tcodes[t], acts, ties)
                    like[t, kept] = lk
                if lk <= 0.0:
                    continue
                new[t, kept] += bcv * chance * lk
        m = 0.0
        for c in range(NC):
            m += new[t, c]
        masses[t] = m
    total = 0.0
    for t in range(nt):
        total += bw[t] * masses[t]
    if total <= 0.0:
        fresh(bc, nt, seat, pool)
        return
    for t in range(nt):
        if masses[t] > 0.0:
            for c in range(NC):
                bc[seat, t, c] = new[t, c] / masses[t]
        bw[t] = bw[t] * masses[t] / total


@njit(cache=True)
def _keep(new, t, hand, h, p, counter, ed):
    share = p / h
    if counter:
        best = hand[0]
        for i in range(1, h):
            if ed[E_VALUE + hand[i]] > ed[E_VALUE + best]:
                best = hand[i]
        new[t, best] += p * (1.0 - EPS)
        share = p * EPS / h
    for i in range(h):
        new[t, hand[i]] += share


@njit(cache=True)
def _chancellor_kept(st, ed, bw, bc, bi, nt, tcodes, viewer, seat, pool, new, iw):
    """`solver.policies.belief.observing._chancellor_kept`."""
    seen = iw[I_SEEN:I_SEEN + NC]
    pool_of(st, ed, viewer, seen)
    unknown_pool(seen, bi, pool)
    drew = st[NCH]
    n = 0
    for c in range(NC):
        n += pool[c]
    s0 = bi[CHSRC]
    s1 = bi[CHSRC + 1]
    hand = iw[I_HAND:I_HAND + 3]
    for t in range(nt):
        for c in range(NC):
            new[t, c] = 0.0
        counter = tcodes[t] == CARD_COUNTER
        for c in range(NC):
            bcv = bc[seat, t, c]
            if bcv <= 0.0:
                continue
            for x in range(NC):
                if s0 >= 0:
                    if x != s0:
                        continue
                    px = bcv
                else:
                    lx = pool[x] - (1 if x == c else 0)
                    if lx <= 0:
                        continue
                    px = bcv * lx / (n - 1)
                hand[0] = c
                hand[1] = x
                if drew == 1:
                    _keep(new, t, hand, 2, px, counter, ed)
                    continue
                for y in range(NC):
                    if s1 >= 0:
                        if y != s1:
                            continue
                        py = px
                    else:
                        ly = pool[y] - (1 if y == c else 0) - (1 if y == x else 0)
                        if ly <= 0:
                            continue
                        py = px * ly / (n - 2)
                    hand[2] = y
                    _keep(new, t, hand, 3, py, counter, ed)
    for t in range(nt):
        for c in range(NC):
            bc[seat, t, c] = new[t, c]
        normalise_row(bc, seat, t)


@njit(cache=True)
def observe(st0, row, st1, ed, bw, bc, bi, nt, tcodes, viewer, scratch, work, acts, ties, iw, fw):
    """`solver.policies.belief.observe`: the action `row` applied at `st0` led to `st1` (not over).
    `scratch`: a float64[4, NC] buffer."""
    actor = st0[CUR]
    n = st0[N_]
    pool = iw[I_POOL:I_POOL + NC]
    unknown = iw[I_UNK:I_UNK + NC]
    if actor != viewer and st0[PHASE] == 0:
        _opponent_played(st0, ed, bw, bc, bi, nt, tcodes, viewer, actor, row[0], row[1], row[2], pool, work, acts,
                         ties, scratch[0:2], scratch[2:4], iw, fw)
    elif actor != viewer and st0[PHASE] == 1:
        _chancellor_kept(st0, ed, bw, bc, bi, nt, tcodes, viewer, actor, pool, scratch[0:2], iw)
    deck = st0[DECKN]
    # the draws, in order: (seat, how) with how 0 a Chancellor's draw, 1 a Prince's redraw, 2 a turn
    dseat = iw[I_DSEAT:I_DSEAT + 4]
    dhow = iw[I_DHOW:I_DHOW + 4]
    nd = 0
    factors = scratch[0:2]
    play = st0[PHASE] == 0
    if play:
        card = row[0]
        target = row[1]
        if card == CHANCELLOR and st1[PHASE] == 1:
            for j in range(st1[NCH]):
                dseat[nd] = actor
                dhow[nd] = 0
                nd += 1
        prince_draw = card == PRINCE and target >= 0 and not st1[OUT + target] \
            and st1[DLEN + target] > st0[DLEN + target]
        if prince_draw:
            dseat[nd] = target
            dhow[nd] = 1
            nd += 1
        if card == GUARD and target >= 0 and target != viewer and not st1[OUT + target]:
            gg = row[2]
            for t in range(nt):
                for c in range(NC):
                    factors[t, c] = 0.0 if c == gg else 1.0
            reweigh(bw, bc, nt, target, factors, fw)
        elif prince_draw and target != viewer:
            k = st1[DISC + target * MAXD + st1[DLEN + target] - 1]
            for t in range(nt):
                for c in range(NC):
                    factors[t, c] = 1.0 if c == k else 0.0
            reweigh(bw, bc, nt, target, factors, fw)
        elif card == KING and target >= 0 and actor != viewer and target != viewer:
            for t in range(nt):
                for c in range(NC):
                    x = bc[actor, t, c]
                    bc[actor, t, c] = bc[target, t, c]
                    bc[target, t, c] = x
        elif card == KING and target >= 0 and not st1[OUT + viewer]:
            o = target if actor == viewer else actor
            got = st1[HAND + viewer]
            for t in range(nt):
                for c in range(NC):
                    factors[t, c] = 1.0 if c == got else 0.0
            reweigh(bw, bc, nt, o, factors, fw)
        elif card == BARON and target >= 0 and actor != viewer and target != viewer:
            for side in range(2):
                loser = actor if side == 0 else target
                winner = target if side == 0 else actor
                if st1[OUT + loser] and not st0[OUT + loser] and not st1[OUT + winner]:
                    lost = st1[DISC + loser * MAXD + st1[DLEN + loser] - 1]
                    for t in range(nt):
                        for c in range(NC):
                            factors[t, c] = 1.0 if baron_outcome(ed, c, lost) == B_WIN else 0.0
                    reweigh(bw, bc, nt, winner, factors, fw)
    else:  # a Chancellor's choice: the returned cards under the deck, the last one at the very bottom
        nb = row[3]
        m = bi[0]
        for j in range(nb):
            bi[1 + m + j] = row[1 + j] if actor == viewer else -1
        bi[0] = m + nb
        deck += nb
    if st1[PHASE] == 0:
        dseat[nd] = st1[CUR]
        dhow[nd] = 2
        nd += 1
    # the cards the viewer drew, in order
    got_cards = iw[I_GOT:I_GOT + 4]
    ng = 0
    k = 0
    for i in range(nd):
        if dseat[i] == viewer:
            if dhow[i] == 0:
                got_cards[ng] = st1[CH + k]
                k += 1
            elif dhow[i] == 1:
                got_cards[ng] = st1[HAND + viewer]
            else:
                got_cards[ng] = st1[DRAWN]
            ng += 1
    pool_of(st1, ed, viewer, pool)
    for i in range(ng):
        pool[got_cards[i]] += 1
    ch = 0
    gi = 0
    for i in range(nd):
        seat = dseat[i]
        src = draw_source(bi, deck)
        if deck > 0:
            deck -= 1
        if seat == viewer:
            x = got_cards[gi]
            gi += 1
            if src < 0:
                unknown_pool(pool, bi, unknown)
                drawn_by_viewer(st1, bw, bc, nt, viewer, unknown, x, factors, fw)
            pool[x] -= 1
        elif dhow[i] == 1:
            if src >= 0:
                for t in range(nt):
                    for c in range(NC):
                        bc[seat, t, c] = 1.0 if c == src else 0.0
            else:
                unknown_pool(pool, bi, unknown)
                fresh(bc, nt, seat, unknown)
        elif dhow[i] == 2:
            bi[SRC + seat] = src
        else:
            bi[CHSRC + ch] = src
            ch += 1
    for h in range(n):
        kk = st1[KNOWN + viewer * MAXP + h]
        if kk >= 0 and h != viewer and not st1[OUT + h]:
            point(bw, bc, nt, h, kk, factors, fw)
