"""The compiled play-outs: a round played on from a state by the random player or the card counter
(`play_on`, `fast_playout`), and whole rounds dealt and played (`random_rounds`, `card_counter_rounds`)."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.compiled.kernels.round_array import (CARD_COUNTER, CUR, EXPLORE_P, EXPLORE_Q, MAXACTS, MAXDECK, MAXP, OUT,
                                          PHASE, RANDOM, SIZE, SPYB, WIN, below, shuffle_deal)
from solver.compiled.kernels.round_rules import apply_row, chancellor_choices, legal_actions, legal_plays
from solver.compiled.kernels.card_counter import card_counter_choices


# --- play-outs ----------------------------------------------------------------------------------
@njit(cache=True)
def play_on(st, ed, rs, viewer, model, watch, acts):
    """Play the round on from `st` (changed in place) to its end: the viewer (a seat, or -1 for
    nobody) with the card counter's heuristic, the others by `model` (RANDOM, or CARD_COUNTER: the
    heuristic but with probability EPSILON a random play, decided per decision by one draw).
    With `watch` (a seat, or -1), stop as soon as that seat is out before its next turn has
    started and return True (`solver.policies.rollout`'s `watch`)."""
    seen_turn = False
    while st[PHASE] != 2:
        p = st[CUR]
        phase = st[PHASE]
        if watch >= 0:
            if p == watch and phase == 0:
                seen_turn = True
            if st[OUT + watch] and not seen_turn:
                return True
        by_card_counter = p == viewer
        if not by_card_counter and model == CARD_COUNTER:
            by_card_counter = below(rs, EXPLORE_Q) >= EXPLORE_P
        if by_card_counter:
            m = card_counter_choices(st, ed, acts)
        elif phase == 1:
            m = chancellor_choices(st, acts)
        else:
            m = legal_plays(st, ed, acts)
        i = below(rs, m)
        apply_row(st, ed, acts, i)
    return watch >= 0 and st[OUT + watch] == 1 and not seen_turn


@njit(cache=True)
def fast_playout(st, ed, rs, viewer, model, finish):
    """`solver.policies.rollout.playout` on the array (changed in place): returns (winners
    bits, Spy-bonus seat, viewer out before their next turn); stopped there unless `finish`
    (then winners 0 and no bonus when the round is not over)."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    stopped = play_on(st, ed, rs, viewer, model, viewer, acts)
    if stopped and st[PHASE] != 2:
        if not finish:
            return 0, -1, True
        play_on(st, ed, rs, viewer, model, -1, acts)
    return np.int64(st[WIN]), np.int64(st[SPYB]), stopped


@njit(cache=True)
def random_rounds(ed, n, count, seed):
    """`count` random rounds of n players (deal, then uniformly random legal play), the first
    player rotating: (rounds won by each seat, the generator's state after)."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    st = np.empty(SIZE, dtype=np.int8)
    order = np.empty(MAXDECK, dtype=np.int64)
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    wins = np.zeros(MAXP, dtype=np.int64)
    for r in range(count):
        shuffle_deal(st, ed, n, r % n, rs, order)
        play_on(st, ed, rs, -1, RANDOM, -1, acts)
        w = st[WIN]
        for i in range(n):
            if w & (1 << i):
                wins[i] += 1
    return wins, rs[0]


@njit(cache=True)
def card_counter_rounds(ed, n, count, seed):
    """`count` rounds from a random deal: seat 0 by the card counter's heuristic, the others card counters (90%)."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    st = np.empty(SIZE, dtype=np.int8)
    order = np.empty(MAXDECK, dtype=np.int64)
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    wins = np.zeros(MAXP, dtype=np.int64)
    for r in range(count):
        shuffle_deal(st, ed, n, r % n, rs, order)
        play_on(st, ed, rs, 0, CARD_COUNTER, -1, acts)
        w = st[WIN]
        for i in range(n):
            if w & (1 << i):
                wins[i] += 1
    return wins, rs[0]


@njit(cache=True)
def play_states(states, ed, seeds, viewer, model, watch):
    """Each row of `states` played on (in place) from its seed, as `play_on`: the stop flags."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    rs = np.empty(1, dtype=np.uint64)
    out = np.zeros(states.shape[0], dtype=np.bool_)
    for i in range(states.shape[0]):
        rs[0] = seeds[i]
        out[i] = play_on(states[i], ed, rs, viewer, model, watch, acts)
    return out


@njit(cache=True)
def deal_states(ed, n, firsts, seeds):
    """Rows of states dealt from each seed (`shuffle_deal`)."""
    m = len(seeds)
    states = np.empty((m, SIZE), dtype=np.int8)
    order = np.empty(MAXDECK, dtype=np.int64)
    rs = np.empty(1, dtype=np.uint64)
    for i in range(m):
        rs[0] = seeds[i]
        shuffle_deal(states[i], ed, n, firsts[i], rs, order)
    return states


@njit(cache=True)
def actions_of(st, ed, by_card_counter):
    """The legal actions (or the card counter's heuristic's best ones) of a state, as rows."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    m = card_counter_choices(st, ed, acts) if by_card_counter else legal_actions(st, ed, acts)
    return acts[:m].copy()


@njit(cache=True)
def step(st, ed, row):
    """Apply one action row (its phase's kind) to the state, in place."""
    acts = np.empty((1, 4), dtype=np.int64)
    for j in range(4):
        acts[0, j] = row[j]
    apply_row(st, ed, acts, 0)


@njit(cache=True)
def bootstrap_counts(seed, replicates, n):
    """How often each of n items is drawn in each of `replicates` resamples with replacement (n
    draws each, `below(n)` from one generator in order): an array [replicates, n]."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    out = np.zeros((replicates, n), dtype=np.int64)
    for b in range(replicates):
        for _ in range(n):
            out[b, below(rs, n)] += 1
    return out
