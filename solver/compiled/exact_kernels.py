"""The exact search compiled (numba): `solver.advice.exact.ExactSolver` step by step on packed integer
states, the same values (exact rationals, as 128-bit integers) and the same work counted.

What is the same as the Python search, and must stay so (`tests/compiled/test_exact.py` compares
every figure and the work on saved and random positions):

* a state is the canonical round (hands and discard piles sorted, no turn, the memory only when the
  opponents' model reads it; an ended round only its winners, Spy bonus and who is out), the sizes of
  the deck's tail groups (a fixed card, or an opponent's returned pair in either order) and the
  opponents' type; the free cards at the top (with the set-aside card, when it is exchangeable with
  them) are one sorted group, resolved when drawn;
* an information state is a list of (state, weight) in the order its worlds were first reached; its
  value is memoised on its weights divided by their gcd (a single world on its state alone);
* the viewer maximises per information state (win mass, then tokens), trying one of the Guard
  guesses that hit in no world per target; opponents follow their type's integer weights; an
  opponent's Guard guesses that do the same in every world are evaluated once (their weight times
  their number), its two equally likely orders of one returned pair are one evaluation;
* where the viewer has no decision left (the round is over, or an opponent plays with the deck
  empty) a value is remembered per state and per transition;
* the work counts every transition stepped through (its resolutions of the cards it could draw),
  remembered or not, as the Python search counts it.

Layout, for compilation and caching: every table is a NumPy array of fixed capacity in one tuple
(`new_context`; the kernels index it by constant), hash tables are open addressing over those
arrays, and the search over information states runs on an explicit stack of frames (`run`), not by
recursion (numba cannot load a recursive function from its disk cache). A full table stops the search
with `NEED_MORE` (every write stays within `TRASH` rows past the capacity); the caller then searches
again from the start with larger tables, which gives the same figures and the same work.

A state is packed into 80 bytes (`KW` int64 words, the layout in `pack`); a grouping by what the
viewer observes uses an exact code of the observation (`obs_id`): who acted and what they played
(an opponent's Chancellor choice only as a fact), a card a Baron showed the viewer, and the viewer's
view of the state it leads to (who is to move, the phase, who is out or protected, the deck's size,
whether the set-aside card is there, the viewer's cards — the drawn one apart — in the order drawn,
what the viewer remembers, every discard pile).

Integers are 128-bit (`solver.compiled.u128`); a number that would not fit stops the search with
`OVERFLOW` (the caller answers otherwise), never a wrong value.
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.typed import List

from solver.compiled.kernels import (ALIVE, BARON, CH, CHANCELLOR, CUR, DECK, DECKN, DISC, DLEN, DRAWN, GUARD,
                                     HAND, KNOWN, MAXACTS, MAXD, MAXP, N_, NCH, NUP, OUT, PHASE, PRINCE, PROT,
                                     REASON, SETASIDE, SIZE, SPYB, TURN, UP, WIN, EXPLORE_P, EXPLORE_Q, apply_row,
                                     counting_choices, legal_actions)
from solver.compiled.u128 import U0, U1, add, divmod128, gcd, gcd64, mul, mul_cmp
from solver.rules.rng import GAMMA, MIX1, MIX2

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
    TLIN, FOL, FREST, MENT, PSTATE, POBS, SCR, FRAMES, VALUES, FRAMEU = range(25)
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
def _nib_set(b, i, v):
    byte = i >> 1
    if i & 1:
        b[byte] = (b[byte] & 0x0F) | (v << 4)
    else:
        b[byte] = (b[byte] & 0xF0) | v


@njit(cache=True, inline="always")
def _nib(b, i):
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
        _nib_set(b[21:32], i, top[i] + 1)
    disc = b[32:62]
    for i in range(n):
        base = DISC + i * MAXD
        for j in range(st[DLEN + i]):
            c = st[base + j]
            k = 10 * i + c
            _nib_set(disc, k, _nib(disc, k) + 1)
    if memory:
        mem = b[62:80]
        for o in range(n):
            for h in range(n):
                c = st[KNOWN + o * MAXP + h]
                if c >= 0:
                    _nib_set(mem, o * 6 + h, c + 1)


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
        st[DECK + d - 1 - i] = _nib(b[21:32], i) - 1
    st[SETASIDE] = b[3] - 1
    disc = b[32:62]
    for i in range(n):
        m = 0
        base = DISC + i * MAXD
        for c in range(10):
            for _ in range(_nib(disc, 10 * i + c)):
                st[base + m] = c
                m += 1
        st[DLEN + i] = m
    mem = b[62:80]
    for o in range(n):
        for h in range(n):
            v = _nib(mem, o * 6 + h)
            st[KNOWN + o * MAXP + h] = v - 1 if v else -1
    ng = b[11]
    pairs = np.int64(b[12]) | (np.int64(b[13]) << 8) | (np.int64(b[14]) << 16)
    return np.int64(typ), np.int64(ng), pairs


# --- tables ----------------------------------------------------------------------------------------
def new_context(n, viewer, ed, up, types_, sa_free, memory, budget, size=14):
    """The search's tables: one tuple of arrays, each with room for 2**size rows or so (and `TRASH`
    more for writes past it; the search stops with `NEED_MORE` then)."""
    ctr = np.zeros(N_CTR, dtype=np.int64)
    ctr[BUDGET] = budget
    conf = np.zeros(16, dtype=np.int64)
    conf[C_N] = n
    conf[C_VIEWER] = viewer
    conf[C_NUP] = len(up)
    conf[C_SAFREE] = 1 if sa_free else 0
    conf[C_MEMORY] = 1 if memory else 0
    for i, c in enumerate(up):
        conf[C_UP + i] = c
    for i, t in enumerate(types_):
        conf[C_TYPES + i] = t
    r = 1 << size

    def rows(k, w, fill=0, dtype=np.int64):  # zeros: the pages are only allocated where written
        return np.zeros((k + TRASH, w), dtype=dtype)

    def vec(k):
        return np.zeros(k + TRASH, dtype=np.int64)

    return (ctr, conf, np.asarray(ed, dtype=np.int64).copy(),
            np.zeros(4 * r, dtype=np.int64), np.zeros(r, dtype=np.int64), np.zeros(4 * r, dtype=np.int64),
            np.zeros(4 * r, dtype=np.int64), np.zeros(4 * r, dtype=np.int64), np.zeros(8 * r, dtype=np.int64),
            vec(16 * r), vec(16 * r),
            rows(2 * r, KW), rows(r // 2, OW), rows(2 * r, 6), rows(8 * r, 4), rows(2 * r, 3), rows(2 * r, 7),
            rows(4 * r, 3), rows(2 * r, 5), rows(2 * r, 4), rows(r // 2, 2), rows(2 * r, 5),
            rows(1 << 10, FI), rows(4 * r, 6, 0, np.uint64), rows(1 << 10, FU, 0, np.uint64))


@njit(cache=True)
def _cap(a):
    return a.shape[0] - TRASH


@njit(cache=True, inline="always")
def _room(ctr, a, need):
    """Whether `need` rows fit in table `a` (else the search stops with NEED_MORE; writes up to TRASH rows
    past its capacity stay harmless)."""
    if need > a.shape[0] - TRASH:
        fail(ctr, NEED_MORE)
        return False
    return True


_GAMMA = np.uint64(GAMMA)
_MIX1 = np.uint64(MIX1)
_MIX2 = np.uint64(MIX2)


@njit(cache=True, inline="always")
def _mix(h, x):
    z = h ^ (np.uint64(x) + _GAMMA)
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _hash(key, w):
    h = np.uint64(w)
    for i in range(w):
        h = _mix(h, key[i])
    return h


@njit(cache=True, inline="always")
def _probe(slots, rows, key, w, h):
    """(row, slot): the row of `key` in an open-addressing table (slots hold row + 1), or -1 and the
    free slot where it would go."""
    mask = np.uint64(len(slots) - 1)
    i = np.int64(h & mask)
    while True:
        r = slots[i]
        if r == 0:
            return -1, i
        r -= 1
        same = True
        for j in range(w):
            if rows[r, j] != key[j]:
                same = False
                break
        if same:
            return r, i
        i = np.int64((np.uint64(i) + U1) & mask)


@njit(cache=True)
def _intern(ctr, slots, rows, cnt, key, w):
    """The row of `key` in a table (`slots` over `rows`; `ctr[cnt]` its rows in use), added at the end if
    new; returns (row, added). A full table stops the search (a row past its capacity is returned,
    nothing added)."""
    h = _hash(key, w)
    r, pos = _probe(slots, rows, key, w, h)
    if r >= 0:
        return r, False
    n = ctr[cnt]
    if not _room(ctr, rows, n + 1):
        return rows.shape[0] - TRASH, False
    for j in range(w):
        rows[n, j] = key[j]
    ctr[cnt] = n + 1
    slots[pos] = n + 1
    return n, True


@njit(cache=True)
def state_id(ctr, slots, rows, key):
    sid, added = _intern(ctr, slots, rows, np.int64(N_STATES), key, np.int64(KW))
    return sid


@njit(cache=True, inline="always")
def pair_find(slots, rows, sid, code):
    """The row of (sid, code) in a pair table, or -1."""
    mask = np.uint64(len(slots) - 1)
    h = _mix(_mix(np.uint64(2), sid), code)
    i = np.int64(h & mask)
    while True:
        r = slots[i]
        if r == 0:
            return -1
        r -= 1
        if rows[r, 0] == sid and rows[r, 1] == code:
            return r
        i = np.int64((np.uint64(i) + U1) & mask)


@njit(cache=True)
def pair_add(ctr, slots, rows, cnt, sid, code):
    """The row of (sid, code) in a pair table, added if new."""
    key = np.empty(2, dtype=np.int64)
    key[0] = sid
    key[1] = code
    r, _ = _intern(ctr, slots, rows, cnt, key, np.int64(2))
    return r


@njit(cache=True, inline="always")
def fail(ctr, code):
    if ctr[ERR] == 0:
        ctr[ERR] = code


@njit(cache=True, inline="always")
def put_value(ctr, v, wh, wl, th, tl, dh, dl):
    vid = ctr[N_VALS]
    if not _room(ctr, v, vid + 1):
        return vid
    v[vid, 0] = wh
    v[vid, 1] = wl
    v[vid, 2] = th
    v[vid, 3] = tl
    v[vid, 4] = dh
    v[vid, 5] = dl
    ctr[N_VALS] = vid + 1
    return vid


@njit(cache=True, inline="always")
def get_value(v, vid):
    return v[vid, 0], v[vid, 1], v[vid, 2], v[vid, 3], v[vid, 4], v[vid, 5]


@njit(cache=True)
def skey(ctx, sid):
    return ctx[STATES][sid]


@njit(cache=True)
def _unpacked(conf, states, sid, st, buf):
    return unpack(states[sid], conf[C_N], conf[C_NUP], conf[C_UP:C_UP + 3], st, buf)


# --- 128-bit helpers that report overflow -----------------------------------------------------------
@njit(cache=True, inline="always")
def reduce3(ctr, wh, wl, th, tl, dh, dl):
    """(win, tokens, den) divided by their gcd."""
    gh, gl = gcd(wh, wl, th, tl)
    gh, gl = gcd(gh, gl, dh, dl)
    if gh == U0 and (gl == U0 or gl == U1):
        return wh, wl, th, tl, dh, dl
    a = divmod128(wh, wl, gh, gl)
    b = divmod128(th, tl, gh, gl)
    c = divmod128(dh, dl, gh, gl)
    return a[0], a[1], b[0], b[1], c[0], c[1]


@njit(cache=True, inline="always")
def lcm(ctr, ah, al, bh, bl):
    gh, gl = gcd(ah, al, bh, bl)
    qh, ql, _, _ = divmod128(ah, al, gh, gl)
    h, l, ok = mul(qh, ql, bh, bl)
    if not ok:
        fail(ctr, OVERFLOW)
    return h, l


@njit(cache=True, inline="always")
def muladd(ctr, ah, al, bh, bl, ch, cl):
    """a * b + c."""
    h, l, ok = mul(ah, al, bh, bl)
    if not ok:
        fail(ctr, OVERFLOW)
    h, l, ok = add(h, l, ch, cl)
    if not ok:
        fail(ctr, OVERFLOW)
    return h, l


@njit(cache=True, inline="always")
def mul2(ctr, ah, al, bh, bl):
    h, l, ok = mul(ah, al, bh, bl)
    if not ok:
        fail(ctr, OVERFLOW)
    return h, l


@njit(cache=True, inline="always")
def acc_add(ctr, acc, wh, wl, th, tl, dh, dl):
    """acc (win, tokens, den as 6 words; den 0 = empty) += (win, tokens) / den, over the lcm."""
    if acc[4] == U0 and acc[5] == U0:
        acc[0], acc[1], acc[2], acc[3], acc[4], acc[5] = wh, wl, th, tl, dh, dl
        return
    if acc[4] == dh and acc[5] == dl:
        acc[0], acc[1] = muladd(ctr, U0, U1, wh, wl, acc[0], acc[1])
        acc[2], acc[3] = muladd(ctr, U0, U1, th, tl, acc[2], acc[3])
        return
    mh, ml = lcm(ctr, acc[4], acc[5], dh, dl)
    fh, fl, _, _ = divmod128(mh, ml, acc[4], acc[5])
    gh, gl, _, _ = divmod128(mh, ml, dh, dl)
    x = mul2(ctr, acc[0], acc[1], fh, fl)
    acc[0], acc[1] = muladd(ctr, wh, wl, gh, gl, x[0], x[1])
    x = mul2(ctr, acc[2], acc[3], fh, fl)
    acc[2], acc[3] = muladd(ctr, th, tl, gh, gl, x[0], x[1])
    acc[4], acc[5] = mh, ml


@njit(cache=True, inline="always")
def combine_into(ctr, mw, r0, r1, r2, r3, r4, r5):
    """`_combine`'s running sum: mw (den 1 to start) += r, over the lcm of the denominators."""
    if r4 == mw[4] and r5 == mw[5]:
        mw[0], mw[1], ok = add(mw[0], mw[1], r0, r1)
        mw[2], mw[3], ok2 = add(mw[2], mw[3], r2, r3)
        if not (ok and ok2):
            fail(ctr, OVERFLOW)
        return
    mh, ml = lcm(ctr, mw[4], mw[5], r4, r5)
    fh, fl, _, _ = divmod128(mh, ml, mw[4], mw[5])
    qh, ql, _, _ = divmod128(mh, ml, r4, r5)
    x = mul2(ctr, mw[0], mw[1], fh, fl)
    mw[0], mw[1] = muladd(ctr, r0, r1, qh, ql, x[0], x[1])
    x = mul2(ctr, mw[2], mw[3], fh, fl)
    mw[2], mw[3] = muladd(ctr, r2, r3, qh, ql, x[0], x[1])
    mw[4], mw[5] = mh, ml


