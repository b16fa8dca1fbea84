"""The compiled exact search's packed states: the typed constants, the action codes (`acode`,
`decode`), the context's fixed indices and a state packed into `KW` int64 words (`pack`, `unpack`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import (ALIVE, CH, CUR, DECK, DECKN, DISC, DLEN, DRAWN, HAND, KNOWN, MAXD, MAXP,
                                     N_, NCH, NUP, OUT, PHASE, PROT, REASON, SETASIDE, SPYB, TURN, UP, WIN)



#: Typed constants for call arguments: a Python literal passed to a jitted function makes numba compile a
#: second version of it (and of everything it calls) for the literal's type.
ZERO = np.int64(0)
ONE = np.int64(1)
YES = np.bool_(True)
NO = np.bool_(False)
KW = 10  # words of a packed state
OW = 8  # words of an observation code
TOO_LARGE = np.int64(1)
OVERFLOW = np.int64(2)
NONE = -1  # "no value" in the value tables
UNKNOWN = -2

NEED_MORE = np.int64(3)  # a table is full: the caller searches again with larger ones (the same figures, the same work)
TRASH = 1024  # rows past each table's capacity that a write may touch before the search stops
# the context: one tuple of arrays (static indices)
CTR, CONF, ED, S_SLOTS, O_SLOTS, T_SLOTS, L_SLOTS, F_SLOTS, M_SLOTS, MKEYS, ARENA, STATES, OBS, TRANS, OUTS, \
    TLIN, FOL, FREST, MENT, PSTATE, POBS, SCR, FRAMES, VALUES, FRAMEU, W64, W8, WU8, WDECKS, WACTS = range(30)
# working rows (ctx[W64] ...): each function that needs a working array has its own row, written before it is
# read (no function of the search is re-entered: the search's stack is explicit), in place of an array
# allocated at every call
W64_STEP, W64_TRANS, W64_PAIR = 0, 4, 8  # step: 4 rows; _transition: 4; _pair: 8
W8_ENTER, W8_TRANS, W8_FIRST, W8_RESOLVE, W8_LINEAR, W8_OPPONENT = range(6)
WU8_ENTER, WU8_TRANS, WU8_RESOLVE, WU8_OBS, WU8_LINEAR, WU8_OPPONENT = range(6)
# counters (ctx[CTR])
WORK, NODES, APPLIED, PAIRS, ERR, BUDGET, N_STATES, N_OBS, N_TRANS, N_OUTS, N_TLIN, N_FOL, N_FREST, N_VALS, \
    N_MENT, N_MKEYS, STAMP0, STAMP1, DEPTH, N_MHASH, N_FOLLOW, N_ENTRIES, N_EXPAND = range(23)
N_CTR = 24
# configuration (ctx[CONF]): players, viewer, face-up count, set-aside exchangeable, memory, face-up cards, types
C_N, C_VIEWER, C_NUP, C_SAFREE, C_MEMORY, C_UP, C_TYPES = 0, 1, 2, 3, 4, 5, 8

@njit(cache=True, inline="always")
def acode(kind, a0, a1, a2, a3):
    return (((kind * 16 + (a0 + 1)) * 16 + (a1 + 1)) * 16 + (a2 + 1)) * 4 + a3


@njit(cache=True)
def decode(code):
    a3 = code % 4
    code //= 4
    a2 = code % 16 - 1
    code //= 16
    a1 = code % 16 - 1
    code //= 16
    a0 = code % 16 - 1
    kind = code // 16
    return kind, a0, a1, a2, a3


# --- packing -------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def nib_set(b, i, v):
    byte = i >> 1
    if i & 1:
        b[byte] = (b[byte] & 0x0F) | (v << 4)
    else:
        b[byte] = (b[byte] & 0xF0) | v


@njit(cache=True, inline="always")
def nib(b, i):
    byte = b[i >> 1]
    return (byte >> 4) & 0x0F if i & 1 else byte & 0x0F


@njit(cache=True)
def pack(st, n, typ, ng, pairs, memory, sa_free, buf):
    """The canonical packed state of a round array `st` into `buf` (80 bytes; its int64 view is the
    key) with the deck's tail groups (`ng` groups from the tail's top, bit i of `pairs` set when group
    i is a returned pair): hands and discards sorted,
    the free cards sorted (the exchangeable set-aside card the largest of them), each pair sorted, no
    turn, the memory only with `memory`; an ended round only its winners, Spy bonus and who is out."""
    b = buf
    b[:] = 0
    phase = st[PHASE]
    om = 0
    for i in range(n):
        if st[OUT + i]:
            om |= 1 << i
    b[1] = om
    b[0] = (st[CUR] if phase != 2 else 0) | (phase << 3) | (typ << 5)
    if phase == 2:
        b[8] = st[WIN]
        b[9] = st[SPYB] + 1
        return
    pm = 0
    for i in range(n):
        if st[PROT + i]:
            pm |= 1 << i
    b[2] = pm
    p = st[CUR]
    for i in range(n):
        b[15 + i] = st[HAND + i] + 1
    if phase == 0:
        x = st[HAND + p]
        y = st[DRAWN]
        if y < x:
            x, y = y, x
        b[15 + p] = x + 1
        b[5] = y + 1
    else:
        h = np.empty(3, dtype=np.int64)
        h[0] = st[HAND + p]
        m = 1 + st[NCH]
        for j in range(st[NCH]):
            h[1 + j] = st[CH + j]
        # sort m <= 3 cards
        for i in range(m):
            for j in range(i + 1, m):
                if h[j] < h[i]:
                    t = h[i]
                    h[i] = h[j]
                    h[j] = t
        b[15 + p] = h[0] + 1
        b[6] = h[1] + 1 if m > 1 else 0
        b[7] = h[2] + 1 if m > 2 else 0
    # the deck, top first, canonical: the free cards sorted (with the exchangeable set-aside card the
    # largest of them), each returned pair sorted
    d = st[DECKN]
    tail = 0
    for g in range(ng):
        tail += 2 if (pairs >> g) & 1 else 1
    nfree = d - tail
    top = np.empty(MAXD + 4, dtype=np.int64)
    for i in range(d):
        top[i] = st[DECK + d - 1 - i]
    sa = st[SETASIDE]
    fl = nfree
    if sa_free and sa >= 0:
        top[d] = sa  # sorted with the free cards below, then put back
        free = np.empty(nfree + 1, dtype=np.int64)
        for i in range(nfree):
            free[i] = top[i]
        free[nfree] = sa
        free.sort()
        sa = free[nfree]
        for i in range(nfree):
            top[i] = free[i]
    else:
        free = top[:fl].copy()
        free.sort()
        for i in range(fl):
            top[i] = free[i]
    pos = nfree
    for g in range(ng):
        if (pairs >> g) & 1:
            if top[pos + 1] < top[pos]:
                t = top[pos]
                top[pos] = top[pos + 1]
                top[pos + 1] = t
            pos += 2
        else:
            pos += 1
    b[3] = sa + 1
    b[4] = d
    b[11] = ng
    b[12] = pairs & 0xFF
    b[13] = (pairs >> 8) & 0xFF
    b[14] = (pairs >> 16) & 0xFF
    for i in range(d):
        nib_set(b[21:32], i, top[i] + 1)
    disc = b[32:62]
    for i in range(n):
        base = DISC + i * MAXD
        for j in range(st[DLEN + i]):
            c = st[base + j]
            k = 10 * i + c
            nib_set(disc, k, nib(disc, k) + 1)
    if memory:
        mem = b[62:80]
        for o in range(n):
            for h in range(n):
                c = st[KNOWN + o * MAXP + h]
                if c >= 0:
                    nib_set(mem, o * 6 + h, c + 1)


@njit(cache=True)
def unpack(key, n, nup, up, st, buf):
    """The round array of a packed state (`key`: its KW words; discards in sorted order, no turn);
    returns (type, number of tail groups, pair bits)."""
    w = buf.view(np.int64)
    for i in range(KW):
        w[i] = key[i]
    b = buf
    st[:] = -1
    st[N_] = n
    phase = (b[0] >> 3) & 3
    typ = (b[0] >> 5) & 3
    st[PHASE] = phase
    st[CUR] = b[0] & 7
    st[TURN] = 0
    alive = 0
    for i in range(MAXP):
        st[OUT + i] = 1 if (i < n and (b[1] >> i) & 1) else 0
        st[PROT + i] = 1 if (i < n and (b[2] >> i) & 1) else 0
        st[DLEN + i] = 0
        if i < n and not st[OUT + i]:
            alive += 1
    st[ALIVE] = alive
    st[NUP] = nup
    for i in range(nup):
        st[UP + i] = up[i]
    st[NCH] = 0
    st[REASON] = 0
    st[SPYB] = -1
    st[WIN] = 0
    st[DECKN] = 0
    if phase == 2:
        st[WIN] = b[8]
        st[SPYB] = b[9] - 1
        st[REASON] = 2
        return np.int64(typ), np.int64(0), np.int64(0)
    for i in range(n):
        st[HAND + i] = b[15 + i] - 1
    if phase == 0:
        st[DRAWN] = b[5] - 1
    else:
        if b[6]:
            st[CH] = b[6] - 1
            st[NCH] = 1
        if b[7]:
            st[CH + 1] = b[7] - 1
            st[NCH] = 2
    d = b[4]
    st[DECKN] = d
    for i in range(d):
        st[DECK + d - 1 - i] = nib(b[21:32], i) - 1
    st[SETASIDE] = b[3] - 1
    disc = b[32:62]
    for i in range(n):
        m = 0
        base = DISC + i * MAXD
        for c in range(10):
            for _ in range(nib(disc, 10 * i + c)):
                st[base + m] = c
                m += 1
        st[DLEN + i] = m
    mem = b[62:80]
    for o in range(n):
        for h in range(n):
            v = nib(mem, o * 6 + h)
            st[KNOWN + o * MAXP + h] = v - 1 if v else -1
    ng = b[11]
    pairs = np.int64(b[12]) | (np.int64(b[13]) << 8) | (np.int64(b[14]) << 16)
    return np.int64(typ), np.int64(ng), pairs


# frame fields (ctx[FRAMES], int64) and accumulators (ctx[FRAMEU], uint64)
FI = 24
FU = 32
F_PC, F_MODE, F_CODE, F_GOFF, F_GLEN, F_IOFF, F_N, F_ATOP, F_NTOP, F_IT, F_NITER, F_MISSED, F_G, F_NG, \
    F_HAVE, F_VNODE, F_HKEY, F_SIDX, F_ACTS, F_SINGLE = range(20)
U_TH, U_NT, U_SC, U_MW, U_BW, U_DIR = 0, 2, 4, 6, 12, 18
P_ENTER, P_NEXT, P_CHILD, P_FINISH = 0, 1, 2, 3
