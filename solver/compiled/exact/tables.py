"""The compiled exact search's tables: the context of fixed-capacity NumPy arrays (`new_context`),
open-addressing hash tables over them (states, observations, transitions), the value table and the
128-bit arithmetic that reports overflow (`reduce3`, `lcm`, `acc_add`, `combine_into`)."""

from __future__ import annotations

import numpy as np
from numba import carray, njit
from numba.core import cgutils, types
from numba.extending import intrinsic
from solver.compiled.kernels import MAXACTS, MAXD, SIZE
from solver.compiled.u128 import U0, U1, add, divmod128, gcd, mul
from solver.rules.rng import GAMMA, MIX1, MIX2
from solver.compiled.exact.packing import (BUDGET, C_MEMORY, C_N, C_NTYPES, C_NUP, C_TSHIFT, C_SAFREE, C_TYPES, C_UP, C_VIEWER,
                                           ERR, FI, FU, KW, NEED_MORE, N_CTR, N_W64, N_STATES, N_VALS, OVERFLOW, OW,
                                           STATES, TRASH, unpack)


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
    conf[C_NTYPES] = len(types_)
    shift = (max(len(types_), 1) - 1).bit_length()  # a state's number: its round's number, then its type's bits
    conf[C_TSHIFT] = shift
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
            rows(4 * r, 3), rows(2 * r, 5), rows((2 * r) << shift, 4), rows(r // 2, 2), rows(2 * r, 5),
            rows(1 << 10, FI), rows(4 * r, 6, 0, np.uint64), rows(1 << 10, FU, 0, np.uint64),
            np.zeros((N_W64, 256), dtype=np.int64), np.zeros((8, SIZE), dtype=np.int8),
            np.zeros((8, 8 * KW), dtype=np.uint8), np.zeros((3, 256, MAXD + 4), dtype=np.int64),
            np.zeros((4, MAXACTS, 4), dtype=np.int64))


# --- borrowed tables --------------------------------------------------------------------------------
@intrinsic
def _voidptr(typingctx, address):
    """An address as a void pointer (for `carray`)."""
    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], cgutils.voidptr_t)
    return types.voidptr(address), codegen


@njit(cache=True, inline="always")
def _lend(a):
    return carray(_voidptr(a.ctypes.data), a.shape, a.dtype)


@njit(cache=True, inline="always")
def borrowed(ctx):
    """The context's tables as views without a reference count (the same types, the same memory): every
    call inside the search passes the 30 tables, and counting references to them (an atomic increment and
    decrement per table per call) took over half of the search's time. The caller's `ctx` keeps the arrays
    alive for the call."""
    return (_lend(ctx[0]), _lend(ctx[1]), _lend(ctx[2]), _lend(ctx[3]), _lend(ctx[4]), _lend(ctx[5]),
            _lend(ctx[6]), _lend(ctx[7]), _lend(ctx[8]), _lend(ctx[9]), _lend(ctx[10]), _lend(ctx[11]),
            _lend(ctx[12]), _lend(ctx[13]), _lend(ctx[14]), _lend(ctx[15]), _lend(ctx[16]), _lend(ctx[17]),
            _lend(ctx[18]), _lend(ctx[19]), _lend(ctx[20]), _lend(ctx[21]), _lend(ctx[22]), _lend(ctx[23]),
            _lend(ctx[24]), _lend(ctx[25]), _lend(ctx[26]), _lend(ctx[27]), _lend(ctx[28]), _lend(ctx[29]))


@njit(cache=True)
def _cap(a):
    return a.shape[0] - TRASH


@njit(cache=True, inline="always")
def room(ctr, a, need):
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
def mix(h, x):
    z = h ^ (np.uint64(x) + _GAMMA)
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _hash(key, w):
    h = np.uint64(w)
    for i in range(w):
        h = mix(h, key[i])
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
def intern(ctr, slots, rows, cnt, key, w):
    """The row of `key` in a table (`slots` over `rows`; `ctr[cnt]` its rows in use), added at the end if
    new; returns (row, added). A full table stops the search (a row past its capacity is returned,
    nothing added)."""
    h = _hash(key, w)
    r, pos = _probe(slots, rows, key, w, h)
    if r >= 0:
        return r, False
    n = ctr[cnt]
    if not room(ctr, rows, n + 1):
        return rows.shape[0] - TRASH, False
    for j in range(w):
        rows[n, j] = key[j]
    ctr[cnt] = n + 1
    slots[pos] = n + 1
    return n, True


@njit(cache=True)
def state_id(ctr, slots, rows, key):
    sid, added = intern(ctr, slots, rows, np.int64(N_STATES), key, np.int64(KW))
    return sid


@njit(cache=True, inline="always")
def pair_find(slots, rows, sid, code):
    """The row of (sid, code) in a pair table, or -1."""
    mask = np.uint64(len(slots) - 1)
    h = mix(mix(np.uint64(2), sid), code)
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
    """The row of (sid, code) in a pair table, added if new (`intern` of the key (sid, code), without an
    array for it)."""
    mask = np.uint64(len(slots) - 1)
    h = mix(mix(np.uint64(2), sid), code)
    i = np.int64(h & mask)
    while True:
        r = slots[i]
        if r == 0:
            break
        r -= 1
        if rows[r, 0] == sid and rows[r, 1] == code:
            return r
        i = np.int64((np.uint64(i) + U1) & mask)
    n = ctr[cnt]
    if not room(ctr, rows, n + 1):
        return rows.shape[0] - TRASH
    rows[n, 0] = sid
    rows[n, 1] = code
    ctr[cnt] = n + 1
    slots[i] = n + 1
    return n


@njit(cache=True, inline="always")
def fail(ctr, code):
    if ctr[ERR] == 0:
        ctr[ERR] = code


@njit(cache=True, inline="always")
def put_value(ctr, v, wh, wl, th, tl, dh, dl):
    vid = ctr[N_VALS]
    if not room(ctr, v, vid + 1):
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


@njit(cache=True, inline="always")
def rnum(conf, sid):
    """A state's round's number (the rows of the states table, of the transitions: the opponents' types
    share them; a state's number is its round's number, then its type's bits)."""
    return sid >> conf[C_TSHIFT]


@njit(cache=True, inline="always")
def tnum(conf, sid):
    """A state's type."""
    return sid & ((np.int64(1) << conf[C_TSHIFT]) - 1)


@njit(cache=True, inline="always")
def typed(conf, rid, opponent_type):
    """The number of the state of round `rid` with opponents' type `opponent_type`."""
    return (rid << conf[C_TSHIFT]) | opponent_type


@njit(cache=True)
def unpacked(conf, states, sid, st, buf):
    """The round array of state `sid`; returns (its type, its tail's groups, their pair bits)."""
    _, ng, pairs = unpack(states[sid >> conf[C_TSHIFT]], conf[C_N], conf[C_NUP], conf[C_UP:C_UP + 3], st, buf)
    return tnum(conf, sid), ng, pairs


@njit(cache=True)
def unpacked_round(conf, states, rid, st, buf):
    """The round array of round number `rid`; returns (its tail's groups, their pair bits)."""
    _, ng, pairs = unpack(states[rid], conf[C_N], conf[C_NUP], conf[C_UP:C_UP + 3], st, buf)
    return ng, pairs


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
