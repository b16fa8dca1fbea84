"""The compiled exact search's opponents: each type's distribution over the legal plays of the
opponent to move (`opponent_acts`: the action codes and integer weights, the card counter's as
`CardCounterModel.integer_weights`), an opponent's two orders of one returned pair
merged into one choice."""

from __future__ import annotations

from numba import njit
from solver.compiled.kernels import PHASE, EXPLORE_P, EXPLORE_Q, card_counter_choices, legal_actions
from solver.compiled.exact.packing import CONF, C_TYPES, ED, acode, W64, W64_OPP, WACTS, WACTS_OPP, WACTS_TIES


@njit(cache=True)
def row_code(phase, acts, j):
    if phase == 1:
        return acode(1, acts[j, 0], acts[j, 1], acts[j, 2], acts[j, 3])
    return acode(0, acts[j, 0], acts[j, 1], acts[j, 2], 0)


@njit(cache=True)
def opponent_acts(ctx, st, opponent_type, codes, weights):
    """The model's distribution at the state (the player to move an opponent): its actions' codes
    and integer weights (in the engine's order; after a Chancellor, an opponent's two equally likely
    orders of one returned pair as one pair of twice the weight) and their denominator."""
    conf = ctx[CONF]
    ed = ctx[ED]
    acts = ctx[WACTS][WACTS_OPP]
    m = legal_actions(st, ed, acts)
    phase = st[PHASE]
    if conf[C_TYPES + opponent_type] == 0 or m == 1:
        for j in range(m):
            codes[j] = row_code(phase, acts, j)
            weights[j] = 1
        den = m
    else:
        ties = ctx[WACTS][WACTS_TIES]
        t = card_counter_choices(st, ed, ties)
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
    w = ctx[W64]
    oc = w[W64_OPP]
    ow = w[W64_OPP + 1]
    taken = w[W64_OPP + 2]
    taken[:m] = 0
    out = 0
    for j in range(m):
        if taken[j]:
            continue
        merged = False
        if acts[j, 3] == 2 and acts[j, 1] != acts[j, 2]:
            for i in range(m):
                if i != j and acts[i, 3] == 2 and acts[i, 0] == acts[j, 0] and acts[i, 1] == acts[j, 2] \
                        and acts[i, 2] == acts[j, 1] and weights[i] == weights[j]:
                    taken[i] = 1
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
