"""The compiled play-outs' keys: an information state's key is a 64-bit hash of what the viewer has
observed since the deal: the play, then after every action the public part of the action (the whole
action for the viewer's own: `action_hash`) and the viewer's view of the state it leads to (`view_hash`:
who is to move and the phase, the deck's size, whether the set-aside card is still there, who is out or
protected, every discard pile in order, the viewer's own cards, what the viewer remembers). That view
changes exactly where the events the viewer sees say something (`solver.rules.events.observation`), so
the keys split the play-outs as the reference path's keys do."""

from __future__ import annotations

import numpy as np
from numba import njit

from solver.rules.rng import GAMMA, MIX1, MIX2
from solver.compiled.kernels import (CH, CUR, DECKN, DISC, DLEN, DRAWN, HAND, KNOWN, MAXD, MAXP, N_, NCH, OUT, PHASE,
                                     PROT, SETASIDE, SPYB, WIN)

_M1 = np.uint64(MIX1)
_M2 = np.uint64(MIX2)
_G = np.uint64(GAMMA)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)


@njit(cache=True, inline="always")
def hash_in(h, x):
    z = h ^ (np.uint64(x + 17) * _G)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True)
def view_hash(h, st, viewer):
    """The key `h` extended by the viewer's view of the state `st` (the module's docstring)."""
    n = st[N_]
    h = hash_in(h, st[CUR] * 4 + st[PHASE])
    h = hash_in(h, st[DECKN] * 2 + (1 if st[SETASIDE] >= 0 else 0))
    for i in range(n):
        h = hash_in(h, 100 + st[OUT + i] * 2 + st[PROT + i])
        d = st[DLEN + i]
        h = hash_in(h, 200 + d)
        for j in range(d):
            h = hash_in(h, st[DISC + i * MAXD + j])
    h = hash_in(h, 300 + st[HAND + viewer])
    if st[CUR] == viewer:
        if st[PHASE] == 0:
            h = hash_in(h, 400 + st[DRAWN])
        elif st[PHASE] == 1:
            for j in range(st[NCH]):
                h = hash_in(h, 500 + st[CH + j])
    for j in range(n):
        h = hash_in(h, 600 + st[KNOWN + viewer * MAXP + j])
    if st[PHASE] == 2:
        h = hash_in(h, 700 + st[WIN])
        h = hash_in(h, 800 + st[SPYB])
    return h


@njit(cache=True)
def action_hash(h, st, acts, i, viewer):
    """The key extended by the public part of action row i of the player to move (all of it for
    the viewer; only the fact of an opponent's Chancellor choice)."""
    if st[PHASE] == 1:
        if st[CUR] == viewer:
            h = hash_in(h, 900 + acts[i, 0])
            h = hash_in(h, 910 + acts[i, 1])
            h = hash_in(h, 920 + acts[i, 2])
            return h
        return hash_in(h, 930)
    h = hash_in(h, 1000 + acts[i, 0])
    h = hash_in(h, 1100 + acts[i, 1])
    return hash_in(h, 1200 + acts[i, 2])
