"""The compiled exact search's observation: the exact number of what the viewer observes of one
action (`obs_id`; what the code holds: the package's docstring)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels import (BARON, CH, CUR, DECKN, DISC, DLEN, DRAWN, HAND, KNOWN, MAXD, MAXP, NCH, OUT, PHASE,
                                     PROT, SETASIDE, SPYB, WIN)
from solver.compiled.exact.packing import CONF, CTR, C_N, C_VIEWER, N_OBS, OBS, OW, O_SLOTS, WU8, WU8_OBS, nib, nib_set
from solver.compiled.exact.tables import intern


@njit(cache=True)
def obs_id(ctx, pre, kind, a0, a1, a2, a3, post):
    """The number of what the viewer observes of one action (the package's docstring), exactly."""
    conf = ctx[CONF]
    n = conf[C_N]
    viewer = conf[C_VIEWER]
    b = ctx[WU8][WU8_OBS]
    b[:] = 0
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
            nib_set(disc, k, nib(disc, k) + 1)
    oid, added = intern(ctx[CTR], ctx[O_SLOTS], ctx[OBS], np.int64(N_OBS), b.view(np.int64), np.int64(OW))
    return oid
