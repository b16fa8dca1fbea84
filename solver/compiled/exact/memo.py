"""The compiled exact search's memo of information states of several worlds: each kept by its items
(state, normalised weight) sorted by state, under a hash of them, in chains over an open-addressing
table (`memo_find`, `memo_store`; a single world's value is kept on its state, `PSTATE`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.u128 import U1
from solver.compiled.exact.packing import ARENA, CTR, MENT, MKEYS, M_SLOTS, NONE, N_MENT, N_MHASH, N_MKEYS
from solver.compiled.exact.tables import room


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
def memo_find(ctx, ioff, nitems, hkey, sidx):
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
def memo_store(ctx, ioff, nitems, hkey, sidx, vid):
    ctr = ctx[CTR]
    e = ctr[N_MENT]
    ment = ctx[MENT]
    ko = ctr[N_MKEYS]
    keys = ctx[MKEYS]
    if not room(ctr, ment, e + 1) or not room(ctr, keys, ko + 3 * nitems):
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
