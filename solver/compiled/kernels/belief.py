"""The compiled belief play-out: `solver.policies.belief` on the state array, the same updates in the
same order of floating-point operations and the same choices in the engine's order.

The belief is three arrays: `bw[t]`, the weight of opponent type t (of `nt`, with model codes `tcodes`:
RANDOM or COUNTING), `bc[seat, t, card]`, the probability that `seat` holds `card` under type t, and
`bi`, what the viewer knows of the deck's order (`Belief.tail`, `src`, `chsrc`): bi[0] the tail's length,
bi[1:1 + MAXDECK] the tail in draw order, bi[SRC + seat], bi[CHSRC + i].
"""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels.rows import (BARON, CH, CHANCELLOR, COUNTING, CUR, DECKN, DISC, DLEN, DRAWN,
                                          E_COMP, E_VALUE, EXPLORE_P, EXPLORE_Q, GUARD, HAND, KING, KNOWN,
                                          MAXACTS, MAXD, MAXDECK, MAXP, NCH, NUP, N_, OUT, PHASE, PRIEST,
                                          PRINCE, PRINCESS, SETASIDE, SIZE, SPYB, UP, WIN, below)
from solver.compiled.kernels.rules import apply_row, chancellor_choices, legal_actions, legal_plays
from solver.compiled.kernels.counter import counting_choices

NC = 10
_EPS = EXPLORE_P / EXPLORE_Q
#: The workspaces a play-out's belief works in (nothing allocated on its way): `iw` int64[IW_SIZE] and `fw`
#: float64[FW_SIZE], in parts at these offsets.
I_POOL, I_UNK, I_SEEN, I_DSEAT, I_DHOW, I_GOT, I_HAND, I_HAS, I_OPTS, I_INOPT = 0, 10, 20, 30, 34, 38, 42, 45, 55, 65
IW_SIZE = 80
F_MASS, F_DIST, F_VALS = 0, 2, 2 + MAXP * NC
FW_SIZE = F_VALS + MAXACTS
#: `bi`'s layout: the tail's length at 0, the tail from 1, then each seat's source, then the Chancellor's.
SRC = 1 + MAXDECK
CHSRC = SRC + MAXP
BI_SIZE = CHSRC + 2


@njit(cache=True)
def _unknown(pool, bi, out):
    """`solver.policies.belief._unknown`: the pool without the tail's known cards."""
    for c in range(NC):
        out[c] = pool[c]
    for i in range(bi[0]):
        c = bi[1 + i]
        if c >= 0:
            out[c] -= 1


@njit(cache=True)
def _draw_source(bi, deck):
    """`solver.policies.belief._draw_source`."""
    n = bi[0]
    if deck - n > 0 or n == 0:
        return -1
    c = bi[1]
    for i in range(n - 1):
        bi[1 + i] = bi[2 + i]
    bi[0] = n - 1
    return c


@njit(cache=True)
def pool_of(st, ed, viewer, pool):
    """The cards the viewer has not seen, by number (`solver.policies.belief.pool_of`)."""
    n = st[N_]
    for c in range(NC):
        pool[c] = ed[E_COMP + c]
    for i in range(n):
        base = DISC + i * MAXD
        for j in range(st[DLEN + i]):
            pool[st[base + j]] -= 1
    for i in range(st[NUP]):
        pool[st[UP + i]] -= 1
    h = st[HAND + viewer]
    if h >= 0:
        pool[h] -= 1
    if st[CUR] == viewer:
        if st[PHASE] == 0 and st[DRAWN] >= 0:
            pool[st[DRAWN]] -= 1
        elif st[PHASE] == 1:
            for j in range(st[NCH]):
                pool[st[CH + j]] -= 1
    for c in range(NC):
        if pool[c] < 0:
            pool[c] = 0


@njit(cache=True)
def hand_of(bw, bc, nt, seat, out):
    """The belief about `seat`'s card over the types (`Belief.hand`)."""
    for c in range(NC):
        out[c] = 0.0
    for t in range(nt):
        w = bw[t]
        for c in range(NC):
            out[c] += w * bc[seat, t, c]


@njit(cache=True)
def _normalise_row(bc, seat, t):
    total = 0.0
    for c in range(NC):
        total += bc[seat, t, c]
    if total <= 0.0:
        return
    for c in range(NC):
        bc[seat, t, c] = bc[seat, t, c] / total


@njit(cache=True)
def _reweigh(bw, bc, nt, seat, factors, fw):
    """`solver.policies.belief._reweigh`: factors[t, c]."""
    masses = fw[F_MASS:F_MASS + 2]
    for t in range(nt):
        m = 0.0
        for c in range(NC):
            row_c = bc[seat, t, c] * factors[t, c]
            m += row_c
        masses[t] = m
    total = 0.0
    for t in range(nt):
        total += bw[t] * masses[t]
    if total <= 0.0:
        return
    for t in range(nt):
        m = masses[t]
        if m > 0.0:
            for c in range(NC):
                bc[seat, t, c] = bc[seat, t, c] * factors[t, c] / m
        bw[t] = bw[t] * m / total


@njit(cache=True)
def _point(bw, bc, nt, seat, k, factors, fw):
    """What the viewer sees: `seat` holds `k` (its probability weighs the types), then the point itself."""
    for t in range(nt):
        for c in range(NC):
            factors[t, c] = 1.0 if c == k else 0.0
    _reweigh(bw, bc, nt, seat, factors, fw)
    for t in range(nt):
        for c in range(NC):
            bc[seat, t, c] = 1.0 if c == k else 0.0


