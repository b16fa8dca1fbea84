"""The compiled next-decision statistics (`solver.advice.playouts.NextDecision`): a node's visit
recorded as each action's paired difference to the heuristic's (`record`), every action played out on
one deal (`played`), and the deferred visits of a node played out once it has `MIN` (`catch_up`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.playouts.finishing import finish_from

#: `NextDecision.MIN`, `FULL`: the visits before another action than the heuristic's can be taken, and
#: after which only the taken action is played.
MIN = 8
FULL = 60


class NextDecisionState:
    """(Documentation only.) The compiled next-decision statistics live in typed lists passed to
    `run_items`: per node its heuristic action, visits, actions, deferred visits; per action of a
    node its paired sums; per deferred visit its state, taken action, seed, opponent_type and result."""


@njit(cache=True)
def record(node, nd_n, nd_h, nd_m, nd_off, s1, s2, kk, wins):
    nd_n[node] += 1
    off = nd_off[node]
    hh = nd_h[node]
    base = wins[hh]
    for j in range(nd_m[node]):
        if j == hh:
            continue
        d = wins[j] - base
        s1[off + j] += d
        s2[off + j] += d * d
        kk[off + j] += 1


@njit(cache=True)
def played(st, ed, node, taken, seed, opponent_type, mine, viewer, nd_m, nd_off, rows, work, bw, bc, bi, nt, tcodes,
            use_belief):
    m = nd_m[node]
    off = nd_off[node]
    wins = np.empty(m, dtype=np.float64)
    row = np.empty(4, dtype=np.int64)
    for j in range(m):
        if j == taken:
            wins[j] = mine
        else:
            for c in range(4):
                row[c] = rows[4 * (off + j) + c]
            wins[j] = finish_from(st, ed, row, seed, viewer, opponent_type, work, bw, bc, bi, nt, tcodes, use_belief)[0]
    return wins


@njit(cache=True)
def catch_up(node, ed, viewer, nd_n, nd_h, nd_m, nd_off, nd_lcount, nd_lhead, rows, s1, s2, kk,
              def_state, def_taken, def_seed, def_type, def_mine, def_next, work, nd_bw, nd_bc, nd_bi, nt, tcodes,
              use_belief):
    j = nd_lhead[node]
    while j >= 0:
        wins = played(def_state[j], ed, node, def_taken[j], def_seed[j], def_type[j], def_mine[j], viewer,
                       nd_m, nd_off, rows, work, nd_bw[node], nd_bc[node], nd_bi[node], nt, tcodes, use_belief)
        record(node, nd_n, nd_h, nd_m, nd_off, s1, s2, kk, wins)
        j = def_next[j]
    nd_lhead[node] = -1
    nd_lcount[node] = 0
