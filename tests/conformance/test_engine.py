"""The compiled round (`solver.compiled`, numba) against the public engine, its reference (through the
conformance suite's configurations, encoding and loops, `tests/conformance/common.py`): the same
generator words, the same legal plays in the same order, the same counting choices, and the same
rounds played from the same seeds, every final state equal field for field (memory included).

By default a subset of the random rounds (about 20,000); `LOVELETTER_FULL=1` plays all of them
(over 100,000). Skipped when the compiled path is not in use (`LOVELETTER_CORE=reference`): then the
reference engine is what `solver.compiled` runs. The seam's functions on the reference path
(`solver.policies.rollout`) are checked here too, against the same loops written out."""

from __future__ import annotations


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import apply, deal_from_order, deal_round, get_edition, legal_actions
from solver.compiled.raw import kernels
from solver.compiled import path_in_use, edition_array, fast_playout, forced, play_on, random_rounds, \
    to_array, to_round
from solver.policies.heuristics import card_counter_choices, card_counter_policy, random_policy
from solver.policies.models import MODELS, CardCounterModel
from solver.rules.rng import SplitMix64
from solver.rules.state import OVER, PLAY

from .common import CONFIGS, FULL, ROUNDS, advisor_playout, as_row, public_playout

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled path is not in use")

def rows(state, edition, counting=False) -> list:
    found = kernels().actions_of(state, edition_array(edition), counting)
    out = []
    for r in found:
        if state[kernels().PHASE] == 1:
            out.append(tuple(int(x) for x in r))
        else:
            out.append(tuple(int(x) for x in r[:3]))
    return out


def test_both_paths_draw_the_same_words_from_the_same_seed():
    k = kernels()
    # splitmix64's published first words from seed 0
    assert [hex(int(x)) for x in k.words(np.uint64(0), 3)] == ["0xe220a8397b1dcdaf", "0x6e789e6aa1b965f4", "0x6c45d188009454f"]
    for seed in (0, 1, 2**63 + 12345, 2**64 - 1):
        py = SplitMix64(seed)
        assert [py.next64() for _ in range(10_000)] == [int(x) for x in k.words(np.uint64(seed), 10_000)]
    ns = np.array([1 + (i * 7919) % 97 for i in range(10_000)] + [2**40 + 3, 10, 3], dtype=np.int64)
    py = SplitMix64(99)
    assert [py.below(int(n)) for n in ns] == [int(x) for x in k.belows(np.uint64(99), ns)]


def test_random_rounds_end_exactly_as_in_the_public_engine():
    """Every final state equal field for field: hands, discards in order, who is out, the deck, the
    set-aside card, winners, Spy bonus, how it ended, the turn and the memory."""
    total = 0
    step = 1 if FULL else 5
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        ed = edition_array(edition)
        for k in range(0, ROUNDS[n], step):
            start, _ = deal_round(edition, n, k % n, k)
            want = public_playout(start, SplitMix64(k))
            st_ = to_array(start)
            kernels().play_states(st_.reshape(1, -1), ed, np.array([k], dtype=np.uint64), -1, 0, -1)
            assert to_round(st_, edition) == want, (key, n, options, k)
            total += 1
    assert total >= (100_000 if FULL else 20_000)


def test_every_state_converts_both_ways_and_has_the_engines_legal_plays_and_counting_choices():
    decisions = tied = chancellor = 0
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        for k in range(200 if FULL else 70):
            r, _ = deal_round(edition, n, k % n, k)
            rng = SplitMix64(k)
            while r.phase != OVER:
                st_ = to_array(r)
                assert to_round(st_, edition) == r
                assert rows(st_, edition) == [as_row(a) for a in legal_actions(r)], r
                want = card_counter_choices(r)
                assert rows(st_, edition, counting=True) == [as_row(a) for a in want], r
                decisions += 1
                tied += len(want) > 1
                chancellor += r.phase != PLAY
                # one step through the kernels equals one `apply`
                a = card_counter_policy(r, rng) if rng.below(2) else rng.choice(legal_actions(r))
                r, _ = apply(r, a)
                row = np.array(as_row(a) + (0,) * (4 - len(as_row(a))), dtype=np.int64)
                kernels().step(st_, edition_array(edition), row)
                assert to_round(st_, edition) == r
    assert decisions >= 10_000 and tied > 1_000 and chancellor > 200


def test_the_advisors_playout_gives_the_public_engines_outcome_and_the_same_generator_state():
    played = outs = 0
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        for k in range(60):
            r, _ = deal_round(edition, n, k % n, k)
            walk = SplitMix64(-k)
            for _ in range(k % 5):
                if r.phase != OVER:
                    r, _ = apply(r, walk.choice(legal_actions(r)))
            viewer = (3 * k) % n
            if r.phase == OVER or r.out[viewer]:
                continue
            for model in ("random", "card-counter"):
                ref = SplitMix64(k)
                want = advisor_playout(r, viewer, model, ref)
                for path in ("compiled", "reference"):
                    mine = SplitMix64(k)
                    with forced(path):
                        assert fast_playout(r, viewer, MODELS[model], mine) == want, (r, viewer, model, path)
                    assert mine.state == ref.state
                played += 1
                outs += want[2]
    assert played > 1500 and outs > 50


def test_the_compiled_and_the_reference_path_play_the_same_random_rounds():
    for key, n, options in CONFIGS[:12]:
        edition = get_edition(key, **options)
        rng = SplitMix64(5)
        wins = [0] * n
        deck = list(edition.full_deck())
        for k in range(100):  # the loop written out: a shuffled deck dealt, uniformly random plays
            order = list(deck)
            rng.shuffle(order)
            r, _ = deal_from_order(edition, n, k % n, order)
            for w in public_playout(r, rng).winners:
                wins[w] += 1
        with forced("reference"):
            assert random_rounds(edition, n, 100, 5) == (wins, rng.state)
        assert random_rounds(edition, n, 100, 5) == (wins, rng.state)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 10**9), st.integers(0, 2**64 - 1), st.integers(-1, 5),
       st.sampled_from(["random", "card-counter"]))
def test_played_on_from_any_state_the_paths_agree(config, deal_seed, seed, viewer, model):
    key, n, options = config
    edition = get_edition(key, **options)
    r, _ = deal_round(edition, n, deal_seed % n, deal_seed)
    walk = SplitMix64(deal_seed)
    for _ in range(deal_seed % 7):
        if r.phase != OVER:
            r, _ = apply(r, walk.choice(legal_actions(r)))
    viewer = viewer % n if viewer >= 0 else -1
    a, b, c = SplitMix64(seed), SplitMix64(seed), SplitMix64(seed)
    compiled = play_on(r, a, viewer, MODELS[model])
    with forced("reference"):
        reference = play_on(r, b, viewer, MODELS[model])
    while r.phase != OVER:  # the loop written out
        if r.current == viewer or (model == "card-counter" and not CardCounterModel.explores(c)):
            r, _ = apply(r, card_counter_policy(r, c))
        else:
            r, _ = apply(r, random_policy(r, c))
    assert compiled == reference == r and a.state == b.state == c.state
