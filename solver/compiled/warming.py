"""Every kernel the solver uses, compiled (or loaded from numba's disk cache) once, before a server or
the test workers start (`python -m solver.compiled`, `solver.compiled.warm`)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from solver.compiled.arrays import edition_array, model_code, to_array
from solver.compiled.choice import compiled_kernels
from solver.compiled.rollout import belief_playout, bootstrap_counts, fast_playout, play_on, random_rounds
from solver.compiled.layout import L_PLAYERS, L_SIZE
from solver.policies.models import MODELS
from solver.rules.editions import get_edition
from solver.rules.game import apply, deal_round, legal_actions
from solver.rules.rng import SplitMix64
from solver.rules.state import OVER, PLAY


def warm_all() -> None:
    counter = MODELS["card-counter"]
    e = get_edition("2019")
    random_rounds(e, 2, 1, 0)
    r, _ = deal_round(e, 2, 0, 0)
    fast_playout(r, 0, counter, SplitMix64(0))
    belief_playout(r, 0, counter, SplitMix64(0), _plain_belief(r, 0))
    play_on(r, SplitMix64(0), 0, counter)
    k = compiled_kernels()
    k.card_counter_rounds(edition_array(e), 2, 1, np.uint64(0))
    bootstrap_counts(1, 2, 3)
    _warm_playouts(r, counter)
    _warm_sampler()
    _warm_exact()


def _plain_belief(r, viewer: int):
    """A belief from the plain count of the unseen cards, two types (`solver.policies.belief`)."""
    from solver.policies.belief import Belief, pool_of

    pool = pool_of(r, viewer)
    total = sum(pool)
    return Belief.start(viewer, len(r.hands), ((MODELS["card-counter"], 0.5), (MODELS["random"], 0.5)),
                        lambda seat, t: {c: k / total for c, k in enumerate(pool) if k})


def _warm_playouts(r, counter) -> None:
    """The estimate's compiled play-outs, on one deal."""
    from solver.compiled.playouts.runner import CompiledPlayouts

    deals = SimpleNamespace(states=to_array(r)[None, :].copy(), codes=np.array([model_code(counter)], dtype=np.int64),
                            seed_array=np.array([1], dtype=np.uint64), edition=r.edition, types=[counter], seeds=[1])
    runner = CompiledPlayouts(0, list(legal_actions(r)), True, None, None, _plain_belief(r, 0))
    runner.run_many([(0, 0)], deals)
    from solver.compiled import playouts as sk

    sk.put_leaf(runner.leaf_index, np.int64(0), np.int64(-1))  # a leaf's entry (3 or more players)


def _warm_sampler() -> None:
    """The compiled sampler's layout kernel (on an empty layout)."""
    from solver.compiled import playouts as sk

    k = compiled_kernels()
    ints = np.zeros(L_SIZE, dtype=np.int64)
    ints[L_PLAYERS] = 2
    sk.assemble_deals(np.zeros(k.SIZE, dtype=np.int8), ints, np.zeros((1, 1), dtype=np.int64),
                      np.zeros((1, 10), dtype=np.int64), np.zeros(1, dtype=np.uint64),
                      np.zeros((1, k.SIZE), dtype=np.int8))


def _warm_exact() -> None:
    """One small exact search on the compiled path."""
    from solver.compiled.exact import CompiledSolver

    e = get_edition("classic")
    for seed in range(50):
        r, _ = deal_round(e, 2, 0, seed)
        while r.phase != OVER and (len(r.deck) > 2 or r.phase != PLAY):
            r, _ = apply(r, legal_actions(r)[-1])
        if r.phase == PLAY and len(legal_actions(r)) > 1:
            break
    else:
        return
    solver = CompiledSolver(r.current, 10_000, None, MODELS["mixture"], False, e, 2)
    pairs, _ = solver.to_int([((r, 0, 0), 1)])
    action = legal_actions(r)[0]
    solver.masses(pairs, action)
    solver.outcomes_many([(pairs[0][0], action)])
    solver.opponent_many([pairs[0][0]])
    solver.flags_many([pairs[0][0]])
    solver.value([((r, 0, 0), 1)])
