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
W64_DECK = 16  # deck_orders: 6 rows (the deck from the top, its groups' starts and sizes, a group's cards, the
# ways of its orders, draw_orders's rest)
W64_OPP = 22  # opponent_acts: 3 rows (the actions' codes and weights once paired, which are taken)
W64_LIN = 25  # linear_full: 3 rows (codes, weights, misses)
W64_PACK = 28  # _outcome's pack: 1 row; its tail's sizes: 1 row
W64_ACC = 32  # 4 rows of 6 words read as uint64 accumulators: follow, lin_sum_over, linear_full, lin_sum_full
N_W64 = 40
WACTS_ENTER, WACTS_OPP, WACTS_TIES, WACTS_APPLY = range(4)
W8_ENTER, W8_TRANS, W8_FIRST, W8_RESOLVE, W8_LINEAR, W8_OPPONENT = range(6)
WU8_ENTER, WU8_TRANS, WU8_RESOLVE, WU8_OBS, WU8_LINEAR, WU8_OPPONENT = range(6)
# counters (ctx[CTR])
WORK, NODES, APPLIED, PAIRS, ERR, BUDGET, N_STATES, N_OBS, N_TRANS, N_OUTS, N_TLIN, N_FOL, N_FREST, N_VALS, \
    N_MENT, N_MKEYS, STAMP0, STAMP1, DEPTH, N_MHASH, N_FOLLOW, N_ENTRIES, N_EXPAND, CUT = range(24)
N_CTR = 24
# configuration (ctx[CONF]): players, viewer, face-up count, set-aside exchangeable, memory, face-up cards, types
C_N, C_VIEWER, C_NUP, C_SAFREE, C_MEMORY, C_UP, C_TYPES, C_NTYPES, C_TSHIFT = 0, 1, 2, 3, 4, 5, 8, 12, 13

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


@njit(cache=True, inline="always")
def _sort_small(a, n):
    """a[:n] sorted in place (an insertion sort: n is a few cards)."""
    for i in range(1, n):
        x = a[i]
        j = i
        while j > 0 and a[j - 1] > x:
            a[j] = a[j - 1]
            j -= 1
        a[j] = x


@njit(cache=True)
def pack(st, n, opponent_type, ng, pairs, memory, sa_free, buf, scratch):
    """The canonical packed state of a round array `st` into `buf` (80 bytes; its int64 view is the
    key) with the deck's tail groups (`ng` groups from the tail's top, bit i of `pairs` set when group
    i is a returned pair): hands and discards sorted,
    the free cards sorted (the exchangeable set-aside card the largest of them), each pair sorted, no
    turn, the memory only with `memory`; an ended round only its winners, Spy bonus and who is out.
    `scratch`: a working row of at least 64 int64 words."""
    b = buf
    b[:] = 0
    phase = st[PHASE]
    om = 0
    for i in range(n):
        if st[OUT + i]:
            om |= 1 << i
    b[1] = om
    b[0] = (st[CUR] if phase != 2 else 0) | (phase << 3) | (opponent_type << 5)
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
        h = scratch[0:3]
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
    top = scratch[4:4 + MAXD + 4]
    for i in range(d):
        top[i] = st[DECK + d - 1 - i]
    sa = st[SETASIDE]
    fl = nfree
    if sa_free and sa >= 0:
        top[nfree] = sa  # sorted with the free cards (an insertion sort: a few cards), then put back
        _sort_small(top, nfree + 1)
        sa = top[nfree]
        for i in range(nfree, d):  # the tail again
            top[i] = st[DECK + d - 1 - i]
    else:
        _sort_small(top, fl)
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
    opponent_type = (b[0] >> 5) & 3
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
        return np.int64(opponent_type), np.int64(0), np.int64(0)
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
    return np.int64(opponent_type), np.int64(ng), pairs


# frame fields (ctx[FRAMES], int64) and accumulators (ctx[FRAMEU], uint64)
FI = 32
FU = 32
F_PC, F_MODE, F_CODE, F_GOFF, F_GLEN, F_IOFF, F_N, F_ATOP, F_NTOP, F_IT, F_NITER, F_FREE, F_G, F_NG, \
    F_HAVE, F_VNODE, F_HKEY, F_SIDX, F_ACTS, F_SINGLE, F_BOUNDED, F_NCAND, F_BK, F_PART, F_CAND, F_BEND = range(26)
U_TH, U_NT, U_SC, U_MW, U_BW, U_DIR = 0, 2, 4, 6, 12, 18
# the frame's program: enter, next iteration, its children, finish (P_FINISH + 1: done); a viewer's decision
# with bounds (`_best`): the next action's outcomes followed (P_BNEXT), the parts of their information states
# valued (P_BPART)
P_ENTER, P_NEXT, P_CHILD, P_FINISH, P_DONE, P_BNEXT, P_BPART = 0, 1, 2, 3, 4, 5, 6
#: a bounded decision's block per action in the arena: its outcomes without a decision (6 words), its bound
#: (win hi, lo, denominator hi, lo), its end, then its groups (`group`'s layout)
B_DIRECT, B_BOUND, B_END, B_GROUPS = 0, 6, 10, 12