@njit(cache=True)
def _fresh(bc, nt, seat, pool):
    """A card drawn fresh from the unseen cards (`_fresh`), under every type."""
    total = 0.0
    for c in range(NC):
        total += float(pool[c])
    for t in range(nt):
        for c in range(NC):
            bc[seat, t, c] = float(pool[c]) / total if total > 0.0 else float(pool[c])


@njit(cache=True)
def _drawn_by_viewer(st, bw, bc, nt, viewer, unknown, x, factors, fw):
    n = 0
    for c in range(NC):
        n += unknown[c]
    if n <= 1:
        return
    for s in range(st[N_]):
        if s == viewer or st[OUT + s]:
            continue
        for t in range(nt):
            for c in range(NC):
                factors[t, c] = float(unknown[x] - (1 if c == x else 0))
        _reweigh(bw, bc, nt, s, factors, fw)


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
    if code != COUNTING:
        return 1.0 / float(m)
    if m == 1:
        return 1.0
    k = counting_choices(work, ed, ties)
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
    """`solver.policies.belief._opponent_played`: the opponent at `st` played (c0, t0, g0). `like[t, x]`:
    the play's likelihood from the hand {c0, x} (computed once, when first needed)."""
    seen = iw[I_SEEN:I_SEEN + NC]
    pool_of(st, ed, viewer, seen)
    _unknown(seen, bi, pool)
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
        _fresh(bc, nt, seat, pool)
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
        new[t, best] += p * (1.0 - _EPS)
        share = p * _EPS / h
    for i in range(h):
        new[t, hand[i]] += share


@njit(cache=True)
def _chancellor_kept(st, ed, bw, bc, bi, nt, tcodes, viewer, seat, pool, new, iw):
    """`solver.policies.belief._chancellor_kept`."""
    seen = iw[I_SEEN:I_SEEN + NC]
    pool_of(st, ed, viewer, seen)
    _unknown(seen, bi, pool)
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
        counter = tcodes[t] == COUNTING
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
        _normalise_row(bc, seat, t)


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
            _reweigh(bw, bc, nt, target, factors, fw)
        elif prince_draw and target != viewer:
            k = st1[DISC + target * MAXD + st1[DLEN + target] - 1]
            for t in range(nt):
                for c in range(NC):
                    factors[t, c] = 1.0 if c == k else 0.0
            _reweigh(bw, bc, nt, target, factors, fw)
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
            _reweigh(bw, bc, nt, o, factors, fw)
        elif card == BARON and target >= 0 and actor != viewer and target != viewer:
            for side in range(2):
                loser = actor if side == 0 else target
                winner = target if side == 0 else actor
                if st1[OUT + loser] and not st0[OUT + loser] and not st1[OUT + winner]:
                    lost = st1[DISC + loser * MAXD + st1[DLEN + loser] - 1]
                    for t in range(nt):
                        for c in range(NC):
                            factors[t, c] = 1.0 if ed[E_VALUE + c] > ed[E_VALUE + lost] else 0.0
                    _reweigh(bw, bc, nt, winner, factors, fw)
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
        src = _draw_source(bi, deck)
        if deck > 0:
            deck -= 1
        if seat == viewer:
            x = got_cards[gi]
            gi += 1
            if src < 0:
                _unknown(pool, bi, unknown)
                _drawn_by_viewer(st1, bw, bc, nt, viewer, unknown, x, factors, fw)
            pool[x] -= 1
        elif dhow[i] == 1:
            if src >= 0:
                for t in range(nt):
                    for c in range(NC):
                        bc[seat, t, c] = 1.0 if c == src else 0.0
            else:
                _unknown(pool, bi, unknown)
                _fresh(bc, nt, seat, unknown)
        elif dhow[i] == 2:
            bi[SRC + seat] = src
        else:
            bi[CHSRC + ch] = src
            ch += 1
    for h in range(n):
        kk = st1[KNOWN + viewer * MAXP + h]
        if kk >= 0 and h != viewer and not st1[OUT + h]:
            _point(bw, bc, nt, h, kk, factors, fw)


@njit(cache=True)
def _put(out, m, acts, i):
    for j in range(4):
        out[m, j] = acts[i, j]
    return m + 1


@njit(cache=True)
def belief_choices(st, ed, bw, bc, nt, acts, out, iw, fw):
    """`solver.policies.belief.belief_choices` as rows of `out` (their number); `acts`: a buffer."""
    m = legal_actions(st, ed, acts)
    if m == 1:
        return _put(out, 0, acts, 0)
    seat = st[CUR]
    if st[PHASE] == 1:
        k = counting_choices(st, ed, out)  # (the Chancellor's keep: the highest card)
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
        mine = ed[E_VALUE + other]
        best_edge = 0.0
        for i in range(m):
            t = acts[i, 1]
            if acts[i, 0] != BARON or t < 0:
                continue
            win = 0.0
            lose = 0.0
            for c in range(NC):
                v = ed[E_VALUE + c]
                if v < 0:
                    continue
                if v < mine:
                    win += dist[t, c]
                elif v > mine:
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
                mx = 0.0
                for c in range(NC):
                    if dist[t, c] > mx:
                        mx = dist[t, c]
                if mx < least:
                    least = mx
        if least <= 1.0:
            for i in range(m):
                t = acts[i, 1]
                if acts[i, 0] == PRIEST and t >= 0:
                    mx = 0.0
                    for c in range(NC):
                        if dist[t, c] > mx:
                            mx = dist[t, c]
                    if mx == least:
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
    _unknown(seen, bi, pool)
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
    COUNTING, `play_on`'s draws). With `watch`, stop when that seat is out before its next turn
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
            counting = False
            if model == COUNTING:
                counting = below(rs, EXPLORE_Q) >= EXPLORE_P
            if counting:
                mm = counting_choices(st, ed, acts)
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
