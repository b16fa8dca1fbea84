"""The compiled exact search's loop: an explicit stack of information-state frames run until the bottom
frame is done (`run`; numba cannot load a recursive function from its disk cache), each frame's steps
(`frames`, `bounds`) chosen by its program counter, a child's mass delivered to its parent."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.u128 import U0
from solver.compiled.exact.packing import (ARENA, CTR, DEPTH, ERR, FRAMES, FRAMEU, F_ATOP, F_G, F_NG, F_NTOP, F_PC,
                                           P_BNEXT, P_BPART, P_CHILD, P_ENTER, P_FINISH, P_NEXT, U_MW, ZERO)
from solver.compiled.exact.tables import combine_into, mul2
from solver.compiled.exact.frames import done_iteration, enter_frame, finish_frame, next_iteration, push_frame
from solver.compiled.exact.bounds import bound_next, bound_part


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
            if enter_frame(ctx, d):
                fr = ctx[FRAMES]
                fr[d, F_PC] = P_FINISH + 1  # done: deliver
        elif pc == P_NEXT:
            if not next_iteration(ctx, d):
                finish_frame(ctx, d)
                ctx[FRAMES][d, F_PC] = P_FINISH + 1
        elif pc == P_CHILD:
            g = fr[d, F_G]
            if g == fr[d, F_NG]:
                done_iteration(ctx, d)
                ctx[FRAMES][d, F_PC] = P_NEXT
            else:
                arena = ctx[ARENA]
                top = fr[d, F_ATOP]
                cs = arena[top + 1 + 4 * g]
                cl = arena[top + 2 + 4 * g]
                push_frame(ctx, ZERO, ZERO, cs, cl, fr[d, F_NTOP])
        elif pc == P_BNEXT:
            bound_next(ctx, d)
        elif pc == P_BPART:
            bound_part(ctx, d)
        if ctr[ERR]:
            return
        d = ctr[DEPTH] - 1
        if ctx[FRAMES][d, F_PC] == P_FINISH + 1:
            if d == 0:
                return
            # deliver the child's mass to its parent and pop it
            fu = ctx[FRAMEU]
            r0, r1, r2, r3, r4, r5 = fu[d, U_MW], fu[d, U_MW + 1], fu[d, U_MW + 2], fu[d, U_MW + 3], \
                fu[d, U_MW + 4], fu[d, U_MW + 5]
            ctr[DEPTH] = d
            p = d - 1
            # over the parent's group's scale (`_combine`'s `den *= scale`, group by group)
            pf = ctx[FRAMES]
            at = pf[p, F_ATOP] + 1 + 4 * pf[p, F_G]
            arena = ctx[ARENA]
            dh, dl = mul2(ctr, r4, r5, np.uint64(arena[at + 2]), np.uint64(arena[at + 3]))
            if pf[p, F_PC] == P_BPART:  # a part of a bound: its win mass (the bound's part advances itself)
                combine_into(ctr, ctx[FRAMEU][p, U_MW:U_MW + 6], r0, r1, U0, U0, dh, dl)
            else:
                combine_into(ctr, ctx[FRAMEU][p, U_MW:U_MW + 6], r0, r1, r2, r3, dh, dl)
                pf[p, F_G] += 1
