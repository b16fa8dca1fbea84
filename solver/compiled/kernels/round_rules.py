"""The compiled round's rules: the legal plays in the engine's order (`legal_plays`,
`chancellor_choices`, `legal_actions`) and a play or a Chancellor's choice applied (`apply_play`,
`apply_chancellor`, `apply_row`), the end of a turn and of the round (`end_turn`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import memory, outcomes
from solver.compiled.kernels.round_array import (ALIVE, BARON, CH, CHANCELLOR, COUNTESS, CUR, DECK, DECKN, DISC,
                                          DLEN, DRAWN, E_GUESS, E_NGUESS, E_SPY, E_SPYBLOCK, E_TIE, E_VALUE,
                                          E_VOID, GUARD, HAND, HANDMAID, KIND, KING, MAXD, MAXP, NCH,
                                          NEG, N_, ONE_, OUT, PHASE, PRIEST, PRINCE, PRINCESS, PROT, REASON,
                                          SETASIDE, SPY, SPYB, TURN, TWO_, WIN, ZERO_)


# --- legal plays ----------------------------------------------------------------------------------
@njit(cache=True)
def open_targets(st, p, buf):
    n = st[N_]
    k = 0
    for i in range(n):
        if i != p and st[OUT + i] == 0 and st[PROT + i] == 0:
            buf[k] = i
            k += 1
    return k


@njit(cache=True)
def playable(a, b, buf):
    """The cards of the hand (a, b) that may be played, lowest first (the Countess rule)."""
    if (a == COUNTESS and (b == KING or b == PRINCE)) or (b == COUNTESS and (a == KING or a == PRINCE)):
        buf[0] = COUNTESS
        return 1
    if a == b:
        buf[0] = a
        return 1
    if a < b:
        buf[0] = a
        buf[1] = b
    else:
        buf[0] = b
        buf[1] = a
    return 2


@njit(cache=True)
def put(acts, m, c, t, g):
    acts[m, 0] = c
    acts[m, 1] = t
    acts[m, 2] = g
    return m + 1


@njit(cache=True)
def legal_plays(st, ed, acts):
    """The legal plays of the player to move, in the engine's order (`solver.rules.legal.legal_plays`),
    as rows (card, target or -1, guess or -1); their number."""
    p = st[CUR]
    n = st[N_]
    tg = np.empty(MAXP, dtype=np.int64)
    k = open_targets(st, p, tg)
    cards = np.empty(2, dtype=np.int64)
    nc = playable(st[HAND + p], st[DRAWN], cards)
    void = ed[E_VOID]
    ng = ed[E_NGUESS]
    m = ZERO_
    for ci in range(nc):
        c = cards[ci]
        kind = KIND[c]
        if kind == 0:
            m = put(acts, m, c, NEG, NEG)
        elif kind == 3:
            for i in range(n):
                if i == p or (st[OUT + i] == 0 and st[PROT + i] == 0):
                    m = put(acts, m, c, i, NEG)
            if void and k:
                m = put(acts, m, c, NEG, NEG)
        elif k == 0:
            m = put(acts, m, c, NEG, NEG)
        else:
            if kind == 2:
                for j in range(k):
                    for gi in range(ng):
                        m = put(acts, m, c, tg[j], ed[E_GUESS + gi])
            else:
                for j in range(k):
                    m = put(acts, m, c, tg[j], NEG)
            if void:
                m = put(acts, m, c, NEG, NEG)
    return m


@njit(cache=True)
def chancellor_choices(st, acts):
    """Every distinct (keep, bottom order) of the Chancellor's choice, sorted by (keep, bottom)
    (`solver.rules.legal.chancellor_choices`), as rows (keep, first returned, second or -1, how many
    returned: the last one ends at the very bottom); their number."""
    p = st[CUR]
    held = np.empty(3, dtype=np.int64)
    held[0] = st[HAND + p]
    h = 1 + st[NCH]
    for i in range(st[NCH]):
        held[1 + i] = st[CH + i]
    m = ZERO_
    for i in range(h):
        for s in range(h - 1 if h == 3 else 1):
            keep = held[i]
            if h == 3:
                if i == 0:
                    x, y = held[1], held[2]
                elif i == 1:
                    x, y = held[0], held[2]
                else:
                    x, y = held[0], held[1]
                if s == 1:
                    x, y = y, x
                nb = 2
            else:
                x = held[1 - i]
                y = -1
                nb = 1
            # insert (keep, x, y) in sorted position unless already there
            pos = m
            dup = False
            for j in range(m):
                a0 = acts[j, 0]
                a1 = acts[j, 1]
                a2 = acts[j, 2]
                if a0 == keep and a1 == x and a2 == y:
                    dup = True
                    break
                if (keep < a0) or (keep == a0 and (x < a1 or (x == a1 and y < a2))):
                    pos = j
                    break
            if dup:
                continue
            for j in range(m, pos, -1):
                acts[j, 0] = acts[j - 1, 0]
                acts[j, 1] = acts[j - 1, 1]
                acts[j, 2] = acts[j - 1, 2]
                acts[j, 3] = acts[j - 1, 3]
            acts[pos, 0] = keep
            acts[pos, 1] = x
            acts[pos, 2] = y
            acts[pos, 3] = nb
            m += 1
    return m


# --- apply --------------------------------------------------------------------------------------
@njit(cache=True)
def _discard(st, seat, c):
    j = st[DLEN + seat]
    st[DISC + seat * MAXD + j] = c
    st[DLEN + seat] = j + 1


@njit(cache=True)
def _pop(st):
    d = st[DECKN] - 1
    st[DECKN] = d
    return np.int64(st[DECK + d])


@njit(cache=True)
def _has_spy(st, i):
    base = DISC + i * MAXD
    for j in range(st[DLEN + i]):
        if st[base + j] == SPY:
            return True
    return False


@njit(cache=True)
def _finish(st, ed, p, reason, winners):
    n = st[N_]
    st[CUR] = p
    st[DRAWN] = -1
    st[PHASE] = 2
    for i in range(n):
        st[PROT + i] = 0
    st[WIN] = winners
    st[REASON] = reason
    bonus = -1
    if ed[E_SPY]:
        alive = -1
        spies = 0
        for i in range(n):
            if _has_spy(st, i):
                spies += 1
                if st[OUT + i] == 0:
                    if alive != -1:
                        alive = -2
                        break
                    alive = i
        if alive == -2:
            bonus = -1
        elif alive != -1 and spies > 1 and ed[E_SPYBLOCK]:
            bonus = -1
        else:
            bonus = alive
    st[SPYB] = bonus


@njit(cache=True)
def _showdown(st, ed, p):
    n = st[N_]
    best = -100
    for i in range(n):
        if st[OUT + i] == 0:
            v = ed[E_VALUE + st[HAND + i]]
            if v > best:
                best = v
    mask = 0
    count = 0
    for i in range(n):
        if st[OUT + i] == 0 and ed[E_VALUE + st[HAND + i]] == best:
            mask |= 1 << i
            count += 1
    rule = ed[E_TIE]
    if count > 1 and rule != 0:
        top = -1
        totals = np.zeros(MAXP, dtype=np.int64)
        for i in range(n):
            if mask & (1 << i):
                s = 0
                base = DISC + i * MAXD
                for j in range(st[DLEN + i]):
                    s += ed[E_VALUE + st[base + j]]
                totals[i] = s
                if s > top:
                    top = s
        mask2 = 0
        count = 0
        for i in range(n):
            if mask & (1 << i) and totals[i] == top:
                mask2 |= 1 << i
                count += 1
        mask = mask2
        if count > 1 and rule == 2:
            mask = 0
    _finish(st, ed, p, TWO_, mask)


@njit(cache=True)
def end_turn(st, ed, p):
    """The end-of-turn checks (§8): one player left, else an empty deck, else the next turn."""
    n = st[N_]
    if st[ALIVE] == 1:
        w = 0
        for i in range(n):
            if st[OUT + i] == 0:
                w = i
                break
        _finish(st, ed, p, ONE_, np.int64(1) << w)
        return
    if st[DECKN] == 0:
        _showdown(st, ed, p)
        return
    q = p + 1
    if q == n:
        q = 0
    while st[OUT + q]:
        q += 1
        if q == n:
            q = 0
    st[PROT + q] = 0
    st[DRAWN] = _pop(st)
    st[TURN] += 1
    st[CUR] = q


@njit(cache=True)
def apply_play(st, ed, c, t, g):
    """Play card c (at target t or -1, naming g or -1) for the player to move; the play must be
    legal (it is not checked). The same steps as the reference `apply`, memory included."""
    p = np.int64(st[CUR])
    a = np.int64(st[HAND + p])
    b = np.int64(st[DRAWN])
    kept = b if c == a else a
    _discard(st, p, c)
    memory.forget_holder(st, p)  # played
    ko = -1
    if t < 0:
        if c == PRINCESS:
            ko = p
        elif c == HANDMAID:
            st[PROT + p] = 1
        elif c == CHANCELLOR and st[DECKN] > 0:
            first = _pop(st)
            st[CH] = first
            if st[DECKN] > 0:
                st[CH + 1] = _pop(st)
                st[NCH] = 2
            else:
                st[NCH] = 1
            st[HAND + p] = kept
            st[DRAWN] = -1
            st[PHASE] = 1
            return
    elif c == GUARD:
        if outcomes.guard_hits(g, st[HAND + t]):
            ko = t
    elif c == PRIEST:
        memory.learned(st, p, t, st[HAND + t])
    elif c == BARON:
        theirs = np.int64(st[HAND + t])
        outcome = outcomes.baron_outcome(ed, kept, theirs)
        if outcome == outcomes.B_WIN:
            ko = t
        elif outcome == outcomes.B_LOSE:
            ko = p
        else:
            memory.learned(st, p, t, theirs)
            memory.learned(st, t, p, kept)
    elif c == PRINCE:
        dropped = kept if t == p else np.int64(st[HAND + t])
        _discard(st, t, dropped)
        memory.forget_holder(st, t)  # replaced
        if outcomes.prince_knocks_out(dropped):
            ko = t
            if t == p:
                kept = -1
            else:
                st[HAND + t] = -1
        else:
            if st[DECKN] > 0:
                new = _pop(st)
            else:
                new = np.int64(st[SETASIDE])
                st[SETASIDE] = -1
            if t == p:
                kept = new
            else:
                st[HAND + t] = new
    elif c == KING:
        theirs = np.int64(st[HAND + t])
        st[HAND + t] = kept
        memory.traded(st, p, t, kept, theirs)
        kept = theirs
    st[HAND + p] = kept
    st[DRAWN] = -1
    if ko >= 0:
        h = st[HAND + ko]
        if h >= 0:
            _discard(st, ko, h)
        st[HAND + ko] = -1
        st[OUT + ko] = 1
        st[PROT + ko] = 0
        st[ALIVE] -= 1
        memory.knocked_out(st, ko)
    end_turn(st, ed, p)


@njit(cache=True)
def apply_chancellor(st, ed, keep, x, y, nb):
    """The Chancellor's second decision: keep `keep`, return x (then y when nb = 2: the last one
    at the very bottom) under the deck."""
    p = st[CUR]
    st[HAND + p] = keep
    d = st[DECKN]
    for i in range(d - 1, -1, -1):
        st[DECK + i + nb] = st[DECK + i]
    if nb == 2:
        st[DECK] = y
        st[DECK + 1] = x
    else:
        st[DECK] = x
    st[DECKN] = d + nb
    st[NCH] = 0
    st[PHASE] = 0
    end_turn(st, ed, p)


@njit(cache=True)
def apply_row(st, ed, acts, i):
    """Apply row i of an action buffer filled for this state's phase."""
    if st[PHASE] == 1:
        apply_chancellor(st, ed, acts[i, 0], acts[i, 1], acts[i, 2], acts[i, 3])
    else:
        apply_play(st, ed, acts[i, 0], acts[i, 1], acts[i, 2])


@njit(cache=True)
def legal_actions(st, ed, acts):
    """The legal actions of the player to move (plays, or the Chancellor's choices)."""
    if st[PHASE] == 1:
        return chancellor_choices(st, acts)
    if st[PHASE] == 2:
        return 0
    return legal_plays(st, ed, acts)