# --- the opponents' choices -----------------------------------------------------------------------
@njit(cache=True)
def row_code(phase, acts, j):
    if phase == 1:
        return acode(1, acts[j, 0], acts[j, 1], acts[j, 2], acts[j, 3])
    return acode(0, acts[j, 0], acts[j, 1], acts[j, 2], 0)


@njit(cache=True)
def opponent_acts(conf, ed, st, typ, codes, weights):
    """The model's distribution at the state (the player to move an opponent): its actions' codes
    and integer weights (in the engine's order; after a Chancellor, an opponent's two equally likely
    orders of one returned pair as one pair of twice the weight) and their denominator."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    m = legal_actions(st, ed, acts)
    phase = st[PHASE]
    if conf[C_TYPES + typ] == 0 or m == 1:
        for j in range(m):
            codes[j] = row_code(phase, acts, j)
            weights[j] = 1
        den = m
    else:
        ties = np.empty((MAXACTS, 4), dtype=np.int64)
        t = counting_choices(st, ed, ties)
        best = (EXPLORE_Q - EXPLORE_P) * m + EXPLORE_P * t  # `CardCounterModel.integer_weights`
        other = EXPLORE_P * t
        den = EXPLORE_Q * m * t
        for j in range(m):
            codes[j] = row_code(phase, acts, j)
            tied = False
            for i in range(t):
                same = ties[i, 0] == acts[j, 0] and ties[i, 1] == acts[j, 1] and ties[i, 2] == acts[j, 2]
                if same:
                    tied = True
                    break
            weights[j] = best if tied else other
    if phase != 1:
        return m, den
    # pairs: the same keep, the two different returned cards in either order, the same weight
    taken = np.zeros(m, dtype=np.bool_)
    out = 0
    oc = np.empty(m, dtype=np.int64)
    ow = np.empty(m, dtype=np.int64)
    for j in range(m):
        if taken[j]:
            continue
        merged = False
        if acts[j, 3] == 2 and acts[j, 1] != acts[j, 2]:
            for i in range(m):
                if i != j and acts[i, 3] == 2 and acts[i, 0] == acts[j, 0] and acts[i, 1] == acts[j, 2] \
                        and acts[i, 2] == acts[j, 1] and weights[i] == weights[j]:
                    taken[i] = True
                    oc[out] = acode(2, acts[j, 0], acts[j, 1], acts[j, 2], 2)
                    ow[out] = 2 * weights[j]
                    out += 1
                    merged = True
                    break
        if not merged:
            oc[out] = codes[j]
            ow[out] = weights[j]
            out += 1
    for j in range(out):
        codes[j] = oc[j]
        weights[j] = ow[j]
    return out, den


# --- transitions ----------------------------------------------------------------------------------
@njit(cache=True)
def obs_id(ctx, pre, kind, a0, a1, a2, a3, post):
    """The number of what the viewer observes of one action (the module docstring), exactly."""
    conf = ctx[CONF]
    n = conf[C_N]
    viewer = conf[C_VIEWER]
    b = np.zeros(8 * OW, dtype=np.uint8)
    actor = pre[CUR]
    b[0] = actor
    if kind != 0 and actor != viewer:
        b[1] = 0xFE
    else:
        b[1] = a0 + 1
        b[2] = a1 + 1
        b[3] = a2 + 1
        b[4] = a3
    if kind == 0 and a0 == BARON and a1 >= 0 and (actor == viewer or a1 == viewer):
        if actor == viewer:
            b[5] = pre[HAND + a1] + 1
        else:
            x = pre[HAND + actor]
            b[5] = (pre[DRAWN] if x == BARON else x) + 1
    b[6] = post[CUR] | (post[PHASE] << 3)
    om = 0
    pm = 0
    for i in range(n):
        if post[OUT + i]:
            om |= 1 << i
        if post[PROT + i]:
            pm |= 1 << i
    b[7] = om
    b[8] = pm
    b[9] = post[DECKN]
    b[10] = 1 if post[SETASIDE] >= 0 else 0
    b[11] = post[HAND + viewer] + 1
    if post[CUR] == viewer and post[PHASE] == 0:
        b[12] = post[DRAWN] + 1
    if post[CUR] == viewer and post[PHASE] == 1:
        for j in range(post[NCH]):
            b[13 + j] = post[CH + j] + 1
    if post[PHASE] == 2:
        b[15] = post[WIN]
        b[16] = post[SPYB] + 1
    for h in range(n):
        b[17 + h] = post[KNOWN + viewer * MAXP + h] + 1
    disc = b[23:53]
    for i in range(n):
        base = DISC + i * MAXD
        for j in range(post[DLEN + i]):
            k = 10 * i + post[base + j]
            _nib_set(disc, k, _nib(disc, k) + 1)
    oid, added = _intern(ctx[CTR], ctx[O_SLOTS], ctx[OBS], np.int64(N_OBS), b.view(np.int64), np.int64(OW))
    return oid


@njit(cache=True)
def _apply_code(st, ed, kind, a0, a1, a2, a3):
    acts = np.empty((1, 4), dtype=np.int64)
    acts[0, 0] = a0
    acts[0, 1] = a1
    acts[0, 2] = a2
    acts[0, 3] = a3
    apply_row(st, ed, acts, 0)


@njit(cache=True)
def _draw_orders(cards, nc, j, tops, ways):
    """Every way to draw j (1 or 2) cards in order from the sorted multiset cards[:nc]: rows of
    `tops` (the drawn cards then the rest, sorted) with their ways; their number."""
    m = 0
    i = 0
    while i < nc:
        c1 = cards[i]
        m1 = 0
        while i + m1 < nc and cards[i + m1] == c1:
            m1 += 1
        # the rest without one c1
        rest1 = np.empty(nc, dtype=np.int64)
        r1 = 0
        skipped = False
        for x in range(nc):
            if not skipped and cards[x] == c1:
                skipped = True
                continue
            rest1[r1] = cards[x]
            r1 += 1
        if j == 1:
            tops[m, 0] = c1
            for x in range(r1):
                tops[m, 1 + x] = rest1[x]
            ways[m] = m1
            m += 1
        else:
            k = 0
            while k < r1:
                c2 = rest1[k]
                m2 = 0
                while k + m2 < r1 and rest1[k + m2] == c2:
                    m2 += 1
                tops[m, 0] = c1
                tops[m, 1] = c2
                r = 2
                skipped = False
                for x in range(r1):
                    if not skipped and rest1[x] == c2:
                        skipped = True
                        continue
                    tops[m, r] = rest1[x]
                    r += 1
                ways[m] = m1 * m2
                m += 1
                k += m2
        i += m1
    return m


@njit(cache=True)
def deck_orders(ctx, st, ng, pairs, k, decks, sas, ways):
    """`_deck_orders`: every way to draw the top k cards of the state's deck (its groups: the free
    cards, with the set-aside card when it is exchangeable, then the tail's groups), as rows of
    `decks` (the whole deck, top first), `sas` (the set-aside card, or -2 to keep the state's) and
    `ways`; returns (their number, the denominator)."""
    sa_free = ctx[CONF][C_SAFREE]
    d = st[DECKN]
    top = np.empty(MAXD + 4, dtype=np.int64)
    for i in range(d):
        top[i] = st[DECK + d - 1 - i]
    tail = 0
    for g in range(ng):
        tail += 2 if (pairs >> g) & 1 else 1
    nfree = d - tail
    # the groups: (start in top, cards on the deck, has the set-aside card)
    n_groups = 1 + ng
    gstart = np.empty(n_groups, dtype=np.int64)
    gsize = np.empty(n_groups, dtype=np.int64)
    gstart[0] = 0
    gsize[0] = nfree
    pos = nfree
    for g in range(ng):
        s = 2 if (pairs >> g) & 1 else 1
        gstart[1 + g] = pos
        gsize[1 + g] = s
        pos += s
    has_sa = sa_free and st[SETASIDE] >= 0
    m = 1
    decks[0, :d] = top[:d]
    sas[0] = -2
    ways[0] = 1
    den = 1
    placed = 0  # deck cards already placed (the groups before)
    tops = np.empty((128, MAXD + 4), dtype=np.int64)
    tw = np.empty(128, dtype=np.int64)
    cards = np.empty(MAXD + 4, dtype=np.int64)
    for g in range(n_groups):
        n = gsize[g]
        nc = n
        for x in range(n):
            cards[x] = top[gstart[g] + x]
        aside = g == 0 and has_sa
        if aside:
            cards[n] = st[SETASIDE]
            nc = n + 1
        j = k if k < n else n
        k -= j
        if j and nc > 1:
            no = _draw_orders(cards, nc, j, tops, tw)
            f = 1
            for x in range(j):
                f *= nc - x
            den *= f
        else:
            no = 1
            for x in range(nc):
                tops[0, x] = cards[x]
            tw[0] = 1
        if no == 1:
            for r in range(m):
                for x in range(n):
                    decks[r, placed + x] = tops[0, x]
                if aside:
                    sas[r] = tops[0, nc - 1]
                ways[r] *= tw[0]
        else:
            new = m * no
            # expand in place from the end: row r * no + o
            for r in range(m - 1, -1, -1):
                for o in range(no - 1, -1, -1):
                    t = r * no + o
                    if t != r:
                        decks[t, :d] = decks[r, :d]
                    sas[t] = sas[r]
                    ways[t] = ways[r]
            for r in range(m):
                for o in range(no):
                    t = r * no + o
                    for x in range(n):
                        decks[t, placed + x] = tops[o, x]
                    if aside:
                        sas[t] = tops[o, nc - 1]
                    ways[t] *= tw[o]
            m = new
        placed += n
    return m, den


@njit(cache=True)
def _outcome(ctx, pre, kind, a0, a1, a2, a3, post, n_deck, ng, pairs, typ, returned, k, block, buf):
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
        sizes = np.empty(32, dtype=np.int64)
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
    pack(post, n, typ, ng2, pairs2, conf[C_MEMORY], conf[C_SAFREE], buf)
    sid = state_id(ctx[CTR], ctx[S_SLOTS], ctx[STATES], buf.view(np.int64))
    oid = obs_id(ctx, pre, kind, a0, a1, a2, a3, post)
    ko = 0
    for i in range(n):
        if i != viewer and post[OUT + i] and not pre[OUT + i]:
            ko = 1
    return sid, oid, ko


@njit(cache=True)
def _transition(ctx, sid, code, block, osid, oways, ooid, oko):
    """Apply action `code` in state `sid` in every resolution of its draws (`_transition`): writes the
    outcomes (next state, integer weight, observation, knocked out) and returns (their number, the
    resolutions counted as work, the denominator)."""
    ed = ctx[ED]
    kind, a0, a1, a2, a3 = decode(code)
    buf = np.empty(8 * KW, dtype=np.uint8)
    st = np.empty(SIZE, dtype=np.int8)
    typ, ng, pairs = _unpacked(ctx[CONF], ctx[STATES], sid, st, buf)
    returned = a3 if kind == 1 else 0
    n_deck = np.int64(st[DECKN])
    draws = 2 if (kind == 0 and (a0 == PRINCE or a0 == CHANCELLOR)) else 1
    k = draws if draws < n_deck else n_deck
    first = st.copy()
    _apply_code(first, ed, kind, a0, a1, a2, a3)
    if k == 0:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, typ, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, 1, 1
    decks = np.empty((256, MAXD + 4), dtype=np.int64)
    sas = np.empty(256, dtype=np.int64)
    ways = np.empty(256, dtype=np.int64)
    m, den = deck_orders(ctx, st, ng, pairs, k, decks, sas, ways)
    if m == 1:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, typ, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, 1, 1
    drawn = n_deck + returned - first[DECKN]
    if drawn == 0:
        osid[0], ooid[0], oko[0] = _outcome(ctx, st, kind, a0, a1, a2, a3, first, n_deck, ng, pairs, typ, returned,
                                            ZERO, block, buf)
        oways[0] = 1
        return 1, m, 1
    if drawn < k:
        decks2 = np.empty((256, MAXD + 4), dtype=np.int64)
        sas2 = np.empty(256, dtype=np.int64)
        ways2 = np.empty(256, dtype=np.int64)
        m2, den2 = deck_orders(ctx, st, ng, pairs, drawn, decks2, sas2, ways2)
        c = _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks2, sas2, ways2, m2, drawn, returned, YES, block,
                     ng, pairs, typ, osid, oways, ooid, oko)
        if c >= 0:
            return c, m, den2
    c = _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks, sas, ways, m, k, returned, NO, block,
                 ng, pairs, typ, osid, oways, ooid, oko)
    return c, m, den


@njit(cache=True)
def _resolve(ctx, st, kind, a0, a1, a2, a3, first, decks, sas, ways, m, k, returned, check, block, ng, pairs, typ,
             osid, oways, ooid, oko):
    ed = ctx[ED]
    n_deck = np.int64(st[DECKN])
    buf = np.empty(8 * KW, dtype=np.uint8)
    work = np.empty(SIZE, dtype=np.int8)
    for i in range(m):
        if i == 0:
            res = first
        else:
            work[:] = st
            for x in range(n_deck):
                work[DECK + n_deck - 1 - x] = decks[i, x]
            if sas[i] != -2:
                work[SETASIDE] = sas[i]
            _apply_code(work, ed, kind, a0, a1, a2, a3)
            if check and n_deck + returned - work[DECKN] != k:
                return -1
            res = work
        osid[i], ooid[i], oko[i] = _outcome(ctx, st, kind, a0, a1, a2, a3, res, n_deck, ng, pairs, typ, returned,
                                            k, block, buf)
        oways[i] = ways[i]
    return m


@njit(cache=True)
def _pair(ctx, sid, keep, x, y, osid, oways, ooid, oko):
    """An opponent's two equally likely orders of one returned pair (`_pair`): both applied, the pair
    one exchangeable group, their outcomes merged by (state, observation), twice the denominator."""
    ctx[CTR][PAIRS] += 1
    s1 = np.empty(256, dtype=np.int64)
    w1 = np.empty(256, dtype=np.int64)
    o1 = np.empty(256, dtype=np.int64)
    k1 = np.empty(256, dtype=np.int64)
    s2 = np.empty(256, dtype=np.int64)
    w2 = np.empty(256, dtype=np.int64)
    o2 = np.empty(256, dtype=np.int64)
    k2 = np.empty(256, dtype=np.int64)
    c1, n1, d1 = _transition(ctx, sid, acode(1, keep, x, y, 2), YES, s1, w1, o1, k1)
    c2, n2, d2 = _transition(ctx, sid, acode(1, keep, y, x, 2), YES, s2, w2, o2, k2)
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
    """The remembered transition (`_step`): its row in the transitions table (sid, code, work counted,
    denominator, outcomes' offset, number); counted as work every time it is used."""
    ctr = ctx[CTR]
    ctr[APPLIED] += 1
    tid = pair_find(ctx[T_SLOTS], ctx[TRANS], sid, code)
    if tid < 0:
        osid = np.empty(256, dtype=np.int64)
        oways = np.empty(256, dtype=np.int64)
        ooid = np.empty(256, dtype=np.int64)
        oko = np.empty(256, dtype=np.int64)
        kind, a0, a1, a2, a3 = decode(code)
        if kind == 2:  # an opponent's pair of Chancellor choices
            c, nw, den = _pair(ctx, sid, a0, a1, a2, osid, oways, ooid, oko)
        else:
            c, nw, den = _transition(ctx, sid, code, NO, osid, oways, ooid, oko)
        if ctr[ERR]:
            return 0
        tid = pair_add(ctx[CTR], ctx[T_SLOTS], ctx[TRANS], np.int64(N_TRANS), sid, code)
        off = ctr[N_OUTS]
        outs = ctx[OUTS]
        if ctr[ERR] or not _room(ctr, outs, off + c):
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


# --- values where the viewer has no decision left --------------------------------------------------
@njit(cache=True)
def linear_over(ctx, sid):
    """The value of an ended round (`_linear` of a state that is over), else NONE."""
    ps = ctx[PSTATE]
    if ps[sid, 0] != 0:
        return ps[sid, 0] - 2
    key = ctx[STATES][sid]
    b0 = key[0] & 0xFF
    if ((b0 >> 3) & 3) != 2:
        return NONE
    viewer = ctx[CONF][C_VIEWER]
    win_mask = key[1] & 0xFF  # byte 8
    spy = ((key[1] >> 8) & 0xFF) - 1  # byte 9
    win = U1 if (win_mask >> viewer) & 1 else U0
    tok = win + (U1 if spy == viewer else U0)
    vid = put_value(ctx[CTR], ctx[VALUES], U0, win, U0, tok, U0, U1)
    ctx[PSTATE][sid, 0] = vid + 2
    return vid


@njit(cache=True, inline="always")
def _lin_acc(ctx, acc, tid, i, lv):
    ctr = ctx[CTR]
    t = ctx[TRANS]
    x = get_value(ctx[VALUES], lv)
    ways = np.uint64(ctx[OUTS][t[tid, 4] + i, 1])
    dx = np.uint64(t[tid, 3])
    wh, wl = mul2(ctr, U0, ways, x[0], x[1])
    th, tl = mul2(ctr, U0, ways, x[2], x[3])
    dh, dl = mul2(ctr, U0, dx, x[4], x[5])
    acc_add(ctr, acc, wh, wl, th, tl, dh, dl)


@njit(cache=True, inline="always")
def _lin_done(ctx, acc):
    ctr = ctx[CTR]
    r = reduce3(ctr, acc[0], acc[1], acc[2], acc[3], acc[4], acc[5])
    return put_value(ctx[CTR], ctx[VALUES], r[0], r[1], r[2], r[3], r[4], r[5])


@njit(cache=True)
def lin_sum_over(ctx, tid):
    """`_lin_sum` of a transition whose outcomes can only be over (an opponent's last play)."""
    acc = np.zeros(6, dtype=np.uint64)
    t = ctx[TRANS]
    off = t[tid, 4]
    for i in range(t[tid, 5]):
        lv = linear_over(ctx, ctx[OUTS][off + i, 0])
        if lv == NONE:
            return NONE
        _lin_acc(ctx, acc, tid, i, lv)
    return _lin_done(ctx, acc)


@njit(cache=True)
def lin_trans_over(ctx, sid, code):
    """`_lin_trans` for an opponent's play with the deck empty (every outcome is over)."""
    r = pair_find(ctx[L_SLOTS], ctx[TLIN], sid, code)
    if r >= 0:
        return ctx[TLIN][r, 2]
    tid = step(ctx, sid, code)
    v = lin_sum_over(ctx, tid)
    r = pair_add(ctx[CTR], ctx[L_SLOTS], ctx[TLIN], np.int64(N_TLIN), sid, code)
    ctx[TLIN][r, 2] = v
    return v


@njit(cache=True)
def linear_full(ctx, sid):
    """`_linear`: the value of a state in which the viewer has no decision left (over, or an opponent
    plays with the deck empty), else NONE; remembered per state."""
    ctr = ctx[CTR]
    ps = ctx[PSTATE]
    if ps[sid, 0] != 0:
        return ps[sid, 0] - 2
    v = linear_over(ctx, sid)
    if v != NONE:
        return v
    viewer = ctx[CONF][C_VIEWER]
    st = np.empty(SIZE, dtype=np.int8)
    buf = np.empty(8 * KW, dtype=np.uint8)
    typ, _, _ = _unpacked(ctx[CONF], ctx[STATES], sid, st, buf)
    found = NONE
    if st[PHASE] == 0 and st[DECKN] == 0 and st[CUR] != viewer:
        codes = np.empty(MAXACTS, dtype=np.int64)
        weights = np.empty(MAXACTS, dtype=np.int64)
        m, da = opponent_acts(ctx[CONF], ctx[ED], st, typ, codes, weights)
        acc = np.zeros(6, dtype=np.uint64)
        misses = np.full(MAXP, -3, dtype=np.int64)
        found = 0
        for j in range(m):
            kind, a0, a1, a2, a3 = decode(codes[j])
            if kind == 0 and a0 == GUARD and a2 >= 0 and st[HAND + a1] != a2:
                lv = misses[a1]
                if lv == -3:
                    lv = lin_trans_over(ctx, sid, codes[j])
                    misses[a1] = lv
            else:
                lv = lin_trans_over(ctx, sid, codes[j])
            if lv == NONE:
                found = NONE
                break
            x = get_value(ctx[VALUES], lv)
            na = np.uint64(weights[j])
            wh, wl = mul2(ctr, U0, na, x[0], x[1])
            th, tl = mul2(ctr, U0, na, x[2], x[3])
            dh, dl = mul2(ctr, U0, np.uint64(da), x[4], x[5])
            acc_add(ctr, acc, wh, wl, th, tl, dh, dl)
        if found != NONE:
            found = _lin_done(ctx, acc)
    ctx[PSTATE][sid, 0] = found + 2
    return found


@njit(cache=True)
def lin_sum_full(ctx, tid):
    """`_lin_sum`: the value of a transition's outcomes if none leaves the viewer a decision, else NONE."""
    acc = np.zeros(6, dtype=np.uint64)
    t = ctx[TRANS]
    off = t[tid, 4]
    for i in range(t[tid, 5]):
        lv = linear_full(ctx, ctx[OUTS][off + i, 0])
        if lv == NONE:
            return NONE
        _lin_acc(ctx, acc, tid, i, lv)
    return _lin_done(ctx, acc)


# --- following a transition into the information states it leads to ------------------------------
@njit(cache=True, inline="always")
def follow(ctx, sid, code, wh, wl, d0, direct, dens, nd, ne):
    """`_follow`: the outcomes of `code` in `sid` (weight w / d0): those without a decision added to
    `direct`, the others appended to the scratch rows (observation, state, weight hi, lo, denominator)
    from `ne`; returns (the scratch rows, the distinct denominators in `dens`)."""
    ctr = ctx[CTR]
    ctr[N_FOLLOW] += 1
    fid = pair_find(ctx[F_SLOTS], ctx[FOL], sid, code)
    if fid < 0:
        tid = step(ctx, sid, code)
        if ctr[ERR]:
            return ne, nd
        r = pair_find(ctx[L_SLOTS], ctx[TLIN], sid, code)
        if r >= 0:
            lv = ctx[TLIN][r, 2]
        else:
            lv = lin_sum_full(ctx, tid)
            r = pair_add(ctx[CTR], ctx[L_SLOTS], ctx[TLIN], np.int64(N_TLIN), sid, code)
            ctx[TLIN][r, 2] = lv
        fid = pair_add(ctx[CTR], ctx[F_SLOTS], ctx[FOL], np.int64(N_FOL), sid, code)
        fol = ctx[FOL]
        if lv != NONE:
            fol[fid, 2] = 0
            fol[fid, 3] = lv
            fol[fid, 4] = 0
            fol[fid, 5] = 0
            fol[fid, 6] = 1
        else:
            t = ctx[TRANS]
            off = t[tid, 4]
            cnt = t[tid, 5]
            dx = np.uint64(t[tid, 3])
            acc = np.zeros(6, dtype=np.uint64)
            roff = ctr[N_FREST]
            rn = 0
            for i in range(cnt):
                outs = ctx[OUTS]
                c = outs[off + i, 0]
                ways = outs[off + i, 1]
                oid = outs[off + i, 2]
                v = linear_full(ctx, c)
                if v == NONE:
                    fr = ctx[FREST]
                    if not _room(ctr, fr, roff + rn + 1):
                        return ne, nd
                    fr[roff + rn, 0] = c
                    fr[roff + rn, 1] = ways
                    fr[roff + rn, 2] = oid
                    rn += 1
                else:
                    x = get_value(ctx[VALUES], v)
                    uw = np.uint64(ways)
                    a = mul2(ctr, U0, uw, x[0], x[1])
                    b = mul2(ctr, U0, uw, x[2], x[3])
                    d = mul2(ctr, U0, dx, x[4], x[5])
                    acc_add(ctr, acc, a[0], a[1], b[0], b[1], d[0], d[1])
            ctr[N_FREST] = roff + rn
            lvid = NONE
            if acc[4] != U0 or acc[5] != U0:
                lvid = _lin_done(ctx, acc)
            fol = ctx[FOL]
            fol[fid, 2] = ctx[TRANS][tid, 2]
            fol[fid, 3] = lvid
            fol[fid, 4] = roff
            fol[fid, 5] = rn
            fol[fid, 6] = ctx[TRANS][tid, 3]
    else:
        n = ctx[FOL][fid, 2]
        if n:
            ctr[APPLIED] += 1
            ctr[WORK] += n
            if ctr[WORK] > ctr[BUDGET]:
                fail(ctr, TOO_LARGE)
    fol = ctx[FOL]
    lv = fol[fid, 3]
    if lv != NONE:
        x = get_value(ctx[VALUES], lv)
        a = mul2(ctr, wh, wl, x[0], x[1])
        b = mul2(ctr, wh, wl, x[2], x[3])
        d = mul2(ctr, U0, np.uint64(d0), x[4], x[5])
        acc_add(ctr, direct, a[0], a[1], b[0], b[1], d[0], d[1])
    rn = fol[fid, 5]
    if rn:
        d = d0 * fol[fid, 6]
        roff = fol[fid, 4]
        scr = ctx[SCR]
        if not _room(ctr, scr, ne + rn):
            return ne, nd
        fr = ctx[FREST]
        for i in range(rn):
            ways = np.uint64(fr[roff + i, 1])
            h, l = mul2(ctr, wh, wl, U0, ways)
            scr[ne, 0] = fr[roff + i, 2]
            scr[ne, 1] = fr[roff + i, 0]
            scr[ne, 2] = np.int64(h)
            scr[ne, 3] = np.int64(l)
            scr[ne, 4] = d
            ne += 1
    return ne, nd


@njit(cache=True)
def group(ctx, ne, top):
    """The scratch rows grouped by observation (first seen first), each group's states merged (first
    seen first) with their weights over the lcm of that group's denominators, written to the arena from
    `top`: [number of groups, (start, length, scale hi, scale lo) per group, then (state, weight hi,
    weight lo) per world]. (`_combine` puts every group over one scale, the lcm of all the
    denominators; a group's mass over its own scale is the same number, with smaller integers.)
    Returns the arena's new top."""
    ctr = ctx[CTR]
    ctr[N_EXPAND] += 1
    ctr[N_ENTRIES] += ne
    scr = ctx[SCR]
    pobs = ctx[POBS]
    ps = ctx[PSTATE]
    ctr[STAMP0] += 1
    stamp = ctr[STAMP0]
    ng = 0
    order = np.empty(ne, dtype=np.int64)
    gsize = np.zeros(ne + 1, dtype=np.int64)
    for i in range(ne):
        o = scr[i, 0]
        if pobs[o, 0] != stamp:
            pobs[o, 0] = stamp
            pobs[o, 1] = ng
            ng += 1
        order[i] = pobs[o, 1]
        gsize[pobs[o, 1]] += 1
    arena = ctx[ARENA]
    if not _room(ctr, arena, top + 1 + 4 * ng + 3 * ne + 8):
        return top
    arena[top] = ng
    gstart = np.empty(ng + 1, dtype=np.int64)
    pos = top + 1 + 4 * ng
    for g in range(ng):
        gstart[g] = pos
        pos += 3 * gsize[g]
    first = np.zeros(ng + 1, dtype=np.int64)
    for g in range(ng):
        first[g + 1] = first[g] + gsize[g]
    fill = first[:ng].copy()
    sorted_e = np.empty(ne, dtype=np.int64)
    for i in range(ne):
        g = order[i]
        sorted_e[fill[g]] = i
        fill[g] += 1
    glen = np.zeros(ng, dtype=np.int64)
    for g in range(ng):
        # the group's scale: the lcm of its entries' denominators
        sh, sl = U0, U1
        last = np.int64(-1)
        for q in range(first[g], first[g + 1]):
            d = scr[sorted_e[q], 4]
            if d != last:
                sh, sl = lcm(ctr, sh, sl, U0, np.uint64(d))
                last = d
        ctr[STAMP1] += 1
        gst = ctr[STAMP1]
        for q in range(first[g], first[g + 1]):
            i = sorted_e[q]
            s = scr[i, 1]
            fh, fl, _, _ = divmod128(sh, sl, U0, np.uint64(scr[i, 4]))
            wh, wl = mul2(ctr, np.uint64(scr[i, 2]), np.uint64(scr[i, 3]), fh, fl)
            if ps[s, 2] == gst:
                k = ps[s, 3]
                h, l, ok = add(np.uint64(arena[k + 1]), np.uint64(arena[k + 2]), wh, wl)
                if not ok:
                    fail(ctr, OVERFLOW)
                arena[k + 1] = np.int64(h)
                arena[k + 2] = np.int64(l)
            else:
                ps[s, 2] = gst
                k = gstart[g] + 3 * glen[g]
                ps[s, 3] = k
                arena[k] = s
                arena[k + 1] = np.int64(wh)
                arena[k + 2] = np.int64(wl)
                glen[g] += 1
        arena[top + 1 + 4 * g] = gstart[g]
        arena[top + 2 + 4 * g] = glen[g]
        arena[top + 3 + 4 * g] = np.int64(sh)
        arena[top + 4 + 4 * g] = np.int64(sl)
    return pos


@njit(cache=True)
def expand_viewer(ctx, ioff, nitems, code, top, direct):
    """`_q`'s children: every world of the information state (items in the arena from `ioff`: state,
    weight hi, weight lo) followed by the viewer's action `code`; the groups at `top`, the outcomes
    without a decision in `direct`; returns the arena's new top."""
    direct[:] = 0
    dens = np.empty(64, dtype=np.int64)
    nd = ZERO
    ne = ZERO
    for i in range(nitems):
        arena = ctx[ARENA]
        sid = arena[ioff + 3 * i]
        wh = np.uint64(arena[ioff + 3 * i + 1])
        wl = np.uint64(arena[ioff + 3 * i + 2])
        ne, nd = follow(ctx, sid, code, wh, wl, ONE, direct, dens, nd, ne)
        if ctx[CTR][ERR]:
            return top
    return group(ctx, ne, top)


@njit(cache=True)
def expand_opponent(ctx, ioff, nitems, top, direct):
    """`_value`'s children for an opponent to move: every world, every action of its type's model with
    its integer weight (an opponent's Guard guesses that do the same in every world evaluated once:
    `_guess_classes`), followed; as `expand_viewer`."""
    ctr = ctx[CTR]
    direct[:] = 0
    st = np.empty(SIZE, dtype=np.int8)
    buf = np.empty(8 * KW, dtype=np.uint8)
    codes = np.empty((nitems, MAXACTS), dtype=np.int64)
    weights = np.empty((nitems, MAXACTS), dtype=np.int64)
    counts = np.empty(nitems, dtype=np.int64)
    dens_a = np.empty(nitems, dtype=np.int64)
    hands = np.empty((nitems, MAXP), dtype=np.int64)
    for i in range(nitems):
        sid = ctx[ARENA][ioff + 3 * i]
        typ, _, _ = _unpacked(ctx[CONF], ctx[STATES], sid, st, buf)
        counts[i], dens_a[i] = opponent_acts(ctx[CONF], ctx[ED], st, typ, codes[i], weights[i])
        for t in range(MAXP):
            hands[i, t] = st[HAND + t]
    # guess classes: guess codes in order of first appearance, each with its profile over the worlds
    gcodes = np.empty(MAXACTS * 4, dtype=np.int64)
    ng = 0
    for i in range(nitems):
        for j in range(counts[i]):
            c = codes[i, j]
            kind, a0, a1, a2, a3 = decode(c)
            if kind == 0 and a0 == GUARD and a2 >= 0:
                seen = False
                for x in range(ng):
                    if gcodes[x] == c:
                        seen = True
                        break
                if not seen:
                    gcodes[ng] = c
                    ng += 1
    share = np.ones(max(ng, 1), dtype=np.int64)
    if ng:
        pw = np.zeros((ng, nitems), dtype=np.int64)
        ph = np.zeros((ng, nitems), dtype=np.int64)
        for x in range(ng):
            kind, a0, a1, a2, a3 = decode(gcodes[x])
            for i in range(nitems):
                for j in range(counts[i]):
                    if codes[i, j] == gcodes[x]:
                        pw[x, i] = weights[i, j]
                        ph[x, i] = 1 if hands[i, a1] == a2 else 0
                        break
        leader = np.full(ng, -1, dtype=np.int64)
        for x in range(ng):
            t = decode(gcodes[x])[2]
            for y in range(x):
                if leader[y] != y or decode(gcodes[y])[2] != t:
                    continue
                same = True
                for i in range(nitems):
                    if pw[x, i] != pw[y, i] or (pw[x, i] and ph[x, i] != ph[y, i]):
                        same = False
                        break
                if same:
                    leader[x] = y
                    break
            if leader[x] < 0:
                leader[x] = x
        for x in range(ng):
            share[x] = 0
        for x in range(ng):
            share[leader[x]] += 1
    dens = np.empty(MAXACTS * 8, dtype=np.int64)
    nd = ZERO
    ne = ZERO
    for i in range(nitems):
        arena = ctx[ARENA]
        sid = arena[ioff + 3 * i]
        w_hi = np.uint64(arena[ioff + 3 * i + 1])
        w_lo = np.uint64(arena[ioff + 3 * i + 2])
        for j in range(counts[i]):
            c = codes[i, j]
            na = np.uint64(weights[i, j])
            if ng:
                gi = -1
                for x in range(ng):
                    if gcodes[x] == c:
                        gi = x
                        break
                if gi >= 0:
                    if share[gi] == 0:
                        continue
                    na = na * np.uint64(share[gi])
            wh, wl = mul2(ctr, w_hi, w_lo, U0, na)
            ne, nd = follow(ctx, sid, c, wh, wl, dens_a[i], direct, dens, nd, ne)
            if ctx[CTR][ERR]:
                return top
    return group(ctx, ne, top)


# --- the search: an explicit stack of information states -------------------------------------------
@njit(cache=True, inline="always")
def key_byte(key, b):
    return (key[b >> 3] >> ((b & 7) * 8)) & 0xFF


# frame fields (ctx[FRAMES], int64) and accumulators (ctx[FRAMEU], uint64)
FI = 24
FU = 32
F_PC, F_MODE, F_CODE, F_GOFF, F_GLEN, F_IOFF, F_N, F_ATOP, F_NTOP, F_IT, F_NITER, F_MISSED, F_G, F_NG, \
    F_HAVE, F_VNODE, F_HKEY, F_SIDX, F_ACTS, F_SINGLE = range(20)
U_TH, U_NT, U_SC, U_MW, U_BW, U_DIR = 0, 2, 4, 6, 12, 18
P_ENTER, P_NEXT, P_CHILD, P_FINISH = 0, 1, 2, 3


@njit(cache=True, inline="always")
def _push(ctx, mode, code, goff, glen, top):
    ctr = ctx[CTR]
    d = ctr[DEPTH]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    if not _room(ctr, fr, d + 1):
        return
    fr[d, :] = 0
    fu[d, :] = 0
    fr[d, F_PC] = P_ENTER
    fr[d, F_MODE] = mode
    fr[d, F_CODE] = code
    fr[d, F_GOFF] = goff
    fr[d, F_GLEN] = glen
    fr[d, F_IOFF] = top  # where the frame's own arena starts
    ctr[DEPTH] = d + 1


@njit(cache=True)
def _memo_find(ctx, ioff, nitems, hkey, sidx):
    """The value of a multi-world information state (items sorted by state at `sidx` in the arena), or
    NONE."""
    slots = ctx[M_SLOTS]
    e = _probe_hash(slots, hkey)
    arena = ctx[ARENA]
    keys = ctx[MKEYS]
    ment = ctx[MENT]
    while e >= 0:
        if ment[e, 2] == nitems:
            off = ment[e, 1]
            same = True
            for q in range(nitems):
                i = arena[sidx + q]
                if keys[off + 3 * q] != arena[ioff + 3 * i] or keys[off + 3 * q + 1] != arena[ioff + 3 * i + 1] or \
                        keys[off + 3 * q + 2] != arena[ioff + 3 * i + 2]:
                    same = False
                    break
            if same:
                return ment[e, 3]
        e = ment[e, 0]
    return NONE


@njit(cache=True)
def _probe_hash(slots, hkey):
    """The first memo entry of a hash (slots hold (hash, entry + 1) pairs), or -1."""
    cap = len(slots) // 2
    mask = np.uint64(cap - 1)
    i = np.int64(np.uint64(hkey) & mask)
    while True:
        e = slots[2 * i + 1]
        if e == 0:
            return -1
        if slots[2 * i] == hkey:
            return e - 1
        i = np.int64((np.uint64(i) + U1) & mask)


@njit(cache=True)
def _memo_store(ctx, ioff, nitems, hkey, sidx, vid):
    ctr = ctx[CTR]
    e = ctr[N_MENT]
    ment = ctx[MENT]
    ko = ctr[N_MKEYS]
    keys = ctx[MKEYS]
    if not _room(ctr, ment, e + 1) or not _room(ctr, keys, ko + 3 * nitems):
        return
    arena = ctx[ARENA]
    for q in range(nitems):
        i = arena[sidx + q]
        keys[ko + 3 * q] = arena[ioff + 3 * i]
        keys[ko + 3 * q + 1] = arena[ioff + 3 * i + 1]
        keys[ko + 3 * q + 2] = arena[ioff + 3 * i + 2]
    ctr[N_MKEYS] = ko + 3 * nitems
    ment[e, 1] = ko
    ment[e, 2] = nitems
    ment[e, 3] = vid
    ment[e, 4] = hkey
    ctr[N_MENT] = e + 1
    # the hash's chain: the new entry first
    slots = ctx[M_SLOTS]
    cap = len(slots) // 2
    mask = np.uint64(cap - 1)
    i = np.int64(np.uint64(hkey) & mask)
    while True:
        if slots[2 * i + 1] == 0:
            slots[2 * i] = hkey
            slots[2 * i + 1] = e + 1
            ment[e, 0] = -1
            ctr[N_MHASH] += 1  # distinct hashes
            break
        if slots[2 * i] == hkey:
            ment[e, 0] = slots[2 * i + 1] - 1
            slots[2 * i + 1] = e + 1
            break
        i = np.int64((np.uint64(i) + U1) & mask)


@njit(cache=True, inline="always")
def _enter(ctx, d):
    """A frame's start: for mode 0 the group normalised (its weights over their gcd) and looked up; on a
    hit the frame's mass is ready (returns True); otherwise its iterations are set up."""
    ctr = ctx[CTR]
    conf = ctx[CONF]
    viewer = conf[C_VIEWER]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    mode = fr[d, F_MODE]
    goff = fr[d, F_GOFF]
    glen = fr[d, F_GLEN]
    base = fr[d, F_IOFF]
    if mode == 1:
        ioff = goff
        top = base
        fu[d, U_TH] = U0
        fu[d, U_TH + 1] = U1
        fu[d, U_NT] = U0
        fu[d, U_NT + 1] = U1
        vid = NONE
    else:
        arena = ctx[ARENA]
        if not _room(ctr, arena, base + 4 * glen + 8):
            return False
        th, tl = U0, U0
        gh, gl = U0, U0
        for i in range(glen):
            wh = np.uint64(arena[goff + 3 * i + 1])
            wl = np.uint64(arena[goff + 3 * i + 2])
            th, tl, ok = add(th, tl, wh, wl)
            if not ok:
                fail(ctr, OVERFLOW)
                return False
            gh, gl = gcd(gh, gl, wh, wl)
        ioff = base
        for i in range(glen):
            qh, ql, _, _ = divmod128(np.uint64(arena[goff + 3 * i + 1]), np.uint64(arena[goff + 3 * i + 2]), gh, gl)
            arena[ioff + 3 * i] = arena[goff + 3 * i]
            arena[ioff + 3 * i + 1] = np.int64(qh)
            arena[ioff + 3 * i + 2] = np.int64(ql)
        sidx = ioff + 3 * glen
        top = sidx + glen
        nth, ntl, _, _ = divmod128(th, tl, gh, gl)
        fu[d, U_TH] = th
        fu[d, U_TH + 1] = tl
        fu[d, U_NT] = nth
        fu[d, U_NT + 1] = ntl
        if glen == 1:
            vid = ctx[PSTATE][arena[ioff], 1] - 2
            if vid == UNKNOWN:
                vid = NONE
            fr[d, F_SINGLE] = 1
        else:
            sids = np.empty(glen, dtype=np.int64)
            for i in range(glen):
                sids[i] = arena[ioff + 3 * i]
            order = np.argsort(sids)
            h = np.uint64(glen)
            for q in range(glen):
                i = order[q]
                arena[sidx + q] = i
                h = _mix(h, arena[ioff + 3 * i])
                h = _mix(h, arena[ioff + 3 * i + 1])
                h = _mix(h, arena[ioff + 3 * i + 2])
            fr[d, F_HKEY] = np.int64(h)
            fr[d, F_SIDX] = sidx
            vid = _memo_find(ctx, ioff, glen, np.int64(h), sidx)
    fr[d, F_IOFF] = ioff
    fr[d, F_N] = glen
    if vid != NONE:
        _mass(ctx, d, vid)
        return True
    if mode == 0:
        ctr[NODES] += 1
    # who is to move: the viewer's legal actions, or one iteration for the opponents (or mode 1)
    st = np.empty(SIZE, dtype=np.int8)
    buf = np.empty(8 * KW, dtype=np.uint8)
    _unpacked(ctx[CONF], ctx[STATES], ctx[ARENA][ioff], st, buf)
    vnode = mode == 0 and st[CUR] == viewer and st[PHASE] != 2
    fr[d, F_VNODE] = 1 if vnode else 0
    niter = 1
    if vnode:
        acts = np.empty((MAXACTS, 4), dtype=np.int64)
        m = legal_actions(st, ctx[ED], acts)
        arena = ctx[ARENA]
        if not _room(ctr, arena, top + m + 8):
            return False
        for j in range(m):
            arena[top + j] = row_code(st[PHASE], acts, j)
        fr[d, F_ACTS] = top
        top += m
        niter = m
    fr[d, F_ATOP] = top
    fr[d, F_NITER] = niter
    fr[d, F_IT] = 0
    fr[d, F_HAVE] = 0
    fr[d, F_PC] = P_NEXT
    return False


@njit(cache=True, inline="always")
def _mass(ctx, d, vid):
    """The frame's result for its group's own weights: value * total, reduced by gcd(total, den)
    (`_val`'s return), in the frame's MW."""
    ctr = ctx[CTR]
    fu = ctx[FRAMEU]
    v = get_value(ctx[VALUES], vid)
    th, tl = fu[d, U_TH], fu[d, U_TH + 1]
    g2h, g2l = gcd(th, tl, v[4], v[5])
    fh, fl, _, _ = divmod128(th, tl, g2h, g2l)
    dh, dl, _, _ = divmod128(v[4], v[5], g2h, g2l)
    wh, wl = mul2(ctr, v[0], v[1], fh, fl)
    kh, kl = mul2(ctr, v[2], v[3], fh, fl)
    fu = ctx[FRAMEU]
    fu[d, U_MW] = wh
    fu[d, U_MW + 1] = wl
    fu[d, U_MW + 2] = kh
    fu[d, U_MW + 3] = kl
    fu[d, U_MW + 4] = dh
    fu[d, U_MW + 5] = dl


@njit(cache=True, inline="always")
def _next(ctx, d):
    """The frame's next iteration: the viewer's next action (one of the Guard guesses that hit in no
    world per target), or the opponents' one; its children grouped; False when there is none left."""
    fr = ctx[FRAMES]
    while fr[d, F_IT] < fr[d, F_NITER]:
        it = fr[d, F_IT]
        ioff = fr[d, F_IOFF]
        nitems = fr[d, F_N]
        top = fr[d, F_ATOP]
        direct = ctx[FRAMEU][d, U_DIR:U_DIR + 6]
        if fr[d, F_MODE] == 1:
            ntop = expand_viewer(ctx, ioff, nitems, fr[d, F_CODE], top, direct)
        elif fr[d, F_VNODE]:
            code = ctx[ARENA][fr[d, F_ACTS] + it]
            kind, a0, a1, a2, a3 = decode(code)
            if kind == 0 and a0 == GUARD and a2 >= 0:
                hit = False
                states = ctx[STATES]
                arena = ctx[ARENA]
                for i in range(nitems):
                    if key_byte(states[arena[ioff + 3 * i]], 15 + a1) - 1 == a2:
                        hit = True
                        break
                if not hit:
                    if (fr[d, F_MISSED] >> a1) & 1:
                        fr[d, F_IT] = it + 1
                        continue
                    fr[d, F_MISSED] |= 1 << a1
            ntop = expand_viewer(ctx, ioff, nitems, code, top, direct)
        else:
            ntop = expand_opponent(ctx, ioff, nitems, top, direct)
        fr = ctx[FRAMES]
        fu = ctx[FRAMEU]
        fr[d, F_NTOP] = ntop
        fr[d, F_NG] = ctx[ARENA][top]
        fr[d, F_G] = 0
        fu[d, U_MW:U_MW + 5] = 0
        fu[d, U_MW + 5] = U1
        fr[d, F_PC] = P_CHILD
        return True
    return False


@njit(cache=True, inline="always")
def _done_iteration(ctx, d):
    """The iteration's children all valued: `_combine`'s end (the scale, the outcomes without a
    decision), then the viewer's best so far kept (win mass, then tokens)."""
    ctr = ctx[CTR]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    mw = fu[d, U_MW:U_MW + 6]
    direct = fu[d, U_DIR:U_DIR + 6]
    if fr[d, F_NG] == 0:
        mw[:] = 0
        mw[5] = U1
        if direct[4] != U0 or direct[5] != U0:
            mw[:] = direct
    else:
        if (direct[4] != U0 or direct[5] != U0) and (direct[0] != U0 or direct[1] != U0 or
                                                    direct[2] != U0 or direct[3] != U0):
            combine_into(ctr, mw, direct[0], direct[1], direct[2], direct[3], direct[4], direct[5])
    if fr[d, F_MODE] == 1 or not fr[d, F_VNODE]:
        fu[d, U_BW:U_BW + 6] = mw
        fr[d, F_HAVE] = 1
        fr[d, F_IT] = fr[d, F_NITER]
        return
    bw = fu[d, U_BW:U_BW + 6]
    better = fr[d, F_HAVE] == 0
    if not better:
        c1 = mul_cmp(mw[0], mw[1], bw[4], bw[5], bw[0], bw[1], mw[4], mw[5])
        if c1 > 0:
            better = True
        elif c1 == 0:
            better = mul_cmp(mw[2], mw[3], bw[4], bw[5], bw[2], bw[3], mw[4], mw[5]) > 0
    if better:
        bw[:] = mw
        fr[d, F_HAVE] = 1
    fr[d, F_IT] += 1


@njit(cache=True, inline="always")
def _finish(ctx, d):
    """The frame's value: the best mass over its normalised total, reduced, remembered; then its mass
    for its group's own weights (mode 1: the mass as it is)."""
    ctr = ctx[CTR]
    fr = ctx[FRAMES]
    fu = ctx[FRAMEU]
    if fr[d, F_MODE] == 1:
        fu[d, U_MW:U_MW + 6] = fu[d, U_BW:U_BW + 6]
        return
    bw = fu[d, U_BW:U_BW + 6]
    dh, dl = mul2(ctr, bw[4], bw[5], fu[d, U_NT], fu[d, U_NT + 1])
    r = reduce3(ctr, bw[0], bw[1], bw[2], bw[3], dh, dl)
    vid = put_value(ctx[CTR], ctx[VALUES], r[0], r[1], r[2], r[3], r[4], r[5])
    if fr[d, F_SINGLE]:
        ctx[PSTATE][ctx[ARENA][fr[d, F_IOFF]], 1] = vid + 2
    else:
        _memo_store(ctx, fr[d, F_IOFF], fr[d, F_N], fr[d, F_HKEY], fr[d, F_SIDX], vid)
    _mass(ctx, d, vid)


@njit(cache=True, inline="always")
def run(ctx):
    """Run the stack until the bottom frame is done (its result in its MW), or an error."""
    ctr = ctx[CTR]
    while ctr[DEPTH] > 0:
        if ctr[ERR]:
            return
        d = ctr[DEPTH] - 1
        fr = ctx[FRAMES]
        pc = fr[d, F_PC]
        if pc == P_ENTER:
            if _enter(ctx, d):
                fr = ctx[FRAMES]
                fr[d, F_PC] = P_FINISH + 1  # done: deliver
        elif pc == P_NEXT:
            if not _next(ctx, d):
                _finish(ctx, d)
                ctx[FRAMES][d, F_PC] = P_FINISH + 1
        elif pc == P_CHILD:
            g = fr[d, F_G]
            if g == fr[d, F_NG]:
                _done_iteration(ctx, d)
                ctx[FRAMES][d, F_PC] = P_NEXT
            else:
                arena = ctx[ARENA]
                top = fr[d, F_ATOP]
                cs = arena[top + 1 + 4 * g]
                cl = arena[top + 2 + 4 * g]
                _push(ctx, ZERO, ZERO, cs, cl, fr[d, F_NTOP])
        if ctr[ERR]:
            return
        d = ctr[DEPTH] - 1
        if ctx[FRAMES][d, F_PC] == P_FINISH + 1:
            if d == 0:
                return
            # deliver the child's mass to its parent and pop it
            fu = ctx[FRAMEU]
            r = fu[d, U_MW:U_MW + 6].copy()
            ctr[DEPTH] = d
            p = d - 1
            # over the parent's group's scale (`_combine`'s `den *= scale`, group by group)
            pf = ctx[FRAMES]
            at = pf[p, F_ATOP] + 1 + 4 * pf[p, F_G]
            arena = ctx[ARENA]
            dh, dl = mul2(ctr, r[4], r[5], np.uint64(arena[at + 2]), np.uint64(arena[at + 3]))
            combine_into(ctr, ctx[FRAMEU][p, U_MW:U_MW + 6], r[0], r[1], r[2], r[3], dh, dl)
            pf[p, F_G] += 1


# --- entry points -------------------------------------------------------------------------------------
@njit(cache=True)
def root_intern(ctx, states, tails, pairs, typs):
    """The root states' numbers: `states` rows of round arrays with their tail groups and types."""
    conf = ctx[CONF]
    buf = np.empty(8 * KW, dtype=np.uint8)
    out = np.empty(states.shape[0], dtype=np.int64)
    for i in range(states.shape[0]):
        pack(states[i], conf[C_N], typs[i], tails[i], pairs[i], conf[C_MEMORY], conf[C_SAFREE], buf)
        out[i] = state_id(ctx[CTR], ctx[S_SLOTS], ctx[STATES], buf.view(np.int64))
    return out


@njit(cache=True)
def root_search(ctx, sids, whi, wlo, mode, code):
    """The root's query: with mode 1 `_q` (the mass of the viewer's action `code` over the (state,
    integer weight) pairs, in their order, unmerged), with mode 0 `value` (the mass of the information
    state of the pairs, merged by state, first seen first): (win, tokens, den) as 6 words and the
    error code (0 for none)."""
    ctr = ctx[CTR]
    n = len(sids)
    arena = ctx[ARENA]
    if not _room(ctr, arena, 3 * n + 8):
        return (U0, U0, U0, U0, U0, U1), ctr[ERR]
    m = 0
    for i in range(n):
        found = -1
        if mode == 0:  # `value`: the pairs merged by state, first seen first
            for j in range(m):
                if arena[3 * j] == sids[i]:
                    found = j
                    break
        if found >= 0:
            h, l, ok = add(np.uint64(arena[3 * found + 1]), np.uint64(arena[3 * found + 2]), whi[i], wlo[i])
            if not ok:
                fail(ctr, OVERFLOW)
            arena[3 * found + 1] = np.int64(h)
            arena[3 * found + 2] = np.int64(l)
        else:
            arena[3 * m] = sids[i]
            arena[3 * m + 1] = np.int64(whi[i])
            arena[3 * m + 2] = np.int64(wlo[i])
            m += 1
    ctr[DEPTH] = 0
    _push(ctx, mode, code, ZERO, m, 3 * m)
    run(ctx)
    ctr[DEPTH] = 0
    mw = ctx[FRAMEU][0, U_MW:U_MW + 6]
    return (mw[0], mw[1], mw[2], mw[3], mw[4], mw[5]), ctr[ERR]


@njit(cache=True, inline="always")
def root_flags(ctx, sid):
    """(the viewer is out, the round is over, the player to move) of a state."""
    key = ctx[STATES][sid]
    viewer = ctx[CONF][C_VIEWER]
    b0 = key[0] & 0xFF
    out = (key[0] >> 8) & 0xFF
    return (out >> viewer) & 1, ((b0 >> 3) & 3) == 2, b0 & 7


@njit(cache=True)
def counters(ctx):
    return ctx[CTR].copy()


@njit(cache=True)
def set_counter(ctx, i, value):
    ctx[CTR][i] = value


@njit(cache=True)
def root_outcomes(ctx, sids, codes):
    """Each (state, action) pair stepped in order (counted as work, as `_step`): rows (pair number,
    next state, ways, an opponent knocked out), each pair's denominator, and the error code."""
    total = 0
    tids = np.empty(len(sids), dtype=np.int64)
    for i in range(len(sids)):
        tids[i] = step(ctx, sids[i], codes[i])
        total += ctx[TRANS][tids[i], 5]
    out = np.empty((total, 4), dtype=np.int64)
    dens = np.empty(len(sids), dtype=np.int64)
    k = 0
    for i in range(len(sids)):
        t = ctx[TRANS]
        off = t[tids[i], 4]
        dens[i] = t[tids[i], 3]
        for j in range(t[tids[i], 5]):
            o = ctx[OUTS]
            out[k, 0] = i
            out[k, 1] = o[off + j, 0]
            out[k, 2] = o[off + j, 1]
            out[k, 3] = o[off + j, 3]
            k += 1
    return out, dens, ctx[CTR][ERR]


@njit(cache=True)
def root_opponents(ctx, sids):
    """Each state's opponents' model: rows (state number, action code, integer weight) and each state's
    denominator."""
    st = np.empty(SIZE, dtype=np.int8)
    buf = np.empty(8 * KW, dtype=np.uint8)
    codes = np.empty(MAXACTS, dtype=np.int64)
    weights = np.empty(MAXACTS, dtype=np.int64)
    out = np.empty((len(sids) * MAXACTS, 3), dtype=np.int64)
    dens = np.empty(len(sids), dtype=np.int64)
    k = 0
    for i in range(len(sids)):
        typ, _, _ = _unpacked(ctx[CONF], ctx[STATES], sids[i], st, buf)
        m, den = opponent_acts(ctx[CONF], ctx[ED], st, typ, codes, weights)
        dens[i] = den
        for j in range(m):
            out[k, 0] = i
            out[k, 1] = codes[j]
            out[k, 2] = weights[j]
            k += 1
    return out[:k].copy(), dens


@njit(cache=True)
def root_flags_many(ctx, sids):
    """Rows (the viewer is out, the round is over, the player to move) of states."""
    out = np.empty((len(sids), 3), dtype=np.int64)
    for i in range(len(sids)):
        a, b, c = root_flags(ctx, sids[i])
        out[i, 0] = a
        out[i, 1] = 1 if b else 0
        out[i, 2] = c
    return out
