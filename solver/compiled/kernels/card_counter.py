"""The compiled card counter (`card_counter_choices`): `solver.policies.heuristics.card_counter_choices` on the
state array, the same best plays in the same order."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels.round_array import (BARON, CH, CUR, DISC, DLEN, DRAWN, E_COMP, E_GUESS, E_NGUESS,
                                          E_VALUE, E_VOID, GUARD, HAND, KIND, KNOWN, MAXD, MAXP, NCH, NEG,
                                          NUP, N_, OUT, PHASE, PRIEST, PRINCE, PRINCESS, PROT, UP, ZERO_)
from solver.compiled.kernels.round_rules import open_targets, playable, put
from solver.compiled.kernels.outcomes import B_WIN, baron_outcome


# --- the card counter ---------------------------------------------------------------------------
@njit(cache=True)
def card_counter_choices(st, ed, acts):
    """The card counter's heuristic's best plays for the player to move, in the engine's order
    (`solver.policies.heuristics.card_counter_choices`, the same rules), as rows of an
    action buffer; their number."""
    seat = np.int64(st[CUR])
    n = st[N_]
    if st[PHASE] == 1:
        held = np.empty(3, dtype=np.int64)
        held[0] = st[HAND + seat]
        h = 1 + st[NCH]
        for i in range(st[NCH]):
            held[1 + i] = st[CH + i]
        top = 0
        for i in range(h):
            if held[i] > held[top]:
                top = i
        keep = held[top]
        rest = np.empty(2, dtype=np.int64)
        r = 0
        for i in range(h):
            if i != top:
                rest[r] = held[i]
                r += 1
        acts[0, 0] = keep
        if r == 2:
            hi = rest[0] if rest[0] > rest[1] else rest[1]
            lo = rest[1] if rest[0] > rest[1] else rest[0]
            acts[0, 1] = hi
            acts[0, 2] = lo
            acts[0, 3] = 2
        else:
            acts[0, 1] = rest[0]
            acts[0, 2] = -1
            acts[0, 3] = 1
        return 1
    a = np.int64(st[HAND + seat])
    b = np.int64(st[DRAWN])
    void = ed[E_VOID]
    tg = np.empty(MAXP, dtype=np.int64)
    k = open_targets(st, seat, tg)
    cards = np.empty(2, dtype=np.int64)
    nc = playable(a, b, cards)
    if nc == 1:
        c = cards[0]
        kind = KIND[c]
        if kind == 0 or ((kind == 1 or kind == 2) and k == 0):
            return put(acts, ZERO_, c, NEG, NEG)
        if kind == 3 and k == 0:
            return put(acts, ZERO_, c, seat, NEG)
    # known[h]: the card `seat` remembers in h's hand, or -1
    known = np.empty(MAXP, dtype=np.int64)
    for h in range(MAXP):
        known[h] = st[KNOWN + seat * MAXP + h]
    unseen = np.empty(10, dtype=np.int64)
    for c in range(10):
        unseen[c] = ed[E_COMP + c]
    for i in range(n):
        base = DISC + i * MAXD
        for j in range(st[DLEN + i]):
            unseen[st[base + j]] -= 1
    for i in range(st[NUP]):
        unseen[st[UP + i]] -= 1
    unseen[a] -= 1
    unseen[b] -= 1
    for h in range(MAXP):
        c = known[h]
        if c >= 0 and unseen[c] > 0:
            unseen[c] -= 1
    total = 0
    for c in range(10):
        if unseen[c] < 0:
            unseen[c] = 0
        total += unseen[c]
    if total == 0:
        total = 1
    # options: the playable cards but the Princess (unless she is the only one)
    opts = np.empty(2, dtype=np.int64)
    no = 0
    for ci in range(nc):
        if cards[ci] != PRINCESS:
            opts[no] = cards[ci]
            no += 1
    if no == 0:
        for ci in range(nc):
            opts[ci] = cards[ci]
        no = nc
    has_guard = False
    has_prince = False
    has_baron = False
    for ci in range(no):
        if opts[ci] == GUARD:
            has_guard = True
        elif opts[ci] == PRINCE:
            has_prince = True
        elif opts[ci] == BARON:
            has_baron = True
    ng = ed[E_NGUESS]
    if has_guard and k:
        top = -1
        for gi in range(ng):
            u = unseen[ed[E_GUESS + gi]]
            if u > top:
                top = u
        best = -1
        m = ZERO_
        for j in range(k):
            t = tg[j]
            held = known[t]
            if held < 0:
                mt = top
            else:
                mt = 0
                for gi in range(ng):
                    if ed[E_GUESS + gi] == held:
                        mt = total
            if mt < best:
                continue
            if mt > best:
                best = mt
                m = ZERO_
            for gi in range(ng):
                g = ed[E_GUESS + gi]
                if held < 0:
                    hit = unseen[g]
                else:
                    hit = total if held == g else 0
                if hit == mt:
                    m = put(acts, m, GUARD, t, g)
        return m
    if has_prince:
        m = ZERO_
        for j in range(k):
            if known[tg[j]] == PRINCESS:
                m = put(acts, m, PRINCE, tg[j], NEG)
        if m:
            return m
    if has_baron:
        other = b if a == BARON else a
        mine = ed[E_VALUE + other]
        # plays: the targets (and -1 into the void when allowed), or -1 with no target
        pl = np.empty(MAXP + 1, dtype=np.int64)
        npl = 0
        if k:
            for j in range(k):
                pl[npl] = tg[j]
                npl += 1
            if void:
                pl[npl] = -1
                npl += 1
        else:
            pl[0] = -1
            npl = 1
        m = ZERO_
        for j in range(npl):
            t = pl[j]
            if t >= 0 and known[t] >= 0 and baron_outcome(ed, other, known[t]) == B_WIN:
                m = put(acts, m, BARON, t, NEG)
        if m:
            return m
        avg = 0
        for c in range(10):
            if unseen[c]:
                avg += ed[E_VALUE + c] * unseen[c]
        if mine * total > avg:
            for j in range(npl):
                t = pl[j]
                if t < 0 or known[t] < 0:
                    m = put(acts, m, BARON, t, NEG)
            if m:
                return m
    # the lowest card but the Baron (unless the Baron is all there is): keep the higher one
    card = -1
    for ci in range(no):
        if opts[ci] != BARON:
            card = opts[ci]
            break
    if card < 0:
        card = opts[0]
    kind = KIND[card]
    if kind == 0:
        return put(acts, ZERO_, card, NEG, NEG)
    m = ZERO_
    if kind == 3:
        # sorted(targets + [seat]) + ([None] if void and k), without the seat unless it is all
        away = 0
        for i in range(n):
            if i != seat and st[OUT + i] == 0 and st[PROT + i] == 0:
                m = put(acts, m, card, i, NEG)
                away += 1
        if void and k:
            m = put(acts, m, card, NEG, NEG)
        if m == 0:
            m = put(acts, m, card, seat, NEG)
        return m
    pl = np.empty(MAXP + 1, dtype=np.int64)
    npl = 0
    if k:
        for j in range(k):
            pl[npl] = tg[j]
            npl += 1
        if void:
            pl[npl] = -1
            npl += 1
    else:
        pl[0] = -1
        npl = 1
    if card == PRIEST:
        for j in range(npl):
            t = pl[j]
            if t < 0 or known[t] < 0:
                m = put(acts, m, card, t, NEG)
        if m:
            return m
    for j in range(npl):
        m = put(acts, m, card, pl[j], NEG)
    return m
