"""Unsigned 128-bit integers for the compiled exact search (numba has no integer wider than 64
bits): a number is a pair (hi, lo) of uint64. The exact search's integers (world weights, masses
and their denominators) stay below about 70 bits on 2-player positions of 7 cards (measured on the
Python search), so 128 bits leave room; every operation that could exceed them reports it
(`ok` False) and the search gives the position up (it is then too large for the compiled answer)
rather than return a wrong number. Tested against Python's integers (`tests/conformance/test_u128.py`).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

U0 = np.uint64(0)
U1 = np.uint64(1)
_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)
_S63 = np.uint64(63)
_TOP = np.uint64(1) << np.uint64(63)


@njit(cache=True, inline="always")
def mul64(a, b):
    """a * b for uint64 a, b: (hi, lo)."""
    a0 = a & _M32
    a1 = a >> _S32
    b0 = b & _M32
    b1 = b >> _S32
    p00 = a0 * b0
    p01 = a0 * b1
    p10 = a1 * b0
    p11 = a1 * b1
    mid = (p00 >> _S32) + (p01 & _M32) + (p10 & _M32)
    lo = (p00 & _M32) | (mid << _S32)
    hi = p11 + (p01 >> _S32) + (p10 >> _S32) + (mid >> _S32)
    return hi, lo


@njit(cache=True, inline="always")
def add(ah, al, bh, bl):
    """(hi, lo, ok): a + b, ok False on overflow past 128 bits."""
    lo = al + bl
    carry = U1 if lo < al else U0
    hi = ah + bh
    ok = hi >= ah
    hi2 = hi + carry
    ok = ok and hi2 >= hi
    return hi2, lo, ok


@njit(cache=True, inline="always")
def sub(ah, al, bh, bl):
    """a - b for a >= b."""
    lo = al - bl
    borrow = U1 if al < bl else U0
    return ah - bh - borrow, lo


@njit(cache=True, inline="always")
def less(ah, al, bh, bl):
    return ah < bh or (ah == bh and al < bl)


@njit(cache=True)
def mul(ah, al, bh, bl):
    """(hi, lo, ok): a * b, ok False on overflow past 128 bits."""
    if ah != U0 and bh != U0:
        return U0, U0, False
    hi, lo = mul64(al, bl)
    if ah != U0:
        xh, xl = mul64(ah, bl)
        if xh != U0:
            return U0, U0, False
        s = hi + xl
        if s < hi:
            return U0, U0, False
        hi = s
    if bh != U0:
        xh, xl = mul64(bh, al)
        if xh != U0:
            return U0, U0, False
        s = hi + xl
        if s < hi:
            return U0, U0, False
        hi = s
    return hi, lo, True


@njit(cache=True)
def divmod128(ah, al, bh, bl):
    """(qh, ql, rh, rl): a // b and a % b (b > 0), by shift and subtract (native when both fit in
    64 bits)."""
    if ah == U0 and bh == U0:
        return U0, al // bl, U0, al % bl
    if less(ah, al, bh, bl):
        return U0, U0, ah, al
    if bh == U0 and bl <= _M32:  # a small divisor: four 32-bit digits, native divisions
        qh = ah // bl
        r = ah % bl
        x = (r << _S32) | (al >> _S32)
        q1 = x // bl
        r = x % bl
        x = (r << _S32) | (al & _M32)
        q0 = x // bl
        r = x % bl
        return qh, (q1 << _S32) | q0, U0, r
    # the number of bits of a and b
    na = 64 + _bits(ah) if ah != U0 else _bits(al)
    nb = 64 + _bits(bh) if bh != U0 else _bits(bl)
    shift = na - nb
    # d = b << shift
    dh, dl = _shl(bh, bl, shift)
    qh = U0
    ql = U0
    rh = ah
    rl = al
    for _ in range(shift + 1):
        qh = (qh << U1) | (ql >> _S63)
        ql = ql << U1
        if not less(rh, rl, dh, dl):
            rh, rl = sub(rh, rl, dh, dl)
            ql = ql | U1
        dl = (dl >> U1) | (dh << _S63)
        dh = dh >> U1
    return qh, ql, rh, rl


@njit(cache=True, inline="always")
def _bits(x):
    return 0 if x == U0 else 64 - leading_zeros(x)


@njit(cache=True, inline="always")
def _shl(h, l, s):
    if s == 0:
        return h, l
    if s >= 64:
        return l << np.uint64(s - 64), U0
    us = np.uint64(s)
    return (h << us) | (l >> np.uint64(64 - s)), l << us


@njit(cache=True)
def gcd64(a, b):
    """Binary gcd (Stein's), about twice as fast here as Euclid's divisions."""
    if a == U0:
        return b
    if b == U0:
        return a
    shift = trailing_zeros(a | b)
    a = a >> trailing_zeros(a)
    while True:
        b = b >> trailing_zeros(b)
        if a > b:
            a, b = b, a
        b = b - a
        if b == U0:
            return a << shift


@njit(cache=True)
def gcd(ah, al, bh, bl):
    """gcd(a, b) as (hi, lo)."""
    if ah == U0 and bh == U0:
        return U0, gcd64(al, bl)
    while bh != U0 or bl != U0:
        if ah == U0 and bh == U0:
            return U0, gcd64(al, bl)
        qh, ql, rh, rl = divmod128(ah, al, bh, bl)
        ah, al, bh, bl = bh, bl, rh, rl
    return ah, al


@njit(cache=True)
def mul_cmp(ah, al, bh, bl, ch, cl, dh, dl):
    """The sign of a*b - c*d (-1, 0 or 1), exactly (256-bit products)."""
    x3, x2, x1, x0 = _mul256(ah, al, bh, bl)
    y3, y2, y1, y0 = _mul256(ch, cl, dh, dl)
    if x3 != y3:
        return 1 if x3 > y3 else -1
    if x2 != y2:
        return 1 if x2 > y2 else -1
    if x1 != y1:
        return 1 if x1 > y1 else -1
    if x0 != y0:
        return 1 if x0 > y0 else -1
    return 0


@njit(cache=True, inline="always")
def _add3(a, b, c):
    """a + b + c for uint64 (c a carry of 0 or 1... or a small word): (sum, carry out)."""
    s = a + b
    c1 = U1 if s < a else U0
    s2 = s + c
    c2 = U1 if s2 < s else U0
    return s2, c1 + c2


@njit(cache=True, inline="always")
def _mul256(ah, al, bh, bl):
    """a * b as four uint64 words, highest first (no array: the words are the result)."""
    h00, l00 = mul64(al, bl)
    h01, l01 = mul64(al, bh)
    h10, l10 = mul64(ah, bl)
    h11, l11 = mul64(ah, bh)
    w0 = l00
    w1, c = _add3(h00, l01, U0)
    w1, c2 = _add3(w1, l10, U0)
    carry = c + c2
    w2, c = _add3(h01, h10, carry)
    w2, c2 = _add3(w2, l11, U0)
    carry = c + c2
    w3 = h11 + carry
    return w3, w2, w1, w0


@njit(cache=True)
def check_ops(a, b, c, d):
    """(for the tests) a few operations on 128-bit numbers given as (hi, lo) pairs in arrays."""
    out = np.zeros(16, dtype=np.uint64)
    h, l, ok = add(a[0], a[1], b[0], b[1])
    out[0], out[1], out[2] = h, l, np.uint64(ok)
    h, l, ok = mul(a[0], a[1], b[0], b[1])
    out[3], out[4], out[5] = h, l, np.uint64(ok)
    if b[0] != U0 or b[1] != U0:
        qh, ql, rh, rl = divmod128(a[0], a[1], b[0], b[1])
        out[6], out[7], out[8], out[9] = qh, ql, rh, rl
    h, l = gcd(a[0], a[1], b[0], b[1])
    out[10], out[11] = h, l
    out[12] = np.uint64(mul_cmp(a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1]) + 1)
    return out
