"""The compiled deals' assembly (`assemble_deals`): state rows laid out as
`solver.advice.deals.DealLayout` says (`solver.compiled.layout`), the untouched cards shuffled from each
row's generator as `SplitMix64.shuffle` does."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.layout import (HAND_NONE, HAND_STRIDE, HAND_TRACKED, HAND_UNTOUCHED, L_EXCHANGED, L_HANDS, L_KNOWN,
                                    L_KNOWN_PAIRS, L_MISSING_UP, L_PHASE, L_PLAYERS, L_SET_ASIDE, L_SET_ASIDE_VAR,
                                    L_TAIL, L_TAIL_VARS, L_UP)
from solver.compiled.kernels import CH, DECK, DECKN, DRAWN, HAND, KNOWN, MAXP, NCH, NUP, SETASIDE, UP, below


@njit(cache=True)
def assemble_deals(base, ints, values, pools, states_rng, out):
    """Deals laid out as `solver.advice.deals.DealLayout` says (`ints`, around the fixed part `base`): for
    each row, the untouched cards (`pools`: copies of each card) shuffled from the row's generator
    (`states_rng`, advanced in place) as `SplitMix64.shuffle` does, then dealt in slot order, the tracked
    cards (`values`) where the layout names them. Writes the states to `out`."""
    n = ints[L_PLAYERS]
    phase = ints[L_PHASE]
    n_up = ints[L_UP]
    missing_up = ints[L_MISSING_UP]
    exch = ints[L_EXCHANGED]
    n_tail = ints[L_TAIL]
    sa_kind = ints[L_SET_ASIDE]
    sa_var = ints[L_SET_ASIDE_VAR]
    n_known = ints[L_KNOWN]
    rs = np.empty(1, dtype=np.uint64)
    pool = np.empty(32, dtype=np.int64)
    for r in range(values.shape[0]):
        st = out[r]
        st[:] = base
        m = 0
        for c in range(10):
            for _ in range(pools[r, c]):
                pool[m] = c
                m += 1
        rs[0] = states_rng[r]
        for i in range(m - 1, 0, -1):
            j = below(rs, i + 1)
            t = pool[i]
            pool[i] = pool[j]
            pool[j] = t
        states_rng[r] = rs[0]
        pos = 0
        for i in range(n):
            b = L_HANDS + HAND_STRIDE * i
            kind = ints[b]
            if kind == HAND_NONE:
                st[HAND + i] = -1
            elif kind == HAND_TRACKED:
                st[HAND + i] = values[r, ints[b + 1]]
            elif kind == HAND_UNTOUCHED:
                st[HAND + i] = pool[pos]
                pos += 1
            else:
                st[HAND + i] = values[r, ints[b + 1]]
                if phase == 0:
                    st[DRAWN] = values[r, ints[b + 2]]
                else:
                    k = 0
                    for j in range(2):
                        if ints[b + 2 + j] >= 0:
                            st[CH + j] = values[r, ints[b + 2 + j]]
                            k += 1
                    st[NCH] = k
        if sa_kind == 0:
            st[SETASIDE] = -1
        elif sa_kind == 1:
            st[SETASIDE] = pool[pos]
            pos += 1
        else:
            st[SETASIDE] = values[r, sa_var]
        d = exch + n_tail
        st[DECKN] = d
        for k in range(exch):
            st[DECK + d - 1 - k] = pool[pos]
            pos += 1
        for k in range(n_tail):
            st[DECK + d - 1 - exch - k] = values[r, ints[L_TAIL_VARS + k]]
        for k in range(missing_up):
            st[UP + n_up + k] = pool[pos]
            pos += 1
        st[NUP] = n_up + missing_up
        for k in range(MAXP * MAXP):
            st[KNOWN + k] = -1
        for k in range(n_known):
            o = ints[L_KNOWN_PAIRS + 2 * k]
            h = ints[L_KNOWN_PAIRS + 2 * k + 1]
            st[KNOWN + o * MAXP + h] = st[HAND + h]
