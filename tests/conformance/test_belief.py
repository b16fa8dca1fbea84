"""The viewer's belief play-out (`solver.policies.belief`) on both paths: from the same state, belief
and seed, the reference and the compiled kernels play the same round, draw for draw, and leave the
same belief, float for float (the same updates in the same order), in every configuration."""

from __future__ import annotations

import pytest

from solver import apply, deal_round, get_edition, legal_actions
from solver.compiled import path_in_use, forced
from solver.compiled.rollout import belief_playout
from solver.policies.belief import Belief
from solver.policies.models import MODELS
from solver.rules.rng import SplitMix64
from solver.rules.state import OVER

from .common import CONFIGS, FULL

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled path is not in use")

TYPES = {"random": ((MODELS["random"], 1),), "card-counter": ((MODELS["card-counter"], 1),),
         "mixture": ((MODELS["card-counter"], 0.4), (MODELS["random"], 0.6))}


def starting_belief(r, viewer: int, typed, tail: int = 0) -> Belief:
    """A belief from the unseen cards (the plain count: what the posterior is before any play), with the
    last `tail` cards of the deck as a tail the viewer knows (the first of two unknown when there are two:
    both kinds of tail entry)."""
    from solver.policies.belief import pool_of

    pool = pool_of(r, viewer)
    total = sum(pool)
    bottom = [int(c) for c in r.deck[len(r.deck) - tail:]] if 0 < tail <= len(r.deck) else []
    if len(bottom) == 2:
        bottom[0] = -1
    return Belief.start(viewer, len(r.hands), typed,
                        lambda seat, t: {c: pool[c] / total for c in range(10) if pool[c]}, bottom)


def rounds(key: str, n: int, options: dict, count: int):
    """Rounds dealt from seeds and played at random for a few turns: (round, viewer)."""
    e = get_edition(key, **options)
    for seed in range(count):
        rng = SplitMix64(seed + 1)
        r, _ = deal_round(e, n, seed % n, seed)
        for _ in range(rng.below(2 * n)):
            if r.phase == OVER:
                break
            acts = legal_actions(r)
            r, _ = apply(r, acts[rng.below(len(acts))])
        if r.phase != OVER:
            yield r, r.current


@pytest.mark.parametrize("key, n, options", CONFIGS)
def test_the_belief_playout_is_the_same_on_both_paths(key, n, options):
    count = 60 if FULL else 12
    for i, (r, viewer) in enumerate(rounds(key, n, options, count)):
        kind = ("random", "card-counter", "mixture")[i % 3]
        model = MODELS["card-counter"] if i % 2 else MODELS["random"]
        results = []
        beliefs = []
        for path in ("reference", "compiled"):
            b = starting_belief(r, viewer, TYPES[kind], tail=i % 3)
            rng = SplitMix64(1000 + i)
            with forced(path):
                results.append((belief_playout(r, viewer, model, rng, b, finish=bool(i % 2)), rng.state))
            beliefs.append((b.weights, b.cards, b.tail, b.src, b.chsrc))
        assert results[0] == results[1], (key, n, options, i)
        assert beliefs[0] == beliefs[1], (key, n, options, i)
