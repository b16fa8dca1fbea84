"""The belief's steps that its updates share (`solver.policies.belief.weights`, on arrays)."""

from __future__ import annotations

from numba import njit
from solver.compiled.kernels.round_array import (CH, CUR, DISC, DLEN, DRAWN, E_COMP, HAND, MAXD, NCH, NUP, N_, OUT, PHASE, UP)
from solver.compiled.kernels.belief.offsets import NC, F_MASS


@njit(cache=True)
def unknown_pool(pool, bi, out):
    """`solver.policies.belief.weights.unknown_pool`: the pool without the tail's known cards."""
    for c in range(NC):
        out[c] = pool[c]
    for i in range(bi[0]):
        c = bi[1 + i]
        if c >= 0:
            out[c] -= 1


@njit(cache=True)
def draw_source(bi, deck):
    """`solver.policies.belief.weights.draw_source`."""
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
def normalise_row(bc, seat, t):
    total = 0.0
    for c in range(NC):
        total += bc[seat, t, c]
    if total <= 0.0:
        return
    for c in range(NC):
        bc[seat, t, c] = bc[seat, t, c] / total


@njit(cache=True)
def reweigh(bw, bc, nt, seat, factors, fw):
    """`solver.policies.belief.weights.reweigh`: factors[t, c]."""
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
def point(bw, bc, nt, seat, k, factors, fw):
    """What the viewer sees: `seat` holds `k` (its probability weighs the types), then the point itself."""
    for t in range(nt):
        for c in range(NC):
            factors[t, c] = 1.0 if c == k else 0.0
    reweigh(bw, bc, nt, seat, factors, fw)
    for t in range(nt):
        for c in range(NC):
            bc[seat, t, c] = 1.0 if c == k else 0.0


@njit(cache=True)
def fresh(bc, nt, seat, pool):
    """A card drawn fresh from the unseen cards (`fresh`), under every type."""
    total = 0.0
    for c in range(NC):
        total += float(pool[c])
    for t in range(nt):
        for c in range(NC):
            bc[seat, t, c] = float(pool[c]) / total if total > 0.0 else float(pool[c])


@njit(cache=True)
def drawn_by_viewer(st, bw, bc, nt, viewer, unknown, x, factors, fw):
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
        reweigh(bw, bc, nt, s, factors, fw)
